import { noteCut, spend } from '../../../runtime/work-budget.js';
import type { ts as TypeScriptNamespace } from 'ts-morph';
import { LowerBuilder, MAX_EXPR_DEPTH, literalOf } from '../../lower/builder.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { CHAIN_VERBS, chainRequest, splitChain, type Link } from '../../lower/path-chain.js';
import { cutExpr, namedCut, patternCut, sliceCuts, type TextCut } from '../../lower/text-cut.js';

type TS = typeof TypeScriptNamespace;
type Node = TypeScriptNamespace.Node;
type Expression = TypeScriptNamespace.Expression;
type SourceFile = TypeScriptNamespace.SourceFile;

/** String methods whose result is, as far as a URL goes, the string they are called on. */
const IDENTITY_METHOD = /^(?:toString|valueOf|toLowerCase|toUpperCase|replace|replaceAll|normalize)$/;
/** String methods that cut the string at an end (text-cut.ts). */
const CUT_METHOD = /^(?:slice|substring|substr|trim|trimStart|trimEnd|trimLeft|trimRight|replace|replaceAll)$/;
/** Calls whose value is their argument as far as a URL goes. */
const IDENTITY_CALL = /^(?:String|encodeURI|encodeURIComponent|escape)$/;
const ENV_OBJECT = /^(?:process\.env|import\.meta\.env|Deno\.env|Bun\.env)$/;
const URL_MODULE = /^(?:node:)?url$/;
const PATH_MODULE = /^(?:node:)?path(?:\/posix)?$/;
const UTIL_MODULE = /^(?:node:)?util$/;
/** Functions nested deeper than this are not walked (callback pyramids in generated code). */
const MAX_FUNCTION_DEPTH = 64;

/**
 * JavaScript and TypeScript (TypeScript's own parser, syntax only) into the lowered form:
 * string and template literals with their exact ranges, `+`, `.concat`, `[...].join(sep)`,
 * `new URL(p, base)`, `url.resolve`, `path.join`, `process.env` with `??`/`||` fallbacks,
 * const/let/var and assignments, object literals (options objects and `name.key` fields),
 * classes with fields, constructor parameter properties and `this.x`, functions, methods and
 * arrows with parameters and defaults, returns, calls with their receiver, imports (ES and
 * CommonJS `require`) and exports. Text between JSX tags is prose, recorded like a comment.
 */
export function lowerTypeScript(ts: TS, sf: SourceFile): Lowered {
  const text = sf.text;
  const b = new LowerBuilder('js', text);
  // A local helper handing one of its parameters to http(s).request (`function call(opts) {
  // https.request(opts, cb) }`): the options objects its callers pass get hostAndPath too.
  const requestHelpers = new Map<string, { index: number; protocol: string }>();
  const helperCalls: Array<{ name: string; args: Expr[] }> = [];
  const span = (n: Node) => ({ start: n.getStart(sf), end: n.end });
  const importedFrom = new Map<string, { module: string; name: string | null }>();

  const skip = (n: Expression): Expression => {
    let e = n;
    while (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isTypeAssertionExpression(e) ||
      ts.isAwaitExpression(e)
    ) {
      e = e.expression;
    }
    return e;
  };

  /** `a.b.c`, `this.x`, `a['k']` as a dotted name; null for anything else. */
  const dotted = (n: Expression): string | null => {
    const e = skip(n);
    if (ts.isIdentifier(e)) return e.text;
    if (e.kind === ts.SyntaxKind.ThisKeyword) return 'this';
    // `super(url)` in a constructor (see super-call.ts), `super.get(path)`.
    if (e.kind === ts.SyntaxKind.SuperKeyword) return 'super';
    if (ts.isPropertyAccessExpression(e)) {
      const o = dotted(e.expression);
      return o ? `${o}.${e.name.text}` : null;
    }
    if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression) && /^[\w$-]+$/.test(e.argumentExpression.text)) {
      const o = dotted(e.expression);
      return o ? `${o}.${e.argumentExpression.text}` : null;
    }
    if (ts.isMetaProperty(e)) return e.getText(sf);
    return null;
  };

  /** `require('m')` or `import('m')`: the module. */
  const required = (n: Expression | undefined): string | null => {
    const e = n ? skip(n) : undefined;
    if (!e || !ts.isCallExpression(e) || !e.arguments[0] || !ts.isStringLiteralLike(e.arguments[0])) return null;
    const isRequire = ts.isIdentifier(e.expression) && e.expression.text === 'require';
    return isRequire || e.expression.kind === ts.SyntaxKind.ImportKeyword ? e.arguments[0].text : null;
  };

  /** `require('./config').docker.version`: the module and the keys read off it (none for the bare call). */
  const requireChain = (n: Expression): { module: string; keys: string[] } | null => {
    const keys: string[] = [];
    let e = skip(n);
    for (let i = 0; i < 16; i++) {
      const module = required(e);
      if (module !== null) return { module, keys: keys.reverse() };
      const key = ts.isPropertyAccessExpression(e)
        ? e.name.text
        : ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression) && /^[\w$-]+$/.test(e.argumentExpression.text)
          ? e.argumentExpression.text
          : null;
      if (key === null || !(ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))) return null;
      keys.push(key);
      e = skip(e.expression);
    }
    return null;
  };

  /** A module required inline (`require('./x').y`): imported as a whole under a name no code can write. */
  const inlineRequires = new Map<string, string>();
  const inlineRequire = (module: string): string => {
    let local = inlineRequires.get(module);
    if (local === undefined) {
      inlineRequires.set(module, (local = `require#${inlineRequires.size}`));
      addImport(local, module, null);
    }
    return local;
  };

  const moduleOf = (n: Expression): string | null => {
    const name = dotted(n);
    return name ? (importedFrom.get(name)?.module ?? null) : null;
  };

  /** Text of a template piece between its delimiters (`` ` ``, `${`, `}`). */
  const piece = (n: Node, open: number, close: number, cooked: string): StrPart => ({ text: cooked, start: n.getStart(sf) + open, end: n.end - close });

  const template = (n: TypeScriptNamespace.TemplateExpression, scope: Scope, depth: number): Expr => {
    const parts: StrPart[] = [piece(n.head, 1, 2, n.head.text)];
    for (const s of n.templateSpans) {
      parts.push({ expr: expr(s.expression, scope, depth + 1) });
      parts.push(piece(s.literal, 1, ts.isTemplateTail(s.literal) ? 1 : 2, s.literal.text));
    }
    return b.str(parts, span(n), scope);
  };

  /** An object literal's fields; methods in it are functions named by their key. */
  const object = (n: TypeScriptNamespace.ObjectLiteralExpression, scope: Scope, depth: number): Expr => {
    const fields = new Map<string, Expr>();
    const spreads: Expr[] = [];
    for (const p of n.properties) {
      if (ts.isSpreadAssignment(p)) {
        spreads.push(expr(p.expression, scope, depth + 1));
        continue;
      }
      const key = p.name ? propertyName(p.name) : null;
      if (ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) {
        fn(p, key, scope);
        continue;
      }
      if (key === null) continue;
      if (ts.isPropertyAssignment(p)) {
        const init = skip(p.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) {
          fn(init, key, scope);
          continue;
        }
        fields.set(key, expr(p.initializer, scope, depth + 1));
      } else if (ts.isShorthandPropertyAssignment(p)) {
        fields.set(key, b.expr({ kind: 'name', name: p.name.text, ...span(p.name) }, scope));
      }
    }
    return b.expr({ kind: 'object', fields, spreads, ...span(n) }, scope);
  };

  const propertyName = (n: TypeScriptNamespace.PropertyName): string | null => {
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteralLike(n) || ts.isNumericLiteral(n)) return n.text;
    return null;
  };

  /** `api.v2.repositories[owner]` member by member from its root (path-chain.ts): a name for a member, null for a value. */
  const links = (n: Expression): Array<Link<Node>> | null => {
    const out: Array<Link<Node>> = [];
    for (let at: Expression = skip(n); ; ) {
      if (ts.isIdentifier(at) || at.kind === ts.SyntaxKind.ThisKeyword) {
        out.unshift({ node: at, name: at.getText(sf) });
        return out;
      }
      if (ts.isPropertyAccessExpression(at)) {
        out.unshift({ node: at.name, name: at.name.text });
        at = skip(at.expression);
      } else if (ts.isElementAccessExpression(at)) {
        const key = at.argumentExpression;
        out.unshift({ node: key, name: ts.isStringLiteralLike(key) && /^[\w.-]+$/.test(key.text) ? key.text : null });
        at = skip(at.expression);
      } else if (ts.isCallExpression(at) && at.arguments.length === 1 && ts.isPropertyAccessExpression(skip(at.expression))) {
        // `repositories(owner)`: one value is one segment.
        out.unshift({ node: at.arguments[0], name: null });
        at = skip(at.expression);
      } else return null;
    }
  };

  /** A REST wrapper's request spelled as a chain (`this.api.v2.users.login.post(body)`), else undefined. */
  const chainCall = (object: Expression, verb: string, argNodes: readonly Expression[], n: Node, scope: Scope, depth: number): Expr | undefined => {
    if (!CHAIN_VERBS.test(verb)) return undefined;
    const split = splitChain(links(object), span, (node) => expr(node as Expression, scope, depth + 1));
    if (!split) return undefined;
    const args = argNodes.map((a) => expr(a, scope, depth + 1));
    return chainRequest(b, split.root, split.steps, verb, { args, keywords: new Map() }, span(n), scope);
  };

  const call = (n: TypeScriptNamespace.CallExpression | TypeScriptNamespace.NewExpression, scope: Scope, depth: number): Expr => {
    const callee = skip(n.expression);
    const argNodes = [...(n.arguments ?? [])];
    const isNew = ts.isNewExpression(n);
    const member = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : callee.kind === ts.SyntaxKind.SuperKeyword ? 'super' : '';
    const object = ts.isPropertyAccessExpression(callee) ? skip(callee.expression) : null;
    const lowerArgs = () => argNodes.map((a) => expr(a, scope, depth + 1));
    const calleeName = dotted(callee);
    const origin = calleeName ? importedFrom.get(calleeName) : undefined;
    const objModule = object ? moduleOf(object) : null;

    if (isNew && member === 'URL' && !object && argNodes.length > 0) {
      const [rel, base] = lowerArgs();
      return base ? b.expr({ kind: 'join', style: 'url', items: [base, rel], ...span(n) }, scope) : rel;
    }
    if (!isNew && required(n) !== null) return b.opaque(n.getText(sf), span(n), scope);
    const cuts = !isNew && object && CUT_METHOD.test(member) ? cutsOf(ts, sf, member, argNodes) : undefined;
    if (object && cuts) {
      const receiver = expr(object, scope, depth + 1);
      lowerArgs();
      return cutExpr(b, receiver, cuts, span(n), scope);
    }
    if (!isNew && object && IDENTITY_METHOD.test(member)) {
      // The receiver is the value; the arguments may still hold calls and literals.
      const receiver = expr(object, scope, depth + 1);
      lowerArgs();
      return receiver;
    }
    if (!isNew && !object && member === 'encodeURIComponent' && argNodes.length === 1) {
      // The escape keeps a `/` of the value as `%2F`: one path segment (core/segment-words.ts).
      return b.expr({ kind: 'segment', of: expr(argNodes[0], scope, depth + 1), name: argNodes[0].getText(sf), escaped: true, ...span(n) }, scope);
    }
    if (!isNew && !object && IDENTITY_CALL.test(member) && argNodes.length === 1) return expr(argNodes[0], scope, depth + 1);
    if (!isNew && object && member === 'concat') {
      return b.expr({ kind: 'concat', items: [expr(object, scope, depth + 1), ...lowerArgs()], ...span(n) }, scope);
    }
    if (!isNew && object && member === 'join' && ts.isArrayLiteralExpression(object)) {
      const sep = argNodes.length === 0 ? ',' : ts.isStringLiteralLike(argNodes[0]) ? argNodes[0].text : null;
      if (sep !== null) {
        const items = object.elements.map((e) => expr(e, scope, depth + 1));
        return b.expr({ kind: 'join', style: 'sep', sep, items, ...span(n) }, scope);
      }
    }
    const urlResolve = (member === 'resolve' && ((objModule && URL_MODULE.test(objModule)) || (origin && URL_MODULE.test(origin.module))));
    if (!isNew && urlResolve && argNodes.length >= 2) {
      const [base, rel] = lowerArgs();
      return b.expr({ kind: 'join', style: 'url', items: [base, rel], ...span(n) }, scope);
    }
    const pathJoin =
      member === 'join' &&
      ((objModule && PATH_MODULE.test(objModule)) || (origin && PATH_MODULE.test(origin.module)) || (object && /^path(?:\.posix)?$/.test(dotted(object) ?? '')));
    if (!isNew && pathJoin) return b.expr({ kind: 'join', style: 'path', items: lowerArgs(), ...span(n) }, scope);
    // util.format('%s/v2/repositories/%s', base, ns), or `format` imported from node:util: printf-style.
    const utilFormat = member === 'format' && ((objModule && UTIL_MODULE.test(objModule)) || (origin && UTIL_MODULE.test(origin.module)) || (object && dotted(object) === 'util'));
    if (!isNew && utilFormat && argNodes.length > 0) {
      const [template, ...rest] = lowerArgs();
      return b.expr({ kind: 'format', style: 'printf', template, args: rest, named: new Map(), ...span(n) }, scope);
    }

    const chained = !isNew && object ? chainCall(object, member, argNodes, n, scope, depth) : undefined;
    if (chained) return chained;
    const receiver = object ? expr(object, scope, depth + 1) : undefined;
    // An IIFE, `(await getClient()).get(…)`'s inner call: what the callee holds is lowered too.
    if (!object && !ts.isIdentifier(callee)) expr(callee, scope, depth + 1);
    const args = lowerArgs();
    const name = member || (calleeName ?? '');
    // http.request(...), https.get(...), or `import { request } from 'node:https'`.
    const nodeHttp = (objModule ?? (object ? dotted(object) : (origin?.module ?? null)))?.replace(/^node:/, '');
    const verb = object ? name : (origin?.name ?? '');
    const first = args[0];
    if ((nodeHttp === 'http' || nodeHttp === 'https') && (verb === 'request' || verb === 'get')) {
      if (first?.kind === 'object') hostAndPath(first, nodeHttp);
      else if (first?.kind === 'name') helperParam(first.name, scope, nodeHttp);
    } else if (!object && calleeName && args.some((a) => a.kind === 'object')) helperCalls.push({ name: calleeName, args });
    return b.call({ callee: calleeName ?? `.${name}`, name, receiver, args, keywords: new Map(), ...span(n) }, scope);
  };

  /** The function whose parameter `name` is (the nearest that declares it), as a request helper. */
  const helperParam = (name: string, scope: Scope, protocol: string) => {
    for (let s: Scope | null = scope; s; s = s.parent) {
      const param = s.params.find((p) => p.name === name);
      if (!param) continue;
      if (s.kind === 'function' && s.name) requestHelpers.set(s.name, { index: param.index, protocol });
      return;
    }
  };

  /**
   * Node's `http.request({ hostname, path, method })`: the URL is the origin and the path, so
   * the `path` field becomes the join of the two (reported at the path's literal).
   */
  const hostAndPath = (o: Extract<Expr, { kind: 'object' }>, protocol: string) => {
    const path = o.fields.get('path');
    const host = o.fields.get('hostname') ?? o.fields.get('host');
    if (!path || !host) return;
    const at = { start: path.start, end: path.start };
    const scheme = o.fields.get('protocol') ?? b.str([{ text: `${protocol}:`, ...at }], at, path.scope);
    const slashes = b.str([{ text: '//', ...at }], at, path.scope);
    const joined = b.expr({ kind: 'concat', items: [scheme, slashes, host, path], start: path.start, end: path.end }, path.scope);
    joined.use = { kind: 'part', of: o };
    o.fields.set('path', joined);
  };

  function expr(node: Expression, scope: Scope, depth = 0): Expr {
    spend();
    if (depth > MAX_EXPR_DEPTH) {
      noteCut(`an expression nests deeper than ${MAX_EXPR_DEPTH} levels`, () => node.getText(sf));
      return b.opaque('', span(node), scope);
    }
    const n = skip(node);
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      return b.str([{ text: n.text, start: n.getStart(sf) + 1, end: n.end - 1 }], span(n), scope);
    }
    if (ts.isTemplateExpression(n)) return template(n, scope, depth);
    // `const API_VERSION = 2` spliced into `/v${API_VERSION}/`: its digits are text.
    if (ts.isNumericLiteral(n)) return b.str([{ text: n.text, start: n.getStart(sf), end: n.end }], span(n), scope);
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText(sf) === 'String.raw') return expr(n.template, scope, depth + 1);
    if (ts.isIdentifier(n) || n.kind === ts.SyntaxKind.ThisKeyword) return b.expr({ kind: 'name', name: n.getText(sf), ...span(n) }, scope);
    if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) {
      const owner = dotted(n.expression);
      const key = ts.isPropertyAccessExpression(n) ? n.name.text : ts.isStringLiteralLike(n.argumentExpression) ? n.argumentExpression.text : null;
      if (owner && key && ENV_OBJECT.test(owner)) return b.expr({ kind: 'env', name: key, ...span(n) }, scope);
      // new URL(x).href, x.toString: the value itself.
      if (ts.isPropertyAccessExpression(n) && n.name.text === 'href') return expr(n.expression, scope, depth + 1);
      // `paged(api.v2.repositories[org].get)`: the verb handed on is the request it makes when called.
      const handed = ts.isPropertyAccessExpression(n) ? chainCall(n.expression, n.name.text, [], n, scope, depth) : undefined;
      if (handed) return handed;
      const name = dotted(n);
      if (name) return b.expr({ kind: 'name', name, ...span(n) }, scope);
      const chain = requireChain(n);
      if (chain && chain.keys.length > 0) return b.expr({ kind: 'name', name: [inlineRequire(chain.module), ...chain.keys].join('.'), ...span(n) }, scope);
    }
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) return call(n, scope, depth);
    if (ts.isObjectLiteralExpression(n)) return object(n, scope, depth);
    if (ts.isBinaryExpression(n)) {
      const op = n.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken) {
        const left = skip(n.left);
        const leftIsPlus = ts.isBinaryExpression(left) && left.operatorToken.kind === ts.SyntaxKind.PlusToken;
        return b.plus(expr(n.left, scope, depth + 1), expr(n.right, scope, depth + 1), leftIsPlus, span(n), scope);
      }
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        // `process.env.HUB_URL ?? 'https://hub.docker.com'`: the fallback is the value we can know.
        const left = expr(n.left, scope, depth + 1);
        const right = expr(n.right, scope, depth + 1);
        if (left.kind === 'env' && !left.fallback) {
          // An empty fallback (`?? ''`) says nothing: the variable's name stays.
          const fallback = right.kind === 'str' && literalOf(right) === '' ? undefined : right;
          return b.expr({ kind: 'env', name: left.name, fallback, ...span(n) }, scope);
        }
        // An empty fallback (`?? ''`) says nothing; a literal one is what can be known; a name or a
        // call (`cfg.base ?? DEFAULT_HUB`) is either value: the one that names the Hub is read.
        if (right.kind === 'str') return literalOf(right) !== '' ? right : left;
        return b.either([left, right], span(n), scope) ?? left;
      }
      if (op === ts.SyntaxKind.CommaToken) {
        expr(n.left, scope, depth + 1);
        return expr(n.right, scope, depth + 1);
      }
      if (isAssignment(op)) {
        assignment(n, scope);
        return b.opaque(n.getText(sf), span(n), scope);
      }
    }
    if (ts.isConditionalExpression(n)) {
      expr(n.condition, scope, depth + 1);
      const yes = expr(n.whenTrue, scope, depth + 1);
      const no = expr(n.whenFalse, scope, depth + 1);
      return b.either([yes, no], span(n), scope)!;
    }
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isClassExpression(n)) {
      if (ts.isClassExpression(n)) klass(n, scope);
      else fn(n, ts.isFunctionExpression(n) && n.name ? n.name.text : null, scope);
      return b.opaque(n.getText(sf), span(n), scope);
    }
    if (ts.isJsxText(n)) return b.opaque('', span(n), scope);
    // Not a string: still lower what it holds, so the calls and literals inside are seen.
    ts.forEachChild(n, (c) => {
      if (ts.isJsxText(c)) jsxText(c);
      else if (ts.isExpression(c)) expr(c, scope, depth + 1);
      else if (ts.isJsxAttributes(c) || ts.isJsxAttribute(c) || ts.isJsxExpression(c) || ts.isJsxOpeningElement(c) || ts.isJsxClosingElement(c) || ts.isTemplateSpan(c)) {
        ts.forEachChild(c, function visit(x: Node): void {
          if (ts.isJsxText(x)) jsxText(x);
          else if (ts.isExpression(x)) expr(x, scope, depth + 1);
          else ts.forEachChild(x, visit);
        });
      }
    });
    return b.opaque(n.getText(sf).slice(0, 80), span(n), scope);
  }

  const jsxText = (t: TypeScriptNamespace.JsxText) => {
    // Text between JSX tags is shown to people, not fetched: prose, like a comment.
    if (t.text.trim()) b.comment({ start: t.pos, end: t.end });
  };

  const isAssignment = (op: TypeScriptNamespace.SyntaxKind) =>
    op === ts.SyntaxKind.EqualsToken || op === ts.SyntaxKind.PlusEqualsToken || op === ts.SyntaxKind.QuestionQuestionEqualsToken || op === ts.SyntaxKind.BarBarEqualsToken;

  const assignment = (n: TypeScriptNamespace.BinaryExpression, scope: Scope) => {
    const target = dotted(n.left);
    const value = expr(n.right, scope, 1);
    if (!target) return;
    const op = n.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken ? '+=' : '=';
    // `module.exports = {…}`, `exports.x = …`: what other files import.
    if (target === 'module.exports') b.out.exports.push({ exported: 'default', local: null });
    else if (/^(?:module\.)?exports\.[\w$]+$/.test(target)) b.out.exports.push({ exported: target.split('.').pop() ?? '', local: target });
    define(target, value, op, n.end);
  };

  /** A definition; an object literal also defines each of its fields as `name.key`. */
  const define = (name: string, value: Expr, op: '=' | '+=', at: number, constant?: boolean) => {
    if (op === '+=') b.assign(name, value, '+=', at);
    else b.def(name, value, at, constant);
    if (value.kind === 'object') fieldDefs(name, value, at);
  };

  const fieldDefs = (owner: string, o: Extract<Expr, { kind: 'object' }>, at: number, depth = 0) => {
    if (depth > 4) return;
    for (const [key, v] of o.fields) {
      // Registered without taking the value's use: it stays a part of its object.
      b.out.defs.push({ name: `${owner}.${key}`, value: v, scope: v.scope, at });
      if (v.kind === 'object') fieldDefs(`${owner}.${key}`, v, at, depth + 1);
    }
  };

  const variable = (d: TypeScriptNamespace.VariableDeclaration, scope: Scope, exported: boolean) => {
    const list = d.parent;
    const constant = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
    // `require('./x')`, or a field of what it exports (`require('./config').hub`: imported by that name).
    const chain = d.initializer ? requireChain(d.initializer) : null;
    const module = chain?.module ?? null;
    const field = chain && chain.keys.length > 0 ? chain.keys.join('.') : null;
    if (ts.isIdentifier(d.name)) {
      const name = d.name.text;
      if (exported) b.out.exports.push({ exported: name, local: name });
      if (module !== null) {
        addImport(name, module, field);
        return;
      }
      const inLoop = ts.isForOfStatement(list.parent) || ts.isForInStatement(list.parent);
      if (d.initializer && !inLoop) define(name, expr(d.initializer, scope), '=', d.end, constant);
      else if (d.initializer) expr(d.initializer, scope);
      return;
    }
    if (module !== null && ts.isObjectBindingPattern(d.name)) {
      // const { HUB_API, get: httpGet } = require('./config')
      for (const el of d.name.elements) {
        if (!ts.isIdentifier(el.name)) continue;
        const imported = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : el.name.text;
        addImport(el.name.text, module, field ? `${field}.${imported}` : imported);
      }
      return;
    }
    if (d.initializer) {
      const value = expr(d.initializer, scope);
      // const { url, method } = opts: each name is that field.
      if (ts.isObjectBindingPattern(d.name) && value.kind === 'name') {
        for (const el of d.name.elements) {
          if (!ts.isIdentifier(el.name)) continue;
          const key = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : el.name.text;
          b.def(el.name.text, b.expr({ kind: 'name', name: `${value.name}.${key}`, ...span(el) }, scope), d.end);
        }
      }
    }
  };

  const addImport = (local: string, module: string, name: string | null) => {
    b.out.imports.push({ local, module, name });
    importedFrom.set(local, { module, name });
  };

  const importDecl = (d: TypeScriptNamespace.ImportDeclaration) => {
    if (!ts.isStringLiteral(d.moduleSpecifier) || !d.importClause) return;
    const module = d.moduleSpecifier.text;
    const clause = d.importClause;
    if (clause.name) addImport(clause.name.text, module, 'default');
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb)) addImport(nb.name.text, module, null);
    if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) addImport(el.name.text, module, (el.propertyName ?? el.name).text);
  };

  const exportDecl = (d: TypeScriptNamespace.ExportDeclaration) => {
    const module = d.moduleSpecifier && ts.isStringLiteral(d.moduleSpecifier) ? d.moduleSpecifier.text : undefined;
    const clause = d.exportClause;
    if (!clause) {
      if (module) b.out.exports.push({ exported: '*', local: null, module });
      return;
    }
    if (ts.isNamespaceExport(clause)) {
      b.out.exports.push({ exported: clause.name.text, local: null, module });
      return;
    }
    for (const el of clause.elements) {
      const local = (el.propertyName ?? el.name).text;
      b.out.exports.push(module ? { exported: el.name.text, local: null, module, imported: local } : { exported: el.name.text, local });
    }
  };

  const hasModifier = (n: Node, kind: TypeScriptNamespace.SyntaxKind) => (ts.canHaveModifiers(n) ? (ts.getModifiers(n) ?? []).some((m) => m.kind === kind) : false);

  const bindingNames = (n: TypeScriptNamespace.BindingName): string[] =>
    ts.isIdentifier(n) ? [n.text] : n.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : bindingNames(el.name)));

  let fnDepth = 0;
  /** A function, method or arrow: its scope, parameters with defaults, and its body. */
  function fn(n: TypeScriptNamespace.FunctionLikeDeclaration, name: string | null, _outer: Scope): void {
    if (fnDepth > MAX_FUNCTION_DEPTH) return;
    const scope = b.openScope('function', name, span(n));
    for (const p of n.parameters) {
      if (ts.isIdentifier(p.name)) {
        b.addParam(scope, p.name.text, p.initializer ? expr(p.initializer, scope) : undefined);
        // `client: HubHttp`: the class whose methods `client.get(…)` (or `this.client.get(…)`) runs when no `new` is in sight.
        const declared = p.type && ts.isTypeReferenceNode(p.type) && ts.isIdentifier(p.type.typeName) ? p.type.typeName.text : undefined;
        if (declared) scope.params[scope.params.length - 1].type = declared;
        // constructor(private readonly base = 'https://…') is also `this.base`.
        if (ts.isConstructorDeclaration(n) && (ts.getModifiers(p)?.length ?? 0) > 0) {
          // The read stands after the parameter's default (which defines the name from there on), so the default is its value.
          b.def(`this.${p.name.text}`, b.expr({ kind: 'name', name: p.name.text, start: p.end, end: p.end }, scope), p.end);
        }
      } else {
        b.addParam(scope, `{${p.name.getText(sf)}}`);
        if (p.initializer) expr(p.initializer, scope);
        // `function Card({ namespace, name })`: each name is a parameter, bound by no position;
        // `constructor({ baseURL = 'https://…' } = {})`: its default is the value no caller gives.
        const defaults = new Map<string, Expr>();
        if (ts.isObjectBindingPattern(p.name)) {
          for (const el of p.name.elements) if (ts.isIdentifier(el.name) && el.initializer) defaults.set(el.name.text, expr(el.initializer, scope));
        }
        for (const id of bindingNames(p.name)) {
          const fallback = defaults.get(id);
          scope.params.push({ name: id, index: -1, fallback });
          if (fallback) b.def(id, fallback, fallback.start);
        }
      }
    }
    if (!n.body) return;
    fnDepth++;
    try {
      if (ts.isBlock(n.body)) statements(n.body);
      else b.ret(expr(n.body, scope));
    } finally {
      fnDepth--;
    }
  }

  function klass(n: TypeScriptNamespace.ClassLikeDeclaration, _outer: Scope): void {
    const scope = b.openScope('class', n.name?.text ?? null, span(n));
    const base = n.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    const baseName = base ? dotted(base) : null;
    if (baseName) scope.base = baseName;
    for (const m of n.members) {
      const key = m.name ? propertyName(m.name) : null;
      if (ts.isPropertyDeclaration(m)) {
        if (!m.initializer) continue;
        const init = skip(m.initializer);
        if (key && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) fn(init, key, scope);
        else if (key) define(`this.${key}`, expr(m.initializer, scope), '=', m.end);
        else expr(m.initializer, scope);
      } else if (ts.isConstructorDeclaration(m)) {
        fn(m, 'constructor', scope);
      } else if (ts.isMethodDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m)) {
        fn(m, key, scope);
      } else if (ts.isClassStaticBlockDeclaration(m)) {
        statements(m.body);
      }
    }
  }

  /** Walks statements in source order (iteratively: generated files nest deeply). */
  function statements(root: Node): void {
    const stack: Node[] = [];
    const push = (n: Node) => {
      const kids: Node[] = [];
      ts.forEachChild(n, (c) => {
        kids.push(c);
      });
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    };
    push(root);
    while (stack.length > 0) {
      const n = stack.pop() as Node;
      const scope = b.scopeAt(n.getStart(sf));
      if (ts.isFunctionDeclaration(n)) {
        const exported = hasModifier(n, ts.SyntaxKind.ExportKeyword);
        if (exported && n.name) b.out.exports.push({ exported: hasModifier(n, ts.SyntaxKind.DefaultKeyword) ? 'default' : n.name.text, local: n.name.text });
        fn(n, n.name?.text ?? null, scope);
      } else if (ts.isClassDeclaration(n)) {
        if (hasModifier(n, ts.SyntaxKind.ExportKeyword) && n.name) b.out.exports.push({ exported: hasModifier(n, ts.SyntaxKind.DefaultKeyword) ? 'default' : n.name.text, local: n.name.text });
        klass(n, scope);
      } else if (ts.isVariableStatement(n)) {
        const exported = hasModifier(n, ts.SyntaxKind.ExportKeyword);
        for (const d of n.declarationList.declarations) variable(d, b.scopeAt(d.getStart(sf)), exported);
      } else if (ts.isVariableDeclarationList(n)) {
        for (const d of n.declarations) variable(d, b.scopeAt(d.getStart(sf)), false);
      } else if (ts.isImportDeclaration(n)) {
        importDecl(n);
      } else if (ts.isImportEqualsDeclaration(n)) {
        if (ts.isExternalModuleReference(n.moduleReference) && ts.isStringLiteral(n.moduleReference.expression)) addImport(n.name.text, n.moduleReference.expression.text, null);
      } else if (ts.isExportDeclaration(n)) {
        exportDecl(n);
      } else if (ts.isExportAssignment(n)) {
        const value = expr(n.expression, scope);
        b.out.exports.push({ exported: 'default', local: value.kind === 'name' ? value.name : null });
        // `export default { hubBase: … }`: its fields are `default.hubBase` (a default import's `cfg.hubBase`).
        if (value.kind !== 'name') define('default', value, '=', n.end);
      } else if (ts.isReturnStatement(n)) {
        if (n.expression) b.ret(expr(n.expression, scope));
      } else if (ts.isExpressionStatement(n)) {
        const e = skip(n.expression);
        if (ts.isBinaryExpression(e) && isAssignment(e.operatorToken.kind)) assignment(e, scope);
        else expr(n.expression, scope);
      } else if (ts.isExpression(n)) {
        // Conditions of if/while/switch, for-of iterables, thrown values.
        expr(n, scope);
      } else if (ts.isTypeNode(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) {
        // Types hold no values.
      } else if (ts.isEnumDeclaration(n)) {
        for (const m of n.members) {
          const key = propertyName(m.name);
          if (key && m.initializer) b.def(`${n.name.text}.${key}`, expr(m.initializer, scope), m.end, true);
        }
      } else {
        push(n);
      }
    }
  }

  statements(sf);
  comments(ts, sf, b);
  // After the walk: a helper may be declared below its callers (hoisting).
  for (const { name, args } of helperCalls) {
    const helper = requestHelpers.get(name);
    const arg = helper && args[helper.index];
    if (helper && arg?.kind === 'object') hostAndPath(arg, helper.protocol);
  }
  return b.out;
}

/** Every comment of the file, found by the scanner (it knows strings, templates and regexes). */
function comments(ts: TS, sf: SourceFile, b: LowerBuilder): void {
  const seen = new Set<number>();
  const visit = (n: Node) => {
    for (const ranges of [ts.getLeadingCommentRanges(sf.text, n.pos), ts.getTrailingCommentRanges(sf.text, n.end)]) {
      for (const r of ranges ?? []) {
        if (seen.has(r.pos)) continue;
        seen.add(r.pos);
        b.comment({ start: r.pos, end: r.end });
      }
    }
  };
  const stack: Node[] = [sf];
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    // JSX text is no trivia: the scanner would read a `//` in it as a comment.
    if (ts.isJsxText(n)) continue;
    visit(n);
    ts.forEachChild(n, (c) => {
      stack.push(c);
    });
  }
}

/**
 * The cuts a string method makes (`slice(0, -1)`, `substring(0, s.length - 1)`, `trimEnd()`,
 * `replace(/\/$/, '')`), or undefined when it makes none (a `replace` inside the text stays the
 * string it is called on).
 */
function cutsOf(ts: TS, sf: SourceFile, method: string, args: readonly Expression[]): TextCut[] | undefined {
  const text = (i: number): string | undefined => args[i]?.getText(sf);
  if (method === 'slice' || method === 'substring') return args.length === 0 ? undefined : sliceCuts(text(0), text(1), method === 'slice');
  // `substr(from, length)`: from the start, the length is what is kept.
  if (method === 'substr') return args.length === 0 ? undefined : sliceCuts(text(0), text(1), true);
  if (method === 'replace' || method === 'replaceAll') {
    const [pattern, by] = args;
    if (!pattern || !by || !ts.isRegularExpressionLiteral(pattern) || !ts.isStringLiteralLike(by) || by.text !== '') return undefined;
    const cut = patternCut(pattern.text.slice(1, pattern.text.lastIndexOf('/')));
    return cut ? [cut] : undefined;
  }
  const cut = namedCut(method, undefined);
  return cut ? [cut] : undefined;
}
