import type { SyntaxNode } from '../../runtime/parsers.js';
import type { Call, Def, Expr, Lowered, Param, Scope, Span, StrPart, Use } from './form.js';

type ExprInit = Expr extends infer E ? (E extends Expr ? Omit<E, 'id' | 'scope' | 'use'> : never) : never;

/** Expressions nested deeper than this are lowered as opaque values. */
export const MAX_EXPR_DEPTH = 200;

/**
 * Collects a file's lowered form while a language module walks its tree. Scopes are found
 * by position: the walk is in source order, so the innermost open scope is the one whose
 * span holds the node.
 */
export class LowerBuilder {
  readonly out: Lowered;
  private readonly open: Scope[] = [];
  private nextId = 0;
  /** Unnamed functions (lambdas, closures, arrow functions) by their start: a definition of one names it. */
  private readonly anonymous = new Map<number, Scope>();

  constructor(language: string, text: string) {
    const module: Scope = { id: 0, name: null, kind: 'module', params: [], parent: null, start: 0, end: text.length };
    this.out = { language, text, module, scopes: [module], exprs: [], defs: [], calls: [], imports: [], exports: [], wildcardImport: false, comments: [] };
    this.open.push(module);
  }

  /** The scope that holds `at`; closes scopes the walk has left. */
  scopeAt(at: number): Scope {
    while (this.open.length > 1 && this.open[this.open.length - 1].end <= at) this.open.pop();
    return this.open[this.open.length - 1];
  }

  openScope(kind: Scope['kind'], name: string | null, span: Span): Scope {
    const parent = this.scopeAt(span.start);
    const scope: Scope = { id: this.out.scopes.length, name, kind, params: [], parent, start: span.start, end: span.end };
    this.out.scopes.push(scope);
    this.open.push(scope);
    if (kind === 'function' && name === null) this.anonymous.set(span.start, scope);
    return scope;
  }

  /**
   * A function value given a name (`const build = (p) => …`, `route = lambda p: …`, `build :=
   * func(p string) string {…}`, `$build = fn($p) => …`, `let build = |p| …`): the function is
   * called by that name, as a declaration of it would be. The value is the lowered function
   * itself (an opaque value over the function's own span).
   */
  private nameFunction(name: string, value: Expr): void {
    if (value.kind !== 'opaque') return;
    const fn = this.anonymous.get(value.start);
    if (!fn || fn.end !== value.end || fn.name !== null) return;
    fn.name = name.slice(name.lastIndexOf('.') + 1).replace(/^[$@]+/, '');
    if (!/[.]|^[@]/.test(name)) fn.variable = true;
    this.anonymous.delete(value.start);
  }

  addParam(scope: Scope, name: string, fallback?: Expr): void {
    const param: Param = { name, index: scope.params.length, fallback };
    scope.params.push(param);
    if (fallback) this.def(name, fallback, fallback.start);
  }

  expr(init: ExprInit, scope: Scope): Expr {
    const e = { ...init, id: this.nextId++, scope, use: { kind: 'other' } } as Expr;
    this.out.exprs.push(e);
    for (const child of childrenOf(e)) child.use = { kind: 'part', of: e };
    return e;
  }

  /** A value a condition chooses among `options` (those that lowered to a value); one option is itself. */
  either(options: Array<Expr | undefined>, span: Span, scope: Scope): Expr | undefined {
    const values = options.filter((o): o is Expr => o !== undefined);
    return values.length > 1 ? this.expr({ kind: 'either', options: values, ...span }, scope) : values[0];
  }

  str(parts: StrPart[], span: Span, scope: Scope): Expr {
    return this.expr({ kind: 'str', parts, ...span }, scope);
  }

  opaque(text: string, span: Span, scope: Scope): Expr {
    return this.expr({ kind: 'opaque', text: text.slice(0, 80), ...span }, scope);
  }

  call(init: Omit<Call, 'result' | 'scope'>, scope: Scope): Expr {
    const call = { ...init, scope } as Call;
    const result = this.expr({ kind: 'call', call, start: init.start, end: init.end }, scope);
    call.result = result;
    init.args.forEach((a, index) => (a.use = { kind: 'arg', call, index }));
    for (const [keyword, a] of init.keywords) a.use = { kind: 'arg', call, index: -1, keyword };
    if (init.receiver) init.receiver.use = { kind: 'receiver', call };
    this.out.calls.push(call);
    return result;
  }

  /** `a + b`; `a + b + c` (left is itself a `+`) stays one concatenation, as written. */
  plus(l: Expr, r: Expr, leftIsPlus: boolean, span: Span, scope: Scope): Expr {
    const flat = l.kind === 'concat' && leftIsPlus;
    const joined = this.expr({ kind: 'concat', items: [...(flat ? l.items : [l]), r], ...span }, scope);
    if (flat) l.use = { kind: 'part', of: joined };
    return joined;
  }

  /** `name = value`, or `name += value` (the old value extended); other operators define nothing. */
  assign(name: string, value: Expr, op: string, at: number): void {
    if (op === '+=') {
      const old = this.expr({ kind: 'name', name, start: value.start, end: value.start }, value.scope);
      this.def(name, this.expr({ kind: 'concat', items: [old, value], start: value.start, end: value.end }, value.scope), at);
    } else if (op === '=') {
      this.def(name, value, at);
    }
  }

  /**
   * A lambda: a function scope with its parameters; a block body is walked as statements,
   * an expression body is the value it returns.
   */
  lambda(n: SyntaxNode, params: (list: SyntaxNode | null, fn: Scope) => void, walkBody: (body: SyntaxNode) => void, lowerExpr: (n: SyntaxNode, scope: Scope) => Expr): Expr {
    const scope = this.scopeAt(n.startIndex);
    const fn = this.openScope('function', null, { start: n.startIndex, end: n.endIndex });
    const ps = n.childForFieldName('parameters');
    // `p -> …` (Java), `p => …` (C#'s implicit_parameter): one bare name.
    if (ps && ps.namedChildCount === 0) this.addParam(fn, ps.text);
    else params(ps, fn);
    const body = n.childForFieldName('body');
    if (body?.type === 'block') walkBody(body);
    else if (body) this.ret(lowerExpr(body, fn));
    return this.opaque(n.text, { start: n.startIndex, end: n.endIndex }, scope);
  }

  def(name: string, value: Expr, at: number, constant?: boolean): Def {
    this.nameFunction(name, value);
    const def: Def = { name, value, scope: value.scope, at, constant };
    value.use = { kind: 'def', def };
    this.out.defs.push(def);
    return def;
  }

  ret(value: Expr): void {
    const scope = value.scope;
    value.use = { kind: 'return', scope } satisfies Use;
  }

  comment(span: Span): void {
    this.out.comments.push(span);
  }
}

/** The expressions a composite expression is built from. */
export function childrenOf(e: Expr): Expr[] {
  switch (e.kind) {
    case 'str':
      return e.parts.flatMap((p) => ('expr' in p ? [p.expr] : []));
    case 'concat':
    case 'join':
      return e.items;
    case 'format':
      return [e.template, ...e.args, ...e.named.values()];
    case 'segment':
    case 'cut':
      return [e.of];
    case 'object':
      return [...e.fields.values(), ...e.spreads];
    case 'env':
      return e.fallback ? [e.fallback] : [];
    case 'either':
      return e.options;
    default:
      return [];
  }
}

/** Decodes the usual backslash escapes of a string literal's content. */
export function unescape(raw: string): string {
  return raw.replace(/\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(.))/gs, (_, braced, u4, x2, ch: string) => {
    const hex = braced ?? u4 ?? x2;
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[ch] ?? ch;
  });
}

/** The text of a string expression that is one plain literal, else null. */
export function literalOf(e: Expr): string | null {
  if (e.kind !== 'str' || e.parts.some((p) => 'expr' in p)) return null;
  return e.parts.map((p) => ('text' in p ? p.text : '')).join('');
}
