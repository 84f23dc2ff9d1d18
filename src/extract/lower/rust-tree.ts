import type { TreeSpec } from './adapter.js';

/** rust's tree-sitter grammar and lowering. */
export const rustTree: TreeSpec = {
  name: 'rust',
  grammar: 'rust',
  lower: () => import('./rust.js').then((m) => m.lowerRust),
};
