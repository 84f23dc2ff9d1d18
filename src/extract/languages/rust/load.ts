import { rustTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const rustLoaders = {
  // `"a" + b` is no Rust expression (`&str + ...`): no joined literal there.
  lexer: () => import('../../lexers.js').then((m) => m.specLexer(import('./spec.js').then((l) => l.rustSpec))),
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(rustTree)),
} satisfies Loaders;
