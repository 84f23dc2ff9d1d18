import type { TreeSpec } from './adapter.js';

/** shell's tree-sitter grammar and lowering. */
export const shellTree: TreeSpec = {
  name: 'shell',
  grammar: 'bash',
  lower: () => import('./bash.js').then((m) => m.lowerBash),
};
