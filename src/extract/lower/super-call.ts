import type { Binding, Env, Evaluator, Program } from './evaluate.js';
import type { Call, Expr, Scope } from './form.js';
import { scopedKey } from './scoped-key.js';

/**
 * A method of a base class run on `this`/`self` from a subclass (`this.get('/repositories/' +
 * ns)` in `class HubClient extends RestClient`): the base's constructor parameters hold what
 * the subclass's constructor passes up (JS/TS `super(url)`, Python `super().__init__(base_url=url)`
 * or `RestClient.__init__(self, url)`), so a base the base class keeps (`this.base = base`)
 * is known where the request is made. The base class is in the same file or another one
 * (`base`: its program and class scope); the `super(…)` call is the subclass's, in `p`.
 */
export function superBindings(p: Program, call: Call, base: { program: Program; cls: Scope }, env: Env, ev?: Evaluator): Array<[string, Binding]> {
  if (call.receiver?.kind !== 'name' || !/^(?:this|self)$/.test(call.receiver.name)) return [];
  const sub = classAround(call.scope);
  return sub ? superBindingsOf(p, sub, base, env, ev) : [];
}

/** The bindings of `base`'s constructor parameters by the `super(…)` call of `sub`'s constructor, when `sub` extends `base`. */
export function superBindingsOf(p: Program, sub: Scope, base: { program: Program; cls: Scope }, env: Env, ev?: Evaluator): Array<[string, Binding]> {
  if (!sub.base || sub === base.cls || !base.cls.name || lastName(sub.base) !== base.cls.name) return [];
  return superArguments(p, sub, base, env, ev);
}

/** `sub`'s `super(…)` arguments bound to the constructor of `base` (its base, or one further up that the classes between inherit). */
function superArguments(p: Program, sub: Scope, base: { program: Program; cls: Scope }, env: Env, ev?: Evaluator): Array<[string, Binding]> {
  const up = superCallOf(p, sub);
  const ctor = constructorOf(base.program, base.cls);
  if (!up || !ctor) return [];
  // `RestClient.__init__(self, url)` passes `self` itself; `super().__init__(url)` and `super(url)` do not.
  const explicitSelf = up.callee === `${sub.base}.__init__`;
  const offset = !explicitSelf && /^(?:self|cls)$/.test(ctor.params[0]?.name ?? '') ? 1 : 0;
  const out: Array<[string, Binding]> = [];
  for (const param of ctor.params) {
    const arg: Expr | undefined = up.keywords.get(param.name) ?? (param.index >= offset ? up.args[param.index - offset] : undefined);
    if (arg) out.push([scopedKey(base.program, ctor, param.name), { expr: arg, env, ev }]);
  }
  return out;
}

/**
 * Up a hierarchy of several classes (`Repos(Auth)`, `Auth(Wire)`): each class's `super(…)` call
 * binds the constructor parameters of the class it extends, so a base set by a middle class
 * (`super().__init__(root="https://mirror…")`) holds in the top class's methods. `chain` lists
 * the classes from the lowest to the one that defines the method or field (inclusive); each
 * call's arguments are evaluated in their own file (`evOf`).
 */
export function chainBindings(chain: ReadonlyArray<{ program: Program; cls: Scope }>, evOf: (p: Program) => Evaluator): Array<[string, Binding]> {
  const out: Array<[string, Binding]> = [];
  for (let i = 0; i + 1 < chain.length; i++) {
    // A class without a constructor of its own passes its subclass's `super(…)` on to the one above it.
    const to = chain.slice(i + 1).find((c) => constructorOf(c.program, c.cls));
    if (to) out.push(...superArguments(chain[i].program, chain[i].cls, to, {}, evOf(chain[i].program)));
  }
  return out;
}

/** The class a scope is in (a method's, a nested function's). */
export function classAround(scope: Scope): Scope | undefined {
  for (let s: Scope | null = scope; s; s = s.parent) if (s.kind === 'class') return s;
  return undefined;
}

const lastName = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** A class's constructor: JS/TS `constructor`, Python `__init__`. */
function constructorOf(p: Program, cls: Scope): Scope | undefined {
  return p.lowered.scopes.find((s) => s.kind === 'function' && s.parent === cls && (s.name === 'constructor' || s.name === '__init__'));
}

/** The call by which a subclass's constructor runs its base's: `super(…)`, `super().__init__(…)`, `Base.__init__(self, …)`. */
function superCallOf(p: Program, sub: Scope): Call | undefined {
  const ctor = constructorOf(p, sub);
  if (!ctor) return undefined;
  return p.lowered.calls.find(
    (c) =>
      c.start >= ctor.start &&
      c.end <= ctor.end &&
      // Python's `super()` is the receiver of its `__init__` call, not the call that passes the arguments.
      ((c.callee === 'super' && c.result.use.kind !== 'receiver') ||
        (c.name === '__init__' && ((c.receiver?.kind === 'call' && c.receiver.call.callee === 'super') || c.callee === `${sub.base}.__init__`))),
  );
}
