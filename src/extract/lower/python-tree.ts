import type { TreeSpec } from './adapter.js';

/** python's tree-sitter grammar and lowering. */
export const pythonTree: TreeSpec = {
  name: 'python',
  grammar: 'python',
  lower: () => import('./python.js').then((m) => m.lowerPython),
};
