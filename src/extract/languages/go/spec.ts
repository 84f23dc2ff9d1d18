import type { LanguageSpec } from '../../langs/spec.js';
import { CHAR_LITERAL, C_COMMENTS, DOUBLE_QUOTED, WORD } from '../../langs/syntax.js';

/** Go's lexical shape (strings, comments, operators) for the fix lexer; extraction runs on the tree-sitter lowering (languages/go/lowering.ts). */
export const goSpec: LanguageSpec = {
  name: 'go',
  ...C_COMMENTS,
  strings: [DOUBLE_QUOTED, { open: /(?<q>`)/y, escape: 'none', multiline: true }],
  opaque: [CHAR_LITERAL],
  ident: WORD,
};
