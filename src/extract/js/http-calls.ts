import type { MethodSource } from '../../core/types.js';
import { hasHole } from '../../core/hole.js';
import type { Env, Evaluator, Value } from './evaluate.js';
import { classField, lookup, type FileFacts } from './facts.js';
import { skipOuter, ts } from './parse.js';

/** An HTTP request a call makes: where its URL is written and what says its method. */
export interface HttpRequest {
  /** The expression holding the URL, or the path when a base is joined to it. */
  url: ts.Expression;
  /** A base the URL is relative to (axios baseURL, got/ky prefixUrl, http.request host). */
  base: { join: 'prefix' | 'whatwg'; value: Value } | null;
  method: string | null;
  methodSource: MethodSource;
}

type Lib = 'fetch' | 'undici' | 'axios' | 'got' | 'ky' | 'superagent' | 'request' | 'http' | 'https' | 'jquery' | 'unknown';

const MODULE_LIB: Record<string, Lib> = {
  axios: 'axios',
  got: 'got',
  ky: 'ky',
  'ky-universal': 'ky',
  superagent: 'superagent',
  needle: 'superagent',
  request: 'request',
  'request-promise': 'request',
  'request-promise-native': 'request',
  'node-fetch': 'fetch',
  'cross-fetch': 'fetch',
  'isomorphic-fetch': 'fetch',
  'make-fetch-happen': 'fetch',
  undici: 'undici',
  http: 'http',
  'node:http': 'http',
  https: 'https',
  'node:https': 'https',
  jquery: 'jquery',
};

/** Names that mean the library when nothing in the file declares them (browser globals, scripts). */
const GLOBAL_LIB: Record<string, Lib> = {
  fetch: 'fetch',
  axios: 'axios',
  got: 'got',
  ky: 'ky',
  superagent: 'superagent',
  request: 'request',
  $: 'jquery',
  jQuery: 'jquery',
  http: 'http',
  https: 'https',
};

const VERBS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function verbOf(name: string | null): string | null {
  if (name === null) return null;
  if (name === 'del') return 'DELETE';
  const v = name.toUpperCase();
  return VERBS.has(v) && name === name.toLowerCase() ? v : null;
}

interface Target {
  lib: Lib;
  /** The property called (`axios.get` → 'get'), or a named import (`import { get } from 'https'`). */
  member: string | null;
  /** Options an instance was created with (`axios.create({ baseURL })`). */
  instance: Options | null;
}

interface Options {
  props: Map<string, ts.Expression>;
  /** A spread or a variable we cannot see into: any property may be set. */
  open: boolean;
}

const OPEN: Options = { props: new Map(), open: true };

export class HttpCalls {
  constructor(
    private readonly facts: FileFacts,
    private readonly ev: Evaluator,
  ) {}

  /** The requests a call makes; [] when it is not an HTTP call we know. */
  recognise(call: ts.CallExpression | ts.NewExpression, touched: Set<ts.Node>, env?: Env): HttpRequest[] {
    const args = [...(call.arguments ?? [])];
    if (ts.isNewExpression(call)) {
      // new Request(url, init): the fetch API's request object.
      const callee = skipOuter(call.expression);
      if (ts.isIdentifier(callee) && callee.text === 'Request' && !lookup(this.facts, 'Request', callee) && args[0]) {
        return [this.fetchLike(args[0], args[1], touched, env)];
      }
      return [];
    }
    const t = this.target(call.expression, 0);
    if (!t) return [];
    const r = this.dispatch(t, args, touched, env);
    return r ? [r] : [];
  }

  private dispatch(t: Target, args: ts.Expression[], touched: Set<ts.Node>, env?: Env): HttpRequest | null {
    const verb = verbOf(t.member);
    const first = args[0] ? skipOuter(args[0]) : undefined;
    if (!first) return null;
    // XMLHttpRequest and look-alikes: xhr.open('HEAD', url)
    if (t.member === 'open' && args[1] && ts.isStringLiteralLike(first) && VERBS.has(first.text.toUpperCase())) {
      return this.plain(args[1], first.text.toUpperCase(), 'explicit');
    }
    switch (t.lib) {
      case 'fetch':
        return t.member === null || t.member === 'fetch' ? this.fetchLike(first, args[1], touched, env) : null;
      case 'undici':
        return t.member === 'fetch' || t.member === 'request' ? this.fetchLike(first, args[1], touched, env) : null;
      case 'axios': {
        const base = t.instance?.props.get('baseURL') ?? null;
        if (t.member === null || t.member === 'request') {
          if (this.isOptionsObject(first, env)) return this.configForm(this.options(first, env), base, 'baseURL', 'method', touched, env);
          return this.withOptions(first, this.options(args[1], env), base, 'baseURL', 'method', touched, env);
        }
        if (!verb) return null;
        const config = this.options(['post', 'put', 'patch'].includes(t.member) ? args[2] : args[1], env);
        return this.withBase(first, config?.props.get('baseURL') ?? base, 'prefix', verb, 'explicit', touched, env);
      }
      case 'got':
      case 'ky': {
        const prefix = t.instance?.props.get('prefixUrl') ?? null;
        if (t.member === null || t.member === 'stream') {
          if (this.isOptionsObject(first, env)) return this.configForm(this.options(first, env), prefix, 'prefixUrl', 'method', touched, env);
          return this.withOptions(first, this.options(args[1], env), prefix, 'prefixUrl', 'method', touched, env);
        }
        if (t.member === 'paginate') return this.withBase(first, prefix, 'prefix', 'GET', 'default', touched, env);
        if (!verb) return null;
        return this.withBase(first, this.options(args[1], env)?.props.get('prefixUrl') ?? prefix, 'prefix', verb, 'explicit', touched, env);
      }
      case 'superagent':
      case 'request': {
        if (t.member === null) {
          // superagent('HEAD', url) · request(url[, options]) · request({ uri, method })
          if (args[1] && ts.isStringLiteralLike(first) && VERBS.has(first.text.toUpperCase())) {
            return this.plain(args[1], first.text.toUpperCase(), 'explicit');
          }
          if (this.isOptionsObject(first, env)) return this.configForm(this.options(first, env), null, 'baseUrl', 'method', touched, env);
          return this.withOptions(first, this.options(args[1], env), null, 'baseUrl', 'method', touched, env);
        }
        if (!verb) return null;
        if (this.isOptionsObject(first, env)) {
          const url = this.urlOf(this.options(first, env) ?? OPEN);
          return url ? this.plain(url, verb, 'explicit') : null;
        }
        return this.plain(first, verb, 'explicit');
      }
      case 'http':
      case 'https':
        if (t.member !== 'request' && t.member !== 'get') return null;
        return this.nodeHttp(t.lib, t.member, first, args[1], touched, env);
      case 'jquery':
        if (t.member === 'ajax') {
          if (this.isOptionsObject(first, env)) return this.configForm(this.options(first, env), null, '', 'method', touched, env, 'type');
          return this.withOptions(first, this.options(args[1], env), null, '', 'method', touched, env, 'type');
        }
        if (t.member === 'getJSON') return this.plain(first, 'GET', 'explicit');
        return verb ? this.plain(first, verb, 'explicit') : null;
      default:
        // Any client object with verb methods: client.get(url), this.http.head(url), api.post(url).
        return verb ? this.plain(first, verb, 'explicit') : null;
    }
  }

  private plain(url: ts.Expression, method: string, methodSource: MethodSource): HttpRequest {
    return { url, base: null, method, methodSource };
  }

  private fetchLike(url: ts.Expression, init: ts.Expression | undefined, touched: Set<ts.Node>, env?: Env): HttpRequest {
    // fetch(url) and fetch(url, { body }) are GETs: fetch never implies POST.
    return { url, base: null, ...this.methodOf(this.options(init, env), 'method', touched, env) };
  }

  private withOptions(
    url: ts.Expression,
    opts: Options | null,
    instanceBase: ts.Expression | null,
    baseKey: string,
    methodKey: string,
    touched: Set<ts.Node>,
    env?: Env,
    altMethodKey?: string,
  ): HttpRequest {
    const m = this.methodOf(opts, methodKey, touched, env, altMethodKey);
    const base = (baseKey && opts?.props.get(baseKey)) || instanceBase;
    return this.withBase(url, base, 'prefix', m.method, m.methodSource, touched, env);
  }

  private configForm(
    opts: Options | null,
    instanceBase: ts.Expression | null,
    baseKey: string,
    methodKey: string,
    touched: Set<ts.Node>,
    env?: Env,
    altMethodKey?: string,
  ): HttpRequest | null {
    const url = opts ? this.urlOf(opts) : null;
    if (!url) return null;
    return this.withOptions(url, opts, instanceBase, baseKey, methodKey, touched, env, altMethodKey);
  }

  private withBase(
    url: ts.Expression,
    base: ts.Expression | null,
    join: 'prefix' | 'whatwg',
    method: string | null,
    methodSource: MethodSource,
    touched: Set<ts.Node>,
    env?: Env,
  ): HttpRequest {
    return { url, base: base ? { join, value: this.ev.evaluate(base, touched, env) } : null, method, methodSource };
  }

  /** http.request(options | url[, options][, cb]) and http.get(...), https likewise. */
  private nodeHttp(lib: 'http' | 'https', member: string, first: ts.Expression, second: ts.Expression | undefined, touched: Set<ts.Node>, env?: Env): HttpRequest | null {
    const isGet = member === 'get';
    if (!this.isOptionsObject(first, env)) {
      const opts = second && this.isOptionsObject(skipOuter(second), env) ? this.options(second, env) : null;
      const m = isGet ? { method: 'GET', methodSource: 'explicit' as const } : this.methodOf(opts, 'method', touched, env);
      return { url: first, base: null, ...m };
    }
    const opts = this.options(first, env) ?? OPEN;
    const m = isGet ? { method: 'GET', methodSource: 'explicit' as const } : this.methodOf(opts, 'method', touched, env);
    const url = opts.props.get('path');
    const host = opts.props.get('hostname') ?? opts.props.get('host');
    if (!url) return null;
    const protocolExpr = opts.props.get('protocol');
    const protocol = protocolExpr ? this.ev.evaluate(protocolExpr, touched, env).text : `${lib}:`;
    const hostValue = host ? this.ev.evaluate(host, touched, env) : null;
    const port = opts.props.get('port');
    const portText = port ? `:${this.ev.evaluate(port, touched, env).text}` : '';
    if (!hostValue) return { url, base: null, ...m };
    const origin = `${protocol.replace(/:?$/, ':')}//${hostValue.text}${portText}`;
    return { url, base: { join: 'whatwg', value: { text: origin, rebuilt: true, stringy: true } }, ...m };
  }

  private urlOf(opts: Options): ts.Expression | null {
    return opts.props.get('url') ?? opts.props.get('uri') ?? null;
  }

  private methodOf(
    opts: Options | null,
    key: string,
    touched: Set<ts.Node>,
    env?: Env,
    altKey?: string,
  ): { method: string | null; methodSource: MethodSource } {
    if (!opts) return { method: 'GET', methodSource: 'default' };
    const expr = opts.props.get(key) ?? (altKey ? opts.props.get(altKey) : undefined);
    if (!expr) return opts.open ? { method: null, methodSource: 'unknown' } : { method: 'GET', methodSource: 'default' };
    const v = this.ev.evaluate(expr, touched, env);
    if (v.stringy && !hasHole(v.text) && /^[a-z]+$/i.test(v.text)) return { method: v.text.toUpperCase(), methodSource: 'explicit' };
    return { method: null, methodSource: 'unknown' };
  }

  private isOptionsObject(e: ts.Expression, env?: Env, depth = 0): boolean {
    const n = skipOuter(e);
    if (ts.isObjectLiteralExpression(n)) return true;
    if (ts.isIdentifier(n) && depth < 8) {
      const b = lookup(this.facts, n.text, n);
      if (b?.kind === 'value') return this.isOptionsObject(b.init, env, depth + 1);
      const arg = b?.kind === 'param' ? env?.get(b.param) : undefined;
      return arg ? this.isOptionsObject(arg, undefined, depth + 1) : false;
    }
    return false;
  }

  /** The properties of an options object; OPEN when it is a variable we cannot see into. */
  private options(expr: ts.Expression | undefined, env?: Env, depth = 0): Options | null {
    if (!expr) return null;
    const n = skipOuter(expr);
    if (depth > 8) return OPEN;
    if (ts.isIdentifier(n)) {
      const b = lookup(this.facts, n.text, n);
      if (b?.kind === 'value') return this.options(b.init, env, depth + 1);
      // A helper's `init` parameter: what the call site passes (or its default, `init = {}`).
      const arg = b?.kind === 'param' && env ? (env.get(b.param) ?? b.init) : undefined;
      return arg ? this.options(arg, undefined, depth + 1) : OPEN;
    }
    if (!ts.isObjectLiteralExpression(n)) return OPEN;
    const out: Options = { props: new Map(), open: false };
    for (const p of n.properties) {
      if (ts.isSpreadAssignment(p)) {
        const inner = this.options(p.expression, env, depth + 1) ?? OPEN;
        inner.props.forEach((v, k) => out.props.set(k, v));
        // Keys written after a spread win; before it, anything may have been overwritten.
        if (inner.open) {
          out.open = true;
          out.props.clear();
        }
        continue;
      }
      const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) ? p.name.text : null;
      if (key === null) continue;
      if (ts.isPropertyAssignment(p)) out.props.set(key, p.initializer);
      else if (ts.isShorthandPropertyAssignment(p)) out.props.set(key, p.name);
    }
    return out;
  }

  /** Which library a callee belongs to, following imports, requires and instances. */
  private target(expr: ts.Expression, depth: number): Target | null {
    const callee = skipOuter(expr);
    if (depth > 6) return null;
    if (ts.isIdentifier(callee)) return this.libOf(callee, depth);
    if (ts.isPropertyAccessExpression(callee)) {
      const member = callee.name.text;
      const obj = skipOuter(callee.expression);
      if (ts.isIdentifier(obj) && /^(?:window|globalThis|self|global)$/.test(obj.text)) {
        return member === 'fetch' ? { lib: 'fetch', member: null, instance: null } : null;
      }
      const owner = this.ownerOf(obj, depth);
      if (owner && owner.member === null) return { lib: owner.lib, member, instance: owner.instance };
      return { lib: 'unknown', member, instance: null };
    }
    return null;
  }

  private libOf(id: ts.Identifier, depth: number): Target | null {
    const b = lookup(this.facts, id.text, id);
    if (!b) {
      const lib = GLOBAL_LIB[id.text];
      return lib ? { lib, member: null, instance: null } : null;
    }
    if (b.kind === 'import') {
      const lib = MODULE_LIB[b.module];
      if (!lib) return null;
      const named = b.imported !== 'default' && b.imported !== '*' ? b.imported : null;
      return { lib, member: named, instance: null };
    }
    if (b.kind === 'value') return this.instanceOf(b.init, depth + 1);
    return null;
  }

  /** The object a method is called on: a library, or an instance one created. */
  private ownerOf(obj: ts.Expression, depth: number): Target | null {
    if (ts.isIdentifier(obj)) return this.libOf(obj, depth);
    if (ts.isPropertyAccessExpression(obj) && obj.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const init = classField(this.facts, obj.name.text, obj);
      return init ? this.instanceOf(init, depth + 1) : null;
    }
    return null;
  }

  /** `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create(...)`, or an alias. */
  private instanceOf(init: ts.Expression, depth: number): Target | null {
    const e = skipOuter(init);
    if (ts.isIdentifier(e)) return this.libOf(e, depth + 1);
    if (!ts.isCallExpression(e) || !ts.isPropertyAccessExpression(e.expression)) return null;
    const factory = e.expression.name.text;
    if (!['create', 'extend'].includes(factory)) return null;
    const parent = this.ownerOf(skipOuter(e.expression.expression), depth + 1);
    if (!parent || !['axios', 'got', 'ky'].includes(parent.lib) || parent.member !== null) return null;
    const own = this.options(e.arguments[0]) ?? { props: new Map(), open: false };
    const props = new Map(parent.instance?.props ?? []);
    own.props.forEach((v, k) => props.set(k, v));
    return { lib: parent.lib, member: null, instance: { props, open: own.open } };
  }
}
