import type { LanguageSpec } from '../../langs/spec.js';
import { WORD } from '../../langs/syntax.js';

/**
 * Ruby's lexical forms, for the fix step's lexer (extract/lexers.ts): comments, quotes and
 * `#{}` splices. Extraction parses Ruby with tree-sitter (extract/languages/ruby/lowering.ts).
 */
export const rubySpec: LanguageSpec = {
  name: 'ruby',
  lineComments: ['#'],
  blockComments: [['=begin', '=end']],
  strings: [
    { open: /(?<q>")/y, escape: 'backslash', interp: 'hash', multiline: true },
    { open: /(?<q>')/y, escape: 'backslash', multiline: true },
  ],
  ident: new RegExp(`(?:@@?|\\$)?${WORD.source}`, 'y'),
};
