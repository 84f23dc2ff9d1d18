import type { Loaders } from '../registration.js';

export const swiftLoaders = {
  load: () => import('./adapter.js').then((m) => m.genericAdapter('swift')),
} satisfies Loaders;

export const dartLoaders = {
  load: () => import('./adapter.js').then((m) => m.genericAdapter('dart')),
} satisfies Loaders;

export const elixirLoaders = {
  load: () => import('./adapter.js').then((m) => m.genericAdapter('elixir')),
} satisfies Loaders;

export const luaLoaders = {
  load: () => import('./adapter.js').then((m) => m.genericAdapter('lua')),
} satisfies Loaders;

export const rLoaders = {
  load: () => import('./adapter.js').then((m) => m.genericAdapter('r')),
} satisfies Loaders;

export const cLoaders = {
  load: () => import('./adapter.js').then((m) => m.genericAdapter('c')),
} satisfies Loaders;
