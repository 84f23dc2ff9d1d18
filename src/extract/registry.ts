import type { SourceLexer } from '../core/lexeme.js';
import { languagesWhere, type AdapterName } from './language-table.js';
import type { Adapter } from './types.js';
import type { Span } from './comments.js';
import { timed } from '../runtime/stage-clock.js';
import { csharpTree } from './lower/csharp-tree.js';
import { goTree } from './lower/go-tree.js';
import { hclTree } from './lower/hcl-tree.js';
import { javaTree } from './lower/java-tree.js';
import { kotlinTree } from './lower/kotlin-tree.js';
import { phpTree } from './lower/php-tree.js';
import { powershellTree } from './lower/powershell-tree.js';
import { pythonTree } from './lower/python-tree.js';
import { rubyTree } from './lower/ruby-tree.js';
import { rustTree } from './lower/rust-tree.js';
import { scalaTree } from './lower/scala-tree.js';
import { shellTree } from './lower/bash-tree.js';

export * from './language-table.js';

/**
 * How each language of language-table.ts is read: its adapter, and the lexical view the fix step
 * maps a URL back onto (strings, their splices, comments: see core/lexeme.ts; without one a
 * fix is made only to a URL written whole as one token). Loaded on first use: a run that meets
 * no file of the language never loads its code. An adapter may be hand-written or a
 * tree-sitter grammar with a lowering into the shared form: either way `load` resolves to an
 * Adapter, and no consumer changes. The modules loaded here never import this file back.
 */
export interface Loaders {
  readonly lexer?: () => Promise<SourceLexer>;
  readonly load: () => Promise<Adapter>;
}

export const LOADERS = {
  js: {
    lexer: () => import('./lower/js-lexer.js').then((m) => m.jsLexer()),
    load: () => import('./lower/js-adapter.js').then((m) => m.jsAdapter),
  },
  python: {
    lexer: () => import('./lexers.js').then((m) => m.pythonLexer()),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(pythonTree)),
  },
  go: {
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/go.js').then((l) => l.goSpec), '+')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(goTree)),
  },
  shell: {
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('shell', '\\')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(shellTree, () => import('./shell/adapter.js').then((a) => a.shellAdapter))),
  },
  dockerfile: {
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('dockerfile', '\\')),
    load: () => import('./shell/dockerfile.js').then((m) => m.loadDockerfileAdapter()),
  },
  makefile: {
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('makefile', '\\')),
    load: () => import('./shell/makefile.js').then((m) => m.loadMakefileAdapter()),
  },
  powershell: {
    lexer: () => import('./lexers.js').then((m) => m.shellLexer('powershell', '`')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(powershellTree, () => import('./shell/powershell.js').then((a) => a.powershellAdapter))),
  },
  yaml: {
    load: () => import('./yaml/adapter.js').then((m) => m.yamlAdapter),
  },
  json: {
    load: () => import('./json/adapter.js').then((m) => m.jsonAdapter),
  },
  markdown: {
    lexer: () => Promise.all([import('./markdown/lexer.js'), loadFenceLexers()]).then(([m, fences]) => m.markdownLexer(fences)),
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, fences] = await Promise.all([import('./markdown/adapter.js'), loadFenceAdapters()]);
      return markdownAdapterWith(fences);
    },
  },
  rst: {
    lexer: () => Promise.all([import('./markdown/lexer.js'), import('./markdown/rst.js'), loadFenceLexers()]).then(([m, r, fences]) => m.markdownLexer(fences, r.rstBlocks, 'rst')),
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, { rstBlocks }, fences] = await Promise.all([import('./markdown/adapter.js'), import('./markdown/rst.js'), loadFenceAdapters()]);
      return markdownAdapterWith(fences, rstBlocks, 'rst');
    },
  },
  ruby: {
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/ruby.js').then((l) => l.rubySpec), '+')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(rubyTree)),
  },
  java: {
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/java.js').then((l) => l.javaSpec), '+')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(javaTree)),
  },
  groovy: {
    load: () => import('./lower/groovy-adapter.js').then((m) => m.loadGroovyAdapter()),
  },
  kotlin: {
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/kotlin.js').then((l) => l.kotlinSpec), '+')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(kotlinTree)),
  },
  csharp: {
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/csharp.js').then((l) => l.csharpSpec), '+')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(csharpTree)),
  },
  php: {
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/php.js').then((l) => l.phpSpec), '.')),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(phpTree)),
  },
  rust: {
    // `"a" + b` is no Rust expression (`&str + ...`): no joined literal there.
    lexer: () => import('./lexers.js').then((m) => m.specLexer(import('./langs/rust.js').then((l) => l.rustSpec))),
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(rustTree)),
  },
  hcl: {
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(hclTree)),
  },
  perl: {
    load: () => import('./lower/perl.js').then((m) => m.perlAdapter),
  },
  swift: {
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('swift')),
  },
  scala: {
    load: () => import('./lower/adapter.js').then((m) => m.treeAdapter(scalaTree)),
  },
  dart: {
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('dart')),
  },
  elixir: {
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('elixir')),
  },
  lua: {
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('lua')),
  },
  r: {
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('r')),
  },
  c: {
    load: () => import('./lower/generic.js').then((m) => m.genericAdapter('c')),
  },
  text: {
    load: () => import('./text/adapter.js').then((m) => m.textAdapter),
  },
} as const satisfies Record<AdapterName, Loaders>;

const loaders: Readonly<Record<AdapterName, Loaders>> = LOADERS;

const cache = new Map<AdapterName, Promise<Adapter>>();

export function loadAdapter(name: AdapterName): Promise<Adapter> {
  let p = cache.get(name);
  if (!p) {
    p = loaders[name].load();
    cache.set(name, p);
  }
  return p;
}

const lexers = new Map<AdapterName, Promise<SourceLexer | null>>();

/** The lexer for an adapter's files (its `lexer`), or null where none applies (data, prose, Perl). */
export function loadLexer(name: AdapterName): Promise<SourceLexer | null> {
  let p = lexers.get(name);
  if (!p) {
    const load = loaders[name].lexer;
    p = load ? load() : Promise.resolve(null);
    lexers.set(name, p);
  }
  return p;
}

const inFences = () => [...languagesWhere((l) => l.inFences === true)];

/** The adapters of the languages read inside Markdown fences, loaded, by name. */
async function loadFenceAdapters(): Promise<ReadonlyMap<string, Adapter>> {
  const names = inFences();
  const adapters = await Promise.all(names.map(loadAdapter));
  return new Map(names.map((n, i) => [n, adapters[i]]));
}

/** The lexers of the languages read inside Markdown fences, by name (those that have one). */
async function loadFenceLexers(): Promise<ReadonlyMap<AdapterName, SourceLexer>> {
  const names = inFences();
  const loaded = await Promise.all(names.map(loadLexer));
  const out = new Map<AdapterName, SourceLexer>();
  names.forEach((n, i) => loaded[i] && out.set(n, loaded[i]!));
  return out;
}

/** The comments of a file of a language: by its lexer (none where no lexer reads it), or the data formats' own readers. */
export async function commentSpans(name: AdapterName, text: string): Promise<Span[]> {
  if (name === 'yaml') return (await import('./yaml/adapter.js')).yamlComments(text);
  if (name === 'json') return (await import('./json/tokenize.js')).jsonComments(text);
  const lexer = await loadLexer(name);
  return lexer ? timed(`lex comments ${name}`, () => lexer.lex(text)).lexemes.filter((l) => l.kind === 'comment') : [];
}
