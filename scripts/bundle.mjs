#!/usr/bin/env node
// Bundles the compiled CLI (dist/) into dist/bin/, as CommonJS (dist/bin/package.json says
// so): one file, so a pre-commit run spends its time scanning rather than resolving and
// loading ~80 ES modules, and a file that the V8 code cache can hold (src/cli/bin.ts).
//
//   dist/bin/cli/main.js         the `bin`: loads hublint.js through the code cache
//   dist/bin/hublint.js          the CLI (dist/cli/main.js and everything it imports)
//   dist/bin/workers/lint-worker.js the worker of the lint pool (scan/run.ts looks for ./workers/ next to itself)
//   dist/bin/workers/scan-worker.js the worker of a big scan's read pass
//   dist/bin/vendor/yaml.js      the yaml package as one file, loaded through the code cache
//
// ts-morph, typescript, yaml and the tree-sitter runtime stay external: they load lazily, only for
// files that need them (the grammars' .wasm files are found next to the installed package).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

rmSync('dist/bin', { recursive: true, force: true });
mkdirSync('dist/bin', { recursive: true });
writeFileSync('dist/bin/package.json', '{ "type": "commonjs" }\n');

// commander requires node:child_process when it loads, for executable subcommands (hublint
// has none): ~6 ms of a pre-commit run. It gets a stand-in that loads the module on first use.
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get: (_, key) => require('node:${args.path}')[key] });`,
      loader: 'js',
    }));
  },
};

const common = {
  plugins: [lazyChildProcess],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['ts-morph', 'yaml', 'typescript', '@vscode/tree-sitter-wasm'],
  // CommonJS has no import.meta: give the sources the bundle's own file URL.
  // The version too (core/version.ts): one package.json read fewer on every start.
  define: { 'import.meta.url': '__hublintFileUrl', __hublintVersion: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  banner: { js: "const __hublintFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
  // Short local names: a quarter less for every start to read, decode and deserialise (the
  // pre-commit case, bench/README.md), and no keepNames (its thousands of name fix-ups cost
  // start-up ~1 ms); error classes name themselves. HUBLINT_BUNDLE_READABLE=1 keeps names and one
  // statement per line, so that a --cpu-prof or a --debug stack trace names real functions and lines.
  minifyWhitespace: process.env.HUBLINT_BUNDLE_READABLE !== '1',
  minifyIdentifiers: process.env.HUBLINT_BUNDLE_READABLE !== '1',
  minifySyntax: true,
};
// Where runtime/vendored.ts finds the one-file copies of dependencies, from each bundle's folder.
const vendorDir = (up) => ({ js: `${common.banner.js}\nconst __hublintVendorDir = require('node:path').join(__dirname, ${JSON.stringify(up)}, 'vendor');` });

await Promise.all([
  build({ ...common, banner: vendorDir('.'), entryPoints: ['dist/cli/main.js'], outfile: 'dist/bin/hublint.js' }),
  build({ ...common, banner: vendorDir('..'), entryPoints: ['dist/scan/workers/lint-worker.js'], outfile: 'dist/bin/workers/lint-worker.js' }),
  build({ ...common, banner: vendorDir('..'), entryPoints: ['dist/scan/workers/scan-worker.js'], outfile: 'dist/bin/workers/scan-worker.js' }),
  build({ ...common, entryPoints: ['dist/cli/bin.js'], outfile: 'dist/bin/cli/main.js' }),
  // yaml as one file (runtime/vendored.ts): its 90 CommonJS files cost a scan with YAML in it
  // ~60 ms to resolve, read and compile; one file goes through the V8 code cache (~13 ms).
  build({
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    minifyWhitespace: true,
    minifySyntax: true,
    entryPoints: [createRequire(import.meta.url).resolve('yaml')],
    outfile: 'dist/bin/vendor/yaml.js',
  }),
]);
