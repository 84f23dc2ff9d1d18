import { hasHole, hole, holeName, isWholeHole } from '../../core/hole.js';
import { foreignText, type AdapterContext } from '../types.js';
import { classField, lookup, type FileFacts } from './facts.js';
import { joinPath, originOf, resolveUrl } from './join-url.js';
import { nameOf, skipOuter, ts } from './parse.js';

/** A reconstructed string: holes where values are unknown. */
export interface Value {
  text: string;
  /** A constant was substituted or a base joined on the way. */
  rebuilt: boolean;
  /** Known to be a string (it has a literal part); `i + 1` is not. */
  stringy: boolean;
}

/** Parameter → the argument expression a call site passes (inlining a local helper). */
export type Env = ReadonlyMap<ts.ParameterDeclaration, ts.Expression>;

const URL_MODULES = new Set(['url', 'node:url']);
const PATH_MODULES = new Set(['path', 'node:path', 'path/posix', 'node:path/posix']);
const MAX_DEPTH = 300;
const ENV_OBJECTS = /^(?:process\.env|import\.meta\.env|Deno\.env|Bun\.env)$/;

function unknown(name: string): Value {
  return { text: hole(name), rebuilt: false, stringy: false };
}

export function labelOf(node: ts.Node): string {
  const n = ts.isExpression(node) ? skipOuter(node) : node;
  if (ts.isCallExpression(n) || ts.isNewExpression(n)) return labelOf(n.expression);
  if (ts.isElementAccessExpression(n)) return labelOf(n.expression);
  return (nameOf(n) ?? 'expr').replace(/[^\w$.-]/g, '');
}

/**
 * Evaluates string-building expressions by syntax alone: literals, templates, `+`, names
 * bound to constants (this file, or the project index for imports), `new URL(path, base)`,
 * `url.resolve`, `path.join`, `??` fallbacks. Every literal and initialiser used is recorded
 * in `touched` so the caller knows which source pieces a reconstructed URL consumed.
 */
export class Evaluator {
  private readonly cache = new Map<ts.Node, { value: Value; touched: ts.Node[] }>();
  private readonly active = new Set<ts.Node>();

  constructor(
    private readonly facts: FileFacts,
    private readonly path: string,
    private readonly ctx: AdapterContext,
  ) {}

  evaluate(expr: ts.Expression, touched: Set<ts.Node>, env?: Env): Value {
    const node = skipOuter(expr);
    if (this.active.has(node)) return unknown(labelOf(node));
    const cacheable = env === undefined || env.size === 0;
    const hit = cacheable ? this.cache.get(node) : undefined;
    if (hit) {
      hit.touched.forEach((t) => touched.add(t));
      return hit.value;
    }
    // Generated code can chain thousands of `+`: past this depth the value is not worth knowing.
    if (this.active.size > MAX_DEPTH) return unknown(labelOf(node));
    const own = new Set<ts.Node>();
    this.active.add(node);
    let value: Value;
    try {
      value = this.compute(node, own, env);
    } finally {
      this.active.delete(node);
    }
    own.forEach((t) => touched.add(t));
    if (cacheable) this.cache.set(node, { value, touched: [...own] });
    return value;
  }

  private compute(node: ts.Expression, touched: Set<ts.Node>, env?: Env): Value {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      touched.add(node);
      return { text: node.text, rebuilt: false, stringy: true };
    }
    if (ts.isNumericLiteral(node)) return { text: node.text, rebuilt: false, stringy: false };
    if (ts.isTemplateExpression(node)) {
      touched.add(node);
      let text = node.head.text;
      let rebuilt = false;
      for (const span of node.templateSpans) {
        const v = this.evaluate(span.expression, touched, env);
        text += v.text + span.literal.text;
        rebuilt ||= v.rebuilt;
      }
      return { text, rebuilt, stringy: true };
    }
    if (ts.isBinaryExpression(node)) return this.binary(node, touched, env);
    if (ts.isIdentifier(node)) return this.identifier(node, touched, env);
    if (ts.isPropertyAccessExpression(node)) return this.property(node, touched, env);
    if (ts.isCallExpression(node)) return this.call(node, touched, env);
    if (ts.isNewExpression(node)) return this.newUrl(node, touched, env) ?? unknown(labelOf(node));
    if (ts.isConditionalExpression(node)) {
      const a = this.evaluate(node.whenTrue, touched, env);
      const b = this.evaluate(node.whenFalse, touched, env);
      return a.text === b.text ? a : unknown(labelOf(node.condition));
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'String.raw') {
      return this.evaluate(node.template, touched, env);
    }
    return unknown(labelOf(node));
  }

  private binary(node: ts.BinaryExpression, touched: Set<ts.Node>, env?: Env): Value {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) {
      const l = this.evaluate(node.left, touched, env);
      const r = this.evaluate(node.right, touched, env);
      if (!l.stringy && !r.stringy) return unknown(labelOf(node.left));
      return { text: l.text + r.text, rebuilt: l.rebuilt || r.rebuilt, stringy: true };
    }
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      // `process.env.HUB_URL ?? 'https://hub.docker.com'`: the fallback is the value we can know.
      const l = this.evaluate(node.left, touched, env);
      if (l.stringy && !hasHole(l.text)) return { ...l, rebuilt: true };
      const r = this.evaluate(node.right, touched, env);
      // An empty fallback (`?? ''`) says nothing about the value; keep the unknown name.
      if (r.stringy && !hasHole(r.text) && r.text !== '') return { ...r, rebuilt: true };
      return l;
    }
    if (op === ts.SyntaxKind.CommaToken) return this.evaluate(node.right, touched, env);
    return unknown(labelOf(node));
  }

  private identifier(id: ts.Identifier, touched: Set<ts.Node>, env?: Env): Value {
    const b = lookup(this.facts, id.text, id);
    if (!b) return unknown(id.text);
    switch (b.kind) {
      case 'value': {
        const init = skipOuter(b.init);
        const v = this.evaluate(init, touched, env);
        if (isWholeHole(v.text)) {
          // Keep an environment variable's own name (`process.env.HUB_BASE_URL`), else ours.
          return isEnvAccess(init) ? v : unknown(id.text);
        }
        touched.add(init);
        return { ...v, rebuilt: true };
      }
      case 'param': {
        const arg = env?.get(b.param);
        if (arg) {
          touched.add(b.param);
          const v = this.evaluate(arg, touched);
          return isWholeHole(v.text) ? v : { ...v, rebuilt: true };
        }
        if (b.init) {
          const v = this.evaluate(b.init, touched, env);
          return isWholeHole(v.text) ? unknown(id.text) : { ...v, rebuilt: true };
        }
        return unknown(id.text);
      }
      case 'import':
        return this.constant(b) ?? unknown(id.text);
      default:
        return unknown(id.text);
    }
  }

  /** A constant of another file, found through the import that binds it (`member` of a namespace import). */
  private constant(b: { name: string; module: string; imported: string }, member?: string): Value | null {
    const imported = b.imported === '*' ? null : b.imported;
    const v = foreignText(this.ctx.project, { file: this.path, language: 'js', imports: [{ local: b.name, module: b.module, name: imported }], name: member ? `${b.name}.${member}` : b.name });
    return v === undefined ? null : { text: v, rebuilt: true, stringy: true };
  }

  private property(pa: ts.PropertyAccessExpression, touched: Set<ts.Node>, env?: Env): Value {
    const name = pa.name.text;
    const obj = skipOuter(pa.expression);
    if (ENV_OBJECTS.test(obj.getText())) return unknown(name);
    if (obj.kind === ts.SyntaxKind.ThisKeyword) {
      const init = classField(this.facts, name, pa);
      if (!init) return unknown(name);
      const v = this.evaluate(init, touched, env);
      return isWholeHole(v.text) ? unknown(name) : { ...v, rebuilt: true };
    }
    if (ts.isIdentifier(obj)) {
      const b = lookup(this.facts, obj.text, obj);
      // import * as config from './config'; config.HUB_API — or a CommonJS require.
      if (b?.kind === 'import') return this.constant(b, name) ?? unknown(name);
      const member = b ? this.member(b, name) : null;
      if (member) {
        const v = this.evaluate(member, touched, env);
        return isWholeHole(v.text) ? unknown(name) : { ...v, rebuilt: true };
      }
    }
    if (name === 'href') {
      const v = this.evaluate(obj, touched, env);
      if (v.stringy) return v;
    }
    if (name === 'origin') {
      const v = this.evaluate(obj, touched, env);
      if (v.stringy) return { ...v, text: originOf(v.text) };
    }
    return unknown(name);
  }

  /** `obj.name` where obj is a const object literal or an enum of this file. */
  private member(b: ReturnType<typeof lookup>, name: string): ts.Expression | null {
    if (b?.kind === 'enum') {
      const m = b.decl.members.find((x) => nameOf(x.name) === name);
      return m?.initializer ?? null;
    }
    if (b?.kind !== 'value') return null;
    const init = skipOuter(b.init);
    if (!ts.isObjectLiteralExpression(init)) return null;
    for (const p of init.properties) {
      if (!p.name || nameOf(p.name) !== name) continue;
      if (ts.isPropertyAssignment(p)) return p.initializer;
      if (ts.isShorthandPropertyAssignment(p)) return p.name;
    }
    return null;
  }

  private call(ce: ts.CallExpression, touched: Set<ts.Node>, env?: Env): Value {
    const callee = skipOuter(ce.expression);
    const args = ce.arguments;
    const arg = (i: number) => (args[i] ? this.evaluate(args[i], touched, env) : unknown('arg'));
    if (ts.isPropertyAccessExpression(callee)) {
      const m = callee.name.text;
      const obj = skipOuter(callee.expression);
      if ((m === 'toString' || m === 'valueOf' || m === 'trim') && args.length === 0) {
        const v = this.evaluate(obj, touched, env);
        return m === 'trim' ? { ...v, text: v.text.trim() } : v;
      }
      if ((m === 'replace' || m === 'replaceAll') && args.length === 2) {
        const v = this.evaluate(obj, touched, env);
        const replaced = v.stringy ? applyReplace(v.text, args[0], args[1], m === 'replaceAll') : null;
        return replaced === null ? unknown(labelOf(obj)) : { ...v, text: replaced };
      }
      if (m === 'concat') {
        const parts = [this.evaluate(obj, touched, env), ...args.map((_, i) => arg(i))];
        return { text: parts.map((p) => p.text).join(''), rebuilt: parts.some((p) => p.rebuilt), stringy: parts[0].stringy };
      }
      if (m === 'join' && ts.isArrayLiteralExpression(obj)) {
        const sep = args[0] && ts.isStringLiteralLike(args[0]) ? args[0].text : args.length === 0 ? ',' : null;
        if (sep === null) return unknown('join');
        const parts = obj.elements.map((e) => this.evaluate(e, touched, env));
        return { text: parts.map((p) => p.text).join(sep), rebuilt: parts.some((p) => p.rebuilt), stringy: true };
      }
      const module = moduleOf(this.facts, obj);
      if (m === 'resolve' && module !== null && URL_MODULES.has(module) && args.length >= 2) {
        return this.joined(resolveUrl(arg(1).text, arg(0).text));
      }
      if (m === 'join' && (module !== null && PATH_MODULES.has(module) || /^path(?:\.posix)?$/.test(obj.getText()))) {
        return this.joined(joinPath(args.map((_, i) => arg(i).text)));
      }
    }
    if (ts.isIdentifier(callee)) {
      const f = callee.text;
      if (f === 'String' && args.length === 1) return arg(0);
      if (f === 'encodeURIComponent' || f === 'encodeURI') {
        const v = arg(0);
        if (hasHole(v.text)) return isWholeHole(v.text) ? v : unknown(holeName(v.text) ?? 'expr');
        return { ...v, text: f === 'encodeURI' ? encodeURI(v.text) : encodeURIComponent(v.text) };
      }
      const b = lookup(this.facts, f, callee);
      if (b?.kind === 'import' && URL_MODULES.has(b.module) && b.imported === 'resolve' && args.length >= 2) {
        return this.joined(resolveUrl(arg(1).text, arg(0).text));
      }
      if (b?.kind === 'import' && PATH_MODULES.has(b.module) && b.imported === 'join') {
        return this.joined(joinPath(args.map((_, i) => arg(i).text)));
      }
      // A local URL builder: `const repoUrl = (ns, name) => \`${HUB}/…/${ns}/${name}\``.
      const inlined = returnedExpression(b);
      if (inlined) {
        const params = new Map(env ?? []);
        inlined.fn.parameters.forEach((p, i) => {
          if (args[i]) params.set(p, args[i]);
        });
        const v = this.evaluate(inlined.expr, touched, params);
        return isWholeHole(v.text) ? unknown(f) : { ...v, rebuilt: true };
      }
    }
    return unknown(labelOf(callee));
  }

  private joined(text: string): Value {
    return { text, rebuilt: true, stringy: true };
  }

  /** `new URL(path, base)`; `new URL(url)` is the URL itself. */
  newUrl(ne: ts.NewExpression, touched: Set<ts.Node>, env?: Env): Value | null {
    if (!ts.isIdentifier(ne.expression) || ne.expression.text !== 'URL' || !ne.arguments?.length) return null;
    const rel = this.evaluate(ne.arguments[0], touched, env);
    if (ne.arguments.length < 2) return rel;
    const base = this.evaluate(ne.arguments[1], touched, env);
    return { text: resolveUrl(rel.text, base.text), rebuilt: true, stringy: true };
  }
}

function isEnvAccess(node: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(node) && ENV_OBJECTS.test(skipOuter(node.expression).getText());
}

/** The module an identifier is imported from (`import url from 'node:url'`), if it is. */
export function moduleOf(facts: FileFacts, node: ts.Expression): string | null {
  if (!ts.isIdentifier(node)) return null;
  const b = lookup(facts, node.text, node);
  return b?.kind === 'import' ? b.module : null;
}

/** A local function whose body is one returned expression (an arrow, or `{ return x; }`). */
export function returnedExpression(b: ReturnType<typeof lookup>): { fn: ts.FunctionLikeDeclaration; expr: ts.Expression } | null {
  let fn: ts.Node | undefined;
  if (b?.kind === 'function') fn = b.fn;
  else if (b?.kind === 'value') fn = skipOuter(b.init);
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) || !fn.body) return null;
  if (!ts.isBlock(fn.body)) return { fn, expr: fn.body };
  const stmts = fn.body.statements;
  const last = stmts[stmts.length - 1];
  if (stmts.length === 1 && last && ts.isReturnStatement(last) && last.expression) return { fn, expr: last.expression };
  return null;
}

function applyReplace(text: string, pattern: ts.Expression, replacement: ts.Expression, all: boolean): string | null {
  if (!ts.isStringLiteralLike(replacement)) return null;
  if (ts.isStringLiteralLike(pattern)) {
    return all ? text.split(pattern.text).join(replacement.text) : text.replace(pattern.text, () => replacement.text);
  }
  if (pattern.kind === ts.SyntaxKind.RegularExpressionLiteral) {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern.getText());
    if (!m) return null;
    try {
      return text.replace(new RegExp(m[1], m[2]), replacement.text);
    } catch {
      return null;
    }
  }
  return null;
}
