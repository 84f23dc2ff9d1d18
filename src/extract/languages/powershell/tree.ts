import type { TreeSpec } from '../../lower/adapter.js';

/** powershell's tree-sitter grammar and lowering. */
export const powershellTree: TreeSpec = {
  name: 'powershell',
  grammar: 'powershell',
  lower: () => import('./lowering.js').then((m) => m.lowerPowerShell),
};
