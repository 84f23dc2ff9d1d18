#!/usr/bin/env -S node --
// First of all: a SIGUSR1 listener, so that the signal never opens Node's inspector
// (signals.ts; `engine run` forwards it to its container).
import './signals-first.js';
import { fileURLToPath } from 'node:url';
import { codeCacheReady, requireWithCodeCache } from '../runtime/compile-cache.js';

/**
 * The `bin` of the package (bundled to dist/bin/cli/main.js by scripts/bundle.mjs): loads
 * the CLI bundle (dist/bin/hublint.js, one CommonJS file) through the V8 code cache, as the
 * TypeScript compiler is loaded. A pre-commit run is mostly start-up; without the cache V8
 * parses and compiles the CLI's code on every run (~20 ms here, a third of `node -e 0`).
 * The first run that scans writes the cache when it exits (a run that only printed its
 * version or help would leave out the code of a scan); HUBLINT_NO_CODE_CACHE=1 turns it off.
 */
// What the CLI imports only dynamically is a second file (scripts/bundle.mjs), loaded the same
// way on the first such import.
(globalThis as Record<symbol, unknown>)[Symbol.for('hublint.load-lazy')] = () =>
  requireWithCodeCache(fileURLToPath(new URL('../lazy.js', import.meta.url)), { flushWhen: codeCacheReady });
requireWithCodeCache(fileURLToPath(new URL('../hublint.js', import.meta.url)), { flushWhen: codeCacheReady });
