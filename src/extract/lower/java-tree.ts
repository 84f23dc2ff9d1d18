import type { TreeSpec } from './adapter.js';

/** java's tree-sitter grammar and lowering. */
export const javaTree: TreeSpec = {
  name: 'java',
  grammar: 'java',
  lower: () => import('./java.js').then((m) => m.lowerJava),
};
