import { goTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const goLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.goSpec), '+')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(goTree)),
} satisfies Loaders;
