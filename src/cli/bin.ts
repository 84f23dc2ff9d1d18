#!/usr/bin/env -S node --
// First of all: a SIGUSR1 listener, so that the signal never opens Node's inspector
// (signals.ts; `engine run` forwards it to its container).
import './signals-first.js';
import { createRequire } from 'node:module';
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
// --debug: stacks name the lines of src/*.ts, through the source maps the bundles ship. Node
// reads a file's map only when its own loader loads the file with source maps on (not code
// compiled through node:vm, as the code cache is), so a --debug run loads the bundles plainly.
const debug = process.argv.includes('--debug');
if (debug) process.setSourceMapsEnabled(true);
const load = (relativePath: string) => {
  const file = fileURLToPath(new URL(relativePath, import.meta.url));
  if (debug) createRequire(import.meta.url)(file);
  else requireWithCodeCache(file, { flushWhen: codeCacheReady });
};
// What the CLI imports only dynamically is a second file (scripts/bundle.mjs), loaded the same
// way on the first such import.
(globalThis as Record<symbol, unknown>)[Symbol.for('hublint.load-lazy')] = () => load('../lazy.js');
load('../hublint.js');
