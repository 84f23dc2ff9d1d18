import type { Loaders } from '../registration.js';

export const dockerfileLoaders = {
  lexer: () => import('../../lexers.js').then((m) => m.shellLexer('dockerfile', '\\')),
  load: () => import('./adapter.js').then((m) => m.loadDockerfileAdapter()),
} satisfies Loaders;
