import { spend } from '../../runtime/work-budget.js';
import type { ForeignValue, ProjectLookup } from '../types.js';
import { HUB_HOST_PATTERN, HUB_PATH_PATTERN } from '../prefilter.js';
import { literalOf } from './builder.js';
import { nameArity } from './arity.js';
import { ESCAPE_CALL, quoteKeepsSlash } from '../../core/segment-words.js';
import { LineShape } from './line-shape.js';
import type { Call, Def, Expr, Lowered, Param, Scope } from './form.js';
import { scopedKey } from './scoped-key.js';
import { applyCut } from './text-cut.js';
import { chainBindings, classAround, superBindingsOf } from './super-call.js';

/** A piece of an evaluated string: literal text from a source range, or a value not known. */
export type Piece =
  | {
      text: string;
      start: number;
      end: number;
      /** Text from another file (a constant): no range here; `origin` says where it stands there. */
      foreign?: boolean;
      origin?: { file: string; start: number; end: number };
      /** From one of several values a condition chooses between (an `either`): a fix cannot know the others. */
      chosen?: boolean;
      /** Every value the condition chooses between is a host alone (no route in it): a route edit after it holds for each. */
      chosenHost?: boolean;
    }
  | { hole: string; start: number; end: number; /** Literal values seen for it (defaults, call-site arguments). */ examples: string[]; /** Known to be one path segment (`x.split('/')[i]`). */ oneSegment?: boolean; /** The names of what the callers pass for it (caller-names.ts). */ callers?: string[] };

export type Pieces = Piece[];

/**
 * What a parameter is bound to: an expression where the call is, evaluated by `ev` when the
 * call stands in another file than the function (a value passed into another file's function).
 */
export interface Binding {
  expr: Expr;
  env: Env;
  ev?: Evaluator;
}

/** Values of a function's parameters at one call site. */
export interface Env {
  /**
   * By parameter name; by scopedKey when bound for a call from another file (a constructor's
   * and a method's parameters at once): those hold in every call below, in any file.
   */
  bindings?: Map<string, Binding>;
  /** A name read through this definition instead of the one that stands last (a branch's assignment). */
  defs?: Map<string, Def>;
  /** By an `either`'s id: the option read instead of the one the resolver would pick (one reading of a construction). */
  choices?: Map<number, number>;
}

/** A shell script's own arguments (`$1`, `$@`, `$*`): a value with no name of its own. */
const POSITIONAL = /^(?:\d+|[@*])$/;
/** How far one evaluation follows names and calls, so cycles and deep chains end. */
const MAX_STEPS = 400;
const MAX_DEPTH = 16;
/** The options of one conditional value read (`a ? b : c ? d : e` nests, each level its own). */
export const MAX_OPTIONS = 4;

type Either = Extract<Expr, { kind: 'either' }>;

const isText = (p: Piece): p is Extract<Piece, { text: string }> => 'text' in p;

/** Index of a lowered file: names, functions, call sites. Built once per file. */
const lastSegment = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

export class Program {
  readonly defsByName = new Map<string, Def[]>();
  readonly functionsByName = new Map<string, Scope[]>();
  readonly callsByName = new Map<string, Call[]>();
  readonly namesByName = new Map<string, Expr[]>();
  /** Dotted names by their last segment, and dotted definitions by theirs (`a.url`, `a.url.default` under `url`): fields read elsewhere. */
  private readonly dottedNamesByKey = new Map<string, Expr[]>();
  private readonly dottedDefsByKey = new Map<string, Def[]>();
  private readonly defaultDefsByKey = new Map<string, Def[]>();
  private readonly fieldDefs = new Map<string, Def | undefined>();
  private readonly importedNames: Set<string>;
  private readonly importedModules: Set<string>;

  constructor(
    readonly lowered: Lowered,
    readonly file: string,
    /** Other files' values, through this file's imports (extract/resolve/project.ts). */
    readonly project: ProjectLookup,
    /** Without imports (Go: a package spans files), any unknown name may be another file's constant. */
    readonly importsDecide: boolean,
  ) {
    for (const d of lowered.defs) push(this.defsByName, d.name, d);
    for (const s of lowered.scopes) if (s.kind === 'function' && s.name) push(this.functionsByName, s.name, s);
    for (const c of lowered.calls) push(this.callsByName, c.name, c);
    for (const e of lowered.exprs) if (e.kind === 'name') push(this.namesByName, e.name, e);
    for (const e of lowered.exprs) if (e.kind === 'name' && e.name.includes('.')) push(this.dottedNamesByKey, lastSegment(e.name), e);
    for (const d of lowered.defs) {
      if (!d.name.includes('.')) continue;
      push(this.dottedDefsByKey, lastSegment(d.name), d);
      // `a.url.default` under `url` (string operations: a regex here backtracked on long names).
      if (d.name.endsWith('.default')) {
        const head = d.name.slice(0, -'.default'.length);
        const dot = head.lastIndexOf('.');
        if (dot >= 0 && dot < head.length - 1) push(this.defaultDefsByKey, head.slice(dot + 1), d);
      }
    }
    this.importedNames = new Set(lowered.imports.filter((i) => i.name !== null).map((i) => i.local));
    this.importedModules = new Set(lowered.imports.filter((i) => i.name === null).map((i) => i.local));
  }

  /** The definition a name at `use` refers to, if it is one of this file's. */
  defOf(name: string, use: Expr): Def | undefined {
    // Asked again and again for the same reads (every use of every definition, by every
    // construction): once per read. A generated file with a thousand `url = …` in as many
    // functions took minutes when each question walked every definition of the name.
    if (use.kind !== 'name' || name !== use.name) return this.lookUp(name, use);
    if (this.defOfUse.has(use)) return this.defOfUse.get(use);
    const def = this.lookUp(name, use);
    this.defOfUse.set(use, def);
    return def;
  }

  private readonly defOfUse = new Map<Expr, Def | undefined>();
  /** A name's definitions by the scope they stand in, in the order they were lowered. */
  private readonly defsByScope = new Map<string, Map<Scope, Def[]>>();

  private scopedDefs(name: string): Map<Scope, Def[]> | undefined {
    let byScope = this.defsByScope.get(name);
    if (byScope === undefined) {
      const defs = this.defsByName.get(name);
      if (!defs) return undefined;
      byScope = new Map();
      for (const d of defs) push(byScope, d.scope, d);
      this.defsByScope.set(name, byScope);
    }
    return byScope;
  }

  private lookUp(name: string, use: Expr): Def | undefined {
    const defs = this.defsByName.get(name);
    if (defs) {
      const byScope = this.scopedDefs(name)!;
      for (let s: Scope | null = use.scope; s; s = s.parent) {
        const here = byScope.get(s);
        if (here === undefined) continue;
        if (s === use.scope) {
          const before = lastAtOrBefore(here, use.start);
          if (before !== undefined) return before;
          // A parameter's own name in its function: no definition before, the parameter decides. So in a
          // class with a primary constructor (Kotlin, Scala): `val host = host ?: …` reads the parameter.
          if ((s.kind === 'function' || s.kind === 'class') && s.params.some((p) => p.name === name)) return undefined;
          continue;
        }
        // An enclosing scope's names (module constants) are read when the function runs: its last value.
        return here[here.length - 1];
      }
      // `self.base` set in one method and read in another; class attributes.
      if (/^(?:self|this|cls)\./.test(name)) {
        // The member as the reading class sets it, when it does (two classes of a file may each have a `this.http`).
        const cls = classAround(use.scope);
        const own = cls ? defs.filter((d) => classAround(d.scope) === cls) : [];
        return own.length > 0 ? own[own.length - 1] : defs[defs.length - 1];
      }
      if (![...byScope.keys()].some((scope) => scope.kind === 'function')) return defs[defs.length - 1];
    }
    const implicit = this.implicitField(name, use);
    if (implicit) return implicit;
    const field = this.fieldDef(name);
    if (field) return field;
    const member = /^(?:self|this|cls)\.(\w+)$/.exec(name);
    if (member) {
      const attr = this.defsByName.get(member[1])?.filter((d) => d.scope.kind === 'class');
      if (attr?.length) return attr[attr.length - 1];
      // Groovy's `this.host` of a field its constructor sets as `host = h`.
      const set = this.implicitField(member[1], use);
      if (set) return set;
    }
    return this.chainedField(name, use);
  }

  /**
   * A field of an object held in a field (`self.session.transport.client`, `this.session.settings.base`,
   * `hub.session.client`): each link's definition in the class of this file the previous link's
   * value makes (`self.session = Session()`, then Session's `self.transport = Transport()` or its
   * class-body field `Settings settings = new Settings()`).
   */
  private chainedField(name: string, use: Expr): Def | undefined {
    const parts = name.split('.');
    const own = OWN.includes(parts[0]);
    // `settings.hub_api` with `settings = Settings()`: the class's field default (a settings or config class).
    if (parts.length < (own ? 3 : 2)) return undefined;
    let def = own ? this.defOf(`${parts[0]}.${parts[1]}`, use) : this.defOf(parts[0], use);
    for (let i = own ? 2 : 1; def && i < parts.length; i++) {
      const cls = this.classMade(def.value);
      if (!cls) return undefined;
      const field = parts[i];
      const defs = [
        ...OWN.flatMap((o) => this.defsByName.get(`${o}.${field}`) ?? []).filter((d) => classAround(d.scope) === cls),
        ...(this.defsByName.get(field) ?? []).filter((d) => d.scope === cls),
      ];
      def = defs.sort((a, b) => a.at - b.at)[defs.length - 1];
    }
    return def;
  }

  /** The class of this file a value makes (`Session()`, `new Transport()`, `Transport.new`). */
  private classMade(value: Expr): Scope | undefined {
    let v = value;
    // A field declared with its value and named again as `this.x` (Java, C#): the value it names.
    for (let hop = 0; v.kind === 'name' && hop < 3; hop++) {
      const next = this.defOf(v.name, v);
      if (!next || next.value === v) return undefined;
      v = next.value;
    }
    if (v.kind !== 'call') return undefined;
    const made = v.call.callee.replace(/^new\s+/, '').replace(/\.new$/, '');
    return this.lowered.scopes.find((s) => s.kind === 'class' && s.name === made);
  }

  /**
   * A bare name in a method of a language that reads fields without `this.` (Java, C#, Kotlin):
   * the field, as its class's constructor sets it (`this.base = …` or `_base = …` in `Hub(…)`)
   * or as a `this.base` definition anywhere in the class says.
   */
  private implicitField(name: string, use: Expr): Def | undefined {
    if (!IMPLICIT_THIS.has(this.lowered.language) || name.includes('.')) return undefined;
    const owner = classAround(use.scope);
    if (!owner) return undefined;
    const inClass = (s: Scope) => s === owner || s.parent === owner;
    const field = (this.defsByName.get(`this.${name}`) ?? []).filter((d) => inClass(d.scope));
    if (field.length > 0) return field[field.length - 1];
    const set = (this.defsByName.get(name) ?? []).filter(
      (d) => d.scope.parent === owner && d.scope.kind === 'function' && (d.scope.name === owner.name || d.scope.name === 'constructor') && !d.scope.params.some((p) => p.name === name),
    );
    return set[set.length - 1];
  }

  /**
   * A field read through another object than the one it was declared on (configuration
   * split over keys: `module.params["url"]` and the option spec's `url=dict(default=...)`):
   * the one field of the file with that key, its declared default first.
   */
  private fieldDef(name: string): Def | undefined {
    if (this.fieldDefs.has(name)) return this.fieldDefs.get(name);
    const key = /\.([\w-]+)$/.exec(name)?.[1];
    let found: Def | undefined;
    if (key && !/^(?:self|this|cls)\./.test(name)) {
      for (const defs of [this.defaultDefsByKey.get(key), this.dottedDefsByKey.get(key)]) {
        const others = (defs ?? []).filter((d) => d.name !== name);
        if (others.length === 1) {
          found = others[0];
          break;
        }
      }
      // `client.base_url` of a parameter: the one class attribute of the file by that name (`base_url = "https://…"` in a class body).
      const attrs = found ? [] : (this.defsByName.get(key) ?? []).filter((d) => d.scope.kind === 'class');
      if (attrs.length === 1 && !this.defsByName.get(name.slice(0, name.indexOf('.')))) found = attrs[0];
    }
    this.fieldDefs.set(name, found);
    return found;
  }


  private ordinals: Map<Expr, number> | undefined;
  private inLoweredOrder(exprs: Expr[]): Expr[] {
    const at = (this.ordinals ??= new Map(this.lowered.exprs.map((e, i) => [e, i])));
    return exprs.sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
  }

  /** The name expressions that read a definition (also through a field read elsewhere). */
  usesOf(def: Def): Expr[] {
    // Every definition of a name shares its candidate reads: each read is resolved once and
    // filed under its definition, not once per definition asked about.
    const own = this.readsOf(def.name).get(def) ?? [];
    // A class attribute (`BASE = '…'` in a class body) is read as `self.BASE` / `this.BASE` in its methods.
    if (def.scope.kind !== 'class' || def.name.includes('.')) return own;
    const through = CLASS_SELVES.flatMap((self) => this.readsOf(`${self}.${def.name}`).get(def) ?? []);
    return through.length > 0 ? this.inLoweredOrder([...new Set([...own, ...through])]) : own;
  }

  private readsOf(name: string): Map<Def, Expr[]> {
    let byDef = this.readsByDefName.get(name);
    if (byDef === undefined) {
      byDef = new Map();
      for (const u of this.candidateReads(name)) {
        if (u.kind !== 'name') continue;
        const read = this.defOf(u.name, u);
        if (read !== undefined) push(byDef, read, u);
      }
      this.readsByDefName.set(name, byDef);
    }
    return byDef;
  }

  private readonly readsByDefName = new Map<string, Map<Def, Expr[]>>();

  /** The reads that may read a definition of this name, in the order they were lowered. */
  private candidateReads(name: string): Expr[] {
    const key = name.includes('.') ? lastSegment(name.replace(/\.default$/, '')) : undefined;
    const names = this.namesByName.get(name) ?? [];
    if (key === undefined) return names;
    const dotted = this.dottedNamesByKey.get(key) ?? [];
    // `a.url.default` is read as `a.url` (or any `….url`); `a.url` is among the dotted ones already.
    return lastSegment(name) === key ? dotted : this.inLoweredOrder([...new Set([...names, ...dotted])]);
  }

  /**
   * Whether `def`, which `use` reads, may not have run: it stands in a block that closed before
   * the use (`if (user === '_') { user = 'library'; }`, `if not ns: ns = "library"`, a loop
   * body), or after an `if`/`while`/`for` on its own line, and the name's earlier value (a
   * parameter, or a definition in straight-line code) reaches the use too. Only when `def` is the
   * name's one conditional definition before the use: an if/else that assigns in each branch is
   * branchUses' (candidates.ts). Decided from the lines' indentation, as written.
   */
  mayNotHaveRun(def: Def, use: Expr): boolean {
    // Asked on every evaluation of the name, and it scans the lines between def and use: once per pair.
    const known = this.notRunOfUse.get(use);
    if (known?.def === def) return known.answer;
    const answer = this.decideNotRun(def, use);
    this.notRunOfUse.set(use, { def, answer });
    return answer;
  }

  private readonly notRunOfUse = new Map<Expr, { def: Def; answer: boolean }>();

  /** The file's lines, indexed once per lowered file (indentation and guards read in logarithmic time). */
  get lines(): LineShape {
    let shape = lineShapes.get(this.lowered);
    if (!shape) lineShapes.set(this.lowered, (shape = new LineShape(this.lowered.text)));
    return shape;
  }

  private decideNotRun(def: Def, use: Expr): boolean {
    if (def.scope !== use.scope || def.scope.kind !== 'function') return false;
    const text = this.lowered.text;
    const lines = this.lines;
    const depth = lines.indentAt(def.value.start);
    const guarded = lines.guardedBefore(def.value.start);
    if (!guarded && !lines.dedentBetween(def.value.end, use.start, depth)) return false;
    // The name's other definitions before the use (all before `def`, which the use reads).
    const before = this.earlierDefs(def, use);
    // One of them in another branch of the same choice (an `else`, `elif`, `case` line between
    // them): not this case. Two separate `if`s that each may assign are.
    const straight = Math.min(depth, lines.indentAt(use.start));
    if (before.some((d) => lines.indentAt(d.value.start) > straight && BRANCH_LINE.test(text.slice(d.value.end, def.value.start)))) return false;
    const param = def.scope.params.some((p) => p.name === def.name);
    return param || before.length > 0;
  }

  /** The name's other definitions in `def`'s scope that stand before `use` (the values it has when `def` did not run). */
  earlierDefs(def: Def, use: Expr): Def[] {
    return (this.scopedDefs(def.name)?.get(def.scope) ?? []).filter((d) => d !== def && d.at <= use.start);
  }

  /** The function a name is a parameter of, seen from `use`. */
  paramScope(name: string, use: Expr): Scope | undefined {
    for (let s: Scope | null = use.scope; s; s = s.parent) if (s.params.some((p) => p.name === name)) return s;
    return undefined;
  }

  private returnsByScope: Map<Scope, Expr[]> | undefined;
  /**
   * The values a function returns (its `return`s, or its expression body): indexed once (a
   * filter over every expression per call read was quadratic in a bundle).
   */
  returnsOf(fn: Scope): Expr[] {
    if (!this.returnsByScope) {
      this.returnsByScope = new Map();
      for (const x of this.lowered.exprs) if (x.use.kind === 'return') push(this.returnsByScope, x.use.scope, x);
    }
    return this.returnsByScope.get(fn) ?? [];
  }

  /**
   * The function a name reads without calling it: a property or getter of the class the read
   * stands in (`self.login_url` of a `@property`, `this.search` of `get search()`, Kotlin's
   * `val url get() = …`, C#'s `string Url => …`), or a method a bare name calls (Ruby's `url`
   * for `def url`). Only a function that takes no argument but its receiver, the one of that
   * name in the class; asked only for a name no definition or parameter holds.
   */
  getterOf(e: Expr & { kind: 'name' }): Scope | undefined {
    const m = /^(?:(?:self|this|cls|@)\.)?([\w$]+)$/.exec(e.name);
    if (!m) return undefined;
    const cls = classAround(e.scope);
    if (!cls) return undefined;
    const fns = (this.functionsByName.get(m[1]) ?? []).filter((s) => s.parent === cls && s.params.every((x) => x.name === 'self' || x.name === 'cls' || x.name.startsWith('recv:')));
    return fns.length === 1 && fns[0] !== e.scope ? fns[0] : undefined;
  }

  private getterReadsByScope: Map<Scope, Expr[]> | undefined;
  /** The names that read a function as a property (getterOf), by that function. */
  getterReads(fn: Scope): Expr[] {
    if (!this.getterReadsByScope) {
      this.getterReadsByScope = new Map();
      const named = new Set([...this.functionsByName.keys()]);
      for (const [name, reads] of this.namesByName) {
        if (!named.has(name.slice(name.lastIndexOf('.') + 1))) continue;
        for (const r of reads) {
          if (r.kind !== 'name' || this.defOf(r.name, r) || this.paramScope(r.name, r)) continue;
          const g = this.getterOf(r);
          if (g) push(this.getterReadsByScope, g, r);
        }
      }
    }
    return this.getterReadsByScope.get(fn) ?? [];
  }

  private readonly targetsOfCall = new Map<Call, readonly Scope[]>();

  /** Functions of this file a call may run (same name; methods through any receiver). Asked again and again for the same call: once per call. */
  targetsOf(call: Call): readonly Scope[] {
    let targets = this.targetsOfCall.get(call);
    if (!targets) this.targetsOfCall.set(call, (targets = this.findTargets(call)));
    return targets;
  }

  private findTargets(call: Call): Scope[] {
    // `this.http.get(…)` calls a method of the object in a field, not one of this class.
    // A function value invoked through its method (`build.apply(p)`, `build.call(p)`, `build.invoke(p)`, Ruby's `build.(p)`).
    const invoked = INVOKE.exec(call.callee);
    const value = invoked ? (this.functionsByName.get(invoked[1]) ?? []).filter((s) => s.parent?.kind !== 'class') : [];
    if (value.length > 0) return value;
    const onField = /^(?:this|self|cls)\.[\w$]+\./.test(call.callee);
    // `this.client.get(…)` with `client` made by `new Http()` or declared `client: Http`, a class of this file: Http's method.
    const held = onField && this.lowered.language === 'js' ? this.classHeldBy(call.receiver) : undefined;
    if (held) return (this.functionsByName.get(call.name) ?? []).filter((s) => s.parent?.kind === 'class' && s.parent.name === held);
    const dotted = call.callee.includes('.');
    const named = (this.functionsByName.get(call.name) ?? []).filter((s) => s.kind === 'function' && !(onField && s.parent?.kind === 'class') && !(dotted && s.variable));
    if (this.lowered.language === 'js' && !dotted && named.length > 1) return lexicallyNearest(named, call.scope);
    if (this.lowered.language !== 'go') return named;
    // Go: `x.Get(u)` runs a method (a receiver first, see go.ts) unless `x` is an imported
    // package (`http.Get(u)` is never this file's `func (c *Client) Get`); `get(u)` a function.
    const head = call.callee.includes('.') ? call.callee.split('.')[0] : undefined;
    const method = head !== undefined && !this.importedModules.has(head);
    return named.filter((s) => (s.params[0]?.name.startsWith('recv:') ?? false) === method);
  }

  /** JS/TS: the class of this file a receiver holds, made by `new C(…)` or a parameter declared `p: C`, through names and fields. */
  private classHeldBy(e: Expr | undefined): string | undefined {
    const isClass = (name: string) => this.lowered.scopes.some((s) => s.kind === 'class' && s.name === name);
    const v = e && this.throughNames(e);
    if (v?.kind === 'call') return isClass(v.call.callee) ? v.call.callee : undefined;
    const declared = this.declaredType(v);
    return declared && isClass(declared) ? declared : undefined;
  }

  /** A name followed through its definitions to the value it ends at (a name with none: itself). */
  throughNames(e: Expr): Expr {
    for (let depth = 0; e.kind === 'name' && depth <= 8; depth++) {
      const def = this.defOf(e.name, e);
      if (!def || def.value === e) break;
      e = def.value;
    }
    return e;
  }

  /** The type a parameter's name is declared with (`client: HubHttp`), read from the scopes around it. */
  declaredType(e: Expr | undefined): string | undefined {
    if (e?.kind !== 'name') return undefined;
    for (let s: Scope | null = e.scope; s; s = s.parent) {
      const param = s.params.find((x) => x.name === e.name);
      if (param) return param.type;
    }
    return undefined;
  }

  /** Per name: its reads by the function whose parameter they read (paramReads). */
  private readonly paramReadsByName = new Map<string, Map<Scope, Expr[]>>();

  /**
   * The reads of `fn`'s parameter `name` in its body, in namesByName's order: not those of a
   * function inside it that takes a parameter of the same name (its own). Indexed once per
   * name: in a minified bundle a module's function takes `e` and so do a thousand functions
   * inside it, and walking every read of `e` in the module for each was quadratic.
   */
  paramReads(name: string, fn: Scope): Expr[] {
    let byScope = this.paramReadsByName.get(name);
    if (!byScope) {
      byScope = new Map();
      for (const u of this.namesByName.get(name) ?? []) {
        const owner = this.paramScope(name, u);
        if (owner && u.start >= owner.start && u.start < owner.end) push(byScope, owner, u);
      }
      this.paramReadsByName.set(name, byScope);
    }
    return byScope.get(fn) ?? [];
  }

  /** Calls of this file that run `fn`. */
  callsOf(fn: Scope): Call[] {
    if (!fn.name) return [];
    const calls = this.callsByName.get(fn.name) ?? [];
    return this.lowered.language === 'go' ? calls.filter((c) => this.targetsOf(c).includes(fn)) : calls;
  }

  /** The argument a call passes for a parameter (methods called on a receiver skip `self`). */
  argFor(call: Call, fn: Scope, paramName: string): Expr | undefined {
    const kw = call.keywords.get(paramName);
    if (kw) return kw;
    const param = fn.params.find((p) => p.name === paramName);
    if (!param) return undefined;
    return call.args[param.index - selfOffset(call, fn)];
  }

  /**
   * What decides the argument `argFor` reads for `name` at each of `callsOf(fn)`: the calls
   * (by the function's name), the parameter's name and place, and whether a receiver comes
   * first (selfOffset). Functions alike in these read the same arguments (Go's calls depend
   * on the function itself).
   */
  argumentsKey(fn: Scope, name: string): string | Scope {
    // Each parameter reads its own argument: the function alone is no key (a Go `urlFor(host, ns, name)`
    // gave `ns` and `name` the examples of `host`).
    if (this.lowered.language === 'go' || !fn.name) return `\0${fn.id}\0${name}`;
    const first = fn.params[0]?.name;
    const receiver = first?.startsWith('recv:') ? 'recv' : fn.parent?.kind === 'class' && (first === 'self' || first === 'cls') ? 'self' : '';
    const param = fn.params.find((p) => p.name === name);
    return `${fn.name}\0${name}\0${param ? param.index : -1}\0${receiver}`;
  }

  /** The parameter a call's argument (at `index`, or by `keyword`) lands in. */
  paramAt(call: Call, fn: Scope, index: number, keyword?: string): Param | undefined {
    return keyword ? fn.params.find((x) => x.name === keyword) : fn.params[index + selfOffset(call, fn)];
  }

  /** Whether another file may define `name` (imports say so, or the language has none). */
  mayBeForeign(name: string): boolean {
    if (!this.importsDecide || this.lowered.wildcardImport) return true;
    const head = name.split('.')[0];
    // `cfg.hubBase` of `import cfg from './config'` or `const { hub } = require('./config')`: a field of what was imported.
    return this.importedNames.has(name) || this.importedNames.has(head) || this.importedModules.has(head);
  }
}

/**
 * Of several functions a bare name may call (JS): the one the name reaches from where the call
 * stands, declared in the nearest scope around it, as JavaScript binds a name; a minified
 * bundle declares `a` in thirty scopes and a call runs one of them. None declared around the
 * call (a method, a function of another scope's): all of them, as before.
 */
function lexicallyNearest(fns: Scope[], at: Scope): Scope[] {
  for (let s: Scope | null = at; s; s = s.parent) {
    const here = fns.filter((f) => f.parent === s);
    if (here.length > 0) return here;
  }
  return fns;
}

/** Calls that run the function a name holds: Java's functional interfaces, JS/Ruby `call`, Kotlin/C# `invoke`. */
const INVOKE = /^([\w$]+)\.(?:apply|call|invoke|Invoke|\[\]|)$/;

/** How methods name their own object (Ruby's `@x` and PHP's `$this->x` are lowered as `self.x`, `this.x`). */
const OWN = ['self', 'this'];

/** Languages whose methods read their class's fields by bare name. */
const IMPLICIT_THIS = new Set(['java', 'csharp', 'kotlin', 'groovy']);

/** Languages whose names may come from any file of the package or namespace, imported or not. */
const PACKAGE_SCOPED = new Set(['go', 'java', 'csharp', 'kotlin', 'groovy']);

/** The first string literal (a piece of one) of the file that matches. */
export function literalMatching(lowered: Lowered, pattern: RegExp): string | undefined {
  for (const e of lowered.exprs) if (e.kind === 'str') for (const part of e.parts) if ('text' in part && pattern.test(part.text)) return part.text;
  return undefined;
}

const views = new WeakMap<Program, WeakMap<ProjectLookup, Program>>();
const lineShapes = new WeakMap<Lowered, LineShape>();

/**
 * Another file's program as the asking file's lint sees the project: what it asks in turn goes
 * through the same lookup (the --cache notes every file a result was read from).
 */
export function viewOf(found: Program, project: ProjectLookup): Program {
  if (found.project === project) return found;
  let byProject = views.get(found);
  if (!byProject) views.set(found, (byProject = new WeakMap()));
  let view = byProject.get(project);
  if (!view) byProject.set(project, (view = programOf(found.lowered, found.file, project)));
  return view;
}

/** A Program for a lowered file, with the import rule of its language. */
export function programOf(lowered: Lowered, file: string, project: ProjectLookup): Program {
  return new Program(lowered, file, project, !PACKAGE_SCOPED.has(lowered.language));
}

export { scopedKey };

/** The bindings of an environment that hold in every call below it (keyed by scopedKey). */
export const carried = (env: Env): Array<[string, Binding]> => [...(env.bindings ?? [])].filter(([k]) => k.startsWith('#'));

/** The binding a name reads when it is a parameter of an enclosing function that `env` binds. */
export function bindingOf(p: Program, e: Expr & { name: string }, env: Env): Binding | undefined {
  if (!env.bindings) return undefined;
  const fn = p.paramScope(e.name, e);
  return fn ? (env.bindings.get(scopedKey(p, fn, e.name)) ?? env.bindings.get(e.name)) : undefined;
}

/** A field of an options object: found, not there, or maybe set by a spread we cannot see into. */
export type FieldLookup = { expr: Expr; env: Env } | 'absent' | 'unknown';

type ObjectExpr = Extract<Expr, { kind: 'object' }>;

/**
 * The object literal a value is, seen from where it is used: itself, a name defined as one,
 * a parameter bound to one at the call site (`init` in `hub(path, init)`), or the one value a
 * function of this file returns (`request(this.options('post', path))`).
 */
export function objectOf(p: Program, e: Expr, env: Env, depth = 0): { obj: ObjectExpr; env: Env } | undefined {
  if (depth > 8) return undefined;
  if (e.kind === 'object') return { obj: e, env };
  if (e.kind === 'name') {
    const bound = bindingOf(p, e, env);
    if (bound) return objectOf(bound.ev?.p ?? p, bound.expr, bound.env, depth + 1);
    const def = p.defOf(e.name, e);
    if (def && def.value !== e) return objectOf(p, def.value, env, depth + 1);
    const fn = p.paramScope(e.name, e);
    const fallback = fn?.params.find((x) => x.name === e.name)?.fallback;
    return fallback ? objectOf(p, fallback, env, depth + 1) : undefined;
  }
  if (e.kind === 'call') {
    const fns = p.targetsOf(e.call);
    if (fns.length !== 1) return undefined;
    const returns = p.returnsOf(fns[0]);
    return returns.length === 1 ? objectOf(p, returns[0], bindCall(p, e.call, fns[0], env), depth + 1) : undefined;
  }
  return undefined;
}

/** A key of an object literal: written in it, or (last spread first) in an object spread into it. */
export function fieldOf(p: Program, obj: ObjectExpr, env: Env, key: string, depth = 0): FieldLookup {
  const own = obj.fields.get(key);
  if (own) return { expr: own, env };
  for (const spread of [...obj.spreads].reverse()) {
    const inner = depth < 6 ? objectOf(p, spread, env) : undefined;
    if (!inner) return 'unknown';
    const found = fieldOf(p, inner.obj, inner.env, key, depth + 1);
    if (found !== 'absent') return found;
  }
  return 'absent';
}

/** One or two path segments (`library`, `library/x`), as a namespace or namespace/repository is. */
const SEGMENTS = /^[\w.-]+(?:\/[\w.-]+)?$/;
/** A host name or an API version segment: the start of a URL, not a namespace. */
const BASE_LIKE = /^[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/|$)|(?:^|\/)v\d+(?:\.\d+)?(?:\/|$)/;

/** A line that opens another branch of the same choice. */
const BRANCH_LINE = /^[ \t]*(?:\}[ \t]*)?(?:else|elif|elsif|case|when|default|except|catch|rescue)\b/m;

/** The last of `defs` (in lowered order) that stands at or before `at`. */
function lastAtOrBefore(defs: readonly Def[], at: number): Def | undefined {
  for (let i = defs.length - 1; i >= 0; i--) if (defs[i].at <= at) return defs[i];
  return undefined;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A function's parameters bound to one call's arguments, evaluated where the call is. */
export function bindCall(p: Program, call: Call, fn: Scope, callerEnv: Env): Env {
  // Bindings keyed by their function (another file's constructor, see foreign.ts) hold in every call below.
  const bindings = new Map<string, Binding>(carried(callerEnv));
  for (const param of fn.params) {
    const arg = p.argFor(call, fn, param.name);
    if (arg) bindings.set(param.name, { expr: arg, env: callerEnv });
  }
  return { bindings };
}

/** A method defined with `self` first and called as `x.m(...)`: arguments start one later. */
export function selfOffset(call: Call, fn: Scope): number {
  const first = fn.params[0]?.name;
  // Go names a method's receiver first (`recv:c`, see go.ts): a call names it before the dot.
  if (first?.startsWith('recv:')) return call.callee.includes('.') ? 1 : 0;
  return fn.parent?.kind === 'class' && (first === 'self' || first === 'cls') && call.callee.includes('.') ? 1 : 0;
}

/**
 * Evaluates an expression to literal pieces and holes, following names to their
 * definitions, parameters to their call-site arguments (when `env` binds them), calls of
 * this file's functions to their return value, and other files' constants.
 */
export class Evaluator {
  private steps = 0;
  /** While `eithersOf` runs: the conditional values an evaluation read. */
  private chosen: Either[] | undefined;
  private busy = new Set<Def>();

  /**
   * `guest`: the program is another file's, run for a call of the asking file (its function
   * receives the asking file's value): its literals are marked foreign with their origin, its
   * placeholders get no range, so nothing is reported or anchored in the wrong file.
   */
  constructor(
    readonly p: Program,
    private readonly guest = false,
  ) {}

  /**
   * The conditional values (`either`) the evaluation of `e` reads, in order, each once: the
   * choices a caller may fix (Env.choices) to read the construction once per option.
   */
  eithersOf(e: Expr, env: Env = {}): Array<Extract<Expr, { kind: 'either' }>> {
    this.chosen = [];
    try {
      this.evaluate(e, env);
      return [...new Set(this.chosen)];
    } finally {
      this.chosen = undefined;
    }
  }

  evaluate(e: Expr, env: Env = {}, depth = 0): Pieces {
    spend();
    if (depth === 0) this.steps = 0;
    if (++this.steps > MAX_STEPS || depth > MAX_DEPTH) return [this.hole(e, '')];
    switch (e.kind) {
      case 'str':
        return e.parts.flatMap((part) => ('expr' in part ? this.evaluate(part.expr, env, depth + 1) : [this.guest ? this.foreignText(part) : { ...part }]));
      case 'concat':
        return e.items.flatMap((item) => this.evaluate(item, env, depth + 1));
      case 'format':
        return formatPieces(e.style, this.evaluate(e.template, env, depth + 1), (key) => {
          const arg = typeof key === 'number' ? e.args[key] : e.named.get(key);
          return arg ? this.evaluate(arg, env, depth + 1) : undefined;
        });
      case 'join':
        return joinPieces(e.style, e.items.map((item) => this.evaluate(item, env, depth + 1)), e.sep ?? '/');
      case 'name':
        return this.name(e, env, depth);
      case 'env':
        return e.fallback ? this.evaluate(e.fallback, env, depth + 1) : [this.hole(e, e.name)];
      case 'segment':
        return e.escaped ? this.oneSegment(e, this.evaluate(e.of, env, depth + 1), e.name) : [{ ...this.hole(e, e.name), oneSegment: true }];
      case 'call':
        return this.callValue(e, e.call, env, depth);
      case 'cut':
        return applyCut(this.evaluate(e.of, env, depth + 1), e.cut, this.guest ? { start: -1, end: -1 } : e, e.of.kind === 'name' ? `${e.of.name}.cut` : 'cut');
      case 'either':
        return this.either(e, env, depth);
      default:
        return [this.hole(e, e.kind === 'opaque' ? e.text : '')];
    }
  }

  /**
   * A value a condition chooses: the option whose literal text names a Hub host or a Hub path
   * (the call that may reach the Hub is the one to report), else the first option, as if the
   * condition held. Its text is marked `chosen` when the options differ: a fix would edit a
   * value the other branch shares or does not have.
   */
  private either(e: Extract<Expr, { kind: 'either' }>, env: Env, depth: number): Pieces {
    const options = e.options.slice(0, MAX_OPTIONS).map((o) => this.evaluate(o, env, depth + 1));
    if (options.length === 0) return [this.hole(e, '')];
    this.chosen?.push(e);
    return pickOption(options, env.choices?.get(e.id));
  }

  /**
   * Go: a field of a method's receiver the file does not set (`r.domain` in `func (r *Remote)
   * SignIn`): the values the project gives that field of the receiver's type (members.ts), one
   * of them read as an `either`'s options are.
   */
  private memberOfReceiver(e: Extract<Expr, { kind: 'name' }>): Pieces | undefined {
    const m = this.p.lowered.language === 'go' && this.p.project.memberValues ? /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(e.name) : null;
    if (!m) return undefined;
    let owner: string | undefined;
    for (let s: Scope | null = e.scope; s && !owner; s = s.parent) if (s.params[0]?.name === `recv:${m[1]}`) owner = s.receiver;
    if (!owner) return undefined;
    const values = this.p.project.memberValues?.({ file: this.p.file, language: 'go', owner, member: m[2] }) ?? [];
    if (values.length === 0) return undefined;
    return pickOption(values.slice(0, MAX_OPTIONS).map((v) => this.foreignPieces(e, v.pieces)));
  }

  /** Another file's value as pieces of the name that reads it here (its text keeps its origin). */
  private foreignPieces(e: Expr, pieces: ForeignValue['pieces']): Pieces {
    return pieces.map((fp): Piece => {
      const origin = { file: fp.file, start: fp.start, end: fp.end };
      const at = this.guest ? { start: -1, end: -1 } : { start: e.start, end: e.end };
      return 'text' in fp ? { text: fp.text, ...at, foreign: true, origin } : { hole: fp.hole, ...at, examples: [] };
    });
  }

  private hole(e: Expr, name: string): Extract<Piece, { hole: string }> {
    return this.guest ? { hole: name, start: -1, end: -1, examples: [] } : holeOf(e, name);
  }

  private foreignText(part: { text: string; start: number; end: number }): Piece {
    return { text: part.text, start: -1, end: -1, foreign: true, origin: { file: this.p.file, start: part.start, end: part.end } };
  }

  private name(e: Extract<Expr, { kind: 'name' }>, env: Env, depth: number): Pieces {
    const bound = bindingOf(this.p, e, env);
    if (bound) return (bound.ev ?? this).evaluate(bound.expr, bound.env, depth + 1);
    const def = env.defs?.get(e.name) ?? this.p.defOf(e.name, e);
    // A segment assigned only on some paths (`if (!ns) ns = 'library'`): the value is not known
    // here; what the branch assigns is one value it takes (evidence of its arity, never the
    // URL's text). A base or host so assigned (`if base == "" { base = "https://index.docker.io" }`
    // after reading the environment) is the value the code knows, and stays.
    if (def && !env.defs?.has(e.name) && !this.busy.has(def) && this.p.mayNotHaveRun(def, e)) {
      this.busy.add(def);
      try {
        const pieces = this.evaluate(def.value, env, depth + 1);
        // Each unknown part stands as one name (`'library/' + name` takes "library/x").
        const taken = pieces.map((x) => ('text' in x ? x.text : 'x')).join('');
        if (SEGMENTS.test(taken) && !BASE_LIKE.test(taken)) {
          const fn = this.p.paramScope(e.name, e);
          // The value it holds when the branch did not run is evidence too (`ns := "library/" + image`
          // then `if strings.Contains(image, "/") { ns = image }`: owner/name either way), not its name.
          const earlier = this.p.earlierDefs(def, e).flatMap((d) => (this.busy.has(d) ? [] : this.takenText(d, env, depth)));
          return [{ ...this.hole(e, e.name), examples: [...(pieces.some(isText) ? [taken] : []), ...earlier, ...(fn ? this.examples(fn, e.name) : [])] }];
        }
      } finally {
        this.busy.delete(def);
      }
    }
    if (def && !this.busy.has(def)) {
      this.busy.add(def);
      try {
        const pieces = this.evaluate(def.value, this.inheritedEnv(e, def, env), depth + 1);
        // A name that only holds a script's argument (`HUB_API="$1"`) is known by its own name:
        // `$1` says nothing, and the name is what `--base-var` and the arity evidence read.
        const only = pieces.length === 1 ? pieces[0] : undefined;
        if (only && 'hole' in only && POSITIONAL.test(only.hole)) return [{ ...only, hole: e.name }];
        // A value an unknown call computes (`user = user_cleaner(user)`) is known by the name it is
        // assigned to when the callee's name says nothing of its segments (arity.ts).
        if (only && 'hole' in only && def.value.kind === 'call' && only.hole === def.value.call.callee && !only.oneSegment && nameArity(only.hole) === null) return [{ ...only, hole: e.name }];
        return pieces;
      } finally {
        this.busy.delete(def);
      }
    }
    const inherited = def ? undefined : this.inheritedMember(e, env, depth);
    if (inherited) return inherited;
    const fn = this.p.paramScope(e.name, e);
    if (fn) return [{ ...this.hole(e, e.name), examples: this.examples(fn, e.name) }];
    // A property read (`self.login_url`), or a Ruby method called by its bare name: its one return value.
    const getter = def ? undefined : this.p.getterOf(e);
    const returned = getter ? this.p.returnsOf(getter) : [];
    if (returned.length === 1) return this.evaluate(returned[0], { bindings: new Map(carried(env)) }, depth + 1);
    if (this.p.mayBeForeign(e.name)) {
      const value = this.p.project.value({ file: this.p.file, language: this.p.lowered.language, imports: this.p.lowered.imports, name: e.name });
      if (value) return this.foreignPieces(e, value.pieces);
    }
    const member = def ? undefined : this.memberOfReceiver(e);
    if (member) return member;
    return [this.hole(e, e.name)];
  }

  /** A definition's value as one path-like text (unknown parts as `x`), when it holds literal text and a segment or two. */
  private takenText(def: Def, env: Env, depth: number): string[] {
    this.busy.add(def);
    try {
      const pieces = this.evaluate(def.value, env, depth + 1);
      const taken = pieces.map((x) => ('text' in x ? x.text : 'x')).join('');
      return pieces.some(isText) && SEGMENTS.test(taken) && !BASE_LIKE.test(taken) ? [taken] : [];
    } finally {
      this.busy.delete(def);
    }
  }

  /**
   * `this.base` read in a subclass and set by its base class of this file (`this.base = base`
   * in the base's constructor): the base's constructor parameters hold the subclass's
   * `super(…)` arguments (super-call.ts).
   */
  private inheritedEnv(e: Expr & { name: string }, def: Def, env: Env): Env {
    if (!/^(?:this|self)\./.test(e.name)) return env;
    const sub = classAround(e.scope);
    const owner = classAround(def.scope);
    if (!sub || !owner || sub === owner) return env;
    const bound = superBindingsOf(this.p, sub, { program: this.p, cls: owner }, env);
    return bound.length > 0 ? { ...env, bindings: new Map([...(env.bindings ?? []), ...bound]) } : env;
  }

  /**
   * `this.base` read in a subclass whose base class (another file's, found through the
   * imports) sets it: its value there, with the base's constructor parameters bound to the
   * subclass's `super(…)` arguments. Asked only for a member this file does not set.
   */
  private inheritedMember(e: Expr & { name: string }, env: Env, depth: number): Pieces | undefined {
    const member = /^(?:this|self)\.[\w$]+$/.test(e.name) ? classAround(e.scope) : undefined;
    const project = this.p.project;
    if (!member?.base || !project.functionOf) return undefined;
    let base = project.functionOf({ file: this.p.file, language: this.p.lowered.language, imports: this.p.lowered.imports, name: member.base });
    if (!base?.cls || base.program.file === this.p.file) return undefined;
    // Set by the base's base in turn (`Catalog(Accounts)`, `Accounts(Transport)`, `self.base_url` in Transport), a few classes up.
    let program = viewOf(base.program, project);
    let cls = base.cls;
    let def: Def | undefined;
    const chain = [{ program, cls }];
    for (let up = 0; up < 4; up++) {
      const owner = cls;
      const defs = (program.defsByName.get(e.name) ?? []).filter((d) => classAround(d.scope) === owner);
      def = defs[defs.length - 1];
      if (def || !owner.base) break;
      const next = program.lowered.scopes.find((s) => s.kind === 'class' && s.name === owner.base && s !== owner);
      base = next ? { program: base.program, cls: next } : project.functionOf({ file: program.file, language: program.lowered.language, imports: program.lowered.imports, name: owner.base });
      if (!base?.cls) return undefined;
      program = viewOf(base.program, project);
      cls = base.cls;
      chain.push({ program, cls });
    }
    if (!def) return undefined;
    const bound = [...superBindingsOf(this.p, member, chain[0], env, this), ...chainBindings(chain, (at) => new Evaluator(at, true))];
    return new Evaluator(program, true).evaluate(def.value, { bindings: new Map([...carried(env), ...bound]) }, depth + 1);
  }

  /**
   * Literal values a parameter takes: its default and the arguments of this file's calls.
   * Asked on every read of a parameter, so the calls' part is worked out once per set of
   * calls and argument (Program.argumentsKey): in a minified bundle a thousand functions
   * named `e` share the five thousand calls of `e`, and reading them all again on every read
   * of every parameter was quadratic in the file (issue 34, row 1). It is worked out apart
   * from the evaluation that asks (steps of its own, no definition busy), so the answer does
   * not depend on which read asked first.
   */
  examples(fn: Scope, name: string): string[] {
    // Only a value wholly of text is an example: the examples of a placeholder inside an
    // argument are never read (literalTexts drops the placeholder), so none are sought.
    if (this.exampling) return [];
    const param = fn.params.find((p) => p.name === name);
    const fallback = param?.fallback;
    const own = fallback ? this.apart(() => literalTexts(this.evaluate(fallback, {}, MAX_DEPTH - 2))) : [];
    const key = this.p.argumentsKey(fn, name);
    let atCalls = this.examplesAt.get(key);
    if (atCalls === undefined) {
      atCalls = this.apartListing(() => {
        const out: string[] = [];
        for (const call of this.p.callsOf(fn)) {
          spend();
          const arg = this.p.argFor(call, fn, name);
          if (arg) out.push(...literalTexts(this.evaluate(arg, {}, MAX_DEPTH - 2)));
        }
        return out;
      });
      this.examplesAt.set(key, atCalls);
    }
    // The conditional values the arguments read, listed as if read again (eithersOf).
    this.chosen?.push(...atCalls.eithers);
    return [...own, ...atCalls.texts];
  }

  /** examples' answers from the calls, by Program.argumentsKey, with the conditional values they read. */
  private readonly examplesAt = new Map<string | Scope, { texts: string[]; eithers: Either[] }>();
  /** While examples works: placeholders get no examples of their own. */
  private exampling = false;

  /** Runs `work` as an evaluation of its own (its steps, no definition busy); the conditionals it reads are listed. */
  private apart(work: () => string[]): string[] {
    const { texts, eithers } = this.apartListing(work);
    this.chosen?.push(...eithers);
    return texts;
  }

  private apartListing(work: () => string[]): { texts: string[]; eithers: Either[] } {
    const { steps, busy, chosen } = this;
    this.steps = 0;
    this.busy = new Set();
    this.chosen = [];
    this.exampling = true;
    try {
      const texts = work();
      return { texts, eithers: this.chosen };
    } finally {
      this.steps = steps;
      this.busy = busy;
      this.chosen = chosen;
      this.exampling = false;
    }
  }

  private callValue(e: Expr, call: Call, env: Env, depth: number): Pieces {
    const fns = this.p.targetsOf(call);
    if (fns.length === 1) {
      const fn = fns[0];
      const returns = this.p.returnsOf(fn);
      if (returns.length === 1) return this.evaluate(returns[0], bindCall(this.p, call, fn, env), depth + 1);
    }
    const read = fns.length === 0 ? this.keyRead(e, call, env, depth) ?? this.escaped(e, call, env, depth) : undefined;
    return read ?? [this.hole(e, call.callee)];
  }

  /**
   * A value escaped so a `/` in it becomes `%2F` (`encodeURIComponent(x)`, `url.PathEscape(x)`,
   * `quote(x, safe='')`, core/segment-words.ts): one path segment, known by the name of what is
   * escaped (`quote(check(publisher), safe='')` is `publisher`'s value).
   */
  private escaped(e: Expr, call: Call, env: Env, depth: number): Pieces | undefined {
    const arg = call.args[0];
    if (!arg || !ESCAPE_CALL.test(call.callee)) return undefined;
    // Python's `quote(x, safe)`: its second argument is the characters kept, a literal to be read.
    const safe = /quote(?:_plus)?$/.test(call.callee) ? (call.keywords.get('safe') ?? call.args[1]) : undefined;
    const safeText = safe ? literalOf(safe) : undefined;
    if (safeText === null || quoteKeepsSlash(call.callee, safeText)) return undefined;
    return this.oneSegment(e, this.evaluate(arg, env, depth + 1), call.callee);
  }

  /** An escaped value: its text when all known, else one placeholder of one segment, named by what was escaped. */
  private oneSegment(e: Expr, inner: Pieces, fallback: string): Pieces {
    if (inner.every(isText)) return inner;
    const only = inner.length === 1 && 'hole' in inner[0] ? inner[0] : undefined;
    return [{ ...this.hole(e, only?.hole || fallback), examples: only?.examples ?? [], oneSegment: true }];
  }

  /**
   * A key read by a call (`config.get("api_base")`, `opts.fetch(:url, default)`): the field the
   * code defines under that key, as `config["api_base"]` would read it (an option table's
   * `"api_base": {"default": …}` included, Program.fieldDef); else the default the call gives.
   */
  private keyRead(e: Expr, call: Call, env: Env, depth: number): Pieces | undefined {
    const key = call.args[0] ? literalOf(call.args[0]) : null;
    if (!KEY_READ.test(call.name) || call.receiver?.kind !== 'name' || key === null || !/^[\w-]+$/.test(key) || call.args.length > 2) return undefined;
    const def = this.p.defOf(`${call.receiver.name}.${key}`, e);
    if (def && !this.busy.has(def)) {
      this.busy.add(def);
      try {
        return this.evaluate(def.value, env, depth + 1);
      } finally {
        this.busy.delete(def);
      }
    }
    return call.args[1] ? this.evaluate(call.args[1], env, depth + 1) : undefined;
  }
}

/**
 * One of several values a name may hold (an `either`'s options, a field set in several places):
 * the one whose literal text names a Hub host or a Hub path (the call that may reach the Hub is
 * the one to report), else the first, unless `forced`; its text is marked `chosen` when the
 * values differ (a fix would edit a value the others share or do not have).
 */
function pickOption(options: Pieces[], forced?: number): Pieces {
  const texts = options.map((pieces) => pieces.map((p) => (isText(p) ? p.text : '\0')).join(''));
  const hub = texts.findIndex((t) => HUB_HOST_PATTERN.test(t) || HUB_PATH_PATTERN.test(t));
  const pick = options[forced !== undefined && forced < options.length ? forced : hub === -1 ? 0 : hub];
  if (texts.every((t) => t === texts[0])) return pick;
  const host = texts.every(hostOnly);
  return pick.map((p) => (isText(p) ? { ...p, chosen: true, ...(host ? { chosenHost: true } : {}) } : p));
}

/**
 * A value that is a host alone: a scheme, a host and a port, at most a trailing slash, no path
 * (`https://hub.docker.com`, `http://localhost:5000/`); or a value not known at all (`mirror`),
 * which the route written after it follows whatever it holds. `\0` marks a value not known.
 */
function hostOnly(text: string): boolean {
  const scheme = text.indexOf('://');
  const rest = scheme === -1 ? text : text.slice(scheme + 3);
  const host = rest.endsWith('/') ? rest.slice(0, -1) : rest;
  if (host === '' || (scheme !== -1 && !/^[a-z][a-z0-9+.-]*$/i.test(text.slice(0, scheme)))) return false;
  return ![...host].some((ch) => ch === '/' || ch === '?' || ch === '#' || ch === '@' || ch.trim() === '');
}

/** How a method names its own object, through which it reads a class attribute. */
const CLASS_SELVES = ['self', 'this', 'cls'];

/** Calls that read a key of a mapping (Python/JS `get`, Ruby `fetch`). */
const KEY_READ = /^(?:get|fetch)$/;


function holeOf(e: Expr, name: string): Extract<Piece, { hole: string }> {
  return { hole: name, start: e.start, end: e.end, examples: [] };
}

/** The whole value when it is all literal text. */
function literalTexts(pieces: Pieces): string[] {
  return pieces.length > 0 && pieces.every(isText) ? [pieces.map((p) => p.text).join('')] : [];
}

const BRACE = /\{([^{}]*)\}/g;
const PRINTF = /%(?:\(([^()%]+)\))?(?:\[(\d+)\])?(?:([1-9]\d*)\$)?[-#0 +]*(?:[1-9]\d*|\*)?(?:\.\d+)?([sdvqrifxXuabt%])/g;

/** Splices format arguments into a template's literal pieces (`{}`, `{0}`, `{name}`, `%s`, `%2$s`, `%(name)s`). */
export function formatPieces(style: 'printf' | 'brace', template: Pieces, arg: (key: number | string) => Pieces | undefined): Pieces {
  const out: Pieces = [];
  let next = 0;
  for (const { piece, source } of joinEscapes(template)) {
    if (!isText(piece)) {
      out.push(piece);
      continue;
    }
    // matchAll works on a copy of the pattern: an argument that is itself a format (`'{0}/{1}/'.format(self.url, p)`
    // with `self.url = '{0}/{1}'.format(…)`) runs this function again while the outer loop is under way.
    const re = style === 'brace' ? BRACE : PRINTF;
    let last = 0;
    const at = (i: number) => (piece.foreign ? piece.start : source(i));
    for (const m of piece.text.matchAll(re)) {
      if (m.index > last) out.push({ ...piece, text: piece.text.slice(last, m.index), start: at(last), end: at(m.index) });
      last = m.index + m[0].length;
      if (style === 'printf' && m[4] === '%') {
        out.push({ ...piece, text: '%', start: at(m.index), end: at(last) });
        continue;
      }
      // Go's explicit index `%[2]s` counts from 1 and moves the implicit counter on.
      if (style === 'printf' && m[2]) next = Number(m[2]) - 1;
      const field = style === 'brace' ? m[1].split(/[!:]/)[0] : (m[1] ?? '');
      // A positional `%2$s` (C, Java, PHP, Ruby, Perl) names its argument, counting from 1.
      const key = style === 'printf' && m[3] ? Number(m[3]) - 1 : field === '' ? next++ : /^\d+$/.test(field) ? Number(field) : field;
      out.push(...(arg(key) ?? [{ hole: String(key), start: at(m.index), end: at(last), examples: [] }]));
    }
    if (last < piece.text.length) out.push({ ...piece, text: piece.text.slice(last), start: at(last) });
  }
  return out;
}

type TextPiece = Extract<Piece, { text: string }>;

/** An escape's piece: its text (`$`) is shorter or longer than the source it stands for (`\$`). */
const isEscape = (p: TextPiece) => !p.foreign && p.text.length !== p.end - p.start;

/**
 * The template's pieces with each escape joined to the text beside it, and where a character of
 * the text stands in the source. An escape splits a string into pieces (Kotlin's `"%3\$s"` is
 * `%3`, `$`, `s`), and a format hole must be read across them.
 */
function joinEscapes(template: Pieces): Array<{ piece: Piece; source: (i: number) => number }> {
  const out: Array<{ piece: Piece; source: (i: number) => number }> = [];
  let run: TextPiece[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const parts = run;
    run = [];
    const piece: TextPiece = parts.length === 1 ? parts[0] : { ...parts[0], text: parts.map((p) => p.text).join(''), end: parts[parts.length - 1].end };
    const source = (i: number) => {
      let offset = 0;
      for (const p of parts) {
        if (i < offset + p.text.length) return isEscape(p) ? (i === offset ? p.start : p.end) : p.start + (i - offset);
        offset += p.text.length;
      }
      return piece.end;
    };
    out.push({ piece, source });
  };
  for (const piece of template) {
    const prev = run.at(-1);
    if (isText(piece) && (!prev || joinable(prev, piece))) {
      run.push(piece);
      continue;
    }
    flush();
    if (isText(piece)) run.push(piece);
    else out.push({ piece, source: () => piece.start });
  }
  flush();
  return out;
}

/** Two pieces side by side in one string, one of them an escape, with nothing else telling them apart. */
const joinable = (a: TextPiece, b: TextPiece) =>
  (isEscape(a) || isEscape(b)) && !a.foreign && !b.foreign && a.end === b.start && a.chosen === b.chosen && a.chosenHost === b.chosenHost && a.origin === b.origin;

/** `path.Join` / `os.path.join` / `sep.join` / `urljoin` over evaluated parts. */
export function joinPieces(style: 'path' | 'url' | 'sep', parts: Pieces[], sep: string): Pieces {
  if (parts.length === 0) return [];
  if (style === 'url' && parts.length === 2) return urlJoin(parts[0], parts[1]);
  const out: Pieces = [...parts[0]];
  for (const next of parts.slice(1)) {
    if (style === 'sep') {
      out.push({ text: sep, start: -1, end: -1, foreign: true }, ...next);
      continue;
    }
    const left = out[out.length - 1];
    const right = next[0];
    const leftSlash = left && isText(left) && left.text.endsWith('/');
    const rightSlash = right && isText(right) && right.text.startsWith('/');
    if (leftSlash && rightSlash) out.push({ ...right, text: right.text.slice(1), start: right.foreign ? right.start : right.start + 1 }, ...next.slice(1));
    else if (!leftSlash && !rightSlash) out.push({ text: '/', start: -1, end: -1, foreign: true }, ...next);
    else out.push(...next);
  }
  return out;
}

/** RFC 3986 reference resolution, as far as literal text allows. */
function urlJoin(base: Pieces, ref: Pieces): Pieces {
  const first = ref[0];
  if (first && isText(first) && /^[a-z][a-z0-9+.-]*:\/\//i.test(first.text)) return ref;
  const baseText = base.every(isText) ? base.map((p) => p.text).join('') : null;
  if (first && isText(first) && first.text.startsWith('/') && baseText !== null) {
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(baseText)?.[0];
    if (origin) return [{ text: origin, start: base[0].start, end: base[0].end, foreign: true }, ...ref];
  }
  const last = base[base.length - 1];
  // A base with a host and no path (`https://h`): the reference's path is under its root.
  if (baseText !== null && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.test(baseText) && first && isText(first)) return [...base, { text: '/', start: -1, end: -1, foreign: true }, ...ref];
  if (last && isText(last) && !last.text.endsWith('/') && baseText !== null) {
    // urljoin("https://h/v2", "users/login") replaces the last segment.
    const cut = baseText.lastIndexOf('/');
    if (cut > baseText.indexOf('://') + 2) return [{ text: baseText.slice(0, cut + 1), start: base[0].start, end: last.end, foreign: true }, ...ref];
  }
  return [...base, ...ref];
}
