import { extname } from 'node:path';
import type { SourceLexer } from '../core/lexeme.js';
import type { Grammar } from '../runtime/parsers.js';
import type { Adapter } from './types.js';

/**
 * One registration per language: everything the rest of hublint needs to know about it.
 * Every table of languages (which adapter reads a file, Markdown fence names, the prefilter
 * needles, which files may use another file's constants, which adapters build a syntax tree
 * or need no nesting guard, the lexer and the grammar of the fix step, what a worker warms up) is
 * derived from LANGUAGES, so adding a language is one entry here plus its adapter module
 * (test/extract/registry.test.ts checks every consumer's view against the entries). An adapter may be hand-written or a tree-sitter grammar with a lowering into the
 * shared form: either way `load` resolves to an Adapter, and no consumer changes.
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
  /**
   * The lexical view the fix step maps a URL back onto (strings, their splices, comments: see
   * core/lexeme.ts). Without one a fix is made only to a URL written whole as one token.
   */
  readonly lexer?: () => Promise<SourceLexer>;
  /** One line naming a Hub URL in the plainest form: parsed once in a worker before its first file. */
  readonly warm?: { readonly path: string; readonly text: string };
  /** Loads the adapter (on first use: a run that meets no file of the language never loads it). */
  readonly load: () => Promise<Adapter>;
}

export const LANGUAGES = [
  {
    name: 'js',
    lexer: () => import('./lexers.js').then((m) => m.jsLexer()),
    extensions: ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'],
    fences: ['js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'node'],
    readsConstants: true,
    syntaxTree: true,
    warm: { path: 'warm.ts', text: 'const r = await fetch("https://hub.docker.com/v2/repositories/acme/web/", { method: "HEAD" });\n' },
    load: () => import('./lower/js-adapter.js').then((m) => m.jsAdapter),
  },
  {
    name: 'python',
    lexer: () => import('./lexers.js').then((m) => m.pythonLexer()),
    grammar: 'python',
    extensions: ['.py', '.pyi'],
    fences: ['py', 'python', 'python3'],
    inFences: true,
    readsConstants: true,
    warm: { path: 'warm.py', text: 'requests.head("https://hub.docker.com/v2/repositories/acme/web/")\n' },
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('python')),
  },
  {
    name: 'go',
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/go.js').then((l) => l.goSpec), '+')),
    grammar: 'go',
    extensions: ['.go'],
    fences: ['go', 'golang'],
    inFences: true,
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('go')),
  },
  {
    name: 'shell',
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('shell', '\\')),
    grammar: 'bash',
    extensions: ['.sh', '.bash', '.zsh', '.ksh', '.env'],
    fileNames: [/^\.env(\..*)?$/i, /^\.(bash|zsh)rc$|^\.profile$/i],
    fences: ['sh', 'bash', 'shell', 'console', 'zsh', 'shellsession'],
    inFences: true,
    readsConstants: true,
    warm: { path: 'warm.sh', text: 'curl -I https://hub.docker.com/v2/repositories/acme/web/\n' },
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('shell', () => import('./shell/adapter.js').then((a) => a.shellAdapter))),
  },
  {
    name: 'dockerfile',
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('dockerfile', '\\')),
    extensions: ['.dockerfile'],
    fileNames: [/^(dockerfile|containerfile)(\..*)?$/i],
    fences: ['dockerfile', 'docker'],
    inFences: true,
    load: () => import('./shell/dockerfile.js').then((m) => m.loadDockerfileAdapter()),
  },
  {
    name: 'makefile',
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('makefile', '\\')),
    extensions: ['.mk', '.mak'],
    fileNames: [/^(gnu)?makefile$/i],
    fences: ['make', 'makefile'],
    inFences: true,
    load: () => import('./shell/makefile.js').then((m) => m.loadMakefileAdapter()),
  },
  {
    name: 'powershell',
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('powershell', '`')),
    grammar: 'powershell',
    extensions: ['.ps1', '.psm1'],
    fences: ['powershell', 'ps1', 'pwsh'],
    inFences: true,
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('powershell', () => import('./shell/powershell.js').then((a) => a.powershellAdapter))),
  },
  {
    name: 'yaml',
    extensions: ['.yml', '.yaml'],
    fences: ['yaml', 'yml'],
    inFences: true,
    syntaxTree: true,
    warm: { path: 'warm.yml', text: 'steps:\n  - run: curl -I https://hub.docker.com/v2/repositories/acme/web/\n' },
    load: () => import('./yaml/adapter.js').then((m) => m.yamlAdapter),
  },
  {
    name: 'json',
    flat: true,
    extensions: ['.json', '.jsonc', '.json5'],
    fences: ['json', 'jsonc'],
    inFences: true,
    syntaxTree: true,
    load: () => import('./json/adapter.js').then((m) => m.jsonAdapter),
  },
  {
    name: 'markdown',
    lexer: () => import('./markdown/lexer.js').then((m) => m.markdownLexer()),
    extensions: ['.md', '.markdown', '.mdx'],
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, fences] = await Promise.all([import('./markdown/adapter.js'), loadFenceAdapters()]);
      return markdownAdapterWith(fences);
    },
  },
  {
    name: 'rst',
    lexer: () => Promise.all([import('./markdown/lexer.js'), import('./markdown/rst.js')]).then(([m, r]) => m.markdownLexer(r.rstBlocks, 'rst')),
    extensions: ['.rst', '.rest'],
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, { rstBlocks }, fences] = await Promise.all([import('./markdown/adapter.js'), import('./markdown/rst.js'), loadFenceAdapters()]);
      return markdownAdapterWith(fences, rstBlocks, 'rst');
    },
  },
  {
    name: 'ruby',
    readsConstants: true,
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/ruby.js').then((l) => l.rubySpec), '+')),
    grammar: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec'],
    fileNames: [/^(gemfile|rakefile|vagrantfile)$/i],
    fences: ['ruby', 'rb'],
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('ruby')),
  },
  {
    name: 'java',
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/java.js').then((l) => l.javaSpec), '+')),
    grammar: 'java',
    extensions: ['.java'],
    fences: ['java'],
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('java')),
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
    load: () => import('./lower/groovy-adapter.js').then((m) => m.loadGroovyAdapter()),
  },
  {
    name: 'kotlin',
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/kotlin.js').then((l) => l.kotlinSpec), '+')),
    grammar: 'kotlin',
    extensions: ['.kt', '.kts'],
    fences: ['kotlin', 'kt'],
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('kotlin')),
  },
  {
    name: 'csharp',
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/csharp.js').then((l) => l.csharpSpec), '+')),
    grammar: 'c-sharp',
    extensions: ['.cs'],
    fences: ['csharp', 'cs', 'c#'],
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('csharp')),
  },
  {
    name: 'php',
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/php.js').then((l) => l.phpSpec), '.')),
    grammar: 'php',
    extensions: ['.php'],
    fences: ['php'],
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('php')),
  },
  {
    name: 'rust',
    readsConstants: true,
    // `"a" + b` is no Rust expression (`&str + ...`): no joined literal there.
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/rust.js').then((l) => l.rustSpec))),
    grammar: 'rust',
    extensions: ['.rs'],
    fences: ['rust', 'rs'],
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('rust')),
  },
  {
    // Terraform, Nomad jobs, Packer: attributes, blocks, quoted and heredoc templates.
    name: 'hcl',
    grammar: 'hcl',
    extensions: ['.hcl', '.nomad', '.tf', '.tfvars'],
    fences: ['hcl', 'terraform', 'tf', 'nomad'],
    inFences: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('hcl')),
  },
  {
    name: 'perl',
    readsConstants: true,
    extensions: ['.pl', '.pm'],
    fences: ['perl'],
    load: () => import('./lower/perl.js').then((m) => m.perlAdapter),
  },
  // Swift, Dart, Elixir, Lua, R and C have no grammar as WebAssembly here: one token lowering
  // (lower/generic.ts) reads them all, each through its own small table.
  {
    name: 'swift',
    extensions: ['.swift'],
    fences: ['swift'],
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('swift')),
  },
  {
    // On tree-sitter-scala (lower/scala.ts), the grammar's own package's .wasm (runtime/parsers.ts).
    name: 'scala',
    grammar: 'scala',
    extensions: ['.scala', '.sc'],
    fences: ['scala'],
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('scala')),
  },
  {
    name: 'dart',
    extensions: ['.dart'],
    fences: ['dart'],
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('dart')),
  },
  {
    name: 'elixir',
    extensions: ['.ex', '.exs'],
    fences: ['elixir', 'ex'],
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('elixir')),
  },
  {
    name: 'lua',
    extensions: ['.lua'],
    fences: ['lua'],
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('lua')),
  },
  {
    name: 'r',
    extensions: ['.r'],
    fences: ['r'],
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('r')),
  },
  {
    // C builds URLs in buffers (`strcpy`, `strcat`, `snprintf`): the token lowering follows them.
    name: 'c',
    extensions: ['.c', '.h'],
    fences: ['c'],
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('c')),
  },
  {
    // Anything else: the plain URL scan, which still finds every written-out call.
    name: 'text',
    flat: true,
    load: () => import('./text/adapter.js').then((m) => m.textAdapter),
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

const cache = new Map<AdapterName, Promise<Adapter>>();

export function loadAdapter(name: AdapterName): Promise<Adapter> {
  let p = cache.get(name);
  if (!p) {
    p = byName.get(name)!.load();
    cache.set(name, p);
  }
  return p;
}

/** The adapters of the languages read inside Markdown fences, loaded, by name. */
async function loadFenceAdapters(): Promise<ReadonlyMap<string, Adapter>> {
  const names = [...languagesWhere((l) => l.inFences === true)];
  const adapters = await Promise.all(names.map(loadAdapter));
  return new Map(names.map((n, i) => [n, adapters[i]]));
}
