import { powershellTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const powershellLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.shellLexer('powershell', '`')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(powershellTree, () => import('./adapter.js').then((a) => a.powershellAdapter))),
} satisfies Loaders;
