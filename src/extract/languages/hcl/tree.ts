import type { TreeSpec } from '../../lower/adapter.js';

/** hcl's tree-sitter grammar and lowering. */
export const hclTree: TreeSpec = {
  name: 'hcl',
  grammar: 'hcl',
  lower: () => import('./lowering.js').then((m) => m.lowerHcl),
};
