import { extname } from 'node:path';
import { csharpLanguage } from './languages/csharp/language.js';
import { dockerfileLanguage } from './languages/dockerfile/language.js';
import { goLanguage } from './languages/go/language.js';
import { groovyLanguage } from './languages/groovy/language.js';
import { hclLanguage } from './languages/hcl/language.js';
import { javaLanguage } from './languages/java/language.js';
import { jsLanguage } from './languages/js/language.js';
import { jsonLanguage } from './languages/json/language.js';
import { kotlinLanguage } from './languages/kotlin/language.js';
import { makefileLanguage } from './languages/makefile/language.js';
import { markdownLanguage, rstLanguage } from './languages/markdown/language.js';
import { perlLanguage } from './languages/perl/language.js';
import { phpLanguage } from './languages/php/language.js';
import { powershellLanguage } from './languages/powershell/language.js';
import { pythonLanguage } from './languages/python/language.js';
import { rubyLanguage } from './languages/ruby/language.js';
import { rustLanguage } from './languages/rust/language.js';
import { scalaLanguage } from './languages/scala/language.js';
import { shellLanguage } from './languages/shell/language.js';
import { textLanguage } from './languages/text/language.js';
import { cLanguage, dartLanguage, elixirLanguage, luaLanguage, rLanguage, swiftLanguage } from './languages/tokens/language.js';
import { yamlLanguage } from './languages/yaml/language.js';
import type { Language } from './languages/registration.js';

export type { Language };

/**
 * What the rest of hublint knows about each language, as data: which adapter reads a file,
 * Markdown fence names, the prefilter needles, which files may use another file's constants,
 * which adapters build a syntax tree or need no nesting guard, the grammar of the fix step, what a
 * worker warms up. Each language states its own in its folder (languages/<lang>/language.ts);
 * every table is derived from this list, in this order (file names are tried in it). The code
 * that reads a language (its adapter and lexer, languages/<lang>/load.ts) is loaded through
 * registry.ts, whose LOADERS must name every language here (a type error otherwise). This file
 * and the language.ts files load no adapter, so any part of extract/ (a lowering, the project
 * index) may ask which language a path is without an import circle (test/architecture.test.ts).
 */
export const LANGUAGES = [
  jsLanguage,
  pythonLanguage,
  goLanguage,
  shellLanguage,
  dockerfileLanguage,
  makefileLanguage,
  powershellLanguage,
  yamlLanguage,
  jsonLanguage,
  markdownLanguage,
  rstLanguage,
  rubyLanguage,
  javaLanguage,
  groovyLanguage,
  kotlinLanguage,
  csharpLanguage,
  phpLanguage,
  rustLanguage,
  hclLanguage,
  perlLanguage,
  swiftLanguage,
  scalaLanguage,
  dartLanguage,
  elixirLanguage,
  luaLanguage,
  rLanguage,
  cLanguage,
  textLanguage,
] as const;

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
