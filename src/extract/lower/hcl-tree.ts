import type { TreeSpec } from './adapter.js';

/** hcl's tree-sitter grammar and lowering. */
export const hclTree: TreeSpec = {
  name: 'hcl',
  grammar: 'hcl',
  lower: () => import('./hcl.js').then((m) => m.lowerHcl),
};
