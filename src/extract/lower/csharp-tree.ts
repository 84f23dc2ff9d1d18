import type { TreeSpec } from './adapter.js';

/** csharp's tree-sitter grammar and lowering. */
export const csharpTree: TreeSpec = {
  name: 'csharp',
  grammar: 'c-sharp',
  lower: () => import('./csharp.js').then((m) => m.lowerCsharp),
};
