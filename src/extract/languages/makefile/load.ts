import type { Loaders } from '../registration.js';

export const makefileLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.shellLexer('makefile', '\\')),
  load: () => import('./adapter.js').then((m) => m.loadMakefileAdapter()),
} satisfies Loaders;
