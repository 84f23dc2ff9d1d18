import type { Candidate } from '../../core/types.js';
import { timed } from '../../runtime/stage-clock.js';
import { scanUrls } from '../scan-urls.js';
import type { Adapter, AdapterContext } from '../types.js';
import { Evaluator, returnedExpression, type Env, type Value } from './evaluate.js';
import { collectFacts, enclosingClass, lookup, type FileFacts } from './facts.js';
import { HttpCalls, type HttpRequest } from './http-calls.js';
import { prefixUrl, resolveUrl } from './join-url.js';
import { parseSource, skipOuter, ts } from './parse.js';
import { rootOf } from './roots.js';
import { commandMethod, DEFAULT_GET, type MethodEvidence } from './shell-method.js';
import { isUrlShaped, trimUrl, urlStartIn } from './url-shape.js';

/**
 * JS/TS/MJS/CJS/JSX/TSX. One parse and one walk per file (facts.ts); then every HTTP call
 * we recognise is reported with its method, and every other URL-shaped string expression
 * with GET by default — each URL once, over the expression that builds it.
 */
export const jsAdapter: Adapter = {
  name: 'js',
  extract(path, text, ctx) {
    const file = new FileExtraction(path, text, ctx);
    return timed('resolve js', () => file.run());
  },
};

interface RootInfo {
  node: ts.Expression;
  value: Value;
  touched: Set<ts.Node>;
  shaped: boolean;
}

class FileExtraction {
  private readonly facts: FileFacts;
  private readonly sf: ts.SourceFile;
  private readonly ev: Evaluator;
  private readonly http: HttpCalls;
  private readonly out: Candidate[] = [];
  /** Expressions whose URL is already part of a reported candidate. */
  private readonly consumed = new Set<ts.Node>();

  constructor(
    path: string,
    text: string,
    ctx: AdapterContext,
  ) {
    this.sf = timed('parse js', () => parseSource(path, text));
    this.facts = timed('lower js', () => collectFacts(this.sf));
    this.ev = new Evaluator(this.facts, path, ctx);
    this.http = new HttpCalls(this.facts, this.ev);
  }

  run(): Candidate[] {
    for (const call of this.facts.calls) {
      const touched = new Set<ts.Node>();
      for (const req of this.http.recognise(call, touched)) {
        if (this.throughHelper(call, req)) continue;
        this.report(req, this.valueOf(req, touched), touched);
      }
    }
    this.strings();
    this.jsxTexts();
    return dedupe(this.out);
  }

  /** Where a request's URL is written, and its value there (with its base joined). */
  private valueOf(req: HttpRequest, touched: Set<ts.Node>, env?: Env): { node: ts.Expression; value: Value } {
    const { node, via } = followReference(this.facts, req.url);
    // Reported where the URL is written; valued as precisely as the call site allows.
    let value = this.ev.evaluate(via === 'call' || env ? req.url : node, touched, env);
    if (req.base && !/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(value.text)) {
      const text = req.base.join === 'prefix' ? prefixUrl(req.base.value.text, value.text) : resolveUrl(value.text, req.base.value.text);
      value = { text, rebuilt: true, stringy: true };
    }
    return { node, value };
  }

  private report(req: HttpRequest, { node, value }: { node: ts.Expression; value: Value }, touched: Set<ts.Node>): void {
    touched.forEach((t) => this.consumed.add(t));
    this.consumed.add(node);
    this.push(node, trimUrl(value.text), value.rebuilt, { method: req.method, methodSource: req.methodSource });
  }

  /**
   * A request inside a local helper (`request(path, init) { return fetch(HUB + path, init) }`)
   * whose URL or method comes from the helper's parameters: reported once per call of the
   * helper in this file, at the argument that carries the path when there is one.
   */
  private throughHelper(call: ts.CallExpression | ts.NewExpression, generic: HttpRequest): boolean {
    const fn = enclosingFunction(call);
    if (!fn || fn.parameters.length === 0) return false;
    const sites = this.sitesOf(fn);
    if (sites.length === 0) return false;
    const base = this.valueOf(generic, new Set()).value.text;
    let specialised = false;
    for (const site of sites) {
      const env: Env = new Map(fn.parameters.flatMap((p, i): Array<[ts.ParameterDeclaration, ts.Expression]> => (site.arguments[i] ? [[p, site.arguments[i]]] : [])));
      const touched = new Set<ts.Node>();
      const [req] = this.http.recognise(call, touched, env);
      if (!req) continue;
      const { node, value } = this.valueOf(req, touched, env);
      if (value.text === base && req.method === generic.method && req.methodSource === generic.methodSource) continue;
      specialised = true;
      let at = node;
      for (const p of fn.parameters) {
        const arg = env.get(p);
        if (!arg || !touched.has(p)) continue;
        if (this.ev.evaluate(arg, new Set()).text.includes('/')) {
          at = followReference(this.facts, arg).node;
          break;
        }
      }
      this.report(req, { node: at, value }, touched);
    }
    return specialised;
  }

  private callSites: Map<ts.Node, ts.CallExpression[]> | null = null;

  /** Calls of a local function in this file: `helper(…)` or `this.helper(…)` in its class. */
  private sitesOf(fn: ts.FunctionLikeDeclaration): ts.CallExpression[] {
    if (!this.callSites) {
      this.callSites = new Map();
      for (const call of this.facts.calls) {
        if (!ts.isCallExpression(call)) continue;
        const target = calledFunction(this.facts, call);
        if (target) this.callSites.set(target, [...(this.callSites.get(target) ?? []), call]);
      }
    }
    return this.callSites.get(fn) ?? [];
  }

  /** String expressions not passed to a recognised call: GET by default. */
  private strings(): void {
    const seen = new Set<ts.Node>();
    const memo = new Map<ts.Node, ts.Expression>();
    const roots: RootInfo[] = [];
    for (const s of this.facts.strings) {
      const node = rootOf(this.facts, s, memo);
      if (seen.has(node)) continue;
      seen.add(node);
      const touched = new Set<ts.Node>();
      const value = this.ev.evaluate(node, touched);
      roots.push({ node, value, touched, shaped: isUrlShaped(value.text) });
    }
    // A URL-shaped expression that uses another (a base constant) reports for both.
    const byOthers = new Set<ts.Node>();
    const embedded = new Map<RootInfo, number>();
    for (const r of roots) {
      const own = skipOuter(r.node);
      if (r.shaped) {
        r.touched.forEach((t) => t !== own && byOthers.add(t));
        continue;
      }
      const at = this.embeddedUrlAt(r);
      if (at === -1) continue;
      embedded.set(r, at);
      r.touched.forEach((t) => t !== own && byOthers.add(t));
    }
    for (const r of roots) {
      const own = skipOuter(r.node);
      if (this.consumed.has(own) || byOthers.has(own)) continue;
      if (r.shaped) {
        this.push(r.node, trimUrl(r.value.text), r.value.rebuilt, DEFAULT_GET);
        if (isPlainLiteral(own)) this.scanLiteral(own, true);
      } else if (isPlainLiteral(own)) {
        this.scanLiteral(own, false);
      } else if (embedded.has(r)) {
        const at = embedded.get(r) ?? 0;
        this.push(r.node, trimUrl(r.value.text.slice(at)), r.value.rebuilt, commandMethod(r.value.text, at));
      }
    }
  }

  /**
   * Where a URL starts inside a composite expression that is not a URL itself (a command,
   * a message); -1 when there is none or when it is just a constant reported on its own.
   */
  private embeddedUrlAt(r: RootInfo): number {
    if (isPlainLiteral(skipOuter(r.node))) return -1;
    const at = urlStartIn(r.value.text);
    if (at === -1) return -1;
    const url = trimUrl(r.value.text.slice(at));
    for (const t of r.touched) {
      const n = skipOuter(t as ts.Expression);
      if (n !== skipOuter(r.node) && isPlainLiteral(n) && n.text === url) return -1;
    }
    return at;
  }

  /** URLs inside one literal's text (a command line, an encoded badge URL), exact ranges. */
  private scanLiteral(lit: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, skipFirst: boolean): void {
    const from = lit.getStart(this.sf) + 1;
    const to = lit.end - 1;
    const raw = this.sf.text.slice(from, to);
    for (const hit of scanUrls(this.sf.text, from, to)) {
      if (skipFirst && hit.start === from) continue;
      this.out.push({
        url: hit.url,
        start: hit.start,
        end: hit.end,
        ...commandMethod(raw, hit.start - from),
        rebuilt: false,
        literal: true,
      });
    }
  }

  /** Text between JSX tags is shown to people, not fetched: prose, as in Markdown (info). */
  private jsxTexts(): void {
    for (const t of this.facts.jsxTexts) {
      for (const hit of scanUrls(this.sf.text, t.pos, t.end)) {
        this.out.push({ url: hit.url, start: hit.start, end: hit.end, ...DEFAULT_GET, rebuilt: false, literal: true, prose: true });
      }
    }
  }

  private push(node: ts.Node, url: string, rebuilt: boolean, m: MethodEvidence): void {
    // Reported over a literal that holds the whole URL: written as is, however it travelled.
    const literal = isPlainLiteral(node) && node.text === url;
    this.out.push({
      url,
      start: node.getStart(this.sf),
      end: node.end,
      method: m.method,
      methodSource: m.methodSource,
      rebuilt: rebuilt && !literal,
      literal,
    });
  }
}

function isPlainLiteral(n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
}

/**
 * From a call's URL argument to where the URL is written: through local constants
 * (`fetch(url)` → `const url = …`), `.toString()`/`.href`, and one-expression URL builders
 * (`fetch(repoUrl(ns))` → the template the builder returns).
 */
function followReference(facts: FileFacts, expr: ts.Expression): { node: ts.Expression; via: 'self' | 'const' | 'call' } {
  let node = skipOuter(expr);
  let via: 'self' | 'const' | 'call' = 'self';
  for (let i = 0; i < 16; i++) {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'href') {
      node = skipOuter(node.expression);
      continue;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toString' && node.arguments.length === 0) {
      node = skipOuter(node.expression.expression);
      continue;
    }
    if (ts.isIdentifier(node)) {
      const b = lookup(facts, node.text, node);
      if (b?.kind !== 'value') break;
      const init = skipOuter(b.init);
      if (ts.isObjectLiteralExpression(init) || ts.isFunctionLike(init)) break;
      node = init;
      if (via === 'self') via = 'const';
      continue;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const builder = returnedExpression(lookup(facts, node.expression.text, node.expression));
      if (!builder) break;
      node = skipOuter(builder.expr);
      via = 'call';
      continue;
    }
    break;
  }
  return { node, via };
}

function dedupe(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.start}:${c.end}:${c.url}:${c.method ?? ''}:${c.methodSource}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | null {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) || ts.isArrowFunction(p) || ts.isMethodDeclaration(p)) return p;
  }
  return null;
}

/** The local function a call invokes, when syntax tells: a name in scope or `this.method`. */
function calledFunction(facts: FileFacts, call: ts.CallExpression): ts.FunctionLikeDeclaration | null {
  const callee = skipOuter(call.expression);
  if (ts.isIdentifier(callee)) {
    const b = lookup(facts, callee.text, callee);
    if (b?.kind === 'function') return b.fn;
    const init = b?.kind === 'value' ? skipOuter(b.init) : null;
    return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : null;
  }
  if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const cls = enclosingClass(call) as ts.ClassLikeDeclaration | null;
    for (const m of cls?.members ?? []) {
      if (!m.name || !ts.isIdentifier(m.name) || m.name.text !== callee.name.text) continue;
      if (ts.isMethodDeclaration(m)) return m;
      const init = ts.isPropertyDeclaration(m) && m.initializer ? skipOuter(m.initializer) : null;
      if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return init;
    }
  }
  return null;
}
