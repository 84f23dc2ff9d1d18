import type { SourceLexer } from '../core/lexeme.js';
import { languagesWhere, type AdapterName } from './language-table.js';
import type { Adapter } from './types.js';
import type { Span } from './comments.js';
import { timed } from '../runtime/stage-clock.js';
import { csharpLoaders } from './languages/csharp/load.js';
import { dockerfileLoaders } from './languages/dockerfile/load.js';
import { goLoaders } from './languages/go/load.js';
import { groovyLoaders } from './languages/groovy/load.js';
import { hclLoaders } from './languages/hcl/load.js';
import { javaLoaders } from './languages/java/load.js';
import { jsLoaders } from './languages/js/load.js';
import { jsonLoaders } from './languages/json/load.js';
import { kotlinLoaders } from './languages/kotlin/load.js';
import { makefileLoaders } from './languages/makefile/load.js';
import { markdownLoaders, rstLoaders } from './languages/markdown/load.js';
import { perlLoaders } from './languages/perl/load.js';
import { phpLoaders } from './languages/php/load.js';
import { powershellLoaders } from './languages/powershell/load.js';
import { pythonLoaders } from './languages/python/load.js';
import { rubyLoaders } from './languages/ruby/load.js';
import { rustLoaders } from './languages/rust/load.js';
import { scalaLoaders } from './languages/scala/load.js';
import { shellLoaders } from './languages/shell/load.js';
import { textLoaders } from './languages/text/load.js';
import { cLoaders, dartLoaders, elixirLoaders, luaLoaders, rLoaders, swiftLoaders } from './languages/tokens/load.js';
import { yamlLoaders } from './languages/yaml/load.js';
import type { Fences, Loaders } from './languages/registration.js';

export * from './language-table.js';
export type { Loaders };

/** What the document formats' loaders need of this registry (their blocks are read by the fence languages). */
const FENCES: Fences = { adapters: () => loadFenceAdapters(), lexers: () => loadFenceLexers() };

export const LOADERS = {
  js: jsLoaders,
  python: pythonLoaders,
  go: goLoaders,
  shell: shellLoaders(loadAdapters),
  dockerfile: dockerfileLoaders,
  makefile: makefileLoaders,
  powershell: powershellLoaders,
  yaml: yamlLoaders(loadAdapters),
  json: jsonLoaders,
  markdown: markdownLoaders(FENCES),
  rst: rstLoaders(FENCES),
  ruby: rubyLoaders,
  java: javaLoaders,
  groovy: groovyLoaders,
  kotlin: kotlinLoaders,
  csharp: csharpLoaders,
  php: phpLoaders,
  rust: rustLoaders,
  hcl: hclLoaders,
  perl: perlLoaders,
  swift: swiftLoaders,
  scala: scalaLoaders,
  dart: dartLoaders,
  elixir: elixirLoaders,
  lua: luaLoaders,
  r: rLoaders,
  c: cLoaders,
  text: textLoaders,
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

/** Adapters by name, loaded (a format whose text holds programs of other languages: yaml/load.ts). */
async function loadAdapters(names: readonly string[]): Promise<ReadonlyMap<string, Adapter>> {
  const adapters = await Promise.all(names.map((n) => loadAdapter(n as AdapterName)));
  return new Map(names.map((n, i) => [n, adapters[i]]));
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
  if (name === 'yaml') return (await import('./languages/yaml/adapter.js')).yamlComments(text);
  if (name === 'json') return (await import('./languages/json/tokenize.js')).jsonComments(text);
  const lexer = await loadLexer(name);
  return lexer ? timed(`lex comments ${name}`, () => lexer.lex(text)).lexemes.filter((l) => l.kind === 'comment') : [];
}
