import type { TreeSpec } from './adapter.js';

/** kotlin's tree-sitter grammar and lowering. */
export const kotlinTree: TreeSpec = {
  name: 'kotlin',
  grammar: 'kotlin',
  lower: () => import('./kotlin.js').then((m) => m.lowerKotlin),
};
