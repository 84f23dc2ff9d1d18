import type { Loaders } from '../registration.js';

export const jsLoaders = {
  lexer: () => import('./lexer.js').then((m) => m.jsLexer()),
  load: () => import('./adapter.js').then((m) => m.jsAdapter),
} satisfies Loaders;
