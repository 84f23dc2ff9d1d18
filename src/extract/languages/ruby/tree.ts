import type { TreeSpec } from '../../lower/adapter.js';

/** ruby's tree-sitter grammar and lowering. */
export const rubyTree: TreeSpec = {
  name: 'ruby',
  grammar: 'ruby',
  lower: () => import('./lowering.js').then((m) => m.lowerRuby),
};
