import type { LanguageSpec } from '../../langs/spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from '../../langs/syntax.js';

/**
 * Java's lexical forms, for the fix step's lexer (extract/lexers.ts): comments, quotes, text
 * blocks, char literals. Extraction parses Java with tree-sitter (extract/languages/java/lowering.ts).
 */
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
};
