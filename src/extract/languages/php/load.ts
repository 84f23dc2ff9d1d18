import { phpTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const phpLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.phpSpec), '.')),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(phpTree)),
} satisfies Loaders;
