import { Evaluator, carried, scopedKey, viewOf, type Binding, type Env, type Program } from './evaluate.js';
import type { Call, Expr, Scope } from './form.js';
import { chainBindings, classAround, superBindings } from './super-call.js';
import type { ForeignFunction } from '../types.js';

/**
 * The forward direction across files: a value of this file passed into a function or method
 * another file defines, whose body builds or sends the request (`r.http.PostRequestTo(path)`
 * with the client made by `web.New(hubBase)` in another Go package; `self.hub.get(path)` with
 * `self.hub = HubClient(base)` imported from another Python module; `new HubApi(base).get(p)`
 * in Java). The callee is found by the asking language's module rules (ProjectLookup.functionOf,
 * memoised per file content); its body then runs in its own file's program with its parameters
 * (and its constructor's, for a method) bound to this file's expressions, each evaluated here.
 * Nothing is paired over the tree: only calls a site's value reaches are looked up.
 */

/** How many files one value is handed through (a client package calling a transport package...). */
export const MAX_CROSSINGS = 2;

export interface ForeignTarget {
  program: Program;
  fn: Scope;
  /** The callee's parameters (and its constructor's) bound to this file's expressions. */
  env: Env;
  /** The callee file's evaluator, in guest mode (its literals are foreign to the asking file). */
  ev: Evaluator;
}

/** A call's arguments bound to a function's parameters, keyed by the function (see Env). */
function bind(program: Program, fn: Scope, env: Env, ev: Evaluator, argFor: (name: string) => Expr | undefined): Array<[string, Binding]> {
  const out: Array<[string, Binding]> = [];
  for (const param of fn.params) {
    const arg = argFor(param.name);
    if (arg) out.push([scopedKey(program, fn, param.name), { expr: arg, env, ev }]);
  }
  return out;
}

/** The constructor's arguments: a class's `self`/`cls` is never passed. */
function constructorArgs(fn: Scope, call: Call): (name: string) => Expr | undefined {
  const offset = /^(?:self|cls)$/.test(fn.params[0]?.name ?? '') ? 1 : 0;
  return (name) => {
    const kw = call.keywords.get(name);
    if (kw) return kw;
    const param = fn.params.find((x) => x.name === name);
    return param && param.index >= offset ? call.args[param.index - offset] : undefined;
  };
}

/**
 * The call that made the object a method is called on: through names and fields
 * (`r.http` set in a struct literal to `web.New(base)`, `self.hub = HubClient(base)`).
 */
function makerOf(p: Program, e: Expr | undefined, depth = 0): Call | undefined {
  if (!e || depth > 8) return undefined;
  if (e.kind === 'call') return e.call;
  if (e.kind !== 'name') return undefined;
  const def = p.defOf(e.name, e);
  return def && def.value !== e ? makerOf(p, def.value, depth + 1) : undefined;
}


/**
 * JS/TS: the class a receiver's parameter is declared with (`client: HubHttp`, also through
 * `this.client` of a constructor's parameter property), when no call that made it is in sight.
 */
function declaredClassOf(p: Program, e: Expr | undefined): string | undefined {
  if (p.lowered.language !== 'js' || e?.kind !== 'name') return undefined;
  return p.declaredType(p.throughNames(e));
}

/** Go: the receiver parameter (`recv:c`, see go.ts) of the method a name stands in. */
function receiverOf(p: Program, e: Expr & { name: string }): Scope | undefined {
  for (let s: Scope | null = e.scope; s; s = s.parent) if (s.params[0]?.name === `recv:${e.name}`) return s;
  return undefined;
}

/**
 * The functions of other files a call of this file may run: a method of the object its
 * receiver was made by (a constructor or a factory of another file: its class's method, or a
 * method of the factory's package in Go), else the function its callee names through the
 * imports (`hub.List(path)`, `from .client import get_json`, an imported `listRepos`).
 */
export function foreignTargets(p: Program, ev: Evaluator, call: Call, env: Env): ForeignTarget[] {
  const project = p.project;
  if (!project.functionOf) return [];
  const q = { file: p.file, language: p.lowered.language, imports: p.lowered.imports };
  const target = (found: Program, fn: Scope, bindings: Array<[string, Binding]>): ForeignTarget => {
    const program = viewOf(found, project);
    return {
    program,
    fn,
    // What the asking file's own callers bound (a constructor's base, two files up) still holds.
    env: { bindings: new Map([...carried(env), ...bindings]) },
    ev: new Evaluator(program, true),
    };
  };
  // Go lowers no receiver for a plain name (`c.full(u)`, `client.Send(p)`): the name before the dot, unless a package's.
  const bare = call.receiver ? undefined : /^([A-Za-z_]\w*)\.\w+$/.exec(call.callee)?.[1];
  const receiver: Expr | undefined =
    call.receiver ?? (bare && !p.lowered.imports.some((i) => i.local === bare) ? { ...call.result, kind: 'name', name: bare, start: call.start, end: call.start } : undefined);
  // Go: a method calling another method of its receiver's type, in another file of the package.
  const recv = receiver?.kind === 'name' ? receiverOf(p, receiver) : undefined;
  if (recv && project.methodsOf) {
    return project.methodsOf({ program: p }, call.name).flatMap((m) => (m.fn && m.program.file !== p.file ? [target(m.program, m.fn, bind(m.program, m.fn, env, ev, (name) => m.program.argFor(call, m.fn as Scope, name)))] : []));
  }
  // `this.get(path)` in a class extending another file's class: the base's method, its constructor bound to the `super(…)` call.
  const sub = receiver?.kind === 'name' && /^(?:this|self)$/.test(receiver.name) ? classAround(call.scope) : undefined;
  // The base may be a class of this file that extends another file's (`MirrorRepos(Mirror)`, `Mirror(Wire)`).
  const local = sub?.base ? p.lowered.scopes.find((s) => s.kind === 'class' && s.name === sub.base && s !== sub && s.base) : undefined;
  const base = sub?.base && project.methodsOf ? (local ? { program: p, cls: local } : project.functionOf({ ...q, name: sub.base })) : undefined;
  if (base?.cls && project.methodsOf) {
    const cls = base.cls;
    const made = superBindings(p, call, { program: viewOf(base.program, project), cls }, {}, ev);
    const methods = project.methodsOf(base, call.name).filter((m) => m.fn);
    // A method inherited from further up: each class's `super(…)` on the way binds the next one's constructor.
    const up = (m: ForeignFunction) =>
      m.via && m.cls ? chainBindings([...m.via, { program: m.program, cls: m.cls }].map((c) => ({ program: viewOf(c.program, project), cls: c.cls })), (at) => new Evaluator(at, true)) : [];
    if (methods.length > 0) return methods.map((m) => target(m.program, m.fn as Scope, [...made, ...up(m), ...bind(m.program, m.fn as Scope, env, ev, (name) => m.program.argFor(call, m.fn as Scope, name))]));
  }
  const maker = makerOf(p, receiver);
  // A TypeScript parameter declared with a class (`constructor(private client: HubHttp)`): that class, made by a caller.
  const declared = maker ? undefined : declaredClassOf(p, receiver);
  if (declared && project.methodsOf) {
    const owner = project.functionOf({ ...q, name: declared });
    if (!owner?.cls) return [];
    return project
      .methodsOf(owner, call.name)
      .flatMap((m) => (m.fn ? [target(m.program, m.fn, bind(m.program, m.fn, env, ev, (name) => m.program.argFor(call, m.fn as Scope, name)))] : []));
  }
  if (maker) {
    const owner = project.functionOf({ ...q, name: maker.callee });
    if (!owner || !project.methodsOf) return [];
    // The maker's arguments are evaluated where the object is made (a field's initialiser): no call binds them here.
    const made = owner.fn ? bind(owner.program, owner.fn, {}, ev, constructorArgs(owner.fn, maker)) : [];
    return project
      .methodsOf(owner, call.name)
      .flatMap((m) => (m.fn ? [target(m.program, m.fn, [...made, ...bind(m.program, m.fn, env, ev, (name) => m.program.argFor(call, m.fn as Scope, name))])] : []));
  }
  const f = project.functionOf({ ...q, name: call.callee });
  if (!f?.fn) return [];
  const fn = f.fn;
  // A class called (`HubClient(base)`): its constructor builds nothing to send.
  if (f.cls) return [];
  return [target(f.program, fn, bind(f.program, fn, env, ev, (name) => f.program.argFor(call, fn, name)))];
}
