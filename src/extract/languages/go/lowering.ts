import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { ESCAPE_CALL } from '../../../core/segment-words.js';
import { literalOf, unescape } from '../../lower/builder.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';
import { cutExpr, namedCut, sliceCuts } from '../../lower/text-cut.js';

// `url.Parse(s)` is the URL `s` (its error aside).
const IDENTITY = /^(?:strings\.ToLower|url\.(?:PathEscape|QueryEscape|Parse|ParseRequestURI))$/;
/** The strings functions that cut a string at an end (text-cut.ts). */
const CUT = /^strings\.(?:TrimSuffix|TrimPrefix|TrimRight|TrimLeft|Trim|TrimSpace)$/;
/** Extra names a variadic parameter `args ...any` gets (`args[1]`…), each bound to one more argument of a call. */
const VARIADIC_SPREAD = 4;
const ENV = /^os\.(?:Getenv|LookupEnv)$/;

/** What a composite literal's type says: the struct it makes, or the element type of a table (map, slice, array). */
interface TypeOf {
  struct?: string;
  element?: string;
}

/** `*registry.Remote` → `Remote`; `map[string]*Remote` → element `*Remote`; `[]Remote`, `[4]Remote` → element `Remote`. */
export function structType(text: string | undefined): TypeOf {
  const t = (text ?? '').replace(/\s+/g, '');
  const table = /^(?:map\[[\w.*]+\]|\[\d*\])(.+)$/.exec(t);
  if (table) return { element: table[1] };
  const struct = /^\*?(?:\w+\.)?([A-Za-z_]\w*)(?:\[[\w.,*]+\])?$/.exec(t);
  return struct ? { struct: struct[1] } : {};
}

/** Nodes that only hold statements: walked into. */
/** Besides the walker's common ones (walker.ts). */
const CONTAINERS = [
  'source_file',
  'statement_list',
  'const_declaration',
  'var_declaration',
  // `var ( A = ...; B = ... )`: the grammar wraps a var block's specs in a list (a const block's it does not).
  'var_spec_list',
  'expression_switch_statement',
  'type_switch_statement',
  'expression_case',
  'default_case',
  'select_statement',
  'communication_case',
  'defer_statement',
  'go_statement',
];

/**
 * Go (tree-sitter-go) into the lowered form: `+`, `fmt.Sprintf`, `path.Join`/`url.JoinPath`,
 * `const`/`var` blocks, `:=` and `=` (first name of a multi-value assignment), struct
 * literals' fields, methods and their receivers. A Go package spans files, so any name may
 * be another file's constant (the resolver asks the project index).
 */
export function lowerGo(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('go', text, { containers: CONTAINERS, comments: ['comment'] });
  /** Every expression goes through the shared walker (`expr`), which caps the depth. */
  const { b, expr, span, named, openScope } = cx;

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    if (n.type === 'identifier' || n.type === 'field_identifier' || n.type === 'package_identifier') return n.text;
    if (n.type === 'selector_expression') {
      const o = dotted(n.childForFieldName('operand'));
      const f = n.childForFieldName('field');
      return o && f ? `${o}.${f.text}` : null;
    }
    return null;
  };

  const strParts = (n: SyntaxNode): StrPart[] =>
    named(n).map((c) => ({ text: c.type === 'escape_sequence' ? unescape(c.text) : c.text, start: c.startIndex, end: c.endIndex }));

  /** Functions' variadic parameters (`args` of `args ...interface{}`). */
  const variadic = new Map<Scope, string>();

  /**
   * `f(t, args...)` where `args` is the function's own variadic parameter: the arguments its
   * caller passed there, one name each (`args`, `args[1]`, …; see params), so a caller's
   * `endpoint(ReposPath, org)` fills the `fmt.Sprintf(template, args...)` it forwards to.
   */
  const spread = (a: SyntaxNode, scope: Scope): Expr[] | undefined => {
    const inner = a.type === 'variadic_argument' ? named(a)[0] : undefined;
    if (inner?.type !== 'identifier') return undefined;
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (s.params.some((p) => p.name === inner.text)) {
        if (variadic.get(s) !== inner.text) return undefined;
        return Array.from({ length: VARIADIC_SPREAD }, (_, i) => cx.name(i === 0 ? inner.text : `${inner.text}[${i}]`, inner, scope));
      }
    }
    return undefined;
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const fn = n.childForFieldName('function');
    const args = named(n.childForFieldName('arguments')).flatMap((a) => spread(a, scope) ?? [expr(a, scope)]);
    // A method of a chain (resty's `client.R().SetBody(b).Post(url)`) is named by its field.
    const callee = dotted(fn) ?? (fn?.type === 'selector_expression' ? (fn.childForFieldName('field')?.text ?? '') : '');
    const name = callee.split('.').pop() ?? '';
    if (callee === 'fmt.Sprintf' && args.length > 0) {
      return b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: new Map(), ...span(n) }, scope);
    }
    if (/^(?:path|url|filepath)\.(?:Join|JoinPath)$/.test(callee)) return b.expr({ kind: 'join', style: 'path', items: args, ...span(n) }, scope);
    if (ENV.test(callee) && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', ...span(n) }, scope);
    // url.PathEscape(x) keeps a `/` of the value as `%2F`: one path segment (core/segment-words.ts).
    if (ESCAPE_CALL.test(callee) && args[0]) return b.expr({ kind: 'segment', of: args[0], name: args[0].kind === 'name' ? args[0].name : callee, escaped: true, ...span(n) }, scope);
    if (CUT.test(callee) && args[0]) {
      const cut = namedCut(name, args[1] ? literalOf(args[1]) : undefined);
      return cut ? cutExpr(b, args[0], [cut], span(n), scope) : args[0];
    }
    if (IDENTITY.test(callee) && args[0]) return args[0];
    // cmp.Or(os.Getenv("HUB_URL"), "https://..."): the first non-empty of its arguments (Go 1.22).
    if (callee === 'cmp.Or' && args.length > 1) return b.either(args, span(n), scope) ?? args[0];
    if (callee === 'strings.Join' && args.length === 2 && literalOf(args[1]) !== null) {
      const list = named(n.childForFieldName('arguments'))[0];
      const items = list?.type === 'composite_literal' ? named(list.childForFieldName('body')).map((e) => expr(named(e)[0] ?? e, scope)) : [];
      if (items.length > 0) return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[1]) ?? '/', items, ...span(n) }, scope);
    }
    const object = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null;
    // u.String() on a parsed URL is the URL.
    if (object && name === 'String' && args.length === 0) return expr(object, scope);
    // net/url methods: `u.JoinPath("v2", ns)` appends path elements; `u.ResolveReference(ref)` resolves as RFC 3986 does.
    if (object && name === 'JoinPath' && args.length > 0) return b.expr({ kind: 'join', style: 'path', items: [expr(object, scope), ...args], ...span(n) }, scope);
    if (object && name === 'ResolveReference' && args.length === 1) return b.expr({ kind: 'join', style: 'url', items: [expr(object, scope), args[0]], ...span(n) }, scope);
    const receiver = object && object.type !== 'identifier' ? expr(object, scope) : undefined;
    return b.call({ callee, name, receiver, args, keywords: new Map(), ...span(n) }, scope);
  };

  function exprOf(n: SyntaxNode, scope: Scope): Expr | undefined {
    switch (n.type) {
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        return b.str(strParts(n), span(n), scope);
      case 'func_literal': {
        // A closure as a value (`build := func(p string) string {…}`): a function, named by the assignment.
        const fn = b.openScope('function', null, span(n));
        params(n.childForFieldName('parameters'), fn);
        const body = n.childForFieldName('body');
        if (body) cx.walk(body);
        return b.opaque(n.text, span(n), scope);
      }
      case 'parenthesized_expression':
      case 'literal_element': {
        const inner = named(n)[0];
        return inner ? expr(inner, scope) : b.opaque(n.text, span(n), scope);
      }
      case 'call_expression':
        return call(n, scope);
      case 'selector_expression':
        return pathRead?.node === n.id ? cx.name(pathRead.url, n, scope) : undefined;
      case 'unary_expression': {
        // `&url.URL{…}`, `*c.base` (a copy of the URL): the value pointed at.
        const operand = n.childForFieldName('operand');
        const op = n.childForFieldName('operator')?.text;
        if (operand && (op === '&' || op === '*')) return expr(operand, scope);
        break;
      }
      case 'slice_expression': {
        // base[:len(base)-1], path[1:]: the value, cut.
        const operand = n.childForFieldName('operand');
        if (!operand || n.childForFieldName('capacity')) break;
        const from = n.childForFieldName('start')?.text;
        const to = n.childForFieldName('end')?.text;
        return cutExpr(b, expr(operand, scope), sliceCuts(from, to, false), span(n), scope);
      }
      case 'index_expression': {
        // strings.Split(ref, "/")[0]: one path segment.
        const operand = n.childForFieldName('operand');
        if (operand?.type === 'call_expression' && /^strings\.(?:Split|SplitN)$/.test(dotted(operand.childForFieldName('function')) ?? '')) {
          const [of, on] = named(operand.childForFieldName('arguments'));
          if (of && on && /^["`]\/["`]$/.test(on.text)) return b.expr({ kind: 'segment', of: expr(of, scope), name: `${of.text}[${n.childForFieldName('index')?.text ?? ''}]`, ...span(n) }, scope);
        }
        break;
      }
      case 'composite_literal': {
        const joined = n.childForFieldName('type')?.text === 'url.URL' ? urlStruct(n, scope) : undefined;
        if (joined) return joined;
        fields(n, null, scope);
        return b.opaque(n.text, span(n), scope);
      }
      case 'literal_value':
        // An element of a table whose type is elided (`map[string]*Remote{"hub": {domain: …}}`): fields(…) reads it.
        return b.opaque(n.text, span(n), scope);
      default:
        break;
    }
    return undefined;
  }

  /**
   * `url.URL{Scheme: "https", Host: h, Path: p}` (net/url): the URL its String() gives, scheme,
   * host and path joined, reported at the path (the query is not part of the route). Without a
   * path it is the origin (a base that a later `u.Path = …` or `ResolveReference` completes);
   * without a host, the path (a reference resolved against a base).
   */
  const urlStruct = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const keyed = new Map<string, SyntaxNode>();
    for (const el of named(n.childForFieldName('body'))) {
      const key = el.type === 'keyed_element' ? (el.childForFieldName('key') ?? named(el)[0]) : null;
      const value = el.childForFieldName('value') ?? named(el)[1];
      if (key && value) keyed.set(named(key)[0]?.text ?? key.text, value);
    }
    const host = keyed.get('Host');
    const path = keyed.get('Path');
    if (!host) return path ? expr(path, scope) : undefined;
    const at = { start: (path ?? host).startIndex, end: (path ?? host).startIndex };
    const scheme = keyed.get('Scheme');
    const items = [scheme ? expr(scheme, scope) : b.str([{ text: 'https', ...at }], at, scope), b.str([{ text: '://', ...at }], at, scope), expr(host, scope)];
    if (!path) return b.expr({ kind: 'concat', items, ...span(n) }, scope);
    // String() puts a `/` between the host and a path without one (`Path: path.Join("v2", p)`).
    const origin = b.expr({ kind: 'concat', items, start: host.startIndex, end: host.endIndex }, scope);
    return b.expr({ kind: 'join', style: 'path', items: [origin, expr(path, scope)], ...span(n) }, scope);
  };

  /**
   * `Client{BaseURL: "https://..."}`: each keyed field is a definition of `owner.Field` and of
   * `.Field`, marked with the literal's struct type; the elements of a table of structs
   * (`map[string]*Remote{"hub": {domain: …}}`, `[]Remote{{…}}`) are literals of its element type.
   */
  const fields = (n: SyntaxNode, owner: string | null, scope: Scope) => body(n.childForFieldName('body'), structType(n.childForFieldName('type')?.text), owner, scope);
  const body = (list: SyntaxNode | null, type: TypeOf, owner: string | null, scope: Scope, depth = 0) => {
    for (const el of named(list)) {
      const key = el.type === 'keyed_element' ? (el.childForFieldName('key') ?? named(el)[0]) : null;
      const value = el.type === 'keyed_element' ? (el.childForFieldName('value') ?? named(el)[1]) : el;
      const inner = value?.type === 'literal_element' ? named(value)[0] : undefined;
      if (inner?.type === 'literal_value' && type.element && depth < 4) {
        body(inner, structType(type.element), null, scope, depth + 1);
        continue;
      }
      if (el.type !== 'keyed_element') {
        expr(el, scope);
        continue;
      }
      const keyName = key ? dotted(named(key)[0] ?? key) : null;
      if (!value) continue;
      const v = expr(value, scope);
      if (!keyName) continue;
      const def = b.def(owner ? `${owner}.${keyName}` : `.${keyName}`, v, el.endIndex);
      if (type.struct) def.owner = type.struct;
    }
  };

  /** `a, b := x, y` pairs names and values; `req, err := f()` gives the first name the call. */
  const assign = (left: SyntaxNode | null, right: SyntaxNode | null, at: number, scope: Scope, op: string, constant?: boolean) => {
    const names = named(left).map((x) => dotted(x));
    const values = named(right);
    if (names.length === 0 && left) {
      const single = dotted(left);
      if (single) names.push(single);
    }
    values.forEach((v, i) => {
      const name = names[i];
      const url = name && (op === '=' || op === '+=') ? /^(.+)\.Path$/.exec(name)?.[1] : undefined;
      if (url) return setPath(url, v, at, scope, op);
      const value = v.type === 'composite_literal' && name && v.childForFieldName('type')?.text !== 'url.URL' ? (fields(v, name, scope), b.opaque(v.text, span(v), scope)) : expr(v, scope);
      if (!name || name === '_') return;
      if (op === '+=') {
        const old = b.expr({ kind: 'name', name, start: v.startIndex, end: v.startIndex }, scope);
        b.def(name, b.expr({ kind: 'concat', items: [old, value], start: value.start, end: value.end }, scope), at, constant);
      } else {
        b.def(name, value, at, constant);
      }
    });
  };

  /** The node a `u.Path` read that `setPath` lowers as the URL `u` (the old path the new one extends). */
  let pathRead: { node: number; url: string } | undefined;

  /**
   * `u.Path = p` on a net/url URL: from here on `u` is its origin with the path `p` (resolved
   * as `ResolveReference` does), or `u` extended when `p` starts from the old path
   * (`path.Join(u.Path, "v2", ns)`, `u.Path + "/v2/"`, `u.Path += …`), so `u.String()` is the URL.
   */
  const setPath = (url: string, v: SyntaxNode, at: number, scope: Scope, op: string) => {
    let head: SyntaxNode | null = v;
    for (let i = 0; head && i < 8; i++) {
      if (head.type === 'parenthesized_expression') head = named(head)[0] ?? null;
      else if (head.type === 'binary_expression' && head.childForFieldName('operator')?.text === '+') head = head.childForFieldName('left');
      else if (head.type === 'call_expression' && /^(?:path|url|filepath)\.(?:Join|JoinPath)$/.test(dotted(head.childForFieldName('function')) ?? '')) head = named(head.childForFieldName('arguments'))[0] ?? null;
      else break;
    }
    const extends_ = op === '+=' || (head !== v && head !== null && dotted(head) === `${url}.Path`);
    pathRead = extends_ && op !== '+=' && head ? { node: head.id, url } : undefined;
    let value: Expr;
    try {
      value = expr(v, scope);
    } finally {
      pathRead = undefined;
    }
    const old = cx.name(url, { start: v.startIndex, end: v.startIndex }, scope);
    const items = [old, value];
    b.def(url, op === '+=' ? b.expr({ kind: 'concat', items, start: value.start, end: value.end }, scope) : extends_ ? value : b.expr({ kind: 'join', style: 'url', items, start: value.start, end: value.end }, scope), at);
  };

  const params = (list: SyntaxNode | null, scope: Scope) => {
    for (const p of named(list)) {
      const type = structType(p.childForFieldName('type')?.text).struct;
      for (const id of p.childrenForFieldName('name')) {
        if (!id) continue;
        b.addParam(scope, id.text);
        if (type) scope.params[scope.params.length - 1].type = type;
      }
      const last = p.type === 'variadic_parameter_declaration' ? p.childForFieldName('name')?.text : undefined;
      if (!last) continue;
      // The variadic parameter is the last: the names after it take the call's later arguments.
      variadic.set(scope, last);
      for (let i = 1; i < VARIADIC_SPREAD; i++) b.addParam(scope, `${last}[${i}]`);
    }
  };

  cx.use({ expr: exprOf, concat: { types: ['binary_expression'], ops: ['+'] }, members: ['selector_expression'], dotted, statement: (n, scope) => {
    // Comments never reach here: the shared walker records them first.
    switch (n.type) {
      case 'function_declaration':
      case 'method_declaration':
      case 'func_literal': {
        const fn = openScope('function', n);
        if (n.type === 'method_declaration') params(n.childForFieldName('receiver'), fn);
        const receiverType = n.type === 'method_declaration' ? named(n.childForFieldName('receiver'))[0]?.childForFieldName('type')?.text : undefined;
        if (receiverType) fn.receiver = structType(receiverType).struct;
        params(n.childForFieldName('parameters'), fn);
        // Methods take the receiver first; calls name it before the dot, not among the arguments.
        if (n.type === 'method_declaration' && fn.params.length > 0) fn.params[0].name = `recv:${fn.params[0].name}`;
        const body = n.childForFieldName('body');
        return body !== null;
      }
      case 'import_declaration':
        // `import hub "example.org/m/internal/hub"`: the package's name in this file, and its path.
        for (const spec of n.descendantsOfType('import_spec')) {
          const path = spec?.childForFieldName('path')?.text.replace(/^["`]|["`]$/g, '');
          const alias = spec?.childForFieldName('name')?.text;
          if (path && alias !== '_' && alias !== '.') b.out.imports.push({ local: alias ?? path.split('/').pop() ?? path, module: path, name: null });
        }
        return false;
      case 'package_clause':
        return false;
      case 'const_spec':
      case 'var_spec': {
        const names = n.childrenForFieldName('name').filter((x): x is SyntaxNode => !!x);
        const values = named(n.childForFieldName('value'));
        values.forEach((v, i) => {
          const value = expr(v, scope);
          if (names[i]) b.def(names[i].text, value, n.endIndex, n.type === 'const_spec');
        });
        return false;
      }
      case 'short_var_declaration':
      case 'assignment_statement': {
        const op = n.childForFieldName('operator')?.text ?? (n.type === 'short_var_declaration' ? ':=' : '=');
        assign(n.childForFieldName('left'), n.childForFieldName('right'), n.endIndex, scope, op);
        return false;
      }
      case 'return_statement':
        for (const v of named(named(n)[0]?.type === 'expression_list' ? named(n)[0] : n)) b.ret(expr(v, scope));
        return false;
      case 'type_declaration':
        return false;
      default:
        return undefined;
    }
  } });
  return cx.walk(tree.rootNode);
}
