import type { LanguageSpec } from '../../langs/spec.js';
import type { Loaders } from '../registration.js';

/**
 * The fix step's lexer of a token-lowered language (issue 31): the same tokenizer the lowering
 * reads, so its string literals (with their splices) are the spans a fix may edit, and `join`
 * is the language's concatenation operator (none where the language has no operator for it).
 */
function tokenLexer(spec: () => Promise<LanguageSpec>, join?: string): Loaders['lexer'] {
  return () => import('../../lexers.js').then((m) => m.specLexer(spec(), join));
}

const specs = () => import('./specs.js');

export const swiftLoaders = {
  lexer: tokenLexer(() => specs().then((s) => s.swiftSpec), '+'),
  load: () => import('./adapter.js').then((m) => m.genericAdapter('swift')),
} satisfies Loaders;

export const dartLoaders = {
  lexer: tokenLexer(() => specs().then((s) => s.dartSpec), '+'),
  load: () => import('./adapter.js').then((m) => m.genericAdapter('dart')),
} satisfies Loaders;

export const elixirLoaders = {
  lexer: tokenLexer(() => specs().then((s) => s.elixirSpec), '<>'),
  load: () => import('./adapter.js').then((m) => m.genericAdapter('elixir')),
} satisfies Loaders;

export const luaLoaders = {
  lexer: tokenLexer(() => specs().then((s) => s.luaSpec), '..'),
  load: () => import('./adapter.js').then((m) => m.genericAdapter('lua')),
} satisfies Loaders;

export const rLoaders = {
  lexer: tokenLexer(() => specs().then((s) => s.rSpec)),
  load: () => import('./adapter.js').then((m) => m.genericAdapter('r')),
} satisfies Loaders;

export const cLoaders = {
  lexer: tokenLexer(() => specs().then((s) => s.cSpec)),
  load: () => import('./adapter.js').then((m) => m.genericAdapter('c')),
} satisfies Loaders;
