import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import { cutExpr, methodCuts } from '../../lower/text-cut.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';

/** Calls whose value is, as far as a URL goes, their receiver (`base.stripSuffix("/")`, `u.toString`). */
const SAME_AS_RECEIVER = /^(?:toString|toLowerCase|strip|stripMargin|intern)$/;
/** Calls whose value is their first argument (`URI.create(u)`, `new URL(u)`, `Uri.unsafeParse(u)`). */
const SAME_AS_ARG = /^(?:URI\.create|URI|URL|Uri\.parse|Uri\.unsafeParse|Uri\.unsafeFromString|URLEncoder\.encode|Some|Option)$/;
/** An `f"…"` interpolator's format after a splice (`$p%s`, `$n%05d`): no text of the value. */
const FORMAT_SPEC = /^%[-#+ ,(]*\d*(?:\.\d+)?[a-zA-Z]/;

const CONTAINERS = [
  'compilation_unit',
  'template_body',
  'with_template_body',
  'indented_block',
  'package_clause',
  'package_object',
  'if_expression',
  'match_expression',
  'case_block',
  'indented_cases',
  'case_clause',
  'try_expression',
  'catch_clause',
  'finally_clause',
  'for_expression',
  'while_expression',
  'do_while_expression',
  'enum_body',
  'extension_definition',
];

/**
 * Scala (tree-sitter-scala) into the lowered form: plain and triple-quoted strings, interpolated
 * strings (`s"…"`, `f"…"` without its `%s` specs, sttp's `uri"…"`, a `${…}` block that spans
 * lines), `+`/`++`, `val`/`var` at top level and in objects, classes and traits (a member is
 * also `this.x`), class parameters with defaults, `def` with parameters, defaults and an
 * expression or block body (its last expression is its value), named arguments, `if` as either
 * value, `sys.env.getOrElse("X", d)` and `sys.env("X")`, calls with their receivers
 * (`basicRequest.post(u).send()`). A package spans files, so any name may be another file's.
 */
export function lowerScala(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('scala', text, { containers: CONTAINERS, comments: ['comment', 'block_comment'] });
  const b = cx.b;
  b.out.wildcardImport = true;
  const { span, named } = cx;

  const dotted = (n: SyntaxNode | null | undefined): string | null => {
    if (!n) return null;
    if (n.type === 'identifier' || n.type === 'stable_identifier') return n.text.replace(/`/g, '');
    if (n.type === 'field_expression') {
      const o = dotted(n.childForFieldName('value'));
      const f = n.childForFieldName('field');
      return o && f ? `${o}.${f.text}` : null;
    }
    return null;
  };

  /** A plain string's text between its quotes; escapes decoded unless triple-quoted. */
  const plain = (n: SyntaxNode, scope: Scope): Expr => {
    const triple = n.text.startsWith('"""');
    const q = triple ? 3 : 1;
    const start = n.startIndex + q;
    const end = Math.max(start, n.endIndex - q);
    const raw = text.slice(start, end);
    const value = triple ? raw : unescape(raw);
    return b.str([{ text: value, start, end }], span(n), scope);
  };

  /** An interpolated string's parts: the text between its splices, and the splices. */
  const interpolated = (n: SyntaxNode, scope: Scope): Expr => {
    const interpolator = n.childForFieldName('interpolator')?.text ?? '';
    const body = named(n).find((c) => c.type === 'interpolated_string');
    if (!body) return cx.opaque(n, scope);
    const q = body.text.startsWith('"""') ? 3 : 1;
    const from = body.startIndex + q;
    const to = Math.max(from, body.endIndex - q);
    const parts: StrPart[] = [];
    let at = from;
    const literal = (end: number) => {
      let t = text.slice(at, end);
      let start = at;
      if (interpolator === 'f' && parts.length > 0 && !('text' in parts[parts.length - 1])) {
        const spec = FORMAT_SPEC.exec(t);
        if (spec) [t, start] = [t.slice(spec[0].length), start + spec[0].length];
      }
      if (t) parts.push({ text: interpolator === 'raw' || q === 3 ? t.replace(/\$\$/g, '$') : unescape(t.replace(/\$\$/g, '$')), start, end });
    };
    for (const c of named(body)) {
      if (c.type !== 'interpolation') continue;
      literal(c.startIndex);
      const inner = named(c)[0];
      const value = inner?.type === 'block' ? named(inner) : inner ? [inner] : [];
      parts.push({ expr: value.length === 1 ? cx.expr(value[0], scope) : b.opaque(c.text, span(c), scope) });
      at = c.endIndex;
    }
    literal(to);
    return b.str(parts, span(n), scope);
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const fnNode = n.childForFieldName('function');
    const argList = n.childForFieldName('arguments');
    const object = fnNode?.type === 'field_expression' ? fnNode.childForFieldName('value') : null;
    const nameNode = fnNode?.type === 'field_expression' ? fnNode.childForFieldName('field') : fnNode;
    const name = nameNode?.type === 'identifier' ? nameNode.text : '';
    const objectName = dotted(object);
    const callee = fnNode?.type === 'identifier' ? name : objectName ? `${objectName}.${name}` : name;
    const args: Expr[] = [];
    const keywords = new Map<string, Expr>();
    for (const a of named(argList)) {
      const left = a.type === 'assignment_expression' ? a.childForFieldName('left') : null;
      const right = a.type === 'assignment_expression' ? a.childForFieldName('right') : null;
      if (left?.type === 'identifier' && right) keywords.set(left.text, cx.expr(right, scope));
      else args.push(cx.expr(a, scope));
    }
    const env = /^(?:sys\.env|System\.getenv|sys\.env\.get|sys\.env\.getOrElse|sys\.props\.getOrElse)$/.test(callee) && args[0] ? literalOf(args[0]) : null;
    if (env !== null && /env/.test(callee)) return b.expr({ kind: 'env', name: env, fallback: args[1], ...span(n) }, scope);
    if (SAME_AS_ARG.test(callee) && args[0]) return args[0];
    const cuts = object ? methodCuts(name, args) : undefined;
    if (object && cuts) return cutExpr(b, cx.expr(object, scope), cuts, span(n), scope);
    if (object && SAME_AS_RECEIVER.test(name)) return cx.expr(object, scope);
    if (name === 'format' && object && (object.type === 'string' || object.type === 'identifier')) {
      return b.expr({ kind: 'format', style: 'printf', template: cx.expr(object, scope), args, named: new Map(), ...span(n) }, scope);
    }
    if (name === 'mkString' && object && args.length === 1 && literalOf(args[0]) !== null) {
      return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '', items: [cx.expr(object, scope)], ...span(n) }, scope);
    }
    const receiver = object && object.type !== 'identifier' && object.type !== 'stable_identifier' ? cx.expr(object, scope) : undefined;
    if (fnNode && fnNode.type !== 'identifier' && fnNode.type !== 'field_expression') cx.expr(fnNode, scope);
    return b.call({ callee, name, receiver, args, keywords, ...span(n) }, scope);
  };

  /** `val a = …`, `var a = …`, `val (a, b) = …` (only a plain name defines). */
  const definition = (n: SyntaxNode, scope: Scope): void => {
    const pattern = n.childForFieldName('pattern');
    const value = n.childForFieldName('value');
    if (!value) return;
    const v = cx.expr(value, scope);
    if (pattern?.type !== 'identifier') return;
    b.def(pattern.text, v, n.endIndex, n.type === 'val_definition');
    if (scope.kind === 'class') b.def(`this.${pattern.text}`, cx.name(pattern.text, pattern, scope), n.endIndex);
  };

  const params = (list: SyntaxNode | null, fn: Scope, asFields: boolean): void => {
    for (const p of named(list)) {
      if (p.type !== 'parameter' && p.type !== 'class_parameter') continue;
      const id = p.childForFieldName('name');
      if (!id) continue;
      const d = p.childForFieldName('default_value');
      b.addParam(fn, id.text, d ? cx.expr(d, fn) : undefined);
      if (asFields) b.def(`this.${id.text}`, cx.name(id.text, id, fn), p.endIndex);
    }
  };

  /** An annotation's arguments (`@deprecated("…")`, a client's `@GET("…")`): opaque, their literals lowered. */
  const annotations = (n: SyntaxNode, scope: Scope): void => {
    for (const c of named(n)) {
      if (c.type === 'annotation') cx.opaque(c, scope);
      else if (c.type === 'modifiers') annotations(c, scope);
    }
  };

  /** `def f(p: T = d) = body` / `def f(…) { … }`: a function whose body's last expression is its value. */
  const fn = (n: SyntaxNode): void => {
    annotations(n, cx.b.scopeAt(n.startIndex));
    const scope = cx.openScope('function', n);
    for (const list of n.children.filter((c): c is SyntaxNode => c?.type === 'parameters')) params(list, scope, false);
    const body = n.childForFieldName('body');
    if (!body) return;
    if (body.type === 'block' || body.type === 'indented_block') {
      cx.returnsLast(body, (last) => !/definition$|declaration$|^assignment_expression$/.test(last.type));
      cx.walk(body);
    } else b.ret(cx.expr(body, scope));
  };

  cx.use({
    dotted,
    members: ['field_expression'],
    concat: { types: ['infix_expression'], ops: ['+', '++'] },
    returns: ['return_expression'],
    statement(n, scope) {
      switch (n.type) {
        case 'val_definition':
        case 'var_definition':
          definition(n, scope);
          return false;
        case 'function_definition':
          fn(n);
          return false;
        case 'object_definition':
        case 'class_definition':
        case 'trait_definition':
        case 'enum_definition': {
          annotations(n, scope);
          const cls = cx.openScope('class', n);
          params(named(n).find((c) => c.type === 'class_parameters') ?? null, cls, true);
          const ext = named(n).find((c) => c.type === 'extends_clause');
          const base = ext?.childForFieldName('type');
          if (base) cls.base = base.text;
          // The body only: the name and the parameters are read above.
          const body = n.childForFieldName('body');
          if (body) cx.walk(body);
          return false;
        }
        case 'import_declaration':
        case 'export_declaration':
        case 'function_declaration':
        case 'val_declaration':
        case 'var_declaration':
        case 'type_definition':
        case 'using_directive':
          return false;
        case 'block':
          return true;
        default:
          return undefined;
      }
    },
    expr(n, scope) {
      switch (n.type) {
        case 'string':
          return plain(n, scope);
        case 'interpolated_string_expression':
          return interpolated(n, scope);
        case 'call_expression':
          return call(n, scope);
        case 'parenthesized_expression': {
          const kids = named(n);
          return kids.length === 1 ? cx.expr(kids[0], scope) : undefined;
        }
        case 'if_expression': {
          const yes = n.childForFieldName('consequence');
          const no = n.childForFieldName('alternative');
          const cond = n.childForFieldName('condition');
          if (cond) cx.expr(cond, scope);
          return b.either([yes ? cx.expr(yes, scope) : undefined, no ? cx.expr(no, scope) : undefined], span(n), scope) ?? cx.opaque(n, scope);
        }
        case 'block':
        case 'indented_block': {
          const kids = named(n);
          return kids.length === 1 ? cx.expr(kids[0], scope) : undefined;
        }
        case 'lambda_expression':
          return b.lambda(
            n,
            (list, f) => {
              for (const p of named(list)) if (p.type === 'identifier' || p.type === 'binding') b.addParam(f, (p.childForFieldName('name') ?? p).text);
            },
            (body) => cx.walk(body),
            cx.expr,
          );
        case 'instance_expression': {
          // `new URL(u)`, `new Client(base)`: a call of the class.
          const type = named(n)[0];
          const args = named(n).find((c) => c.type === 'arguments');
          const name = type?.text.replace(/\[.*$/s, '') ?? '';
          const values = named(args).map((a) => cx.expr(a, scope));
          if (SAME_AS_ARG.test(name) && values[0]) return values[0];
          return b.call({ callee: `new ${name}`, name, args: values, keywords: new Map(), ...span(n) }, scope);
        }
        default:
          return undefined;
      }
    },
  });
  return cx.walk(tree.rootNode);
}
