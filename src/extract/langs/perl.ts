import { langAdapter } from './extract.js';
import { fixed, methodArgCall, verbCall } from './method-evidence.js';
import type { LanguageSpec } from './spec.js';
import { mirrored } from './syntax.js';

/** LWP (UserAgent, Simple), HTTP::Request, HTTP::Tiny; `"$base/..."`, `.`, `sprintf`. */
export const perlSpec: LanguageSpec = {
  name: 'perl',
  lineComments: ['#'],
  blockComments: [['=pod', '=cut'], ['=head', '=cut']],
  strings: [
    { open: /(?<q>')/y, escape: 'backslash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'perl', multiline: true },
    { open: /qq(?<q>[{([<|!/])/y, close: mirrored, escape: 'backslash', interp: 'perl', multiline: true },
    { open: /q(?<q>[{([<|!/])/y, close: mirrored, escape: 'backslash', multiline: true },
  ],
  ident: /[$@]?[A-Za-z_]\w*/y,
  memberOps: ['->', '::'],
  concatOps: ['.'],
  assignOps: ['='],
  argSeparators: [',', '=>'],
  parenlessCalls: true,
  builders: [{ callee: /^sprintf$/, kind: 'printf' }],
  envIndex: /^\$ENV$/,
  wrappers: /^(?:URI\.new|URI)$/,
  calls: [
    methodArgCall(/^HTTP\.Request\.new$/),
    methodArgCall(/(?:^|\.)request$/),
    verbCall(),
    { callee: /^(?:getstore|getprint|mirror)$/, method: fixed('GET', 'default') },
  ],
};

export const perlAdapter = langAdapter(perlSpec);
