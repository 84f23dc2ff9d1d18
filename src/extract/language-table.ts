import { extname } from 'node:path';
import type { Grammar } from '../runtime/parsers.js';

/**
 * What the rest of hublint knows about each language, as data: which adapter reads a file,
 * Markdown fence names, the prefilter needles, which files may use another file's constants,
 * which adapters build a syntax tree or need no nesting guard, the grammar of the fix step, what a
 * worker warms up. Every such table is derived from LANGUAGES. The code that reads a language
 * (its adapter and lexer) is loaded through registry.ts, whose LOADERS must name every
 * language here (a type error otherwise): this file imports nothing of extract/, so any part
 * of it (a lowering, the project index) may ask which language a path is without an import
 * circle through the adapters (test/architecture.test.ts).
 */
export interface Language {
  /** The adapter's name: in internal-error findings and `--stdin-filename` decisions. */
  readonly name: string;
  /** File extensions, lower-case with the dot. */
  readonly extensions?: readonly string[];
  /** File names (the base name) read by this adapter whatever their extension; tested before extensions. */
  readonly fileNames?: readonly RegExp[];
  /** Markdown fence info strings (```bash) whose code is this language. */
  readonly fences?: readonly string[];
  /**
   * Code in such fences goes through this adapter (loaded with the Markdown adapter, whose
   * extraction is synchronous). Without it, fenced code gets the plain URL scan.
   */
  readonly inFences?: boolean;
  /**
   * Prefilter needles of the language's own: ASCII strings (case-sensitive) whose presence lets
   * one of its files past the byte prefilter (scan/read/) and the text prefilter although it
   * names no Hub host. No language registered today needs any, and a new one usually needs
   * none either: the needles every file is tested for are universal (the Hub hosts, plain and
   * URL-encoded, of extract/prefilter.ts, and the configured extra hosts and base variables),
   * and so are the Hub path needles (HUB_PATH_PATTERN) for every language that readsConstants.
   */
  readonly needles?: readonly string[];
  /**
   * Reads values other files define, through its module rules (extract/resolve/modules.ts): a
   * file of it that holds a Hub path without a host is linted, its base may be elsewhere.
   */
  readonly readsConstants?: boolean;
  /** Builds a syntax tree: a file over AST_SIZE_LIMIT gets the plain URL scan instead (memory). */
  readonly syntaxTree?: boolean;
  /** Reads a file in one flat pass (no tree, no recursion): no guard against deep nesting needed. */
  readonly flat?: boolean;
  /** The tree-sitter grammar that re-parses a fixed file before --fix writes it (scan/fix-verifier.ts). */
  readonly grammar?: Grammar;
  /** One line naming a Hub URL in the plainest form: parsed once in a worker before its first file. */
  readonly warm?: { readonly path: string; readonly text: string };
}

export const LANGUAGES = [
  {
    name: 'js',
    extensions: ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'],
    fences: ['js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'node'],
    readsConstants: true,
    syntaxTree: true,
    warm: { path: 'warm.ts', text: 'const r = await fetch("https://hub.docker.com/v2/repositories/acme/web/", { method: "HEAD" });\n' },
  },
  {
    name: 'python',
    grammar: 'python',
    extensions: ['.py', '.pyi'],
    fences: ['py', 'python', 'python3'],
    inFences: true,
    readsConstants: true,
    warm: { path: 'warm.py', text: 'requests.head("https://hub.docker.com/v2/repositories/acme/web/")\n' },
  },
  {
    name: 'go',
    grammar: 'go',
    extensions: ['.go'],
    fences: ['go', 'golang'],
    inFences: true,
    readsConstants: true,
  },
  {
    name: 'shell',
    grammar: 'bash',
    extensions: ['.sh', '.bash', '.zsh', '.ksh', '.env'],
    fileNames: [/^\.env(\..*)?$/i, /^\.(bash|zsh)rc$|^\.profile$/i],
    fences: ['sh', 'bash', 'shell', 'console', 'zsh', 'shellsession'],
    inFences: true,
    readsConstants: true,
    warm: { path: 'warm.sh', text: 'curl -I https://hub.docker.com/v2/repositories/acme/web/\n' },
  },
  {
    name: 'dockerfile',
    extensions: ['.dockerfile'],
    fileNames: [/^(dockerfile|containerfile)(\..*)?$/i],
    fences: ['dockerfile', 'docker'],
    inFences: true,
  },
  {
    name: 'makefile',
    extensions: ['.mk', '.mak'],
    fileNames: [/^(gnu)?makefile$/i],
    fences: ['make', 'makefile'],
    inFences: true,
  },
  {
    name: 'powershell',
    grammar: 'powershell',
    extensions: ['.ps1', '.psm1'],
    fences: ['powershell', 'ps1', 'pwsh'],
    inFences: true,
    readsConstants: true,
  },
  {
    name: 'yaml',
    extensions: ['.yml', '.yaml'],
    fences: ['yaml', 'yml'],
    inFences: true,
    syntaxTree: true,
    warm: { path: 'warm.yml', text: 'steps:\n  - run: curl -I https://hub.docker.com/v2/repositories/acme/web/\n' },
  },
  {
    name: 'json',
    flat: true,
    extensions: ['.json', '.jsonc', '.json5'],
    fences: ['json', 'jsonc'],
    inFences: true,
    syntaxTree: true,
  },
  {
    name: 'markdown',
    extensions: ['.md', '.markdown', '.mdx'],
  },
  {
    name: 'rst',
    extensions: ['.rst', '.rest'],
  },
  {
    name: 'ruby',
    readsConstants: true,
    grammar: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec'],
    fileNames: [/^(gemfile|rakefile|vagrantfile)$/i],
    fences: ['ruby', 'rb'],
  },
  {
    name: 'java',
    grammar: 'java',
    extensions: ['.java'],
    fences: ['java'],
    readsConstants: true,
  },
  {
    // Groovy (Gradle files, Jenkinsfiles, shared-library steps) has no grammar as WebAssembly:
    // a tokenizer lowering (lower/groovy.ts), with `sh` scripts through the shell lowering.
    name: 'groovy',
    readsConstants: true,
    extensions: ['.groovy', '.gradle'],
    fileNames: [/^jenkinsfile$/i, /^jenkinsfile\.[\w-]+$/i],
    fences: ['groovy', 'gradle', 'jenkinsfile', 'jenkins'],
    inFences: true,
  },
  {
    name: 'kotlin',
    grammar: 'kotlin',
    extensions: ['.kt', '.kts'],
    fences: ['kotlin', 'kt'],
    readsConstants: true,
  },
  {
    name: 'csharp',
    grammar: 'c-sharp',
    extensions: ['.cs'],
    fences: ['csharp', 'cs', 'c#'],
    readsConstants: true,
  },
  {
    name: 'php',
    grammar: 'php',
    extensions: ['.php'],
    fences: ['php'],
    readsConstants: true,
  },
  {
    name: 'rust',
    readsConstants: true,
    grammar: 'rust',
    extensions: ['.rs'],
    fences: ['rust', 'rs'],
  },
  {
    // Terraform, Nomad jobs, Packer: attributes, blocks, quoted and heredoc templates.
    name: 'hcl',
    grammar: 'hcl',
    extensions: ['.hcl', '.nomad', '.tf', '.tfvars'],
    fences: ['hcl', 'terraform', 'tf', 'nomad'],
    inFences: true,
  },
  {
    name: 'perl',
    readsConstants: true,
    extensions: ['.pl', '.pm'],
    fences: ['perl'],
  },
  // Swift, Dart, Elixir, Lua, R and C have no grammar as WebAssembly here: one token lowering
  // (lower/generic.ts) reads them all, each through its own small table.
  {
    name: 'swift',
    extensions: ['.swift'],
    fences: ['swift'],
  },
  {
    // On tree-sitter-scala (lower/scala.ts), the grammar's own package's .wasm (runtime/parsers.ts).
    name: 'scala',
    grammar: 'scala',
    extensions: ['.scala', '.sc'],
    fences: ['scala'],
  },
  {
    name: 'dart',
    extensions: ['.dart'],
    fences: ['dart'],
  },
  {
    name: 'elixir',
    extensions: ['.ex', '.exs'],
    fences: ['elixir', 'ex'],
  },
  {
    name: 'lua',
    extensions: ['.lua'],
    fences: ['lua'],
  },
  {
    name: 'r',
    extensions: ['.r'],
    fences: ['r'],
  },
  {
    // C builds URLs in buffers (`strcpy`, `strcat`, `snprintf`): the token lowering follows them.
    name: 'c',
    extensions: ['.c', '.h'],
    fences: ['c'],
  },
  {
    // Anything else: the plain URL scan, which still finds every written-out call.
    name: 'text',
    flat: true,
  },
] as const satisfies readonly Language[];

export type AdapterName = (typeof LANGUAGES)[number]['name'];

const registered: readonly Language[] = LANGUAGES;
const byName = new Map(registered.map((l) => [l.name as AdapterName, l]));
const byExtension = new Map(registered.flatMap((l) => (l.extensions ?? []).map((e) => [e, l.name as AdapterName] as const)));
const byFileName = registered.flatMap((l) => (l.fileNames ?? []).map((re) => [re, l.name as AdapterName] as const));
const byFence = new Map(registered.flatMap((l) => (l.fences ?? []).map((f) => [f, l.name as AdapterName] as const)));

const needles = new Map(registered.flatMap((l) => (l.needles?.length ? [[l.name as AdapterName, l.needles] as const] : [])));
/** Some language has needles of its own: the prefilters then test them too. */
export const LANGUAGE_NEEDLES = needles.size > 0;

/**
 * True when `text` holds a needle of the language `name` itself (Language.needles). ASCII
 * needles: the same answer on a file's bytes viewed as Latin-1 as on its UTF-8 text.
 */
export function hasOwnNeedle(name: AdapterName, text: string): boolean {
  const own = needles.get(name);
  return own !== undefined && own.some((n) => text.includes(n));
}

/** hasOwnNeedle for a file by its path; false at once while no language has needles. */
export function hasOwnNeedleFor(path: string, text: string): boolean {
  return needles.size > 0 && hasOwnNeedle(adapterNameFor(path), text);
}

/** The languages a property holds for, by name (e.g. which read other files' constants). */
export function languagesWhere(test: (language: Language) => boolean): ReadonlySet<AdapterName> {
  return new Set(registered.filter(test).map((l) => l.name as AdapterName));
}

export function languageOf(name: AdapterName): Language {
  return byName.get(name)!;
}

// Asked for every file of a scan, several times (the read pass, the prefilters, the resolver):
// most file names recur (index.js, package.json), so answers are kept by name.
const byBaseName = new Map<string, AdapterName>();
const BY_BASE_NAME_MAX = 8192;

const lastSeparator = process.platform === 'win32' ? (p: string) => Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) : (p: string) => p.lastIndexOf('/');

export function adapterNameFor(path: string): AdapterName {
  const name = path.slice(lastSeparator(path) + 1);
  let adapter = byBaseName.get(name);
  if (adapter === undefined) {
    adapter = byFileName.find(([re]) => re.test(name))?.[1] ?? byExtension.get(extname(name).toLowerCase()) ?? 'text';
    if (byBaseName.size >= BY_BASE_NAME_MAX) byBaseName.clear();
    byBaseName.set(name, adapter);
  }
  return adapter;
}

/** Maps a Markdown fence info string (```bash) to an adapter. */
export function adapterNameForFence(info: string): AdapterName {
  const lang = info.trim().split(/[\s{]/)[0].toLowerCase();
  return byFence.get(lang) ?? 'text';
}
