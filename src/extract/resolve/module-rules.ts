import { posix } from 'node:path';
import type { ImportRef } from '../types.js';
import { ancestors, classTargets, importsFromText as baseImports, targetsOf as baseTargets, type ModuleFs, type Target } from './modules.js';

/**
 * The project index's per-language hook (issue 30, class 3): what a file imports (read from its
 * text where its lowering records none) and which files may define a name it reads. Rust, Perl
 * and Groovy are here; the languages before them are modules.ts's. Nothing here reads more than
 * the asking file's imports name: a name no import leads to gets no target, and the project
 * resolver (project.ts) caps the files and bytes one question reads.
 */

const { dirname, join, basename } = posix;

/** The languages that resolve names in other files, each with its rules. */
export function targetsOf(fs: ModuleFs, file: string, language: string, imports: readonly ImportRef[], name: string, importsOnly = false): Target[] {
  switch (language) {
    case 'rust':
      return rustTargets(fs, file, imports, name);
    case 'perl':
      return perlTargets(fs, file, imports, name);
    case 'groovy':
      // `HubSettings.BASE` of a class beside the file (Groovy needs no import within a package) or imported;
      // a bare name only through `import static` (a Jenkinsfile's names are its own, not its folder's).
      return name.includes('.') ? classTargets(fs, file, 'groovy', imports, name) : classTargets(fs, file, 'groovy', imports, name).filter((t) => t.owner !== undefined);
    default:
      return baseTargets(fs, file, language, imports, name, importsOnly);
  }
}

/** Imports read from the text, for languages whose lowering does not record them. */
export function importsFromText(language: string, text: string): ImportRef[] {
  if (language === 'rust') return rustImports(text);
  if (language === 'groovy') return groovyImports(text);
  return baseImports(language, text);
}

// ---------------------------------------------------------------- Rust

/**
 * `mod settings;` and `use` declarations (`use crate::settings::BASE;`, `use super::cfg::{A, B as
 * C};`, `use crate::settings;`, `use self::cfg::*;`), from the text: an item import names its
 * module path and the item; a module import (`mod x;`, `use a::x;` where `x` may be a module)
 * has no name, since the lowering reads `settings::BASE` as `BASE`. Statement by statement: each
 * `use` runs to its `;` (indexOf, linear).
 */
export function rustImports(text: string): ImportRef[] {
  const out: ImportRef[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    const m = /^[ \t]*(?:pub(?:\([\w: ]*\))?[ \t]+)?(use|mod)[ \t]+/.exec(line);
    if (!m) continue;
    const end = text.indexOf(';', start);
    if (end < 0) break;
    // One blank for each run, none around `::`, braces and commas: `a::{B as C}` splits at ` as `.
    const body = text.slice(start + m[0].length, end).replace(/\s+/g, ' ').replace(/ ?(::|[{},]) ?/g, '$1').trim();
    if (m[1] === 'mod') {
      if (/^\w+$/.test(body)) out.push({ local: body, module: `self::${body}`, name: null });
    } else for (const u of useTree([], body)) out.push(...u);
  }
  return out;
}

/** A use tree (`a::{b::C, d as e, *}`) under `prefix`, as imports. */
function useTree(prefix: string[], tree: string): ImportRef[][] {
  const brace = tree.indexOf('{');
  if (brace >= 0 && tree.endsWith('}')) {
    const head = tree.slice(0, brace).replace(/::$/, '');
    const path = head ? [...prefix, ...head.split('::')] : prefix;
    return splitTop(tree.slice(brace + 1, -1)).flatMap((t) => useTree(path, t));
  }
  const [p, alias] = tree.split(' as ');
  const segs = [...prefix, ...p.split('::').filter(Boolean)];
  const last = segs[segs.length - 1];
  if (!last || !segs.every((s) => /^\w+$|^\*$/.test(s))) return [];
  const module = segs.slice(0, -1).join('::');
  if (last === '*') return [[{ local: '*', module, name: '*' }]];
  if (last === 'self') return [[{ local: alias || segs[segs.length - 2], module, name: null }]];
  // `use crate::settings;` may name a module (then `settings::BASE`) or an item of `crate`.
  return [[{ local: alias || last, module, name: last }, { local: alias || last, module: segs.join('::'), name: null }]];
}

/** The items of a brace group, split at its top-level commas. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}') depth--;
    else if (s[i] === ',' && depth === 0) {
      out.push(s.slice(from, i));
      from = i + 1;
    }
  }
  out.push(s.slice(from));
  return out.filter(Boolean);
}

/** Module files one Rust name is looked for in at most (those its `use` names come first). */
const MAX_RUST_TARGETS = 32;

const RUST_ROOTS = new Set(['mod.rs', 'lib.rs', 'main.rs']);

/** The folder a file's child modules (`mod x;` in it) stand in: its own for mod.rs/lib.rs/main.rs, else one named after it. */
const childDir = (file: string) => (RUST_ROOTS.has(basename(file)) ? dirname(file) : join(dirname(file), basename(file, '.rs')));

/** The crate's root folder: `src/` beside the nearest Cargo.toml, else the nearest folder holding lib.rs or main.rs. */
function crateRoot(fs: ModuleFs, file: string): string | undefined {
  for (const d of ancestors(dirname(file))) {
    if (fs.has(join(d, 'Cargo.toml'))) return join(d, 'src');
    if (fs.has(join(d, 'lib.rs')) || fs.has(join(d, 'main.rs'))) return d;
  }
  return undefined;
}

/**
 * A module path (`crate::a::b`, `super::a`, `self::a`, `a`) to its file. The folders are
 * tried leniently: a binary's own file (`src/bin/x.rs`, `src/check.rs` built as a crate root)
 * declares its modules beside itself, so the file's own folder is tried after the child folder.
 */
function rustModuleFile(fs: ModuleFs, file: string, module: string): string | undefined {
  const segs = module.split('::').filter(Boolean);
  let bases: string[];
  if (segs[0] === 'crate') {
    segs.shift();
    bases = [crateRoot(fs, file) ?? dirname(file)];
  } else if (segs[0] === 'super') {
    let d = RUST_ROOTS.has(basename(file)) ? dirname(dirname(file)) : dirname(file);
    segs.shift();
    while (segs[0] === 'super') {
      segs.shift();
      d = dirname(d);
    }
    bases = [d];
  } else {
    if (segs[0] === 'self') segs.shift();
    bases = [childDir(file), dirname(file), ...[crateRoot(fs, file) ?? []].flat()];
  }
  if (segs.length === 0) return undefined;
  for (const b of bases) {
    const f = [join(b, ...segs) + '.rs', join(b, ...segs, 'mod.rs')].find((x) => x !== file && fs.has(x));
    if (f) return f;
  }
  return undefined;
}

/**
 * Rust: a bare name from the `use` that names it, a glob import, or a module the file declares
 * or imports (`settings::BASE` is lowered as `BASE`); `Settings::BASE` (an associated constant)
 * from the module its type is imported from.
 */
function rustTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const parts = name.split('.');
  const out: Target[] = [];
  const add = (module: string, inner: string, owner?: string) => {
    const f = rustModuleFile(fs, file, module);
    if (f && !out.some((t) => t.files[0] === f && t.name === inner)) out.push({ files: [f], name: inner, owner });
  };
  if (parts.length === 2) {
    for (const i of imports) if (i.local === parts[0] && i.name !== null && i.name !== '*') add(i.module, parts[1], i.name);
    return out;
  }
  if (parts.length !== 1) return out;
  for (const i of imports) if (i.local === name && i.name !== null) add(i.module, i.name);
  for (const i of imports) if (i.name === '*') add(i.module, name);
  for (const i of imports) if (i.name === null) add(i.module, name);
  // A crate root declaring every module: the files one unknown name may send the resolver to.
  return out.slice(0, MAX_RUST_TARGETS);
}

// ---------------------------------------------------------------- Perl

/** Folders of a Perl project that are on its @INC (beside the file's own folders above it). */
const PERL_LIB = 'lib';
/** Folders above a file searched for a module's file. */
const PERL_FOLDERS = 6;

/** `Acme::Hub::Settings` to `Acme/Hub/Settings.pm` under a folder above the file, or under its `lib/`. */
function perlModuleFile(fs: ModuleFs, file: string, module: string): string | undefined {
  const rel = `${module.split('::').join('/')}.pm`;
  for (const d of ancestors(dirname(file)).slice(0, PERL_FOLDERS)) {
    const f = [join(d, rel), join(d, PERL_LIB, rel)].find((x) => x !== file && fs.has(x));
    if (f) return f;
  }
  return undefined;
}

/**
 * Perl: a package variable written in full (`$HubSettings::BASE`, lowered `HubSettings.BASE`) in
 * its package's module file; a bare name a `use Module qw($BASE)` imports, else one of a
 * module `use`d whole (Exporter's @EXPORT), in the module files the project holds.
 */
function perlTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const dot = name.lastIndexOf('.');
  if (dot > 0) {
    const pkg = name.slice(0, dot).replace(/\./g, '::');
    const f = perlModuleFile(fs, file, pkg);
    // The lowering names `package Acme::Dock::Bases` by its last word.
    return f ? [{ files: [f], name: name.slice(dot + 1), owner: pkg.slice(pkg.lastIndexOf(':') + 1) }] : [];
  }
  const named = imports.filter((i) => i.name === name).map((i) => i.module);
  const whole = imports.filter((i) => i.name === null).map((i) => i.module);
  const files = [...new Set([...named, ...whole].flatMap((m) => perlModuleFile(fs, file, m) ?? []))];
  return files.length > 0 ? [{ files, name }] : [];
}

// ---------------------------------------------------------------- Groovy

/** `import a.b.Hub`, `import a.b.Hub as H`, `import static a.b.Hub.BASE`: as Java's lowering records them. */
export function groovyImports(text: string): ImportRef[] {
  const out: ImportRef[] = [];
  for (const line of text.split('\n')) {
    const m = /^[ \t]*import[ \t]+(?:static[ \t]+)?([\w.]+)(?:[ \t]+as[ \t]+(\w+))?/.exec(line);
    if (!m || !m[1].includes('.')) continue;
    const last = m[1].slice(m[1].lastIndexOf('.') + 1);
    out.push({ local: m[2] ?? last, module: m[1].slice(0, -last.length - 1), name: last });
  }
  return out;
}
