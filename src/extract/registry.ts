import { basename, extname } from 'node:path';
import type { Adapter } from './types.js';

/**
 * One registration per language: everything the rest of hublint needs to know about it.
 * Every table of languages (which adapter reads a file, Markdown fence names, which files
 * may use another file's constants, which adapters build a syntax tree, what a worker warms
 * up) is derived from LANGUAGES, so adding a language is one entry here plus its adapter
 * module. An adapter may be hand-written or a tree-sitter grammar with a lowering into the
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
   * Reads values other files define, through its module rules (extract/resolve/modules.ts): a
   * file of it that holds a Hub path without a host is linted, its base may be elsewhere.
   */
  readonly readsConstants?: boolean;
  /** Builds a syntax tree: a file over AST_SIZE_LIMIT gets the plain URL scan instead (memory). */
  readonly syntaxTree?: boolean;
  /** One line naming a Hub URL in the plainest form: parsed once in a worker before its first file. */
  readonly warm?: { readonly path: string; readonly text: string };
  /** Loads the adapter (on first use: a run that meets no file of the language never loads it). */
  readonly load: () => Promise<Adapter>;
}

export const LANGUAGES = [
  {
    name: 'js',
    extensions: ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx'],
    fences: ['js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'node'],
    readsConstants: true,
    syntaxTree: true,
    warm: { path: 'warm.ts', text: 'const r = await fetch("https://hub.docker.com/v2/repositories/acme/web/", { method: "HEAD" });\n' },
    load: () => import('./js/adapter.js').then((m) => m.jsAdapter),
  },
  {
    name: 'python',
    extensions: ['.py', '.pyi'],
    fences: ['py', 'python', 'python3'],
    inFences: true,
    readsConstants: true,
    warm: { path: 'warm.py', text: 'requests.head("https://hub.docker.com/v2/repositories/acme/web/")\n' },
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('python')),
  },
  {
    name: 'go',
    extensions: ['.go'],
    fences: ['go', 'golang'],
    inFences: true,
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('go')),
  },
  {
    name: 'shell',
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
    extensions: ['.dockerfile'],
    fileNames: [/^(dockerfile|containerfile)(\..*)?$/i],
    fences: ['dockerfile', 'docker'],
    inFences: true,
    load: () => import('./shell/dockerfile.js').then((m) => m.loadDockerfileAdapter()),
  },
  {
    name: 'makefile',
    extensions: ['.mk', '.mak'],
    fileNames: [/^(gnu)?makefile$/i],
    fences: ['make', 'makefile'],
    inFences: true,
    load: () => import('./shell/makefile.js').then((m) => m.makefileAdapter),
  },
  {
    name: 'powershell',
    extensions: ['.ps1', '.psm1'],
    fences: ['powershell', 'ps1', 'pwsh'],
    inFences: true,
    readsConstants: true,
    load: () => import('./shell/powershell.js').then((m) => m.powershellAdapter),
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
    extensions: ['.json', '.jsonc', '.json5'],
    fences: ['json', 'jsonc'],
    inFences: true,
    syntaxTree: true,
    load: () => import('./json/adapter.js').then((m) => m.jsonAdapter),
  },
  {
    name: 'markdown',
    extensions: ['.md', '.markdown', '.mdx'],
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, fences] = await Promise.all([import('./markdown/adapter.js'), loadFenceAdapters()]);
      return markdownAdapterWith(fences);
    },
  },
  {
    name: 'rst',
    extensions: ['.rst', '.rest'],
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, { rstBlocks }, fences] = await Promise.all([import('./markdown/adapter.js'), import('./markdown/rst.js'), loadFenceAdapters()]);
      return markdownAdapterWith(fences, rstBlocks, 'rst');
    },
  },
  {
    name: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec'],
    fileNames: [/^(gemfile|rakefile|vagrantfile)$/i],
    fences: ['ruby', 'rb'],
    load: () => import('./langs/ruby.js').then((m) => m.rubyAdapter),
  },
  {
    name: 'java',
    extensions: ['.java'],
    fences: ['java'],
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('java')),
  },
  {
    // Groovy (Gradle files, Jenkinsfiles) is not Java to tree-sitter-java (`def`, calls without
    // parentheses, `${}` in strings): it keeps the tokenizer, which reads both.
    name: 'groovy',
    extensions: ['.groovy', '.gradle'],
    fileNames: [/^jenkinsfile$/i],
    fences: ['groovy', 'gradle'],
    load: () => import('./langs/java.js').then((m) => ({ ...m.javaAdapter, name: 'groovy' })),
  },
  {
    name: 'kotlin',
    extensions: ['.kt', '.kts'],
    fences: ['kotlin', 'kt'],
    readsConstants: true,
    load: () => import('./langs/kotlin.js').then((m) => m.kotlinAdapter),
  },
  {
    name: 'csharp',
    extensions: ['.cs'],
    fences: ['csharp', 'cs', 'c#'],
    readsConstants: true,
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter('csharp')),
  },
  {
    name: 'php',
    extensions: ['.php'],
    fences: ['php'],
    load: () => import('./langs/php.js').then((m) => m.phpAdapter),
  },
  {
    name: 'rust',
    extensions: ['.rs'],
    fences: ['rust', 'rs'],
    load: () => import('./langs/rust.js').then((m) => m.rustAdapter),
  },
  {
    name: 'perl',
    extensions: ['.pl', '.pm'],
    fences: ['perl'],
    load: () => import('./lower/perl.js').then((m) => m.perlAdapter),
  },
  {
    // Anything else: the plain URL scan, which still finds every written-out call.
    name: 'text',
    load: () => import('./text/adapter.js').then((m) => m.textAdapter),
  },
] as const satisfies readonly Language[];

export type AdapterName = (typeof LANGUAGES)[number]['name'];

const registered: readonly Language[] = LANGUAGES;
const byName = new Map(registered.map((l) => [l.name as AdapterName, l]));
const byExtension = new Map(registered.flatMap((l) => (l.extensions ?? []).map((e) => [e, l.name as AdapterName] as const)));
const byFileName = registered.flatMap((l) => (l.fileNames ?? []).map((re) => [re, l.name as AdapterName] as const));
const byFence = new Map(registered.flatMap((l) => (l.fences ?? []).map((f) => [f, l.name as AdapterName] as const)));

/** The languages a property holds for, by name (e.g. which read other files' constants). */
export function languagesWhere(test: (language: Language) => boolean): ReadonlySet<AdapterName> {
  return new Set(registered.filter(test).map((l) => l.name as AdapterName));
}

export function languageOf(name: AdapterName): Language {
  return byName.get(name)!;
}

export function adapterNameFor(path: string): AdapterName {
  const name = basename(path);
  for (const [re, adapter] of byFileName) if (re.test(name)) return adapter;
  return byExtension.get(extname(name).toLowerCase()) ?? 'text';
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
