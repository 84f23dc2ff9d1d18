import type { Language } from '../registration.js';

// Swift, Dart, Elixir, Lua, R and C have no grammar as WebAssembly here: one token lowering
// (languages/tokens/adapter.ts) reads them all, each through its own small table.
export const swiftLanguage = {
  name: 'swift',
  extensions: ['.swift'],
  fences: ['swift'],
} as const satisfies Language;

export const dartLanguage = {
  name: 'dart',
  extensions: ['.dart'],
  fences: ['dart'],
} as const satisfies Language;

export const elixirLanguage = {
  name: 'elixir',
  extensions: ['.ex', '.exs'],
  fences: ['elixir', 'ex'],
} as const satisfies Language;

export const luaLanguage = {
  name: 'lua',
  extensions: ['.lua'],
  fences: ['lua'],
} as const satisfies Language;

export const rLanguage = {
  name: 'r',
  extensions: ['.r'],
  fences: ['r'],
} as const satisfies Language;

export const cLanguage = {
  // C builds URLs in buffers (`strcpy`, `strcat`, `snprintf`): the token lowering follows them.
  name: 'c',
  extensions: ['.c', '.h'],
  fences: ['c'],
} as const satisfies Language;
