import type { TreeSpec } from '../../lower/adapter.js';

/** kotlin's tree-sitter grammar and lowering. */
export const kotlinTree: TreeSpec = {
  name: 'kotlin',
  grammar: 'kotlin',
  lower: () => import('./lowering.js').then((m) => m.lowerKotlin),
};
