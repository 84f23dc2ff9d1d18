import type { Loaders } from '../registration.js';

export const groovyLoaders = {
  load: () => import('./adapter.js').then((m) => m.loadGroovyAdapter()),
} satisfies Loaders;
