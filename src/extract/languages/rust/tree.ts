import type { TreeSpec } from '../../lower/adapter.js';

/** rust's tree-sitter grammar and lowering. */
export const rustTree: TreeSpec = {
  name: 'rust',
  grammar: 'rust',
  lower: () => import('./lowering.js').then((m) => m.lowerRust),
};
