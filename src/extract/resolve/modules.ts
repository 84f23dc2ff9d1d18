import { posix } from 'node:path';
import type { ImportRef } from '../types.js';

/**
 * Module rules: from a name a file reads (and the file's imports) to the files that may
 * define it, by the rules of the asking file's language. Nothing here reads a file: `has`
 * and `list` are the project's (see project.ts), and every answer names the file and the
 * name to look up there. A name no rule leads to gets no target: a constant of the same name
 * in a module the file does not import never answers (what the regex index got wrong).
 */

export interface Target {
  /** Files to look in, in order; the first that defines the name wins. */
  files: string[];
  /** The name to look up in them. */
  name: string;
  /** Java/Kotlin/C#: the class that holds the field (`Hub` of `Hub.BASE`), when known. */
  owner?: string;
}

export interface ModuleFs {
  /** Whether a file exists (and is readable text). */
  has(path: string): boolean;
  /** The file names (not folders) of a folder. */
  list(dir: string): readonly string[];
  /** A file's text, for what a rule must read (go.mod, a Java package clause). */
  read(path: string): string | undefined;
}

const { dirname, join, normalize } = posix;

/** The folder and every folder above it, nearest first (up to the scan root or `/`). */
export function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) return out;
  }
}

const siblings = (fs: ModuleFs, file: string, exts: readonly string[]) =>
  fs
    .list(dirname(file))
    .filter((n) => exts.some((e) => n.endsWith(e)))
    .map((n) => join(dirname(file), n))
    .filter((f) => f !== file);

// ---------------------------------------------------------------- Python

/** Folders a Python project keeps its importable packages in, beside its scripts. */
const SOURCE_ROOTS = ['src', 'lib'];

/** `pkg.mod` or `..pkg.mod` (relative to the asking file) to its module file. */
function pythonModuleFile(fs: ModuleFs, file: string, module: string): string | undefined {
  const dots = /^\.*/.exec(module)?.[0].length ?? 0;
  const rest = module.slice(dots).split('.').filter(Boolean);
  const tail = rest.join('/');
  const forms = (base: string) => (tail ? [join(base, `${tail}.py`), join(base, tail, '__init__.py')] : [join(base, '__init__.py')]);
  if (dots > 0) {
    let base = dirname(file);
    for (let i = 1; i < dots; i++) base = dirname(base);
    return forms(base).find((f) => fs.has(f));
  }
  // An absolute import: from a package root, i.e. any folder above the file (the top of its
  // __init__.py chain, the scan root, a src/ layout all are among them).
  if (!tail) return undefined;
  for (const root of ancestors(dirname(file))) {
    const found = forms(root).find((f) => fs.has(f));
    if (found) return found;
  }
  // A script beside the package's source root (`bin/sync.py` importing `mirror.remote` from `lib/`
  // or `src/`, put on its path by the script or by an install).
  for (const root of ancestors(dirname(file))) {
    for (const src of SOURCE_ROOTS) {
      const found = forms(join(root, src)).find((f) => fs.has(f));
      if (found) return found;
    }
  }
  // A project installed under a prefix it does not hold as folders: an Ansible collection
  // imports itself as `ansible_collections.<namespace>.<name>.plugins...` from its repository
  // root. Drop leading names while at least two remain (one name alone is too common to trust).
  for (let drop = 1; rest.length - drop >= 2; drop++) {
    const shorter = rest.slice(drop).join('/');
    for (const root of ancestors(dirname(file))) {
      const found = [join(root, `${shorter}.py`), join(root, shorter, '__init__.py')].find((f) => fs.has(f));
      if (found) return found;
    }
  }
  return undefined;
}

/** Module `n` of package `module` (`pkg` + `m` is `pkg.m`, `.` + `m` is `.m`). */
const submodule = (module: string, n: string) => (module.endsWith('.') ? module + n : `${module}.${n}`);

function pythonTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const parts = name.split('.');
  const out: Target[] = [];
  const add = (module: string, inner: string) => {
    const f = pythonModuleFile(fs, file, module);
    if (f) out.push({ files: [f], name: inner });
  };
  for (const imp of imports) {
    if (imp.name === '*' && parts.length === 1) add(imp.module, name);
    if (imp.local !== parts[0]) continue;
    if (imp.name !== null) {
      // from M import N [as L]: L is M's N, or M's submodule N (then L.X is its X), or an
      // object M makes (`settings = Settings()`, then L.X is its field).
      if (parts.length === 1) add(imp.module, imp.name);
      else {
        add(submodule(imp.module, imp.name), parts.slice(1).join('.'));
        add(imp.module, [imp.name, ...parts.slice(1)].join('.'));
      }
    } else if (parts.length >= 2) {
      // import a.b (then a.b.X) or import a.b as m (then m.X).
      const aliased = imp.module !== imp.local && !imp.module.startsWith(`${imp.local}.`);
      const module = aliased ? [imp.module, ...parts.slice(1, -1)].join('.') : parts.slice(0, -1).join('.');
      add(module, parts[parts.length - 1]);
    }
  }
  return out;
}

const PY_FROM = /^[ \t]*from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)/gm;
const PY_IMPORT = /^[ \t]*import[ \t]+([^\n#;]+)/gm;

/**
 * The import statements of a Python file, from its text (`from M import N as L`, also over
 * lines in parentheses; `import a.b as m`): for a file the scan has not lowered, such as a
 * caller of a function (project.ts's callArguments). Line by line, linear.
 */
export function pythonImports(text: string): ImportRef[] {
  const out: ImportRef[] = [];
  for (const m of text.matchAll(PY_FROM)) {
    for (const item of m[2].replace(/[()\\]/g, ' ').split(',')) {
      const [name, alias] = item.trim().replace(/\s+/g, ' ').split(' as ');
      if (/^\w+$/.test(name ?? '')) out.push({ module: m[1], name, local: alias?.trim() || name });
    }
  }
  for (const m of text.matchAll(PY_IMPORT)) {
    for (const item of m[1].split(',')) {
      const [module, alias] = item.trim().replace(/\s+/g, ' ').split(' as ');
      if (/^\w[\w.]*$/.test(module ?? '')) out.push({ module, name: null, local: alias?.trim() || module });
    }
  }
  return out;
}

/**
 * The names under which a Python file calls `name` of module file `target`: `from m import f`
 * (or `as g`), `import m` then `m.f`, `from pkg import m` then `m.f`.
 */
export function pythonCallerNames(fs: ModuleFs, caller: string, text: string, target: string, name: string): string[] {
  const out: string[] = [];
  for (const imp of pythonImports(text)) {
    if (imp.name === null) {
      if (pythonModuleFile(fs, caller, imp.module) === target) out.push(`${imp.local}.${name}`);
    } else if (imp.name === name && pythonModuleFile(fs, caller, imp.module) === target) out.push(imp.local);
    else if (pythonModuleFile(fs, caller, submodule(imp.module, imp.name)) === target) out.push(`${imp.local}.${name}`);
  }
  return out;
}

// ---------------------------------------------------------------- Go

/**
 * A module-internal import path to its folder, through the go.mod above the asking file.
 * With no go.mod in sight (a scan of part of a module), the longest tail of two or more
 * segments of the path that is a folder of Go files above the asking file (`internal/web` of
 * `example.org/tool/internal/web`).
 */
function goPackageDir(fs: ModuleFs, file: string, importPath: string): string | undefined {
  const roots = ancestors(dirname(file));
  for (const root of roots) {
    const mod = fs.read(join(root, 'go.mod'));
    if (mod === undefined) continue;
    const path = /^[ \t]*module[ \t]+"?([^\s"]+)/m.exec(mod)?.[1];
    if (!path) return undefined;
    if (importPath === path) return root;
    return importPath.startsWith(`${path}/`) ? join(root, importPath.slice(path.length + 1)) : undefined;
  }
  const segments = importPath.split('/');
  for (let i = 1; i <= segments.length - 2; i++) {
    const tail = segments.slice(i).join('/');
    for (const root of roots) {
      const dir = join(root, tail);
      if (fs.list(dir).some((n) => n.endsWith('.go'))) return dir;
    }
  }
  return undefined;
}

/** An import spec of a Go file's text: `"path"` or `alias "path"`, alone or in an `import ( … )` block. */
const GO_IMPORT_SPEC = /^[ \t]*(?:import[ \t]+)?(?:([A-Za-z_]\w*)[ \t]+)?"([^"\n]+)"/gm;

/**
 * The names under which a Go file (`caller`) imports the package in folder `dir`: its
 * alias, else the last element of the import path. From the text, line by line (a caller's
 * file is not lowered unless it names the function).
 */
export function goImportedAs(fs: ModuleFs, caller: string, text: string, dir: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(GO_IMPORT_SPEC)) {
    const path = m[2];
    if (m[1] === '_' || goPackageDir(fs, caller, path) !== dir) continue;
    out.push(m[1] ?? path.slice(path.lastIndexOf('/') + 1));
  }
  return out;
}

function goTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const parts = name.split('.');
  // The same package: every .go file of the folder, whatever its build tags.
  if (parts.length === 1) return [{ files: siblings(fs, file, ['.go']), name }];
  const imp = imports.find((i) => i.local === parts[0] && i.name === null);
  if (!imp || parts.length !== 2) return [];
  const dir = goPackageDir(fs, file, imp.module);
  if (dir === undefined) return [];
  const files = fs
    .list(dir)
    .filter((n) => n.endsWith('.go') && !n.endsWith('_test.go'))
    .map((n) => join(dir, n));
  return [{ files, name: parts[1] }];
}

// ---------------------------------------------------------------- Java, Kotlin, C#

// Groovy reads a Java class's constant as readily as a Groovy one's.
const CLASS_EXTS: Record<string, readonly string[]> = { java: ['.java'], kotlin: ['.kt', '.kts'], csharp: ['.cs'], groovy: ['.groovy', '.java'] };

/** The file of class `cls` of package `pkg` (`a.b`), from the asking file's source root. */
function classFile(fs: ModuleFs, file: string, pkg: string, cls: string, ext: string): string | undefined {
  const own = /^[ \t]*package[ \t]+([\w.]+)/m.exec(fs.read(file) ?? '')?.[1];
  let root = dirname(file);
  // The source root is the folder the asking file's own package path hangs from.
  if (own) for (let i = own.split('.').length; i > 0; i--) root = dirname(root);
  const f = join(root, ...pkg.split('.'), `${cls}${ext}`);
  return fs.has(f) ? f : undefined;
}

/** `Hub.cs` beside the asking file, or in a folder above it or one level under such a folder (C# namespaces do not follow folders). */
function nearbyClassFile(fs: ModuleFs, file: string, cls: string, exts: readonly string[]): string | undefined {
  const names = exts.map((e) => `${cls}${e}`);
  const dirs = ancestors(dirname(file)).slice(0, 4);
  for (const d of dirs) {
    const here = fs.list(d).find((n) => names.includes(n));
    if (here) return join(d, here);
  }
  return undefined;
}

export function classTargets(fs: ModuleFs, file: string, language: string, imports: readonly ImportRef[], name: string): Target[] {
  const exts = CLASS_EXTS[language] ?? ['.java'];
  const parts = name.replace(/^this\./, '').split('.');
  if (name.startsWith('this.')) return [];
  if (parts.length === 1) {
    const out: Target[] = [];
    // import static a.b.Hub.BASE
    for (const imp of imports) {
      if (imp.local !== name || imp.name === null) continue;
      const owner = imp.module.split('.').pop() ?? '';
      const pkg = imp.module.split('.').slice(0, -1).join('.');
      const f = classFile(fs, file, pkg, owner, exts[0]) ?? nearbyClassFile(fs, file, owner, exts);
      if (f) out.push({ files: [f], name: imp.name, owner });
    }
    // The same package (the folder): a field of any of its classes.
    out.push({ files: siblings(fs, file, exts), name });
    return out;
  }
  const owner = parts[parts.length - 2];
  const field = parts[parts.length - 1];
  if (!/^[A-Z]/.test(owner)) return [];
  const qualified = parts.length > 2 ? parts.slice(0, -2).join('.') : imports.find((i) => i.local === owner && i.name === owner)?.module;
  const f = (qualified ? classFile(fs, file, qualified, owner, exts[0]) : undefined) ?? nearbyClassFile(fs, file, owner, exts);
  return f ? [{ files: [f], name: field, owner }] : [];
}

// ---------------------------------------------------------------- shell, PowerShell

/**
 * A sourced path as written (`./lib/env.sh`, `"$(dirname "$0")/env.sh"`, `${DIR}/env.sh`,
 * `$PSScriptRoot\env.ps1`) to the files it may be: a leading variable or command
 * substitution stands for the script's own folder (the common idiom) or the scan root.
 */
function sourcedFiles(fs: ModuleFs, file: string, module: string): string[] {
  let p = module.trim().replace(/^["']|["']$/g, '').replace(/\\/g, '/');
  const afterVar = /^(?:\$\{[^}]*\}|\$\([^)]*\)|\$\w+|"\$\([^)]*\)")["']?\//.exec(p);
  if (afterVar) p = p.slice(afterVar[0].length);
  p = p.replace(/["']/g, '');
  if (p === '' || p.includes('$')) return [];
  const out = [normalize(join(dirname(file), p)), normalize(p)];
  return [...new Set(out)].filter((f) => fs.has(f));
}

/** `source x` / `. x` (shell), `. $PSScriptRoot\x.ps1` (PowerShell), read from a file's text. */
const SOURCE_LINE = /^[ \t]*(?:source|\.)[ \t]+([^\s;&|#]+)/gm;

export function sourcedImports(text: string): ImportRef[] {
  return [...text.matchAll(SOURCE_LINE)].map((m) => ({ local: m[1], module: m[1], name: null }));
}

function sourceTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const bare = name.replace(/^[$@]/, '').replace(/^(?:env|script|global):/i, '');
  if (bare.includes('.')) return [];
  // Later `source` lines override earlier ones: the last sourced file is asked first.
  const files = imports.flatMap((i) => sourcedFiles(fs, file, i.module)).reverse();
  return files.length > 0 ? [{ files, name: bare }] : [];
}

// ---------------------------------------------------------------- JS / TS

const JS_EXTS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];

/** A relative specifier to its file: as written, with an extension, `.js` written for `.ts`, or an index file. */
export function jsModuleFile(fs: ModuleFs, file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = normalize(join(dirname(file), spec));
  const stem = base.replace(/\.(?:[mc]?js|jsx)$/, '');
  const forms = [base, ...JS_EXTS.map((e) => stem + e), ...JS_EXTS.map((e) => join(base, `index${e}`))];
  return forms.find((f) => fs.has(f));
}

/** `import { A as B } from './x'`, `import * as c from './x'`, `require('./x')`, read from a file's text. */
const JS_IMPORT = /\bimport[ \t]+(?:type[ \t]+)?(\{[^{}]*\}|\*[ \t]+as[ \t]+[\w$]+|[\w$]+)[ \t]*from[ \t]*['"]([^'"\n]+)['"]/g;

export function jsImports(text: string): ImportRef[] {
  const out: ImportRef[] = [];
  for (const m of text.matchAll(JS_IMPORT)) {
    const [clause, module] = [m[1], m[2]];
    if (clause.startsWith('{')) {
      for (const item of clause.slice(1, -1).split(',')) {
        // `a as b`: one blank on each side of `as` in the pattern, the rest trimmed off the parts
        // (`/\s+as\s+/` is quadratic on long blank runs).
        const [imported, local] = item.trim().split(/\sas\s/).map((p) => p.trim());
        if (imported) out.push({ local: local ?? imported, module, name: imported });
      }
    } else if (clause.startsWith('*')) out.push({ local: clause.split(/\s+/).pop() ?? '', module, name: null });
    else out.push({ local: clause, module, name: 'default' });
  }
  // CommonJS: `const { A, B: C } = require('./m')`, `const m = require('./m')` (then `m.A`).
  for (const m of text.matchAll(JS_REQUIRE)) {
    const [clause, module] = [m[1], m[2]];
    if (!clause.startsWith('{')) {
      out.push({ local: clause, module, name: null });
      continue;
    }
    for (const item of clause.slice(1, -1).split(',')) {
      const [imported, local] = item.split(':').map((p) => p.trim());
      if (/^[\w$]+$/.test(imported ?? '')) out.push({ local: local || imported, module, name: imported });
    }
  }
  return out;
}

const JS_REQUIRE = /\b(?:const|let|var)[ \t]+(\{[^{}=]*\}|[\w$]+)[ \t]*=[ \t]*require\([ \t]*['"]([^'"\n]+)['"][ \t]*\)/g;

function jsTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const parts = name.split('.');
  const out: Target[] = [];
  for (const imp of imports) {
    if (imp.local !== parts[0]) continue;
    const f = jsModuleFile(fs, file, imp.module);
    if (!f) continue;
    if (imp.name !== null && imp.name !== '*' && parts.length === 1) out.push({ files: [f], name: imp.name });
    // `import { engineOptions } from './config'` then `engineOptions.version`: the field of the exported object.
    else if (imp.name !== null && imp.name !== '*' && imp.name !== 'default') out.push({ files: [f], name: [imp.name, ...parts.slice(1)].join('.') });
    // `import * as c`, `const c = require('./x')`: `c.a.b` is the module's `a.b`.
    else if ((imp.name === null || imp.name === '*') && parts.length >= 2) out.push({ files: [f], name: parts.slice(1).join('.') });
    // `import cfg from './config'`: `cfg.hubBase` is a field of the default export (or of `module.exports`).
    else if (imp.name === 'default' && parts.length >= 2) out.push({ files: [f], name: ['default', ...parts.slice(1)].join('.') });
  }
  return out;
}

// ----------------------------------------------------------------

/** The languages that resolve names in other files, each with its rules. */
export function targetsOf(fs: ModuleFs, file: string, language: string, imports: readonly ImportRef[], name: string, importsOnly = false): Target[] {
  switch (language) {
    case 'python':
      return pythonTargets(fs, file, imports, name);
    case 'go':
      return goTargets(fs, file, imports, name);
    case 'java':
    case 'kotlin':
    case 'csharp':
      return classTargets(fs, file, language, imports, name);
    case 'bash':
    case 'shell':
    case 'powershell':
      return sourceTargets(fs, file, imports, name);
    case 'js':
    case 'ts':
      return jsTargets(fs, file, imports, name);
    case 'ruby':
      return rubyTargets(fs, file, imports, name);
    case 'php':
      return phpTargets(fs, file, imports, name, importsOnly);
    default:
      return [];
  }
}

// ---------------------------------------------------------------- PHP

/** An include path as php.ts records it (`__DIR__/../config.php`, `config/app.php`) to the file it names. */
function phpIncludedFile(fs: ModuleFs, file: string, module: string): string | undefined {
  if (module.startsWith('__DIR__')) {
    const f = normalize(join(dirname(file), module.slice('__DIR__'.length)));
    return fs.has(f) ? f : undefined;
  }
  // A relative path: the include_path (`.`, the entry script's folder: the project root or a
  // folder above) or, failing that, the including file's own folder.
  if (module.startsWith('/')) return undefined;
  for (const root of ancestors(dirname(file))) {
    const f = normalize(join(root, module));
    if (fs.has(f)) return f;
  }
  return undefined;
}

/** Folders above a PHP file where a constant no include names may be defined (a bootstrap, a config.php). */
const PHP_CONSTANT_FOLDERS = 3;

/**
 * PHP: constants are global. A bare name (`HUB_API`, from `define` or `const`) is looked for in
 * the files the file includes (and those they include, see project.ts), else in the PHP files
 * of its folder and the folders above (a bootstrap or config file an entry script included
 * first); a class constant (`Hub::API`) in `Hub.php` near the file (the PSR-4 file of the class).
 */
function phpTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string, importsOnly: boolean): Target[] {
  const parts = name.split('.');
  if (parts.length === 2 && /^[A-Z]\w*$/.test(parts[0]) && parts[0] !== 'self' && parts[0] !== 'static') {
    const f = nearbyClassFile(fs, file, parts[0], ['.php']);
    return f && f !== file ? [{ files: [f], name: parts[1], owner: parts[0] }] : [];
  }
  if (parts.length !== 1) return [];
  const included = [...new Set(imports.flatMap((i) => phpIncludedFile(fs, file, i.module) ?? []))].filter((f) => f !== file);
  const out: Target[] = included.length > 0 ? [{ files: included, name }] : [];
  // Only a constant's name (upper case) is looked for where no include leads.
  if (importsOnly || !/^[A-Z][A-Z0-9_]*$/.test(name)) return out;
  const nearby = ancestors(dirname(file))
    .slice(0, PHP_CONSTANT_FOLDERS)
    .flatMap((d) => fs.list(d).filter((n) => n.endsWith('.php')).map((n) => join(d, n)))
    .filter((f) => f !== file && !included.includes(f));
  if (nearby.length > 0) out.push({ files: nearby, name });
  return out;
}

const RUBY_REQUIRE = /^[ \t]*require(_relative)?[ \t(]+["']([\w./-]+)["']/gm;

/** Ruby `require 'gem/version'` (from a load path: the file's folder or one above it) and `require_relative`. */
function rubyTargets(fs: ModuleFs, file: string, imports: readonly ImportRef[], name: string): Target[] {
  const constant = name.split(/::|\./).pop() ?? name;
  const here = dirname(file);
  const files = imports.flatMap((i) => {
    const rel = i.module.endsWith('.rb') ? i.module : `${i.module}.rb`;
    if (i.local === 'relative') return [join(here, rel)].filter((f) => fs.has(f));
    return ancestors(here).map((d) => join(d, rel)).filter((f) => fs.has(f)).slice(0, 1);
  });
  if (files.length > 0) return [{ files, name: constant }];
  // Autoloaded (Zeitwerk, a gem's files loaded by its entry point): the constants beside the file.
  const siblings = fs.list(here).filter((n) => n.endsWith('.rb')).map((n) => join(here, n)).filter((f) => f !== file);
  return siblings.length > 0 ? [{ files: siblings, name: constant }] : [];
}

/** Imports read from the text, for languages whose adapter does not hand them over. */
export function importsFromText(language: string, text: string): ImportRef[] {
  if (language === 'bash' || language === 'shell' || language === 'powershell') return sourcedImports(text);
  if (language === 'js' || language === 'ts') return jsImports(text);
  if (language === 'ruby') return [...text.matchAll(RUBY_REQUIRE)].map((m) => ({ local: m[1] ? 'relative' : 'load-path', module: m[2], name: null }));
  return [];
}

// ---------------------------------------------------------------- package siblings

/** Languages whose package spans the files of a folder, no import needed. */
export const PACKAGE_FOLDER_LANGUAGES: ReadonlySet<string> = new Set(['go', 'java', 'kotlin', 'csharp']);

const GO_SINGLE = /^(?:const|var)[ \t]+([A-Za-z_]\w*)/;
const GO_BLOCK = /^(?:const|var)[ \t]*\(/;
const GO_IN_BLOCK = /^[ \t]+([A-Za-z_]\w*)\b[^=\n]*=/;
/** Kotlin's top-level `val`/`var` (no indentation; `private` ones stay in their file). */
const KOTLIN_TOP_LEVEL = /^(?:(?:public|internal)[ \t]+)?(?:val|var)[ \t]+([A-Za-z_]\w*)/gm;
const CLASS_CONSTANT = /\b(?:static[ \t]+final|final[ \t]+static|static[ \t]+readonly|readonly[ \t]+static|const(?:[ \t]+val)?)[ \t]+(?:(?:String|string)[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::[ \t]*String[ \t]*)?=/g;

/**
 * The names a file defines for its whole package (Go package-level `const`/`var`; Java,
 * Kotlin and C# `static final`/`const` fields; Kotlin's top-level `val`s): another file of the same folder may build a
 * Hub URL from them without naming a Hub host or path itself. Read line by line (linear).
 */
export function packageNames(language: string, text: string): string[] {
  if (language === 'kotlin') return [...text.matchAll(CLASS_CONSTANT), ...text.matchAll(KOTLIN_TOP_LEVEL)].map((m) => m[1]);
  if (language !== 'go') return [...text.matchAll(CLASS_CONSTANT)].map((m) => m[1]);
  const out: string[] = [];
  let block = false;
  for (const line of text.split('\n')) {
    if (block) {
      if (line.startsWith(')')) block = false;
      else {
        const m = GO_IN_BLOCK.exec(line);
        if (m) out.push(m[1]);
      }
      continue;
    }
    if (GO_BLOCK.test(line)) block = true;
    else {
      const m = GO_SINGLE.exec(line);
      if (m) out.push(m[1]);
    }
  }
  return out;
}
