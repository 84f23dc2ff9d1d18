import type { TreeSpec } from './adapter.js';

/** powershell's tree-sitter grammar and lowering. */
export const powershellTree: TreeSpec = {
  name: 'powershell',
  grammar: 'powershell',
  lower: () => import('./powershell.js').then((m) => m.lowerPowerShell),
};
