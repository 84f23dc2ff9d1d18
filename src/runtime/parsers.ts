import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';

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
    await ts.Parser.init({ locateFile: (name: string) => join(dir, name) });
    return { ts, dir };
  })();
  return runtime;
}

/**
 * Grammars V8 must run on its baseline compiler only. Optimizing the PowerShell grammar's
 * parse tables takes V8's background compiler about a minute of CPU, and the process cannot
 * exit before it is done; the baseline code parses a script in milliseconds all the same.
 * The flag is read when a module is compiled, so it is set around that grammar's load only.
 */
const BASELINE_ONLY: ReadonlySet<Grammar> = new Set(['powershell']);

/** The grammar's Language, loaded once per process (2–14 ms each). */
export function loadLanguage(grammar: Grammar): Promise<TreeSitter.Language> {
  let p = languages.get(grammar);
  if (!p) {
    p = loadRuntime().then(async ({ ts, dir }) => {
      const own = OWN_PACKAGE[grammar];
      const bytes = readFileSync(own ? createRequire(import.meta.url).resolve(own) : join(dir, `tree-sitter-${grammar}.wasm`));
      if (!BASELINE_ONLY.has(grammar)) return ts.Language.load(bytes);
      setFlagsFromString('--liftoff-only');
      try {
        return await ts.Language.load(bytes);
      } finally {
        setFlagsFromString('--no-liftoff-only');
      }
    });
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
