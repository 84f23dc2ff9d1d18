import { javaTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const javaLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.javaSpec), '+')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(javaTree)),
} satisfies Loaders;
