import type { LanguageSpec } from '../../langs/spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from '../../langs/syntax.js';

/**
 * Rust's lexical forms, for the fix step's lexer (extract/lexers.ts): comments, raw and byte
 * strings, char literals. Extraction parses Rust with tree-sitter (extract/languages/rust/lowering.ts).
 */
export const rustSpec: LanguageSpec = {
  name: 'rust',
  ...C_COMMENTS,
  strings: [
    { open: /b?r(?<h>#*)"/y, close: (m) => `"${m.groups?.h ?? ''}`, escape: 'none', multiline: true },
    { open: /b?(?<q>")/y, escape: 'backslash', multiline: true },
  ],
  opaque: [CHAR_LITERAL],
  ident: WORD,
};
