import type { TreeSpec } from '../../lower/adapter.js';

/** java's tree-sitter grammar and lowering. */
export const javaTree: TreeSpec = {
  name: 'java',
  grammar: 'java',
  lower: () => import('./lowering.js').then((m) => m.lowerJava),
};
