import { langAdapter } from './extract.js';
import { firstOf, fixed, fromArg, methodArgCall, verbCall } from './method-evidence.js';
import type { LanguageSpec } from './spec.js';
import { CHAR_LITERAL, C_COMMENTS, DOUBLE_QUOTED, WORD } from './syntax.js';

/** HttpClient, HttpRequestMessage, RestSharp, WebClient; `$"..."`, `@"..."`, `string.Format`. */
export const csharpSpec: LanguageSpec = {
  name: 'csharp',
  ...C_COMMENTS,
  strings: [
    { open: /(?:\$@|@\$)(?<q>")/y, escape: 'doubled', interp: 'brace', multiline: true },
    { open: /\$+(?<q>"{3,})/y, escape: 'none', interp: 'brace', multiline: true },
    { open: /(?<q>"{3,})/y, escape: 'none', multiline: true },
    { open: /\$(?<q>")/y, escape: 'backslash', interp: 'brace' },
    { open: /@(?<q>")/y, escape: 'doubled', multiline: true },
    DOUBLE_QUOTED,
  ],
  opaque: [CHAR_LITERAL],
  ident: WORD,
  memberOps: ['.', '?.'],
  concatOps: ['+'],
  assignOps: ['='],
  builders: [
    { callee: /^[Ss]tring\.Format$/, kind: 'brace' },
    { callee: /^[Ss]tring\.Concat$/, kind: 'concat' },
    { callee: /^Environment\.GetEnvironmentVariable$/, kind: 'env' },
    { callee: /^new Uri$/, kind: 'urljoin', minArgs: 2 },
  ],
  stringMethods: [{ name: /^(?:Trim|TrimEnd|ToString|ToLowerInvariant)$/, kind: 'identity' }],
  wrappers: /^(?:new Uri|new System\.Uri)$/,
  calls: [
    methodArgCall(/^new HttpRequestMessage$/),
    { callee: /^new RestRequest$/, method: firstOf(fromArg(1), fixed('GET', 'default')) },
    verbCall('(?:String|Stream|ByteArray|FromJson|AsJson)?Async'),
    { callee: /(?:^|\.)(?:DownloadString|DownloadData|OpenRead)(?:TaskAsync|Async)?$/, method: fixed('GET', 'default') },
  ],
};

export const csharpAdapter = langAdapter(csharpSpec);
