import { JVM_CALLS, JVM_WRAPPERS } from './jvm-calls.js';
import type { LanguageSpec } from './spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from './syntax.js';

/**
 * Kotlin's lexical view for the fix step (registry.ts `lexer`): strings, their splices, comments.
 * Extraction goes through the tree-sitter lowering (lower/kotlin.ts).
 */
export const kotlinSpec: LanguageSpec = {
  name: 'kotlin',
  ...C_COMMENTS,
  strings: [
    { open: /(?<q>""")/y, escape: 'none', interp: 'dollar', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'dollar' },
  ],
  opaque: [CHAR_LITERAL],
  ident: WORD,
  memberOps: ['.', '?.', '::'],
  concatOps: ['+'],
  assignOps: ['='],
  builders: [
    { callee: /^(?:java\.lang\.)?String\.format$/, kind: 'printf' },
    { callee: /^System\.getenv$/, kind: 'env' },
  ],
  stringMethods: [
    { name: /^format$/, kind: 'printf' },
    { name: /^(?:trim|trimEnd|removeSuffix|toString|lowercase|toHttpUrl|toUri)$/, kind: 'identity' },
  ],
  wrappers: JVM_WRAPPERS,
  calls: JVM_CALLS,
};
