import type { LanguageSpec } from '../../langs/spec.js';
import { CHAR_LITERAL, C_COMMENTS, DOUBLE_QUOTED, WORD } from '../../langs/syntax.js';

/**
 * C#'s lexical forms, for the fix step's lexer (extract/lexers.ts): comments, verbatim, raw and
 * interpolated strings. Extraction parses C# with tree-sitter (extract/languages/csharp/lowering.ts).
 */
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
};
