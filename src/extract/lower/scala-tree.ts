import type { TreeSpec } from './adapter.js';

/** scala's tree-sitter grammar and lowering. */
export const scalaTree: TreeSpec = {
  name: 'scala',
  grammar: 'scala',
  lower: () => import('./scala.js').then((m) => m.lowerScala),
};
