import { kotlinTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const kotlinLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.kotlinSpec), '+')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(kotlinTree)),
} satisfies Loaders;
