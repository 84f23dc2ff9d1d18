import { langAdapter } from './extract.js';
import { JVM_CALLS, JVM_WRAPPERS } from './jvm-calls.js';
import type { LanguageSpec } from './spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from './syntax.js';

export const javaSpec: LanguageSpec = {
  name: 'java',
  ...C_COMMENTS,
  strings: [
    { open: /(?<q>""")/y, escape: 'backslash', interp: 'dollar', multiline: true },
    { open: /(?<q>''')/y, escape: 'backslash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'dollar' },
    { open: /(?<q>')/y, escape: 'backslash' },
  ],
  opaque: [CHAR_LITERAL],
  ident: WORD,
  memberOps: ['.', '::'],
  concatOps: ['+'],
  assignOps: ['='],
  builders: [
    { callee: /^String\.format$/, kind: 'printf' },
    { callee: /^MessageFormat\.format$/, kind: 'brace' },
    { callee: /^System\.getenv$/, kind: 'env' },
    { callee: /^String\.valueOf$/, kind: 'identity' },
  ],
  stringMethods: [
    { name: /^formatted$/, kind: 'printf' },
    { name: /^(?:trim|strip|toString|toLowerCase)$/, kind: 'identity' },
  ],
  wrappers: JVM_WRAPPERS,
  calls: JVM_CALLS,
};

export const javaAdapter = langAdapter(javaSpec);
