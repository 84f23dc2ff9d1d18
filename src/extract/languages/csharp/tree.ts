import type { TreeSpec } from '../../lower/adapter.js';

/** csharp's tree-sitter grammar and lowering. */
export const csharpTree: TreeSpec = {
  name: 'csharp',
  grammar: 'c-sharp',
  lower: () => import('./lowering.js').then((m) => m.lowerCsharp),
};
