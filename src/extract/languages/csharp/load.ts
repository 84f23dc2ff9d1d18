import { csharpTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const csharpLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.csharpSpec), '+')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(csharpTree)),
} satisfies Loaders;
