import type { LanguageSpec } from './spec.js';
import { WORD } from './syntax.js';

/**
 * Ruby's lexical forms, for the fix step's lexer (extract/lexers.ts): comments, quotes and
 * `#{}` splices. Extraction parses Ruby with tree-sitter (extract/lower/ruby.ts).
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
