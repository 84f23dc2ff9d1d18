import type { TreeSpec } from '../../lower/adapter.js';

/** shell's tree-sitter grammar and lowering. */
export const shellTree: TreeSpec = {
  name: 'shell',
  grammar: 'bash',
  lower: () => import('./lowering.js').then((m) => m.lowerBash),
};
