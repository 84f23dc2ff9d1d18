#!/usr/bin/env node
// Bundles the compiled CLI (dist/) into dist/bin/, as CommonJS (dist/bin/package.json says
// so): one file, so a pre-commit run spends its time scanning rather than resolving and
// loading ~80 ES modules, and a file that the V8 code cache can hold (src/cli/bin.ts).
//
//   dist/bin/cli/main.js         the `bin`: loads hublint.js through the code cache
//   dist/bin/hublint.js          the CLI: dist/cli/main.js and what it imports statically
//   dist/bin/lazy.js             what the CLI imports only dynamically (the adapters, the
//                                report formats, the Engine commands, globs, diffs), loaded
//                                through the code cache on the first such import
//   dist/bin/workers/lint-worker.js the worker of the lint pool (scan/run.ts looks for ./workers/ next to itself)
//   dist/bin/workers/scan-worker.js the worker of a big scan's read pass
//   dist/bin/vendor/yaml.js      the yaml package as one file, loaded through the code cache
//
// ts-morph, typescript, yaml and the tree-sitter runtime stay external: they load lazily, only for
// files that need them (the grammars' .wasm files are found next to the installed package).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
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
  // statement per line, so that a --cpu-prof names real functions and lines (a --debug stack
  // trace does so through the source maps below).
  minifyWhitespace: process.env.HUBLINT_BUNDLE_READABLE !== '1',
  minifyIdentifiers: process.env.HUBLINT_BUNDLE_READABLE !== '1',
  minifySyntax: true,
  // Source maps back to src/*.ts (through tsc's maps of dist/, which esbuild follows), for
  // `--debug` stacks (src/cli/bin.ts turns them on then); the sources themselves are not
  // shipped in the maps: a stack needs files and lines.
  sourcemap: 'linked',
  sourcesContent: false,
};
// Where runtime/vendored.ts finds the one-file copies of dependencies, from each bundle's folder.
const vendorDir = (up) => ({ js: `${common.banner.js}\nconst __hublintVendorDir = require('node:path').join(__dirname, ${JSON.stringify(up)}, 'vendor');` });

/**
 * The CLI in two files. A clean pre-commit run needs only what dist/cli/main.js imports
 * statically (about a third): reading, checksumming and deserialising the rest on every
 * start cost it ~7 ms of ~30 (bench/README.md). esbuild's code splitting (ES modules only)
 * decides the parts; each part is then bundled to CommonJS, which the code cache can hold.
 * The lazy part reaches the modules of the first through the exports objects the first
 * publishes (one instance of every module), and the first reaches the lazy part through a
 * stub per chunk that loads dist/bin/lazy.js once.
 */
const EAGER_DYNAMIC = ['dist/report/text.js'];

async function buildCli() {
  const split = mkdtempSync(join(tmpdir(), 'hublint-split-'));
  try {
    const { metafile } = await build({
      ...common,
      minifyWhitespace: false,
      minifyIdentifiers: false,
      banner: undefined,
      format: 'esm',
      splitting: true,
      metafile: true,
      entryPoints: ['dist/cli/main.js'],
      outdir: split,
    });
    const chunk = (file) => `./${relative(split, resolve(file))}`;
    // The chunks (their .map files are outputs too, read by the second build through each chunk's comment).
    const outputs = Object.fromEntries(Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js')).map(([file, out]) => [chunk(file), out]));
    const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'dist/cli/main.js');
    // The text report is imported dynamically (one of eight formats) but printed by every run.
    const alwaysUsed = Object.keys(outputs).filter((file) => EAGER_DYNAMIC.includes(outputs[file].entryPoint));
    const eager = new Set();
    for (const todo = [entry, ...alwaysUsed]; todo.length > 0; ) {
      const file = todo.pop();
      if (eager.has(file)) continue;
      eager.add(file);
      for (const i of outputs[file].imports) if (!i.external && i.kind !== 'dynamic-import') todo.push(chunk(i.path));
    }
    const lazy = Object.keys(outputs).filter((file) => !eager.has(file));
    // Nothing reaches into the entry chunk (the registry below publishes the other chunks only).
    if (outputs[entry].exports.length > 0) throw new Error(`bundle: the entry chunk exports ${outputs[entry].exports.join(', ')}; publish it too`);
    const shared = [...eager].filter((file) => file !== entry);
    const EAGER = 'Symbol.for("hublint.eager-chunks")';
    const LAZY = 'Symbol.for("hublint.lazy-chunks")';
    // A chunk of the other part, as a CommonJS module whose exports are that chunk's.
    const across = (filter, contents) => ({
      name: 'across',
      setup(b) {
        b.onResolve({ filter: /^\.\.?\// }, (args) => {
          const file = chunk(resolve(args.resolveDir, args.path));
          return filter(file) ? { path: file, namespace: 'across' } : undefined;
        });
        b.onLoad({ filter: /.*/, namespace: 'across' }, (args) => ({ contents: contents(args.path), loader: 'js' }));
      },
    });
    const names = (files) => files.map((file, i) => [file, `c${i}`]);
    // The first part: its chunks publish their exports before the CLI starts.
    writeFileSync(
      join(split, 'publish-eager.js'),
      `${names(shared).map(([file, id]) => `import * as ${id} from ${JSON.stringify(file)};`).join('\n')}\nglobalThis[${EAGER}] = { ${names(shared).map(([file, id]) => `${JSON.stringify(file)}: ${id}`).join(', ')} };\n`,
    );
    writeFileSync(join(split, 'cli-entry.js'), `import './publish-eager.js';\nimport ${JSON.stringify(entry)};\n`);
    // The lazy part: a chunk runs when first asked for, as in one bundle (the JS/TS adapter's
    // loads TypeScript), so each is a require() that esbuild keeps lazy.
    writeFileSync(join(split, 'lazy-entry.js'), `globalThis[${LAZY}] = { ${lazy.map((file) => `${JSON.stringify(file)}: () => require(${JSON.stringify(file)})`).join(', ')} };\n`);
    // The bin (src/cli/bin.ts) puts a loader through the code cache on globalThis; without
    // it (hublint.js run by itself) a plain require.
    const loadLazy = `if (!globalThis[${LAZY}]) { const load = globalThis[Symbol.for("hublint.load-lazy")]; if (load) load(); else require(require("node:path").join(__dirname, "lazy.js")); }`;
    await Promise.all([
      build({
        ...common,
        plugins: [across((file) => lazy.includes(file), (file) => `${loadLazy}\nmodule.exports = globalThis[${LAZY}][${JSON.stringify(file)}]();`)],
        banner: vendorDir('.'),
        entryPoints: [join(split, 'cli-entry.js')],
        outfile: 'dist/bin/hublint.js',
      }),
      build({
        ...common,
        plugins: [across((file) => eager.has(file), (file) => `module.exports = globalThis[${EAGER}][${JSON.stringify(file)}];`)],
        banner: vendorDir('.'),
        entryPoints: [join(split, 'lazy-entry.js')],
        outfile: 'dist/bin/lazy.js',
      }),
    ]);
  } finally {
    rmSync(split, { recursive: true, force: true });
  }
}

await Promise.all([
  buildCli(),
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

// esbuild escapes non-ASCII text in strings but not in regular expression literals. One such
// character makes the whole bundle a two-byte string in V8 (decoded, hashed and held at twice
// the size on every start): 7 M instructions of a clean pre-commit run's ~90 M (callgrind).
for (const file of ['dist/bin/hublint.js', 'dist/bin/lazy.js', 'dist/bin/cli/main.js', 'dist/bin/workers/lint-worker.js', 'dist/bin/workers/scan-worker.js']) {
  const bytes = readFileSync(file);
  const at = bytes.findIndex((b) => b > 0x7f);
  if (at >= 0) throw new Error(`bundle: ${file} holds a non-ASCII character at byte ${at} (${JSON.stringify(bytes.toString('utf8', Math.max(0, at - 40), at + 8))}): write it as an escape in the source`);
}
