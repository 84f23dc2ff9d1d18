import type { TreeSpec } from './adapter.js';

/** ruby's tree-sitter grammar and lowering. */
export const rubyTree: TreeSpec = {
  name: 'ruby',
  grammar: 'ruby',
  lower: () => import('./ruby.js').then((m) => m.lowerRuby),
};
