import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { keepV8Flag } from './compile-cache.js';

/**
 * tree-sitter grammars, loaded on first use. `@vscode/tree-sitter-wasm` ships the runtime
 * (`wasm/tree-sitter.js` + `tree-sitter.wasm`) and prebuilt grammars built for that same
 * runtime, so their ABIs match and nothing is compiled at install or downloaded at run time.
 * The package stays outside the CLI bundle (scripts/bundle.mjs): its files are found next to
 * its own `main` through Node's resolution from wherever hublint is installed.
 */
export type Grammar = 'python' | 'go' | 'java' | 'c-sharp' | 'php' | 'ruby' | 'rust' | 'bash' | 'powershell' | 'kotlin' | 'hcl' | 'scala';

/**
 * Grammars `@vscode/tree-sitter-wasm` does not ship, each built from the grammar's own npm package
 * (exact version pinned in package.json's devDependencies). That package also holds C sources,
 * native prebuilds and an install script (46 MB, and npm-check-updates among its dependencies),
 * none of which hublint loads: scripts/copy-grammars.mjs copies the .wasm and its licence into
 * dist/grammars/ at build time, and the installed package ships only those.
 * Kotlin: `@tree-sitter-grammars/tree-sitter-kotlin` (ABI 14, which this runtime loads).
 * HCL: `@tree-sitter-grammars/tree-sitter-hcl` (ABI 14; 92 KB, Apache-2.0).
 * Scala: `tree-sitter-scala` (ABI 14; 3.8 MB, MIT).
 */
export const OWN_GRAMMARS: Partial<Record<Grammar, { pkg: string; wasm: string }>> = {
  kotlin: { pkg: '@tree-sitter-grammars/tree-sitter-kotlin', wasm: 'tree-sitter-kotlin.wasm' },
  hcl: { pkg: '@tree-sitter-grammars/tree-sitter-hcl', wasm: 'tree-sitter-hcl.wasm' },
  scala: { pkg: 'tree-sitter-scala', wasm: 'tree-sitter-scala.wasm' },
};

/** Where the build puts the grammars it copies, relative to dist/. */
export const GRAMMAR_DIR = 'grammars';

/**
 * The .wasm of a grammar of OWN_GRAMMARS: the copy in dist/grammars/ (found from this module,
 * which is dist/runtime/parsers.js, dist/bin/*.js or dist/bin/workers/*.js), else the grammar's
 * package (a checkout running its sources, where the package is a devDependency).
 */
function ownGrammarFile(grammar: Grammar): string {
  const { pkg, wasm } = OWN_GRAMMARS[grammar]!;
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['..', join('..', '..')]) {
    const file = join(here, up, GRAMMAR_DIR, wasm);
    if (existsSync(file)) return file;
  }
  return createRequire(import.meta.url).resolve(`${pkg}/${wasm}`);
}

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
 * ran. The flag is set at the first load and kept for the rest of the process (V8 flags
 * are process-wide, and the code caches are keyed on the flags kept: compile-cache.ts); a
 * program that uses hublint as a library gets its WebAssembly on Liftoff too from then on.
 * node:v8 loads then: a scan without such files never pays for it.
 */
async function baselineOnly<T>(load: () => Promise<T>): Promise<T> {
  keepV8Flag('--liftoff-only');
  return load();
}

/** The grammar's Language, loaded once per process (2–14 ms each). */
export function loadLanguage(grammar: Grammar): Promise<TreeSitter.Language> {
  let p = languages.get(grammar);
  if (!p) {
    p = loadRuntime().then(({ ts, dir }) =>
      baselineOnly(() => ts.Language.load(readFileSync(OWN_GRAMMARS[grammar] ? ownGrammarFile(grammar) : join(dir, `tree-sitter-${grammar}.wasm`)))),
    );
    languages.set(grammar, p);
  }
  return p;
}

/**
 * A parse that asks for more progress checks than this is given up: a pathological file, not
 * real code. Counted in the parser's own progress checks (one per ~100 of its operations),
 * not in time, so every machine gives up on the same files (runtime/work-budget.ts). Real
 * files ask far fewer: 40,000 curl lines (560 KB) ~1,300, 20,000 `$x` in one word ~1,800.
 */
const PARSE_CHECKS_BASE = 20_000;
const parseChecksFor = (chars: number) => PARSE_CHECKS_BASE + Math.ceil(chars / 4);

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
      const limit = parseChecksFor(text.length);
      let checks = 0;
      const tree = parser.parse(text, null, { progressCallback: () => ++checks > limit });
      if (!tree) throw new Error(`the ${grammar} parser gave up after ${limit} progress checks (its work budget for this size)`);
      return tree;
    },
  };
}
