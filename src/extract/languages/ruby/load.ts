import { rubyTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const rubyLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.rubySpec), '+')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(rubyTree)),
} satisfies Loaders;
