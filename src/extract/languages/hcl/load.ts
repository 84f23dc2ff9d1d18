import { hclTree } from './tree.js';
import type { Loaders } from '../registration.js';

export const hclLoaders = {
  load: () => import('../../lower/adapter.js').then((m) => m.treeAdapter(hclTree)),
} satisfies Loaders;
