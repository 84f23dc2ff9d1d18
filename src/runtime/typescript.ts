import { createRequire } from 'node:module';
import type { ts } from 'ts-morph';
import { requireWithCodeCache, type CacheState, type CodeCacheOptions } from './compile-cache.js';

/**
 * The TypeScript compiler that ts-morph bundles (@ts-morph/common/dist/typescript.js),
 * loaded alone and through the V8 code cache. hublint parses syntax only, so it needs
 * `ts.createSourceFile` and the node guards, not ts-morph's wrapper (ts-morph.js,
 * ts-morph-common.js, code-block-writer, minimatch, tinyglobby): importing `{ ts }` from
 * 'ts-morph' loads and compiles all of those, and Node's ESM loader runs cjs-module-lexer
 * over ts-morph.js to find its named exports.
 */
export type TypeScript = typeof ts;

let cached: { ts: TypeScript; state: CacheState; loadMs: number } | undefined;

/** Path of the compiler file ts-morph itself uses (resolved from ts-morph, so it is the same copy). */
export function bundledTypeScriptPath(): string {
  const fromHere = createRequire(import.meta.url);
  const tsMorph = fromHere.resolve('ts-morph');
  return createRequire(tsMorph).resolve('@ts-morph/common/dist/typescript.js');
}

export function loadTypeScript(options: CodeCacheOptions = {}): { ts: TypeScript; state: CacheState; loadMs: number } {
  if (!cached) {
    const m = requireWithCodeCache<TypeScript>(bundledTypeScriptPath(), options);
    cached = { ts: m.exports, state: m.state, loadMs: m.loadMs };
  }
  return cached;
}
