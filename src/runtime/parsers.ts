import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { resetFlagsBeforeCacheWrite } from './compile-cache.js';

/**
 * tree-sitter grammars, loaded on first use. `@vscode/tree-sitter-wasm` ships the runtime
 * (`wasm/tree-sitter.js` + `tree-sitter.wasm`) and prebuilt grammars built for that same
 * runtime, so their ABIs match and nothing is compiled at install or downloaded at run time.
 * The package stays outside the CLI bundle (scripts/bundle.mjs): its files are found next to
 * its own `main` through Node's resolution from wherever hublint is installed.
 */
export type Grammar = 'python' | 'go' | 'java' | 'c-sharp' | 'php' | 'ruby' | 'rust' | 'bash' | 'powershell' | 'kotlin';

/**
 * Grammars `@vscode/tree-sitter-wasm` does not ship, each from the grammar's own npm package
 * (exact version pinned in package.json), which ships the .wasm beside its sources.
 * Kotlin: `@tree-sitter-grammars/tree-sitter-kotlin` (ABI 14, which this runtime loads); its
 * `install` script only looks for a native prebuild we never load, nothing is compiled.
 */
const OWN_PACKAGE: Partial<Record<Grammar, string>> = {
  kotlin: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
};

export type SyntaxNode = TreeSitter.Node;
export type SyntaxTree = TreeSitter.Tree;

type Runtime = typeof TreeSitter;

let runtime: Promise<{ ts: Runtime; dir: string }> | undefined;
const languages = new Map<Grammar, Promise<TreeSitter.Language>>();

function loadRuntime(): Promise<{ ts: Runtime; dir: string }> {
  runtime ??= (async () => {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@vscode/tree-sitter-wasm');
    const ts = require(main) as Runtime;
    const dir = dirname(main);
    // The emscripten loader would look for tree-sitter.wasm next to the running script,
    // which inside the bundle is hublint's own file.
    await baselineOnly(() => ts.Parser.init({ locateFile: (name: string) => join(dir, name) }));
    return { ts, dir };
  })();
  return runtime;
}

/**
 * The runtime and the grammars run on V8's baseline WebAssembly compiler (Liftoff) only. A
 * grammar is mostly huge parse-table functions: optimising them in the background
 * (TurboFan) costs far more than it gives back on the few files a scan parses — the Python
 * grammar ~1 s of CPU and ~35 MB of resident code, the PowerShell grammar about a minute
 * (and the process cannot exit before it is done); measured on this project's machine,
 * Liftoff code parsed docker-py's container.py in 16 ms against 51 ms while the optimiser
 * ran. The flag is read when a module is compiled, so it is set around our loads only (a
 * program that uses hublint as a library keeps its own settings for its own WebAssembly);
 * node:v8 loads then too: a scan without such files never pays for it.
 */
let baselineLoads = 0;
async function baselineOnly<T>(load: () => Promise<T>): Promise<T> {
  const { setFlagsFromString } = createRequire(import.meta.url)('node:v8') as typeof import('node:v8');
  if (baselineLoads++ === 0) setFlagsFromString('--liftoff-only');
  try {
    return await load();
  } finally {
    if (--baselineLoads === 0) {
      setFlagsFromString('--no-liftoff-only');
      resetFlagsBeforeCacheWrite(TIERING_ON);
    }
  }
}

/**
 * `--liftoff-only` also switches WebAssembly tier-up off, by implication, and `--no-liftoff-only`
 * leaves it off: the grammars stay on baseline code for the rest of the run, which is the point
 * (tier-up at run time would optimise the hot parse tables after all). But V8 stamps a code
 * cache with a hash of every flag that differs from its default, and a cache written with
 * tier-up off is one the next run rejects and compiles again (the TypeScript compiler and the
 * bundle, ~0.3 s of every scan of a tree with Python or shell files;
 * test/runtime/code-cache-flags.test.ts). So tier-up goes back on just before a cache is
 * written, at exit. A flag the process was started with is left as it was.
 */
const TIERING_ON = ['wasm-tier-up', 'wasm-dynamic-tiering']
  .filter((f) => !startedWith(f))
  .map((f) => `--${f}`)
  .join(' ');

function startedWith(flag: string): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').replace(/_/g, '-');
  return given.includes(flag);
}

/** The grammar's Language, loaded once per process (2–14 ms each). */
export function loadLanguage(grammar: Grammar): Promise<TreeSitter.Language> {
  let p = languages.get(grammar);
  if (!p) {
    const own = OWN_PACKAGE[grammar];
    p = loadRuntime().then(({ ts, dir }) =>
      baselineOnly(() => ts.Language.load(readFileSync(own ? createRequire(import.meta.url).resolve(own) : join(dir, `tree-sitter-${grammar}.wasm`)))),
    );
    languages.set(grammar, p);
  }
  return p;
}

/** A parse that takes longer than this is given up: a pathological file, not real code. */
const PARSE_BUDGET_MS = 2000;

export interface LoadedParser {
  /** Parses `text`; the caller must `delete()` the tree (it lives in WebAssembly memory). */
  parse(text: string): SyntaxTree;
}

/** A parser for one grammar; synchronous once loaded, so adapters can stay synchronous. */
export async function loadParser(grammar: Grammar): Promise<LoadedParser> {
  const [{ ts }, language] = await Promise.all([loadRuntime(), loadLanguage(grammar)]);
  const parser = new ts.Parser();
  parser.setLanguage(language);
  return {
    parse(text) {
      const deadline = Date.now() + PARSE_BUDGET_MS;
      const tree = parser.parse(text, null, { progressCallback: () => Date.now() > deadline });
      if (!tree) throw new Error(`the ${grammar} parser gave up after ${PARSE_BUDGET_MS} ms`);
      return tree;
    },
  };
}
