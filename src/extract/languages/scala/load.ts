import { scalaTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const scalaLoaders = {
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(scalaTree)),
} satisfies Loaders;
