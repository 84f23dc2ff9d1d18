import type { Loaders } from '../registration.js';

export const perlLoaders = {
  load: () => import('./adapter.js').then((m) => m.perlAdapter),
} satisfies Loaders;
