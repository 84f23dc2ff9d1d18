import type { Loaders } from '../registration.js';

export const textLoaders = {
  load: () => import('./adapter.js').then((m) => m.textAdapter),
} satisfies Loaders;
