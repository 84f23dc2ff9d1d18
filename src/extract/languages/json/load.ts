import type { Loaders } from '../registration.js';

export const jsonLoaders = {
  load: () => import('./adapter.js').then((m) => m.jsonAdapter),
} satisfies Loaders;
