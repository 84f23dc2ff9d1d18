import { pythonTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const pythonLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.pythonLexer()),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(pythonTree)),
} satisfies Loaders;
