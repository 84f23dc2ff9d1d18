#!/usr/bin/env node
// Copies the grammars hublint loads from their own npm packages (src/runtime/parsers.ts,
// OWN_GRAMMARS) into dist/grammars/: the .wasm and the package's licence, nothing else. The
// packages themselves are devDependencies: they also hold C sources, native prebuilds and an
// install script that hublint never runs (issue 32 row 14: 46 MB of a 98 MB install).
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GRAMMAR_DIR, OWN_GRAMMARS } from '../dist/runtime/parsers.js';

const require = createRequire(import.meta.url);
const out = join('dist', GRAMMAR_DIR);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const { pkg, wasm } of Object.values(OWN_GRAMMARS)) {
  const root = dirname(require.resolve(`${pkg}/package.json`));
  copyFileSync(join(root, wasm), join(out, wasm));
  copyFileSync(join(root, 'LICENSE'), join(out, `${wasm.replace(/\.wasm$/, '')}.LICENSE`));
}
