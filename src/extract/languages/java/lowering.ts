import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { annotationVerb, lowerDeclared, requestLine, type Declared } from '../../lower/declarative-client.js';
import { TreeLowerer } from '../../lower/walker.js';
import { builderRoot, isBuilderStep, lowerBuilderChain, type BuilderStep } from '../../lower/url-builder.js';
import { JAVA_URL_BUILDERS } from './url-builders.js';
import { cutExpr, namedCut, patternCut, sliceCuts, type TextCut } from '../../lower/text-cut.js';

/** Calls whose value is, as far as a URL goes, their receiver (`base.trim()`). */
const SAME_AS_RECEIVER = /^(?:toString|toLowerCase|intern)$/;
/** Calls whose value is their first argument (`String.valueOf(x)`, `URLEncoder.encode(x, UTF_8)`). */
const SAME_AS_ARG = /^(?:String\.valueOf|URLEncoder\.encode|Objects\.requireNonNull|Objects\.toString)$/;

/** Nodes that only hold statements or declarations: walked into. */
/** Besides the walker's common ones (walker.ts). */
const CONTAINERS = [
  'program',
  'class_body',
  'interface_body',
  'enum_body',
  'enum_body_declarations',
  'constructor_body',
  'static_initializer',
  'enhanced_for_statement',
  'try_with_resources_statement',
  'resource_specification',
  'switch_expression',
  'switch_block',
  'switch_block_statement_group',
  'switch_rule',
  'synchronized_statement',
];

/**
 * Java (tree-sitter-java) into the lowered form: `+`, `String.format`/`formatted`,
 * `MessageFormat.format`, `String.join`, `System.getenv`, fields (`static final` constants,
 * `this.x = ...`), locals, parameters, returns, method chains with their receivers
 * (`HttpRequest.newBuilder().uri(u).POST(b)`) and `new HttpPost(u)` as a call named
 * `HttpPost`. A Java package spans files, so any name may be another file's constant.
 */
export function lowerJava(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('java', text, { containers: CONTAINERS, comments: ['line_comment', 'block_comment'] });
  /** Every expression goes through the shared walker (`expr`), which caps the depth. */
  const { b, expr, span, named, walk, openScope } = cx;

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    if (n.type === 'identifier' || n.type === 'type_identifier' || n.type === 'this') return n.text;
    if (n.type === 'field_access' || n.type === 'scoped_identifier' || n.type === 'scoped_type_identifier') {
      const o = dotted(n.childForFieldName('object') ?? n.childForFieldName('scope') ?? named(n)[0]);
      const f = n.childForFieldName('field') ?? n.childForFieldName('name') ?? named(n)[named(n).length - 1];
      return o && f ? `${o}.${f.text}` : null;
    }
    return null;
  };

  /** A literal's pieces; text blocks keep their lines as written (indentation included). */
  const strParts = (n: SyntaxNode): StrPart[] =>
    named(n)
      .filter((c) => c.type === 'string_fragment' || c.type === 'escape_sequence' || c.type === 'multiline_string_fragment')
      .map((c) => ({ text: c.type === 'escape_sequence' ? unescape(c.text) : c.text, start: c.startIndex, end: c.endIndex }));

  /**
   * A URL builder chain (url-builder.ts) ending at `n`: read from its root (`new HttpUrl.Builder()`,
   * `UriComponentsBuilder.fromHttpUrl(b)`) through each later call; undefined when it is not one.
   */
  const builderChain = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const steps: Array<BuilderStep<SyntaxNode>> = [];
    let at = n;
    let root: { callee: string; args: SyntaxNode[] } | undefined;
    while (!root) {
      const name = at.childForFieldName('name')?.text ?? '';
      const args = named(at.childForFieldName('arguments'));
      const object = at.childForFieldName('object');
      if (object?.type === 'method_invocation' || object?.type === 'object_creation_expression') {
        if (!isBuilderStep(name)) return undefined;
        steps.unshift({ name, args, ...span(at) });
        if (object.type === 'method_invocation') {
          at = object;
          continue;
        }
        if (named(object).some((c) => c.type === 'class_body')) return undefined;
        const type = object.childForFieldName('type');
        root = { callee: `new ${(dotted(type) ?? type?.text ?? '').replace(/<.*$/s, '')}`, args: named(object.childForFieldName('arguments')) };
      } else {
        const cls = dotted(object);
        if (!cls) return undefined;
        root = { callee: `${cls}.${name}`, args };
      }
    }
    const found = builderRoot(JAVA_URL_BUILDERS, root.callee);
    if (!found || steps.length === 0) return undefined;
    const from = typeof found.from === 'number' ? root.args[found.from] : undefined;
    return lowerBuilderChain(b, found, from ? expr(from, scope) : undefined, steps, (a) => expr(a, scope), (a) => a.text, scope);
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const built = builderChain(n, scope);
    if (built) return built;
    const object = n.childForFieldName('object');
    const name = n.childForFieldName('name')?.text ?? '';
    const argNodes = named(n.childForFieldName('arguments'));
    const objectName = dotted(object);
    const callee = objectName ? `${objectName}.${name}` : name;
    if (object && (object.type === 'string_literal' || object.type === 'text_block') && name === 'formatted') {
      const args = argNodes.map((a) => expr(a, scope));
      return b.expr({ kind: 'format', style: 'printf', template: expr(object, scope), args, named: new Map(), ...span(n) }, scope);
    }
    // Either value (the value, or the default the code knows): `Optional.ofNullable(a).orElse(d)`,
    // `Objects.requireNonNullElse(a, d)`, `System.getenv().getOrDefault("HUB", d)`.
    const inner = object?.type === 'method_invocation' ? object : null;
    const innerCallee = inner ? `${dotted(inner.childForFieldName('object')) ?? ''}.${inner.childForFieldName('name')?.text ?? ''}` : '';
    if (name === 'orElse' && argNodes.length === 1 && inner && /^(?:Optional\.)?(?:ofNullable|of)$/.test(innerCallee.replace(/^\./, ''))) {
      const value = named(inner.childForFieldName('arguments'))[0];
      const d = expr(argNodes[0], scope);
      return b.either([d, value ? expr(value, scope) : undefined], span(n), scope) ?? d;
    }
    if (callee === 'Objects.requireNonNullElse' && argNodes.length === 2) {
      const [a, d] = argNodes.map((x) => expr(x, scope));
      return b.either([d, a], span(n), scope) ?? d;
    }
    if (name === 'getOrDefault' && innerCallee === 'System.getenv' && argNodes.length === 2) {
      const [k, d] = argNodes.map((x) => expr(x, scope));
      if (literalOf(k) !== null) return b.expr({ kind: 'env', name: literalOf(k) ?? '', fallback: d, ...span(n) }, scope);
    }
    const args = argNodes.map((a) => expr(a, scope));
    if (/^(?:String\.format|formatted)$/.test(callee) && args.length > 0) {
      // String.format(Locale.ROOT, "...", ...) puts the template second.
      const t = args[0].kind === 'str' || args.length === 1 ? 0 : 1;
      return b.expr({ kind: 'format', style: 'printf', template: args[t], args: args.slice(t + 1), named: new Map(), ...span(n) }, scope);
    }
    if (callee === 'MessageFormat.format' && args.length > 0) {
      return b.expr({ kind: 'format', style: 'brace', template: args[0], args: args.slice(1), named: new Map(), ...span(n) }, scope);
    }
    if (callee === 'String.join' && args.length > 1 && literalOf(args[0]) !== null) {
      return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '/', items: args.slice(1), ...span(n) }, scope);
    }
    if (callee === 'System.getenv' && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', ...span(n) }, scope);
    if (SAME_AS_ARG.test(callee) && args[0]) return args[0];
    const cuts = object ? cutsOf(name, argNodes.map((a) => a.text), args) : undefined;
    if (object && cuts) return cutExpr(b, expr(object, scope), cuts, span(n), scope);
    // Commons Lang's `StringUtils.removeEnd(base, "/")`, `stripEnd(base, "/")`: the first argument, cut.
    const util = /^StringUtils\.(?:removeEnd|removeStart|stripEnd|stripStart|strip)$/.test(callee) && args[0] ? namedCut(name, args[1] ? literalOf(args[1]) : undefined) : undefined;
    if (util) return cutExpr(b, args[0], [util], span(n), scope);
    if (object && SAME_AS_RECEIVER.test(name) && args.length === 0) return expr(object, scope);
    // A plain name before the dot is a class or a variable: named in the callee, not a value.
    const receiver = object && object.type !== 'identifier' && object.type !== 'this' ? expr(object, scope) : undefined;
    return b.call({ callee, name, receiver, args, keywords: new Map(), ...span(n) }, scope);
  };

  function exprOf(n: SyntaxNode, scope: Scope): Expr | undefined {
    switch (n.type) {
      case 'string_literal':
      case 'text_block':
        return b.str(strParts(n), span(n), scope);
      case 'parenthesized_expression':
      case 'cast_expression': {
        const inner = n.childForFieldName('value') ?? named(n)[named(n).length - 1];
        return inner ? expr(inner, scope) : b.opaque(n.text, span(n), scope);
      }
      case 'ternary_expression': {
        // cond ? a : b — either value.
        const consequence = n.childForFieldName('consequence');
        const alternative = n.childForFieldName('alternative');
        const cond = n.childForFieldName('condition');
        if (cond) expr(cond, scope);
        return b.either([consequence ? expr(consequence, scope) : undefined, alternative ? expr(alternative, scope) : undefined], span(n), scope);
      }
      case 'method_invocation':
        return call(n, scope);
      case 'object_creation_expression': {
        const type = n.childForFieldName('type');
        const typeName = (dotted(type) ?? type?.text ?? '').replace(/<.*$/s, '');
        const args = named(n.childForFieldName('arguments')).map((a) => expr(a, scope));
        const body = named(n).find((c) => c.type === 'class_body');
        if (body) walk(body);
        const last = typeName.split('.').pop() ?? typeName;
        // new URI(u) / new URL(u): the URL itself.
        if (/^(?:URI|URL)$/.test(last) && args.length === 1) return args[0];
        return b.call({ callee: `new ${typeName}`, name: last, args, keywords: new Map(), ...span(n) }, scope);
      }
      case 'explicit_constructor_invocation': {
        // `this(base)`: the class's other constructor run with these arguments, a call of it by its name.
        const args = named(n.childForFieldName('arguments')).map((a) => expr(a, scope));
        const cls = n.childForFieldName('constructor')?.type === 'this' ? scope.parent?.name : null;
        if (!cls) return undefined;
        return b.call({ callee: cls, name: cls, args, keywords: new Map(), ...span(n) }, scope);
      }
      case 'lambda_expression': 
        return b.lambda(n, params, walk, expr);
    }
    return undefined;
  }

  const params = (list: SyntaxNode | null, scope: Scope) => {
    for (const p of named(list)) {
      if (p.type === 'identifier') b.addParam(scope, p.text);
      const id = p.childForFieldName('name') ?? named(p).find((c) => c.type === 'variable_declarator')?.childForFieldName('name');
      if (id) b.addParam(scope, id.text);
    }
  };

  /** `String a = x, b = y;` in a method, or a field (then also `this.a`). */
  const declarators = (n: SyntaxNode, scope: Scope, field: boolean) => {
    const modifiers = named(n).find((c) => c.type === 'modifiers')?.text ?? '';
    const constant = /\bfinal\b/.test(modifiers) && (!field || /\bstatic\b/.test(modifiers) || n.parent?.type === 'interface_body');
    for (const d of n.childrenForFieldName('declarator')) {
      const name = d?.childForFieldName('name')?.text;
      const value = d?.childForFieldName('value');
      if (!d || !name || !value) continue;
      const v = expr(value, scope);
      b.def(name, v, d.endIndex, constant || (field && n.parent?.type === 'interface_body'));
      if (field) b.def(`this.${name}`, b.expr({ kind: 'name', name, start: v.start, end: v.start }, scope), d.endIndex);
    }
  };

  const assignment = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const left = dotted(n.childForFieldName('left'));
    const right = n.childForFieldName('right');
    if (!right) return undefined;
    const v = expr(right, scope);
    if (!left) return v;
    const op = n.childForFieldName('operator')?.text ?? '=';
    b.assign(left, v, op, n.endIndex);
    return v;
  };

  /** Requests declared by annotations (declarative-client.ts), and the client types with the base their annotation gives. */
  const declared: Declared[] = [];
  const clients = new Map<Scope, Expr | undefined>();

  /** An annotation's name and its arguments: positional (`@GET("…")`) and by key (`url = "…"`). */
  const annotationsOf = (n: SyntaxNode) =>
    named(named(n).find((c) => c.type === 'modifiers'))
      .filter((a) => a.type === 'annotation')
      .map((a) => {
        const args = named(a.childForFieldName('arguments'));
        const keyed = new Map<string, SyntaxNode>();
        for (const p of args.filter((x) => x.type === 'element_value_pair')) {
          const key = p.childForFieldName('key')?.text;
          const value = p.childForFieldName('value');
          if (key && value) keyed.set(key, value);
        }
        return { name: a.childForFieldName('name')?.text ?? '', first: args.find((x) => x.type !== 'element_value_pair'), keyed };
      });

  /** `@FeignClient(url = "…")`, `@HttpExchange(url = "…")` / `@HttpExchange("…")`: a client type, and its base. */
  const clientType = (n: SyntaxNode, cls: Scope) => {
    for (const a of annotationsOf(n)) {
      const short = a.name.slice(a.name.lastIndexOf('.') + 1);
      if (short !== 'FeignClient' && short !== 'HttpExchange') continue;
      const base = a.keyed.get('url') ?? (short === 'HttpExchange' ? (a.keyed.get('value') ?? a.first) : undefined);
      clients.set(cls, base ? expr(base, cls) : undefined);
    }
  };

  /** A method's request annotation: Retrofit's and Spring's verbs, OpenFeign's `*Mapping` on a client type, Feign's `@RequestLine`. */
  const requestOf = (n: SyntaxNode, fn: Scope) => {
    const owner = fn.parent;
    const client = owner !== null && clients.has(owner);
    for (const a of annotationsOf(n)) {
      const short = a.name.slice(a.name.lastIndexOf('.') + 1);
      const at = span(n.childForFieldName('name') ?? n);
      if (short === 'RequestLine' && a.first?.type === 'string_literal') {
        const parts = strParts(a.first);
        const line = parts[0] && 'text' in parts[0] ? requestLine(parts[0].text) : undefined;
        if (!line || !('text' in parts[0])) continue;
        const head = { text: parts[0].text.slice(line.offset), start: parts[0].start + line.offset, end: parts[0].end };
        declared.push({ verb: line.verb, path: b.str([head, ...parts.slice(1)], span(a.first), fn), scope: fn, at, base: owner ? clients.get(owner) : undefined });
        continue;
      }
      // Retrofit's `@HTTP(method = "GET", path = "…")`, Spring's `@RequestMapping(method = RequestMethod.GET, value = "…")`.
      const general = short === 'HTTP' || (short === 'RequestMapping' && client);
      const verb = general ? { verb: (a.keyed.get('method')?.text ?? 'GET').replace(/^.*\.|"/g, '').toUpperCase(), mapping: false } : annotationVerb(short);
      // `@GetMapping` on a controller is a server's route: only a client type's is a request.
      if (!verb || (verb.mapping && !client)) continue;
      const path = a.first ?? a.keyed.get('value') ?? a.keyed.get('path') ?? a.keyed.get('url');
      if (path) declared.push({ verb: verb.verb, path: expr(path, fn), scope: fn, at, base: owner ? clients.get(owner) : undefined });
    }
  };

  const handle = (n: SyntaxNode, scope: Scope): boolean | undefined => {
    // Comments never reach here: the shared walker records them first.
    switch (n.type) {
      case 'package_declaration':
        return false;
      case 'import_declaration': {
        // import static a.b.Hub.BASE: the name BASE is Hub's constant.
        const path = dotted(named(n).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier') ?? null);
        if (path && /\bstatic\b/.test(n.text) && !n.text.includes('*')) {
          const local = path.split('.').pop() ?? path;
          b.out.imports.push({ local, module: path.slice(0, -local.length - 1), name: local });
        }
        return false;
      }
      case 'class_declaration':
      case 'interface_declaration':
      case 'enum_declaration':
      case 'record_declaration':
        clientType(n, openScope('class', n));
        return true;
      case 'method_declaration':
      case 'constructor_declaration':
      case 'compact_constructor_declaration': {
        const fn = openScope('function', n);
        params(n.childForFieldName('parameters'), fn);
        if (n.type === 'method_declaration') requestOf(n, fn);
        return n.childForFieldName('body') !== null;
      }
      case 'field_declaration':
      case 'constant_declaration':
        declarators(n, scope, true);
        return false;
      case 'local_variable_declaration':
        declarators(n, scope, false);
        return false;
      case 'assignment_expression':
        assignment(n, scope);
        return false;
      case 'annotation':
      case 'marker_annotation':
      case 'modifiers':
      case 'formal_parameters':
      case 'type_identifier':
      case 'generic_type':
        return false;
      default:
        return undefined;
    }
  };

  const out = cx.use({ statement: handle, expr: exprOf, returns: ['return_statement'], concat: { types: ['binary_expression'], ops: ['+'] }, members: ['field_access'], dotted }).walk(tree.rootNode);
  lowerDeclared(b, text, declared);
  return out;
}

/**
 * The cuts a String method makes (`substring(0, s.length() - 1)`, `trim()`, `stripTrailing()`,
 * `replaceAll("/$", "")`), or undefined when it makes none.
 */
function cutsOf(name: string, texts: string[], args: Expr[]): TextCut[] | undefined {
  if (name === 'substring' && texts.length > 0) return sliceCuts(texts[0], texts[1], false);
  if ((name === 'replaceAll' || name === 'replaceFirst') && args.length === 2 && literalOf(args[1]) === '') {
    const pattern = literalOf(args[0]);
    const cut = pattern === null ? undefined : patternCut(pattern);
    return cut ? [cut] : undefined;
  }
  if (args.length > 0) return undefined;
  const cut = name === 'stripTrailing' ? namedCut('trimEnd', undefined) : name === 'stripLeading' ? namedCut('trimStart', undefined) : name === 'trim' || name === 'strip' ? namedCut('trim', undefined) : undefined;
  return cut ? [cut] : undefined;
}
