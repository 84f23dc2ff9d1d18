#!/usr/bin/env node
// Bundles the compiled CLI (dist/) into dist/bin/: one module graph instead of ~80 files, so
// a pre-commit run spends its time scanning rather than resolving and loading modules.
// ts-morph and yaml stay external: they load lazily, only for files that need them.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/cli/main.js', 'dist/perf/lint-worker.js'],
  outbase: 'dist',
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['ts-morph', 'yaml', 'typescript'],
  // Bundled CommonJS dependencies (commander, fast-glob) call require(): give ESM one.
  banner: { js: "import { createRequire as __hublintRequire } from 'node:module'; const require = __hublintRequire(import.meta.url);" },
  logLevel: 'warning',
});
