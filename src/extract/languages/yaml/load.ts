import type { Loaders } from '../registration.js';

export const yamlLoaders = {
  load: () => import('./adapter.js').then((m) => m.yamlAdapter),
} satisfies Loaders;
