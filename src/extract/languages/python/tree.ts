import type { TreeSpec } from '../../lower/adapter.js';

/** python's tree-sitter grammar and lowering. */
export const pythonTree: TreeSpec = {
  name: 'python',
  grammar: 'python',
  lower: () => import('./lowering.js').then((m) => m.lowerPython),
};
