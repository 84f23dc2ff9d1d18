import { shellTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const shellLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.shellLexer('shell', '\\')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(shellTree, () => import('../../shell/adapter.js').then((a) => a.shellAdapter))),
} satisfies Loaders;
