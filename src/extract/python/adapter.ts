import { langAdapter } from '../langs/extract.js';
import { firstOf, fixed, fromArg, methodArgCall, postWhenArg, verbCall } from '../langs/method-evidence.js';
import type { LanguageSpec } from '../langs/spec.js';
import { WORD } from '../langs/syntax.js';
import { pythonImports } from './imports.js';

const PREFIX = '[rRbBuU]{0,2}';
const F_PREFIX = '[rRbBuU]?[fF][rRbB]?';

/** requests, httpx, aiohttp and urllib; f-strings, `%`, `.format`, `urljoin`, `os.path.join`. */
export const pythonSpec: LanguageSpec = {
  name: 'python',
  lineComments: ['#'],
  blockComments: [],
  strings: [
    { open: new RegExp(`${F_PREFIX}(?<q>"""|''')`, 'y'), escape: 'backslash', interp: 'brace', multiline: true },
    { open: new RegExp(`${F_PREFIX}(?<q>"|')`, 'y'), escape: 'backslash', interp: 'brace' },
    { open: new RegExp(`${PREFIX}(?<q>"""|''')`, 'y'), escape: 'backslash', multiline: true },
    { open: new RegExp(`${PREFIX}(?<q>"|')`, 'y'), escape: 'backslash' },
  ],
  ident: WORD,
  memberOps: ['.'],
  concatOps: ['+'],
  assignOps: ['=', ':='],
  adjacentConcat: true,
  percentFormat: true,
  builders: [
    { callee: /(?:^|\.)urljoin$/, kind: 'urljoin' },
    { callee: /^(?:os\.path|posixpath)\.join$/, kind: 'join' },
    { callee: /^os\.(?:getenv|environ\.get)$/, kind: 'env' },
    { callee: /^str$/, kind: 'identity' },
  ],
  stringMethods: [
    { name: /^format$/, kind: 'brace' },
    { name: /^(?:strip|rstrip|lstrip|lower|removesuffix)$/, kind: 'identity' },
  ],
  envIndex: /^os\.environ$/,
  wrappers: /(?:^|\.)(?:URL|urlparse|urlsplit)$/,
  calls: [
    methodArgCall(/(?:^|\.)request$/, 1, 'url'),
    // requests.Request("HEAD", url) takes the method first; urllib's Request(url, method=...) the URL.
    methodArgCall(/(?:^|\.)Request$/, 1),
    {
      callee: /(?:^|\.)Request$/,
      url: { at: 0, kw: 'url' },
      method: firstOf(fromArg(null, 'method'), postWhenArg(1, 'data'), fixed('GET', 'default')),
    },
    { callee: /(?:^|\.)urlopen$/, method: firstOf(postWhenArg(1, 'data'), fixed('GET', 'default')) },
    verbCall(),
  ],
  imports: pythonImports,
};

export const pythonAdapter = langAdapter(pythonSpec);
