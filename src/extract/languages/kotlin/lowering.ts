import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import { cutExpr, methodCuts } from '../../lower/text-cut.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { lowerDeclared } from '../../lower/declarative-client.js';
import { TreeLowerer } from '../../lower/walker.js';
import { builderRoot, isBuilderStep, lowerBuilderChain, type BuilderStep } from '../../lower/url-builder.js';
import { KOTLIN_URL_BUILDERS } from './url-builders.js';

/** Calls whose value is, as far as a URL goes, their receiver (`base.trimEnd('/')`, `u.toHttpUrl()`). */
const SAME_AS_RECEIVER = /^(?:toString|lowercase|trimIndent|trimMargin|toHttpUrl|toHttpUrlOrNull|toUri|toURI|toURL|intern)$/;
/** Calls whose value is their first argument (`URLEncoder.encode(x, UTF_8)`, `URI(u)`, Ktor's `Url(u)`). */
const SAME_AS_ARG = /^(?:URLEncoder\.encode|String\.valueOf|requireNotNull|checkNotNull|URI\.create|Uri\.parse|URI|URL|Url|java\.net\.URI|java\.net\.URL)$/;
/** Retrofit's request annotations: the path they hold is joined to the `baseUrl(...)` of the builder. */
const RETROFIT_VERB = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|HTTP)$/;
/** A `$name` template after a `$` the grammar left as text (tree-sitter-kotlin 1.1 reads it so in `"..."`). */
const TEMPLATE_NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Besides the walker's common ones (walker.ts). */
/** The last line of a block that stands for its value when the block is an `if`'s branch. */
const PLAIN_VALUE = new Set(['string_literal', 'multiline_string_literal', 'simple_identifier', 'navigation_expression']);

const CONTAINERS = [
  'source_file',
  'class_body',
  'enum_class_body',
  'function_body',
  'anonymous_initializer',
  'statements',
  'control_structure_body',
  'if_expression',
  'when_expression',
  'when_entry',
  'try_expression',
  'catch_block',
  'finally_block',
  'for_statement',
  'while_statement',
  'do_while_statement',
];

/**
 * Kotlin (tree-sitter-kotlin) into the lowered form: string templates (`"$x"`, `"${x.y}"`), raw
 * strings, `+`, `String.format`/`"...".format`, `buildString { append(...) }`, `System.getenv`
 * with an elvis default, `val`/`var`/`const val` at top level, in objects, companion objects and
 * classes, primary-constructor parameters (a `val` parameter is also `this.x`), function
 * parameters with defaults and named arguments, returns (expression bodies too), imports, calls
 * with their receivers and trailing lambdas (Ktor's `request(u) { method = HttpMethod.Post }`
 * gives the call the keyword `method`) and Retrofit's `@GET("...")` as a call `GET(path)` joined
 * to the file's `baseUrl(...)`. A Kotlin package spans files, so any name may be another file's.
 */
export function lowerKotlin(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('kotlin', text, { containers: CONTAINERS, comments: ['line_comment', 'block_comment'] });
  const b = cx.b;
  /** Every expression goes through the shared walker, which caps the depth. */
  const expr = (n: SyntaxNode, scope: Scope): Expr => cx.expr(n, scope);
  const span = (n: SyntaxNode) => ({ start: n.startIndex, end: n.endIndex });
  const named = (n: SyntaxNode | null | undefined) => cx.named(n);
  /** Nodes lowered by their parent already (a lambda's `method = ...`): the walk skips them. */
  const consumed = new Set<number>();
  /** Retrofit annotations, lowered after the walk, when the file's `baseUrl(...)` is known. */
  const retrofit: Array<{ verb: string; path: SyntaxNode; scope: Scope; at: SyntaxNode }> = [];

  const dotted = (n: SyntaxNode | null | undefined): string | null => {
    if (!n) return null;
    if (n.type === 'identifier') return n.text.replace(/`/g, '');
    if (n.type === 'this_expression') return 'this';
    if (n.type === 'navigation_expression') {
      const kids = named(n);
      const [object, field] = [kids[0], kids.at(-1)];
      if (!field || kids.length < 2 || field.type !== 'identifier') return null;
      const o = dotted(object);
      return o ? `${o}.${field.text}` : null;
    }
    return null;
  };

  /** A string's pieces; `$name` the grammar left as text is split into a name here. */
  const strParts = (n: SyntaxNode, scope: Scope): StrPart[] => {
    const parts: StrPart[] = [];
    const kids = named(n);
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i];
      if (c.type === 'interpolation') {
        const inner = named(c)[0];
        if (inner) parts.push({ expr: inner.type === 'identifier' ? cx.name(inner.text, { start: c.startIndex, end: c.endIndex }, scope) : expr(inner, scope) });
        continue;
      }
      if (c.type === 'escape_sequence') {
        parts.push({ text: unescape(c.text), start: c.startIndex, end: c.endIndex });
        continue;
      }
      if (c.type !== 'string_content') continue;
      const next = kids[i + 1];
      const m = c.text === '$' && next?.type === 'string_content' && next.startIndex === c.endIndex ? TEMPLATE_NAME.exec(next.text) : null;
      if (m) {
        parts.push({ expr: cx.name(m[0], { start: c.startIndex, end: next.startIndex + m[0].length }, scope) });
        if (next.text.length > m[0].length) parts.push({ text: next.text.slice(m[0].length), start: next.startIndex + m[0].length, end: next.endIndex });
        i++;
        continue;
      }
      parts.push({ text: c.text, start: c.startIndex, end: c.endIndex });
    }
    return parts;
  };

  /** A lambda (`{ x -> ... }`): a function scope; its last expression is its value. */
  const lambda = (n: SyntaxNode, scope: Scope): Expr => {
    const fn = b.openScope('function', null, span(n));
    for (const p of named(named(n).find((c) => c.type === 'lambda_parameters'))) {
      const id = p.type === 'identifier' ? p : named(p).find((c) => c.type === 'identifier');
      if (id) b.addParam(fn, id.text);
    }
    cx.returnsLast(n, (last) => !consumed.has(last.id) && last.type !== 'assignment' && last.type !== 'property_declaration');
    cx.walk(n);
    return b.opaque(n.text, span(n), scope);
  };

  /** A call's callee (its object and its name) and its argument values; null with a trailing lambda. */
  const callParts = (n: SyntaxNode) => {
    const kids = named(n);
    const calleeNode = kids[0];
    if (kids.some((c) => c.type === 'annotated_lambda')) return null;
    const nav = calleeNode?.type === 'navigation_expression' ? named(calleeNode) : null;
    const nameNode = nav ? nav.at(-1) : calleeNode;
    const args = named(kids.find((c) => c.type === 'value_arguments')).map((a) => named(a).at(-1) ?? a);
    return { object: nav ? nav[0] : null, name: nameNode?.type === 'identifier' ? nameNode.text : '', args };
  };

  /**
   * A URL builder chain (url-builder.ts) ending at `n`: read from its root (`HttpUrl.Builder()`,
   * `base.toHttpUrl()`) through each later call; undefined when it is not one.
   */
  const builderChain = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const steps: Array<BuilderStep<SyntaxNode>> = [];
    let at = n;
    for (;;) {
      const parts = callParts(at);
      if (!parts) return undefined;
      if (parts.object?.type === 'call_expression') {
        if (!isBuilderStep(parts.name)) return undefined;
        steps.unshift({ name: parts.name, args: parts.args, ...span(at) });
        at = parts.object;
        continue;
      }
      const cls = parts.object ? dotted(parts.object) : parts.name;
      // `"https://…".toHttpUrl()`: a call on a value starts a chain from that value.
      const found = builderRoot(KOTLIN_URL_BUILDERS, cls && parts.object ? `${cls}.${parts.name}` : (cls ?? `.${parts.name}`));
      if (!found || steps.length === 0) return undefined;
      const from = found.from === 'receiver' ? parts.object : found.from !== undefined ? parts.args[found.from] : undefined;
      return lowerBuilderChain(b, found, from ? expr(from, scope) : undefined, steps, (a) => expr(a, scope), (a) => a.text, scope);
    }
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const built = builderChain(n, scope);
    if (built) return built;
    const kids = named(n);
    let calleeNode: SyntaxNode | undefined = kids[0];
    let argList = kids.find((c) => c.type === 'value_arguments');
    const trailing = named(kids.find((c) => c.type === 'annotated_lambda')).find((c) => c.type === 'lambda_literal');
    let calleeKids = named(calleeNode);
    // `client.post(u) { ... }` parses as a call of the call `client.post(u)`: one call with its lambda.
    if (trailing && !argList && calleeNode?.type === 'call_expression' && !calleeKids.some((c) => c.type === 'annotated_lambda')) {
      argList = calleeKids.find((c) => c.type === 'value_arguments');
      calleeNode = calleeKids[0];
      calleeKids = named(calleeNode);
    }
    const object = calleeNode?.type === 'navigation_expression' ? calleeKids[0] : null;
    const nameNode = calleeNode?.type === 'navigation_expression' ? calleeKids.at(-1) : calleeNode;
    const name = nameNode?.type === 'identifier' ? nameNode.text : '';
    const objectName = dotted(object);
    const callee = calleeNode?.type === 'identifier' ? name : objectName ? `${objectName}.${name}` : name;

    const args: Expr[] = [];
    const keywords = new Map<string, Expr>();
    for (const a of named(argList)) {
      const kids = named(a);
      const value = kids.at(-1);
      if (!value) continue;
      if (kids.length >= 2 && kids[0].type === 'identifier' && a.children.some((c) => c?.type === '=')) keywords.set(kids[0].text, expr(value, scope));
      else args.push(expr(value.type === 'spread_expression' ? (named(value)[0] ?? value) : value, scope));
    }
    // Ktor's request builder in a trailing lambda: `method = HttpMethod.Post` and `url("...")`
    // are options of the call (`client.post { url(u) }` posts to u).
    for (const st of named(trailing)) {
      const left = st.type === 'assignment' ? st.childForFieldName('left') : null;
      const right = st.childForFieldName('right');
      if (left?.type === 'identifier' && left.text === 'method' && right) {
        keywords.set('method', expr(right, scope));
        consumed.add(st.id);
      }
      const [fn, list] = st.type === 'call_expression' ? named(st) : [];
      const only = named(list);
      if (fn?.type === 'identifier' && fn.text === 'url' && list?.type === 'value_arguments' && only.length === 1 && !keywords.has('url')) {
        keywords.set('url', expr(named(only[0]).at(-1) ?? only[0], scope));
        consumed.add(st.id);
      }
    }
    // buildString { append(a); append(b) }: the appended values in order.
    if (callee === 'buildString' && trailing) {
      const appended = named(trailing).filter((c) => c.type === 'call_expression' && /^append$/.test(named(c)[0]?.text ?? ''));
      if (appended.length > 0 && appended.length === named(trailing).length) {
        const items = appended.flatMap((c) => named(named(c).find((x) => x.type === 'value_arguments')).map((v) => expr(named(v).at(-1) ?? v, scope)));
        return b.expr({ kind: 'concat', items, ...span(n) }, scope);
      }
    }
    if (trailing) lambda(trailing, scope);

    if (object && (object.type === 'string_literal' || object.type === 'multiline_string_literal') && name === 'format') {
      return b.expr({ kind: 'format', style: 'printf', template: expr(object, scope), args, named: new Map(), ...span(n) }, scope);
    }
    if (/^(?:(?:java\.lang\.|kotlin\.)?String\.format)$/.test(callee) && args.length > 0) {
      // String.format(Locale.ROOT, "...", ...) puts the template second.
      const t = args[0].kind === 'str' || args.length === 1 ? 0 : 1;
      return b.expr({ kind: 'format', style: 'printf', template: args[t], args: args.slice(t + 1), named: new Map(), ...span(n) }, scope);
    }
    if (name === 'format' && object && args.length > 0) {
      // template.format(a, b) on a name that holds the template.
      return b.expr({ kind: 'format', style: 'printf', template: expr(object, scope), args, named: new Map(), ...span(n) }, scope);
    }
    if (callee === 'joinToString' || name === 'joinToString') {
      const sep = args[0] ? literalOf(args[0]) : ', ';
      // listOf(base, "v2/repositories", ns).joinToString("/"): the list's elements are the items.
      const listed = object?.type === 'call_expression' && /^(?:listOf|arrayOf|mutableListOf)$/.test(named(object)[0]?.text ?? '') ? named(named(object).find((c) => c.type === 'value_arguments')) : null;
      const items = listed ? listed.map((v) => expr(named(v).at(-1) ?? v, scope)) : object ? [expr(object, scope)] : [];
      if (object && sep !== null) return b.expr({ kind: 'join', style: 'sep', sep, items, ...span(n) }, scope);
    }
    if (callee === 'System.getenv' && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', ...span(n) }, scope);
    // System.getenv().getOrDefault("HUB", "https://..."): the variable with the default the code knows.
    if (name === 'getOrDefault' && object && /^System\.getenv\(\s*\)$/.test(object.text) && args.length === 2 && literalOf(args[0]) !== null) {
      return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', fallback: args[1], ...span(n) }, scope);
    }
    if (SAME_AS_ARG.test(callee) && args[0]) return args[0];
    const cuts = object ? methodCuts(name, args) : undefined;
    if (object && cuts) return cutExpr(b, expr(object, scope), cuts, span(n), scope);
    if (object && SAME_AS_RECEIVER.test(name)) return expr(object, scope);
    // A plain name before the dot is a class, an object or a variable: named in the callee, not a value.
    const receiver = object && object.type !== 'identifier' && object.type !== 'this_expression' ? expr(object, scope) : undefined;
    // `factory()(u)`: the called value is lowered too.
    if (calleeNode && calleeNode.type !== 'identifier' && calleeNode.type !== 'navigation_expression') expr(calleeNode, scope);
    // `Retrofit.Builder().baseUrl(b)...create(HubApi::class.java)`: declarative-client.ts makes HubApi with b.
    return b.call({ callee, name, receiver, args, keywords, ...span(n) }, scope);
  };

  /**
   * The value of one branch of an `if` used as a value: the branch itself, or a block's last
   * line when that is a plain value (a string or a name); other blocks are not followed.
   */
  const branchValue = (x: SyntaxNode, scope: Scope): Expr | undefined => {
    const last = (n: SyntaxNode) => named(n).filter((c) => !/comment/.test(c.type)).pop();
    let body: SyntaxNode | undefined = x.type === 'control_structure_body' ? last(x) : x;
    let fromBlock = false;
    while (body && (body.type === 'block' || body.type === 'statements')) {
      body = last(body);
      fromBlock = true;
    }
    if (!body || (fromBlock && !PLAIN_VALUE.has(body.type))) return undefined;
    return expr(body, scope);
  };

  function exprOf(n: SyntaxNode, scope: Scope): Expr | undefined {
    switch (n.type) {
      case 'string_literal':
      case 'multiline_string_literal':
        return b.str(strParts(n, scope), span(n), scope);
      case 'call_expression':
        return call(n, scope);
      case 'annotated_expression': {
        // `@GET("...")` on a line of its own before a top-level `fun` parses as an annotated value.
        const verb = named(named(n).find((c) => c.type === 'annotation')).find((c) => c.type === 'user_type')?.text ?? '';
        const inner = named(n).at(-1);
        const path = inner?.type === 'parenthesized_expression' ? named(inner)[0] : undefined;
        if (RETROFIT_VERB.test(verb) && path) {
          retrofit.push({ verb, path, scope, at: n });
          return b.opaque(n.text, span(n), scope);
        }
        return inner ? expr(inner, scope) : b.opaque(n.text, span(n), scope);
      }
      case 'parenthesized_expression':
      case 'labeled_expression': {
        const inner = named(n).at(-1);
        return inner ? expr(inner, scope) : b.opaque(n.text, span(n), scope);
      }
      case 'as_expression': {
        const left = n.childForFieldName('left');
        return left ? expr(left, scope) : undefined;
      }
      case 'unary_expression': {
        // `base!!`: the value itself.
        const arg = n.childForFieldName('argument');
        return arg && /!!$/.test(n.text) ? expr(arg, scope) : undefined;
      }
      case 'binary_expression': {
        const left = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        const op = n.childForFieldName('operator')?.text ?? n.children.find((c) => c && !c.isNamed && c.startIndex >= (left?.endIndex ?? 0))?.text;
        if (op === '?:' && left && right) {
          // System.getenv("HUB") ?: "https://...": the default the code knows.
          const l = expr(left, scope);
          const r = expr(right, scope);
          if (l.kind === 'env') return b.expr({ kind: 'env', name: l.name, fallback: r, start: n.startIndex, end: n.endIndex }, scope);
          return l.kind === 'str' ? l : r;
        }
        if (op === '+' && left && right) {
          const leftOp = left.type === 'binary_expression' ? (left.childForFieldName('operator')?.text ?? '') : '';
          return b.plus(expr(left, scope), expr(right, scope), leftOp === '+', span(n), scope);
        }
        break;
      }
      case 'index_expression': {
        // System.getenv()["HUB"]
        const [target, key] = named(n);
        if (target && key && /^System\.getenv\(\s*\)$/.test(target.text)) {
          const k = expr(key, scope);
          const name = literalOf(k);
          if (name !== null) return b.expr({ kind: 'env', name, ...span(n) }, scope);
        }
        break;
      }
      case 'if_expression': {
        // if (c) a else b as a value: one of its branches (a block's value is its last line).
        const [cond, ...branches] = named(n);
        if (cond) expr(cond, scope);
        const values = branches.map((x) => branchValue(x, scope));
        return b.either(values, span(n), scope) ?? b.opaque(n.text, span(n), scope);
      }
      case 'return_expression': {
        const value = named(n).filter((c) => c.type !== 'label')[0];
        if (value) b.ret(expr(value, scope));
        return b.opaque(n.text, span(n), scope);
      }
      case 'lambda_literal':
        return lambda(n, scope);
      case 'annotated_lambda': {
        const l = named(n).find((c) => c.type === 'lambda_literal');
        return l ? lambda(l, scope) : undefined;
      }
      case 'object_literal': {
        const body = named(n).find((c) => c.type === 'class_body');
        if (body) {
          b.openScope('class', null, span(body));
          cx.walk(body);
        }
        return b.opaque(n.text, span(n), scope);
      }
      default:
        break;
    }
    return undefined;
  }

  /** Parameters of a function (a default is the node after its `parameter`) or of a primary constructor. */
  const params = (list: SyntaxNode | null | undefined, fn: Scope, field: boolean) => {
    const kids = named(list).filter((c) => c.type !== 'parameter_modifiers' && c.type !== 'modifiers');
    for (let i = 0; i < kids.length; i++) {
      const p = kids[i];
      if (p.type !== 'parameter' && p.type !== 'class_parameter') continue;
      const id = named(p).find((c) => c.type === 'identifier');
      if (!id) continue;
      const typeAt = named(p).findIndex((c) => c === id) + 1;
      const defaultNode = p.type === 'class_parameter' ? named(p).slice(typeAt + 1)[0] : kids[i + 1] && kids[i + 1].type !== 'parameter' ? kids[i + 1] : undefined;
      b.addParam(fn, id.text, defaultNode ? expr(defaultNode, fn) : undefined);
      // `class C(private val base: String)`: a property too, read as `base` or `this.base`.
      if (field && /(?:^|\s)(?:val|var)\s/.test(p.text.slice(0, id.startIndex - p.startIndex))) {
        b.def(`this.${id.text}`, cx.name(id.text, { start: id.startIndex, end: id.startIndex }, fn), p.endIndex);
      }
    }
  };

  /** `val x = ...` (also `const val`, a getter's expression, `by lazy { ... }`); a field is also `this.x`. */
  const property = (n: SyntaxNode, scope: Scope) => {
    const decl = named(n).find((c) => c.type === 'variable_declaration');
    const id = named(decl).find((c) => c.type === 'identifier');
    const after = named(n).filter((c) => decl && c.startIndex >= decl.endIndex);
    let valueNode = after.find((c) => !/^(?:getter|setter|property_delegate|type_constraints)$/.test(c.type));
    const getter = after.find((c) => c.type === 'getter');
    const body = named(getter).find((c) => c.type === 'function_body');
    if (!valueNode && body && named(body)[0]?.type !== 'block') valueNode = named(body)[0];
    const delegate = after.find((c) => c.type === 'property_delegate');
    const lazy = delegate && /^lazy\b/.test(named(delegate)[0]?.text ?? '') ? named(named(named(named(delegate)[0]).find((c) => c.type === 'annotated_lambda'))[0]) : [];
    if (!valueNode && lazy.length === 1) valueNode = lazy[0];
    if (!id || !valueNode) {
      for (const c of after) expr(c, scope);
      return;
    }
    const v = expr(valueNode, scope);
    const modifiers = named(n).find((c) => c.type === 'modifiers')?.text ?? '';
    // `const val`, and a `val` outside functions (top level, objects, classes): fixed once set.
    const constant = /\bconst\b/.test(modifiers) || (scope.kind !== 'function' && n.children.some((c) => c?.type === 'val'));
    b.def(id.text, v, n.endIndex, constant);
    // Read after the property is set: before it, a constructor parameter of the same name is what the name means.
    if (scope.kind === 'class') b.def(`this.${id.text}`, cx.name(id.text, { start: n.endIndex, end: n.endIndex }, scope), n.endIndex);
  };

  /** `@GET("v2/repositories/{owner}/")` on a function: Retrofit's request, lowered after the walk. */
  const annotations = (n: SyntaxNode, scope: Scope) => {
    for (const m of named(n).filter((c) => c.type === 'modifiers')) {
      for (const a of named(m).filter((c) => c.type === 'annotation')) {
        const inv = named(a).find((c) => c.type === 'constructor_invocation');
        const verb = named(named(inv).find((c) => c.type === 'user_type')).at(-1)?.text ?? '';
        const firstArg = named(named(inv).find((c) => c.type === 'value_arguments'))[0];
        const path = named(firstArg).at(-1);
        if (RETROFIT_VERB.test(verb) && path) retrofit.push({ verb, path, scope, at: a });
      }
    }
  };

  const handle = (n: SyntaxNode, scope: Scope): boolean | undefined => {
    if (consumed.has(n.id)) return false;
    switch (n.type) {
      case 'package_header':
      case 'modifiers':
      case 'type_alias':
      case 'user_type':
      case 'function_value_parameters':
      case 'primary_constructor':
      case 'delegation_specifiers':
      case 'type_parameters':
      case 'type_constraints':
      case 'file_annotation':
        return false;
      case 'import': {
        // import a.b.Hub (a class), import a.b.Hub.BASE (a constant), import a.b.Hub as H
        const path = named(n).find((c) => c.type === 'qualified_identifier')?.text.replace(/\s+/g, '');
        const alias = named(n).find((c) => c.type === 'identifier')?.text;
        if (path && !/\*\s*$/.test(n.text)) {
          const last = path.split('.').pop() ?? path;
          b.out.imports.push({ local: alias ?? last, module: path.slice(0, -last.length - 1), name: last });
        }
        return false;
      }
      case 'class_declaration':
      case 'object_declaration': {
        const cls = b.openScope('class', n.childForFieldName('name')?.text ?? null, span(n));
        const ctor = named(n).find((c) => c.type === 'primary_constructor');
        params(named(ctor).find((c) => c.type === 'class_parameters'), cls, true);
        // `: Base(x)` passes values on: lowered, so the literals in it are seen.
        for (const d of named(named(n).find((c) => c.type === 'delegation_specifiers'))) for (const c of named(d)) expr(c, cls);
        return true;
      }
      case 'companion_object': {
        // Its constants are the enclosing class's (`Hub.BASE`).
        b.openScope('class', n.childForFieldName('name')?.text ?? scope.name, span(n));
        return true;
      }
      case 'function_declaration':
      case 'secondary_constructor': {
        const fn = b.openScope('function', n.type === 'secondary_constructor' ? 'constructor' : (n.childForFieldName('name')?.text ?? null), span(n));
        params(named(n).find((c) => c.type === 'function_value_parameters'), fn, false);
        annotations(n, fn);
        const body = named(n).find((c) => c.type === 'function_body');
        const inner = named(body)[0];
        if (inner && inner.type !== 'block') {
          // fun url() = "$BASE/x": an expression body is the value returned.
          b.ret(expr(inner, fn));
          return false;
        }
        const delegation = named(n).find((c) => c.type === 'constructor_delegation_call');
        if (delegation) expr(delegation, fn);
        return body !== undefined;
      }
      case 'property_declaration':
        property(n, scope);
        return false;
      case 'assignment': {
        const left = dotted(n.childForFieldName('left'));
        const right = n.childForFieldName('right');
        if (!right) return false;
        const v = expr(right, scope);
        const op = n.childForFieldName('operator')?.text ?? n.children.find((c) => c && !c.isNamed && /=$/.test(c.type))?.type ?? '=';
        if (left) b.assign(left, v, op, n.endIndex);
        return false;
      }
      case 'lambda_literal':
        return true;
      case 'lambda_parameters':
        return false;
      default:
        return undefined;
    }
  };

  cx.use({ statement: handle, expr: exprOf, members: ['navigation_expression'], dotted });
  cx.walk(tree.rootNode);

  // Retrofit: the path joins the builder's base like a browser resolves a link (RFC 3986).
  lowerDeclared(b, text, retrofit.map((r) => ({ verb: r.verb, path: expr(r.path, r.scope), scope: r.scope, at: span(r.at) })));
  return b.out;
}
