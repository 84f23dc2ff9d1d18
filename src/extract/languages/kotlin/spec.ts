import type { LanguageSpec } from '../../langs/spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from '../../langs/syntax.js';

/**
 * Kotlin's lexical view for the fix step (registry.ts `lexer`): strings, their splices, comments.
 * Extraction goes through the tree-sitter lowering (languages/kotlin/lowering.ts).
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
};
