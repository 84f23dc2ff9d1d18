import type { TreeSpec } from '../../lower/adapter.js';

/** scala's tree-sitter grammar and lowering. */
export const scalaTree: TreeSpec = {
  name: 'scala',
  grammar: 'scala',
  lower: () => import('./lowering.js').then((m) => m.lowerScala),
};
