import { posix } from 'node:path';
import { hashText } from '../../core/hash.js';
import { BoundedCache } from '../../runtime/bounded-cache.js';
import { adapterNameFor } from '../language-table.js';
import type { CallerQuery, ForeignFunction, ForeignPiece, ForeignQuery, ForeignValue, ImportRef, MemberQuery, ProjectLookup } from '../types.js';
import type { Def, Expr, Lowered, Scope } from '../lower/form.js';
import { Evaluator, literalMatching, programOf, type Pieces, type Program } from '../lower/evaluate.js';
import { applyCut, type TextCut } from '../lower/text-cut.js';
import { ancestors, goImportedAs, jsImports, jsModuleFile, PACKAGE_FOLDER_LANGUAGES, packageNames, pythonCallerNames, type ModuleFs } from './modules.js';
import { importsFromText, targetsOf } from './module-rules.js';
import { goModuleFiles, goModuleRoot, mayDefineMember, memberDefs, treeFiles, type TreeFs } from './members.js';

/**
 * The project resolver: the cross-file half of value resolution. A site asks for a name its
 * file does not define; the language's module rules (modules.ts) name the files that may
 * define it; each is read (through the scan's `ProjectFiles`, also when the byte prefilter
 * skipped it), lowered and its definition evaluated with the same evaluator as the asking
 * file, so a constant built from constants of a third file resolves too. Work is per
 * question: a run reads and lowers only the files some site leads to, once per content.
 */

/** The file access the scan gives the resolver (paths as the scan names files). */
export interface ProjectFiles {
  /** A file's text, or undefined (missing, unreadable, binary, over the size limit). */
  read(path: string): string | undefined;
  /** The file names (not folders) of a folder; empty when it cannot be listed. */
  list(dir: string): readonly string[];
  /** The sub-folder names of a folder (a module-wide question walks them); absent or empty: none. */
  folders?(dir: string): readonly string[];
}

/** Turns a file's text into the lowered form (registered by each lowered language's adapter on load). */
export type Lower = (text: string, file: string) => Lowered;

const LOWERINGS = new Map<string, Lower>();

/**
 * The lowered forms made in this run, by language and file, with the text each was made
 * from: a file's own lint, the pin search and other files' questions parse and lower it once
 * (a changed text is lowered again). The least recently used go past MAX_REMEMBERED
 * characters of text: a lowered form takes some 40 bytes a character, and a run that kept
 * every file's reached gigabytes (issue 34, row 5). The cap is in characters, so it is set
 * from the bytes it may hold: at 4 M characters (~160 MB here and as much again in each
 * resolver's programs) a scan of 400 files of 19 KB still outgrew a 200 MB heap before
 * the cap was reached. At 1 M (~40 MB) the cache is full after some 50 such files and the
 * heap stays the same from there on.
 */
export const BYTES_PER_LOWERED_CHAR = 40;
export const MAX_REMEMBERED = 1024 * 1024;
const REMEMBERED = new BoundedCache<string, Lowered>(MAX_REMEMBERED, (l) => l.text.length);

function remember(key: string, lowered: Lowered): Lowered {
  return REMEMBERED.set(key, lowered);
}

/** How much text the remembered forms were made from (for tests). */
export const rememberedChars = (): number => REMEMBERED.cost;

/** The form `adapter`'s lowering made of `file` with this very text, if one was made in this run. */
export function loweredBefore(adapter: string, file: string, text: string): Lowered | undefined {
  const had = REMEMBERED.get(`${adapter}\0${file}`);
  return had && had.text === text ? had : undefined;
}

/** Keeps a form a file's own lint made, for the pin search and other files' questions. */
export function rememberLowered(adapter: string, file: string, lowered: Lowered): Lowered {
  return remember(`${adapter}\0${file}`, lowered);
}

/** Called by extract/lower/adapter.ts when a language's grammar is loaded: its files can now be read as foreign files. */
export function registerLowering(adapter: string, lower: Lower): void {
  LOWERINGS.set(adapter, (text, file) => loweredBefore(adapter, file, text) ?? rememberLowered(adapter, file, lower(text, file)));
}

/** The lowering of a language whose adapter has loaded (the pin search lowers the files that reach a sink). */
export function loweringOf(adapter: string): Lower | undefined {
  return LOWERINGS.get(adapter);
}

/** A PHP file that includes another (whose constants it then has). */
const PHP_INCLUDE = /\b(?:require|include)(?:_once)?\b/;

/** How many files one question may chain through (`A = B + "/x"` with B in a third file...). */
const MAX_CHAIN = 6;
/** Files looked at for one name at most (a Go package, a Java folder). */
const MAX_FILES = 200;
/** Folders above a file searched for the files that call one of its functions (its own and two above). */
const CALLER_FOLDERS = 3;
/** Classes walked up a hierarchy for an inherited method (`C(B)`, `B(A)`: two). */
const MAX_BASES = 4;
const lastName = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
/** Call-site values kept for one parameter. */
const MAX_CALLER_VALUES = 8;

/**
 * Per language: which files may call a function of another file, and the callee names under
 * which a caller reaches it. JS/TS: an import of that file by its relative specifier. Kotlin:
 * a file of the same package (folder) calls a class by its name, one elsewhere imports it
 * (`import org.acme.HubAccessor`, `... as Hub`); a constructor call is a plain call. Python:
 * an import of that module (`from clients import docker_client`, `import clients`).
 */
const CALLERS: Record<string, { file: RegExp; locals: (fs: ModuleFs, caller: string, text: string, q: CallerQuery) => string[] }> = {
  js: { file: /\.(?:[mc]?[jt]s|[jt]sx)$/, locals: jsCallerNames },
  ts: { file: /\.(?:[mc]?[jt]s|[jt]sx)$/, locals: jsCallerNames },
  kotlin: { file: /\.kts?$/, locals: (_fs, caller, text, q) => (posix.dirname(caller) === posix.dirname(q.file) ? [q.name] : kotlinImportedAs(text, q.name)) },
  python: { file: /\.py$/, locals: (fs, caller, text, q) => pythonCallerNames(fs, caller, text, q.file, q.name) },
  // Java: a class of the same package by its name, one elsewhere through its import.
  java: { file: /\.java$/, locals: (_fs, caller, text, q) => (posix.dirname(caller) === posix.dirname(q.file) ? [q.name] : kotlinImportedAs(text, q.name)) },
  // C#: a class of the same folder, or of a namespace the caller is in or uses.
  csharp: { file: /\.cs$/, locals: (fs, caller, text, q) => (posix.dirname(caller) === posix.dirname(q.file) || usesNamespaceOf(fs, text, q.file) ? [q.name] : []) },
  // Go: a function of the package by its name, from another package of the module as `pkg.Name`.
  go: { file: /^(?!.*_test\.go$).*\.go$/, locals: (fs, caller, text, q) => (posix.dirname(caller) === posix.dirname(q.file) ? [q.name] : goImportedAs(fs, caller, text, posix.dirname(q.file)).map((l) => `${l}.${q.name}`)) },
};

/** Folders of commands that use a project's library, beside the folders above it. */
const ENTRY_FOLDERS = ['bin', 'scripts', 'script', 'tools'];

/** Go's callers may be in any package of the module (`cmd/tool/main.go` calling `registry.New(…)`). */
const MODULE_WIDE_CALLERS = new Set(['go']);
/**
 * Java's, Kotlin's and C#'s in any package of the source tree (`org/acme/app/Main.java` making
 * `org.acme.hub.Registry`): the tree under the highest folder CALLER_FOLDERS goes up to.
 */
const SOURCE_TREE_CALLERS = new Set(['java', 'kotlin', 'csharp']);

function jsCallerNames(fs: ModuleFs, caller: string, text: string, q: CallerQuery): string[] {
  return jsImports(text)
    .filter((i) => (i.name === q.name || i.name === null) && jsModuleFile(fs, caller, i.module) === q.file)
    .map((i) => (i.name === null ? `${i.local}.${q.name}` : i.local));
}

/** Whether a C# file's text is in, or has a `using` of, the namespace `file` declares. */
function usesNamespaceOf(fs: ModuleFs, text: string, file: string): boolean {
  const ns = /^[ \t]*namespace[ \t]+([\w.]+)/m.exec(fs.read(file) ?? '')?.[1];
  if (!ns) return false;
  return text.split('\n').some((line) => {
    const m = /^[ \t]*(?:global[ \t]+)?(?:using|namespace)[ \t]+([\w.]+)[ \t]*[;{]?/.exec(line);
    return m?.[1] === ns;
  });
}

/** `import a.b.Name` / `import a.b.Name as Alias` lines of a Kotlin file: the local names of `name`. */
function kotlinImportedAs(text: string, name: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^[ \t]*import[ \t]+[\w.]+\.(\w+)(?:[ \t]+as[ \t]+(\w+))?/.exec(line);
    if (m && m[1] === name) out.push(m[2] ?? name);
  }
  return out;
}

/** Characters of other files' texts the resolver keeps (one or two bytes each). */
export const MAX_TEXTS = 4 * 1024 * 1024;

interface Parsed {
  program: Program;
  defs: Map<string, Def[]>;
}

export class ProjectResolver implements ProjectLookup {
  /** Other files' texts and programs, the least recently used dropped past their caps (read or lowered again when asked). */
  private readonly texts = new BoundedCache<string, string | null>(MAX_TEXTS, (t) => (t === null ? 1 : t.length + 1));
  private readonly lists = new Map<string, readonly string[]>();
  private readonly parsed = new BoundedCache<string, Parsed | null>(MAX_REMEMBERED, (p) => (p === null ? 1 : p.program.lowered.text.length + 1));
  private readonly answers = new Map<string, ForeignValue | null>();
  private readonly callerAnswers = new Map<string, ForeignValue[]>();
  private readonly declared = new Map<string, Set<string>>();
  private readonly functions = new Map<string, ForeignFunction | null>();
  private readonly mentioned = new Map<string, string | undefined>();
  private readonly memberAnswers = new Map<string, ForeignValue[]>();
  private readonly moduleFiles = new Map<string, string[]>();
  private readonly busy: string[] = [];
  /**
   * Imports read from files' texts (importsOf), with the text they were read from: the same
   * string the texts cache holds while both keep it, counted whole so that one outliving it
   * stays within MAX_REMEMBERED characters.
   */
  private readonly textImports = new BoundedCache<string, { text: string; imports: readonly ImportRef[] }>(MAX_REMEMBERED, (e) => e.text.length + e.imports.length + 1);
  /**
   * The files (`f:path`) and folder listings (`d:dir`) the calls in progress read, innermost
   * last: every read is noted in all of them, and a memoised answer notes the reads that made
   * it (answerDeps), so a caller learns what its value came from even when another file asked
   * first (the --cache entries are checked against them, scan/run.ts).
   */
  private readonly noting: Array<Set<string>> = [];
  private readonly answerDeps = new Map<string, Set<string>>();
  private readonly fs: TreeFs;
  /** Questions answered from files (for tests and the profile). */
  stats = { questions: 0, filesRead: 0, filesLowered: 0 };

  constructor(private readonly files: ProjectFiles) {
    this.fs = {
      has: (p) => this.read(p) !== undefined,
      list: (d) => this.list(d),
      read: (p) => this.read(p),
      folders: (d) => this.folders(d),
    };
  }

  /** A file's text as the resolver reads it (cached): where a pin found through a use stands. */
  textOf(path: string): string | undefined {
    return this.read(path);
  }

  /**
   * This resolver as one file's lint sees it: every file and folder its questions read (also
   * through answers memoised for other files) is added to `deps`. Each question is answered
   * synchronously, so the noting cannot mix two files.
   */
  tracked(deps: Set<string>): ProjectLookup {
    const within = <T>(ask: () => T): T => {
      this.noting.push(deps);
      try {
        return ask();
      } finally {
        this.noting.pop();
      }
    };
    return {
      value: (q) => within(() => this.value(q)),
      callArguments: (q) => within(() => this.callArguments(q)),
      functionOf: (q) => within(() => this.functionOf(q)),
      methodsOf: (owner, name) => within(() => this.methodsOf(owner, name)),
      mentions: (q, pattern, needle) => within(() => this.mentions(q, pattern, needle)),
      memberValues: (q) => within(() => this.memberValues(q)),
    };
  }

  /** What a dependency noted by tracked() reads now: a file's text, a folder's sorted names ('\0' when missing). */
  dependencyText(dep: string): string {
    const target = dep.slice(2);
    if (dep.startsWith('d:')) return [...this.list(target)].sort().join('\n');
    return this.read(target) ?? '\0';
  }

  private note(dep: string): void {
    for (const set of this.noting) set.add(dep);
  }

  /** Notes the reads the memoised answer `key` was made from. */
  private recall(key: string): void {
    for (const dep of this.answerDeps.get(key) ?? []) this.note(dep);
  }

  /** Runs `compute`, keeping its reads under `key` (they are noted in the calls in progress too). */
  private noteUnder<T>(key: string, compute: () => T): T {
    const deps = new Set<string>();
    this.answerDeps.set(key, deps);
    this.noting.push(deps);
    try {
      return compute();
    } finally {
      this.noting.pop();
    }
  }

  private read(path: string): string | undefined {
    if (this.noting.length > 0) this.note(`f:${path}`);
    let t = this.texts.get(path);
    if (t === undefined) {
      const read = this.files.read(path);
      t = read ?? null;
      this.texts.set(path, t);
      if (read !== undefined) this.stats.filesRead++;
    }
    return t ?? undefined;
  }

  private list(dir: string): readonly string[] {
    if (this.noting.length > 0) this.note(`d:${dir}`);
    let l = this.lists.get(dir);
    if (!l) this.lists.set(dir, (l = this.files.list(dir)));
    return l;
  }

  private readonly folderLists = new Map<string, readonly string[]>();
  /** Sub-folders, for a module-wide question; a listing is noted like a folder's files (`d:`), so a new folder re-asks. */
  private folders(dir: string): readonly string[] {
    if (this.noting.length > 0) this.note(`d:${dir}`);
    let l = this.folderLists.get(dir);
    if (!l) this.folderLists.set(dir, (l = this.files.folders?.(dir) ?? []));
    return l;
  }

  /** The Go files of the module `file` stands in (goModuleFiles), listed once per run. */
  private goModule(file: string): string[] {
    const root = goModuleRoot(this.fs, file);
    let files = this.moduleFiles.get(root);
    if (!files) this.moduleFiles.set(root, (files = goModuleFiles(this.fs, root)));
    return files;
  }

  /**
   * The values `q.owner`'s field `q.member` is given in the project (members.ts says where):
   * each definition evaluated in its own file; a definition that only holds a parameter of its
   * function (`NewRemote(domain string)`, `WithDomain(d string)`'s closure) gives the values
   * that function's callers pass. Asked per type and field, once per run; the files are read
   * on demand, also those the scan does not report on (a partial scan reads what a site needs).
   */
  memberValues(q: MemberQuery): ForeignValue[] {
    if (q.language !== 'go') return [];
    const key = `member\0${goModuleRoot(this.fs, q.file)}\0${posix.dirname(q.file)}\0${q.owner}\0${q.member}`;
    const known = this.memberAnswers.get(key);
    if (known) {
      this.recall(key);
      return known;
    }
    const out: ForeignValue[] = [];
    this.memberAnswers.set(key, out);
    if (this.busy.length >= MAX_CHAIN) return out;
    this.busy.push(key);
    try {
      this.noteUnder(key, () => this.membersSet(q, out));
    } finally {
      this.busy.pop();
    }
    return out;
  }

  private membersSet(q: MemberQuery, out: ForeignValue[]): void {
    const lower = LOWERINGS.get('go');
    if (!lower) return;
    const dir = posix.dirname(q.file);
    for (const file of this.goModule(q.file)) {
      if (out.length >= MAX_CALLER_VALUES) return;
      const text = this.read(file);
      if (text === undefined || !mayDefineMember(text, q.member)) continue;
      const parsed = this.parse(file, text, lower);
      if (!parsed) continue;
      const ev = new Evaluator(parsed.program);
      for (const def of memberDefs(parsed.program.lowered, q.owner, q.member, posix.dirname(file) === dir)) {
        const pieces = ev.evaluate(def.value);
        // A parameter cut (`strings.TrimSuffix(root, "/")`): the callers' values, cut the same way.
        const cuts: TextCut[] = [];
        let value = def.value;
        for (; value.kind === 'cut'; value = value.of) cuts.unshift(value.cut);
        const param = value;
        const only = pieces.length === 1 ? pieces[0] : undefined;
        const fn = only && 'hole' in only && param.kind === 'name' ? parsed.program.paramScope(param.name, param) : undefined;
        const index = fn?.params.findIndex((x) => x.name === (param as { name: string }).name) ?? -1;
        // Only a parameter here: what the callers of its function pass (`NewRemote("https://…")` in cmd/); a method's callers are not followed.
        if (fn?.name && index >= 0 && !fn.params[0]?.name.startsWith('recv:')) out.push(...this.callArguments({ file, language: 'go', name: fn.name, index, param: fn.params[index].name }).map((v) => cutValue(v, cuts)));
        else out.push(foreignValue(file, def.value, pieces));
        if (out.length >= MAX_CALLER_VALUES) return;
      }
    }
  }

  value(q: ForeignQuery): ForeignValue | undefined {
    return this.answersFor(q, true)[0];
  }

  /**
   * Every definition the name may have, not only the first: a Go package constant defined once
   * per platform in files behind build tags (`version_linux.go`, `version_windows.go`).
   */
  values(q: ForeignQuery): ForeignValue[] {
    return this.answersFor(q, false);
  }

  private answersFor(q: ForeignQuery, first: boolean): ForeignValue[] {
    const out: ForeignValue[] = [];
    if (this.busy.length >= MAX_CHAIN) return out;
    const imports = this.importsOf(q);
    const targets = targetsOf(this.fs, q.file, q.language, imports, q.name, q.importsOnly);
    for (const t of targets) {
      for (const file of t.files.slice(0, MAX_FILES)) {
        const key = `${file}\0${t.owner ?? ''}\0${t.name}`;
        // A cycle (a imports b imports a): this question gets no answer.
        if (this.busy.includes(key)) continue;
        let answer = this.answers.get(key);
        if (answer === undefined) {
          this.stats.questions++;
          this.busy.push(key);
          try {
            answer = this.noteUnder(key, () => this.definedIn(file, t.name, t.owner)) ?? null;
          } finally {
            this.busy.pop();
          }
          this.answers.set(key, answer);
        } else this.recall(key);
        if (answer) out.push(answer);
        if (answer && first) return out;
      }
    }
    return out;
  }

  /**
   * What the files calling `q.file`'s `q.name` pass for one of its parameters
   * (`listRepos(session, 'hub.docker.com', ns)`, `new Repos(endpoint)`, Kotlin's
   * `HubAccessor("https://hub.docker.com/v2", token)` or `HubAccessor(base = ...)`). Only the
   * file's folder and the folders above it are read (where an entry point or a client class
   * uses its helpers); CALLERS says, per language, which files those are and under which names
   * a caller reaches the function. Each answer is cached, and it shares the chain bound of `value`.
   */
  callArguments(q: CallerQuery): ForeignValue[] {
    const rule = CALLERS[q.language];
    if (!rule) return [];
    const key = `${q.file}\0${q.name}\0${q.index}\0${q.param ?? ''}\0${q.owner ?? ''}`;
    const known = this.callerAnswers.get(key);
    if (known) {
      this.recall(`c\0${key}`);
      return known;
    }
    const out: ForeignValue[] = [];
    this.callerAnswers.set(key, out);
    if (this.busy.length >= MAX_CHAIN || q.index < 0) return out;
    this.busy.push(key);
    try {
      this.noteUnder(`c\0${key}`, () => this.callersPass(q, out));
    } finally {
      this.busy.pop();
    }
    return out;
  }

  /** The call-site values of callArguments, added to `out`. */
  private callersPass(q: CallerQuery, out: ForeignValue[]): void {
    const rule = CALLERS[q.language];
    if (!rule) return;
    const up = ancestors(posix.dirname(q.file)).slice(0, CALLER_FOLDERS);
    // The scripts beside them too (`bin/sync`, `scripts/`): where a command passes a client its base.
    const dirs = [...up, ...up.flatMap((d) => ENTRY_FOLDERS.map((e) => posix.join(d, e))).filter((d) => !up.includes(d))];
    const files = MODULE_WIDE_CALLERS.has(q.language)
      ? this.goModule(q.file)
      : SOURCE_TREE_CALLERS.has(q.language)
        ? treeFiles(this.fs, up[up.length - 1], (n) => rule.file.test(n))
        : dirs.flatMap((d) => this.list(d).filter((n) => rule.file.test(n)).map((n) => posix.join(d, n)));
    for (const caller of files.slice(0, MAX_FILES)) {
      if (caller === q.file || out.length >= MAX_CALLER_VALUES) continue;
      const text = this.read(caller);
      // A line scan first: a file that does not name the function is not lowered.
      if (text === undefined || !text.includes(q.name)) continue;
      // A method is reached through its class (or Go type): a file that reaches the class may call it on any receiver.
      const locals = rule.locals(this.fs, caller, text, q.owner ? { ...q, name: q.owner } : q);
      if (locals.length === 0) continue;
      const lower = LOWERINGS.get(adapterNameFor(caller));
      const parsed = lower ? this.parse(caller, text, lower) : undefined;
      if (!parsed) continue;
      const ev = new Evaluator(parsed.program);
      for (const call of parsed.program.lowered.calls) {
        // Java's and C#'s `new Registry(…)` is named as the class is.
        const reaches = q.owner ? call.name === q.name && call.callee !== call.name : locals.includes(call.callee.replace(/^new\s+/, ''));
        const arg = reaches ? ((q.param ? call.keywords.get(q.param) : undefined) ?? call.args[q.index]) : undefined;
        // The name the argument is written as, too: what the caller calls the value says what it holds (arity.ts).
        if (arg) out.push({ ...foreignValue(caller, arg, ev.evaluate(arg)), ...(arg.kind === 'name' ? { name: arg.name } : {}) });
        if (out.length >= MAX_CALLER_VALUES) break;
      }
    }
  }

  functionOf(q: ForeignQuery): ForeignFunction | undefined {
    const key = `f\0${q.file}\0${q.name}`;
    if (this.functions.has(key)) {
      this.recall(key);
      return this.functions.get(key) ?? undefined;
    }
    const found = this.noteUnder(key, () => {
      const imports = this.importsOf(q);
      const name = q.name.replace(/^new\s+/, '');
      for (const t of targetsOf(this.fs, q.file, q.language, imports, name)) {
        for (const file of t.files.slice(0, MAX_FILES)) {
          const text = this.read(file);
          // A line scan first: a file that does not name the function is not lowered.
          if (text === undefined || !text.includes(t.name)) continue;
          const lower = LOWERINGS.get(adapterNameFor(file));
          const parsed = lower ? this.parse(file, text, lower) : undefined;
          const hit = parsed && callable(parsed.program, t.name);
          if (hit) return hit;
        }
      }
      return undefined;
    });
    this.functions.set(key, found ?? null);
    return found;
  }

  methodsOf(owner: ForeignFunction, name: string): ForeignFunction[] {
    const own = (program: Program) =>
      program.lowered.scopes
        .filter((s) => s.kind === 'function' && s.name === name && (owner.cls ? s.parent === owner.cls : s.params[0]?.name.startsWith('recv:')))
        .map((fn) => ({ program, fn }));
    const here = own(owner.program);
    if (here.length === 0 && owner.cls) return this.inheritedMethods(owner, name);
    if (here.length > 0 || owner.cls || owner.program.lowered.language !== 'go' || !/^\w+$/.test(name)) return here;
    // Go: a method of the type a constructor returns may stand in any file of its package.
    const dir = posix.dirname(owner.program.file);
    const test = new RegExp(`^func[ \\t]*\\([^)]*\\)[ \\t]*${name}\\b`, 'm');
    const out: ForeignFunction[] = [];
    for (const n of this.list(dir).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go')).slice(0, MAX_FILES)) {
      const file = posix.join(dir, n);
      const text = file === owner.program.file ? undefined : this.read(file);
      const lower = LOWERINGS.get('go');
      const parsed = text !== undefined && lower && test.test(text) ? this.parse(file, text, lower) : undefined;
      if (parsed) out.push(...own(parsed.program));
    }
    return out;
  }

  /**
   * A method the class does not define, from the classes it extends in turn (`Catalog(Accounts)`
   * with `Accounts(Transport)` and `_request` in Transport's module): each base found by the
   * module rules of the file that names it, at most MAX_BASES up. Each hit carries the class
   * that defines it, so its constructor's parameters are bound as that class's.
   */
  private inheritedMethods(owner: ForeignFunction, name: string): ForeignFunction[] {
    let at = owner;
    const via: Array<{ program: Program; cls: Scope }> = [];
    for (let up = 0; up < MAX_BASES && at.cls?.base; up++) {
      const lowered = at.program.lowered;
      const cls = at.cls;
      const same = lowered.scopes.find((s) => s.kind === 'class' && s.name === lastName(cls.base ?? '') && s !== cls);
      const next: ForeignFunction | undefined = same
        ? { program: at.program, cls: same }
        : this.functionOf({ file: at.program.file, language: lowered.language, imports: lowered.imports, name: cls.base ?? '' });
      if (!next?.cls) return [];
      via.push({ program: at.program, cls });
      const found = next.program.lowered.scopes.filter((s) => s.kind === 'function' && s.name === name && s.parent === next.cls).map((fn) => ({ program: next.program, fn, cls: next.cls, via }));
      if (found.length > 0) return found;
      at = next;
    }
    return [];
  }

  mentions(q: Omit<ForeignQuery, 'name'>, pattern: RegExp, needle: RegExp = pattern): string | undefined {
    const imports = this.importsOf(q);
    const files = new Set<string>();
    for (const imp of imports) for (const t of targetsOf(this.fs, q.file, q.language, imports, imp.local)) for (const f of t.files) files.add(f);
    if (PACKAGE_FOLDER_LANGUAGES.has(q.language)) for (const t of targetsOf(this.fs, q.file, q.language, imports, '_')) for (const f of t.files) files.add(f);
    for (const file of [...files].slice(0, MAX_FILES)) {
      const key = `m\0${file}\0${pattern.source}`;
      let hit = this.mentioned.get(key);
      if (this.mentioned.has(key)) this.recall(key);
      else {
        hit = this.noteUnder(key, () => {
          const text = this.read(file);
          const lower = LOWERINGS.get(adapterNameFor(file));
          // A scan of the text first, then the file's string literals (a comment naming the host is no evidence).
          const parsed = text !== undefined && lower && needle.test(text) ? this.parse(file, text, lower) : undefined;
          return parsed ? literalMatching(parsed.program.lowered, pattern) : undefined;
        });
        this.mentioned.set(key, hit);
      }
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** The value `name` has in `file` (a module-level or class-level definition, or one it imports in turn). */
  private definedIn(file: string, name: string, owner?: string): ForeignValue | undefined {
    const text = this.read(file);
    if (text === undefined) return undefined;
    const language = adapterNameFor(file);
    // A package spans many files and most names asked are not its constants: a file is lowered
    // only when a line scan says it declares the name (packageNames), so asking costs a read.
    if (PACKAGE_FOLDER_LANGUAGES.has(language) && !owner && !this.declares(file, language, text, name)) return undefined;
    // PHP: any file may define a global constant, so most files asked do not; a line scan says
    // which may (one that names it, or includes another that may).
    if (language === 'php' && !text.includes(name.slice(name.lastIndexOf('.') + 1)) && (owner || !PHP_INCLUDE.test(text))) return undefined;
    const lower = LOWERINGS.get(language);
    if (!lower) return literalDefinition(file, text, name) ?? this.value({ file, language, name });
    const parsed = this.parse(file, text, lower);
    if (!parsed) return undefined;
    const lowered = parsed.program.lowered;
    const exported = lowered.language === 'js' ? jsExportedAs(lowered, parsed.defs, name) : { locals: [] };
    const def = topLevel(parsed.defs.get(name) ?? [], owner) ?? exported.locals.map((n) => topLevel(parsed.defs.get(n) ?? [])).find((d) => d !== undefined) ?? memberOfInstance(parsed, name, owner);
    if (!def) {
      // Re-exported: `from .base import HUB` in the package's __init__.py, `export { HUB } from './base'`.
      const imports = exported.from ? [...lowered.imports, exported.from] : lowered.imports;
      const head = name.split('.')[0];
      // PHP: a file the included file includes in turn (config.php including constants.php).
      const included = lowered.language === 'php' && !owner && imports.length > 0;
      if (included) return this.value({ file, language: lowered.language, imports, name, importsOnly: true });
      return imports.some((i) => i.local === name || i.local === head) ? this.value({ file, language: lowered.language, imports, name }) : undefined;
    }
    const pieces = new Evaluator(parsed.program).evaluate(def.value);
    return foreignValue(file, def.value, pieces);
  }

  /**
   * What the asking file imports: as its lowering recorded it, else read from its text (the
   * lowerings of Ruby, Rust, PowerShell and Groovy leave `require_relative`, `mod`/`use`, a
   * dot-sourced script and `import` lines to modules.ts's readers).
   */
  private importsOf(q: Omit<ForeignQuery, 'name'>): readonly ImportRef[] {
    if (q.imports && q.imports.length > 0) return q.imports;
    const text = this.read(q.file) ?? '';
    // Every unknown name of a file asks: its text is read for imports once per content.
    const known = this.textImports.get(q.file);
    if (known?.text === text) return known.imports;
    const imports = importsFromText(q.language, text);
    this.textImports.set(q.file, { text, imports });
    return imports;
  }

  private declares(file: string, language: string, text: string, name: string): boolean {
    let names = this.declared.get(file);
    if (!names) this.declared.set(file, (names = new Set(packageNames(language, text))));
    return names.has(name);
  }

  /** Lowered once per content within a run. */
  private parse(file: string, text: string, lower: Lower): Parsed | undefined {
    const key = `${adapterNameFor(file)}\0${hashText(text)}`;
    let p = this.parsed.get(key);
    if (p === undefined) {
      try {
        const lowered = lower(text, file);
        this.stats.filesLowered++;
        const defs = new Map<string, Def[]>();
        for (const d of lowered.defs) {
          if (d.scope.kind === 'function') continue;
          const list = defs.get(d.name);
          if (list) list.push(d);
          else defs.set(d.name, [d]);
        }
        p = { program: programOf(lowered, file, this), defs };
      } catch {
        // A file the grammar cannot take: it defines nothing we can read.
        p = null;
      }
      this.parsed.set(key, p);
    }
    // The Program is bound to the file it was built for; a copy of the same content elsewhere gets its own.
    if (p && p.program.file !== file) return { ...p, program: programOf(p.program.lowered, file, this) };
    return p ?? undefined;
  }
}


/**
 * `settings.hub_api` of a module that holds `settings = Settings()` (a settings or config
 * object made at module level): the field as the class of that file declares or sets it.
 */
function memberOfInstance(parsed: Parsed, name: string, owner: string | undefined): Def | undefined {
  const head = name.slice(0, name.indexOf('.'));
  if (owner || head === '' || !topLevel(parsed.defs.get(head) ?? [])) return undefined;
  const lowered = parsed.program.lowered;
  const at = lowered.text.length;
  const use: Expr = { kind: 'name', name, id: -1, scope: lowered.module, use: { kind: 'other' }, start: at, end: at };
  return parsed.program.defOf(name, use);
}

/** Constructors by language: Python's `__init__`, JS/TS `constructor`, Java/C#/Kotlin the class's own name. */
const CONSTRUCTOR = (cls: Scope, fn: Scope) => fn.name === '__init__' || fn.name === 'constructor' || fn.name === cls.name;

/** A top-level function named `name` (Go: not a method), or a class with its constructor. */
function callable(program: Program, name: string): ForeignFunction | undefined {
  const scopes = program.lowered.scopes;
  const fn = scopes.find((s) => s.kind === 'function' && s.name === name && s.parent?.kind === 'module' && !s.params[0]?.name.startsWith('recv:'));
  if (fn) return { program, fn };
  const cls = scopes.find((s) => s.kind === 'class' && s.name === name);
  if (!cls) return undefined;
  return { program, cls, fn: scopes.find((s) => s.kind === 'function' && s.parent === cls && CONSTRUCTOR(cls, s)) };
}


/**
 * JS/TS: the names a value another file imports as `name` may stand under in this file (its
 * own name first, then): CommonJS `module.exports = { N }` and `exports.N = …`, an object
 * the module exports (`module.exports = config`, then `config.N`), `export { local as N }`,
 * a default export's field (`default.N`: `export default config`, `module.exports`); and
 * a re-export (`export { N } from './m'`, `export * from './m'`) as an import to follow.
 */
function jsExportedAs(lowered: Lowered, defs: Map<string, Def[]>, name: string): { locals: string[]; from?: ImportRef } {
  const dot = name.indexOf('.');
  const head = dot < 0 ? name : name.slice(0, dot);
  const rest = dot < 0 ? '' : name.slice(dot);
  const locals: string[] = [];
  // What `module.exports` (or a default export) was set to, when that is a name of this file.
  const objectName = (key: string) => {
    const d = topLevel(defs.get(key) ?? []);
    return d?.value.kind === 'name' && !d.value.name.includes('(') ? d.value.name : undefined;
  };
  const cjs = head === 'default' ? rest.slice(1) : name;
  if (cjs) {
    locals.push(`module.exports.${cjs}`, `exports.${cjs}`);
    const whole = objectName('module.exports');
    if (whole) locals.push(`${whole}.${cjs}`);
  }
  let from: ImportRef | undefined;
  for (const e of lowered.exports) {
    if (e.exported === '*' && e.module && !from) from = { local: head, module: e.module, name: head };
    if (e.exported !== head) continue;
    if (e.module) from = { local: head, module: e.module, name: e.imported ?? null };
    else if (e.local && e.local !== head) locals.push(e.local + rest);
  }
  if (head === 'default' && rest) locals.push(`default${rest}`);
  return { locals: locals.filter((n) => n !== name), from };
}

/** The last module- or class-level definition (of class `owner` when given). */
function topLevel(defs: Def[], owner?: string): Def | undefined {
  const fit = owner ? defs.filter((d) => d.scope.kind === 'class' && d.scope.name === owner) : defs;
  const chosen = fit.length > 0 ? fit : owner ? defs.filter((d) => d.scope.kind === 'module') : [];
  return chosen[chosen.length - 1];
}

/** Another file's value with cuts applied (text-cut.ts), each piece keeping its file and the range it has left. */
function cutValue(v: ForeignValue, cuts: readonly TextCut[]): ForeignValue {
  if (cuts.length === 0) return v;
  const fileOf = new Map<Pieces[number], string>();
  let pieces: Pieces = v.pieces.map((p) => {
    const piece: Pieces[number] = 'text' in p ? { text: p.text, start: p.start, end: p.end } : { hole: p.hole, start: p.start, end: p.end, examples: [] };
    fileOf.set(piece, p.file);
    return piece;
  });
  for (const cut of cuts) pieces = applyCut(pieces, cut, v, 'cut');
  // A cut piece is a copy of one of the value's pieces, in order: the file of the one it was cut from.
  let file = v.file;
  const out: ForeignPiece[] = pieces.map((p) => {
    file = fileOf.get(p) ?? [...fileOf].find(([k]) => 'text' in k && 'text' in p && k.start <= p.start && p.end <= k.end)?.[1] ?? file;
    return 'text' in p ? { text: p.text, file, start: p.start, end: p.end } : { hole: p.hole, file, start: p.start, end: p.end };
  });
  const text = out.every((p) => 'text' in p) ? out.map((p) => ('text' in p ? p.text : '')).join('') : undefined;
  return { ...v, pieces: out, text };
}

function foreignValue(file: string, at: { start: number; end: number }, pieces: Pieces): ForeignValue {
  const out: ForeignPiece[] = pieces.map((p) => {
    if ('text' in p) return p.origin ? { text: p.text, ...p.origin } : { text: p.text, file, start: p.foreign ? at.start : p.start, end: p.foreign ? at.end : p.end };
    return { hole: p.hole, file, start: p.start, end: p.end };
  });
  const text = out.every((p) => 'text' in p) ? out.map((p) => ('text' in p ? p.text : '')).join('') : undefined;
  return { file, start: at.start, end: at.end, pieces: out, text };
}

/**
 * For files of a language without a lowering (JS until it has one, PowerShell, Ruby...): a
 * plain string assignment of the name at the start of a line (`export const NAME = '...'`,
 * `$NAME = "..."`, `NAME=...`), the last one in the file.
 */
function literalDefinition(file: string, text: string, name: string): ForeignValue | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const escaped = name.replace(/\$/g, '\\$');
  const re = new RegExp(
    `(?:^|\\n)[ \\t]*(?:export[ \\t]+)?(?:(?:const|let|var|val|readonly|local|declare|final|static|public|private|internal)[ \\t]+)*(?:String[ \\t]+|string[ \\t]+)?\\$?${escaped}[ \\t]*(?::[ \\t]*[\\w<>[\\]|]+[ \\t]*)?=[ \\t]*(['"\`])([^'"\`\\n]*)\\1`,
    'g',
  );
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(re)) last = m;
  if (!last) return undefined;
  const start = (last.index ?? 0) + last[0].length - last[2].length - 1;
  return { file, start: start - 1, end: start + last[2].length + 1, pieces: [{ text: last[2], file, start, end: start + last[2].length }], text: last[2] };
}

export type { ImportRef };
