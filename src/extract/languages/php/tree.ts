import type { TreeSpec } from '../../lower/adapter.js';

const PHP_TAG = /<\?(?:php|=)/i;
const NO_PHP_TAG = { test: (text: string) => !PHP_TAG.test(text) };

/** php's tree-sitter grammar and lowering. */
export const phpTree: TreeSpec = {
  name: 'php',
  grammar: 'php',
  lower: () => import('./lowering.js').then((m) => m.lowerPhp),
  // PHP without `<?php` parses as page text: always wrapped.
  wraps: [{ when: NO_PHP_TAG, before: '<?php\n', after: '', always: true }],
};
