import type { LanguageSpec } from '../../langs/spec.js';
import { C_COMMENTS } from '../../langs/syntax.js';

/**
 * PHP's lexical forms, for the fix step's lexer (extract/lexers.ts): comments, quotes and
 * `"$x"`/`"{$x}"` splices. Extraction parses PHP with tree-sitter (extract/languages/php/lowering.ts).
 */
export const phpSpec: LanguageSpec = {
  name: 'php',
  lineComments: ['//', '#'],
  // Template text between `?>` and `<?php` is not code.
  blockComments: [...C_COMMENTS.blockComments, ['?>', '<?php']],
  strings: [
    { open: /(?<q>')/y, escape: 'backslash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'php', multiline: true },
  ],
  ident: /\$?[A-Za-z_]\w*/y,
};
