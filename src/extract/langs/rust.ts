import { langAdapter } from './extract.js';
import { methodArgCall, verbCall } from './method-evidence.js';
import type { LanguageSpec } from './spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from './syntax.js';

/** reqwest and ureq; `format!`, `concat!`, `String::from`, `.to_string()`. */
export const rustSpec: LanguageSpec = {
  name: 'rust',
  ...C_COMMENTS,
  strings: [
    { open: /b?r(?<h>#*)"/y, close: (m) => `"${m.groups?.h ?? ''}`, escape: 'none', multiline: true },
    { open: /b?(?<q>")/y, escape: 'backslash', multiline: true },
  ],
  opaque: [CHAR_LITERAL],
  ident: WORD,
  memberOps: ['.', '::'],
  concatOps: ['+'],
  assignOps: ['='],
  macroBang: true,
  builders: [
    { callee: /^format!$/, kind: 'brace' },
    { callee: /^concat!$/, kind: 'concat' },
    { callee: /^(?:std\.)?env\.var$|^(?:option_)?env!$/, kind: 'env' },
    { callee: /^String\.from$/, kind: 'identity' },
  ],
  stringMethods: [{ name: /^(?:to_string|to_owned|into|as_str|trim_end_matches)$/, kind: 'identity' }],
  wrappers: /(?:^|\.)Url\.parse$/,
  calls: [methodArgCall(/(?:^|\.)request$/), verbCall()],
};

export const rustAdapter = langAdapter(rustSpec);
