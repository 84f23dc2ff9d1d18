import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import { cutExpr, methodCuts, sliceCuts } from '../../lower/text-cut.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { annotationVerb, lowerDeclared, type Declared } from '../../lower/declarative-client.js';
import { TreeLowerer } from '../../lower/walker.js';

/** Calls whose value is, as far as a URL goes, their receiver (`baseUrl.TrimEnd('/')`). */
const SAME_AS_RECEIVER = /^(?:ToString|ToLower|ToLowerInvariant|ConfigureAwait)$/;
/** Calls whose value is their first argument. */
const SAME_AS_ARG = /^(?:Uri\.EscapeDataString|Uri\.EscapeUriString|WebUtility\.UrlEncode|HttpUtility\.UrlEncode|Convert\.ToString)$/;

/** Nodes that only hold statements or declarations: walked into. */
/** Besides the walker's common ones (walker.ts). */
const CONTAINERS = [
  'compilation_unit',
  'namespace_declaration',
  'file_scoped_namespace_declaration',
  'declaration_list',
  'global_statement',
  'foreach_statement',
  'using_statement',
  'lock_statement',
  'switch_body',
  'switch_section',
  'checked_statement',
  'unsafe_statement',
  'fixed_statement',
  // `#if DEBUG ... #else ... #endif` around members or statements: what each branch holds is code.
  'preproc_if',
  'preproc_elif',
  'preproc_else',
];

/**
 * C# (tree-sitter-c-sharp) into the lowered form: `+`, `$"..."` and `$@"..."` interpolation,
 * verbatim and raw literals, `string.Format`/`string.Concat`, `Environment.GetEnvironmentVariable`,
 * `new Uri(base, path)`, `const` and `static readonly` fields, properties with initializers,
 * locals, parameters with defaults, returns, and calls with their receivers (`client.PostAsync(u, c)`,
 * `new HttpRequestMessage(HttpMethod.Head, u)`). A namespace spans files: any name may be another's.
 */
export function lowerCsharp(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('csharp', text, { containers: CONTAINERS, comments: ['comment'] });
  /** Every expression goes through the shared walker (`expr`), which caps the depth. */
  const { b, expr, span, named, walk, openScope } = cx;

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    if (n.type === 'identifier' || n.type === 'this' || n.type === 'predefined_type' || n.text === 'this') return n.text;
    if (n.type === 'member_access_expression' || n.type === 'qualified_name') {
      const o = dotted(n.childForFieldName('expression') ?? n.childForFieldName('qualifier'));
      const f = n.childForFieldName('name');
      return o && f ? `${o}.${f.text}` : null;
    }
    return null;
  };

  const content = (c: SyntaxNode, verbatim: boolean): StrPart => ({
    text: c.type === 'escape_sequence' ? unescape(c.text) : verbatim ? c.text.replace(/""/g, '"') : c.text.replace(/\{\{/g, '{').replace(/\}\}/g, '}'),
    start: c.startIndex,
    end: c.endIndex,
  });

  const strParts = (n: SyntaxNode, scope: Scope): StrPart[] => {
    if (n.type === 'verbatim_string_literal') return [{ text: n.text.slice(2, -1).replace(/""/g, '"'), start: n.startIndex + 2, end: n.endIndex - 1 }];
    const verbatim = /^\$*@|^@\$/.test(n.text);
    const parts: StrPart[] = [];
    for (const c of named(n)) {
      if (c.type === 'interpolation') {
        const inner = named(c).find((x) => !/^interpolation_/.test(x.type));
        if (inner) parts.push({ expr: expr(inner, scope) });
      } else if (/content|escape_sequence|fragment/.test(c.type)) {
        parts.push(content(c, verbatim));
      }
    }
    return parts;
  };

  const argsOf = (list: SyntaxNode | null, scope: Scope) => {
    const positional: Expr[] = [];
    const keywords = new Map<string, Expr>();
    for (const a of named(list)) {
      const value = named(a).filter((x) => x.type !== 'name_colon').pop();
      if (!value) continue;
      const e = expr(value, scope);
      const kw = named(a).find((x) => x.type === 'name_colon');
      // `name :` to `name` (endsWith/trimEnd, not `/\s*:$/`, which is quadratic on long blank runs).
      if (kw) keywords.set(kw.text.endsWith(':') ? kw.text.slice(0, -1).trimEnd() : kw.text, e);
      else positional.push(e);
    }
    return { positional, keywords };
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const fn = n.childForFieldName('function');
    const object = fn?.type === 'member_access_expression' ? fn.childForFieldName('expression') : null;
    const name = (fn?.type === 'member_access_expression' ? fn.childForFieldName('name')?.text : fn?.text) ?? '';
    const callee = dotted(fn) ?? name;
    const { positional: args, keywords } = argsOf(n.childForFieldName('arguments'), scope);
    if (/^[Ss]tring\.Format$/.test(callee) && args.length > 0) {
      const t = args[0].kind === 'str' || args.length === 1 ? 0 : 1;
      return b.expr({ kind: 'format', style: 'brace', template: args[t], args: args.slice(t + 1), named: new Map(), ...span(n) }, scope);
    }
    if (/^[Ss]tring\.Concat$/.test(callee)) return b.expr({ kind: 'concat', items: args, ...span(n) }, scope);
    if (/^[Ss]tring\.Join$/.test(callee) && args.length > 1 && literalOf(args[0]) !== null) {
      return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '/', items: args.slice(1), ...span(n) }, scope);
    }
    if (/^Path\.Combine$/.test(callee)) return b.expr({ kind: 'join', style: 'path', items: args, ...span(n) }, scope);
    if (/(?:^|\.)Environment\.GetEnvironmentVariable$/.test(callee) && args[0] && literalOf(args[0]) !== null) {
      return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', ...span(n) }, scope);
    }
    if (SAME_AS_ARG.test(callee) && args[0]) return args[0];
    const cuts = object ? methodCuts(name, args, true) : undefined;
    if (object && cuts) return cutExpr(b, expr(object, scope), cuts, span(n), scope);
    if (object && SAME_AS_RECEIVER.test(name)) return expr(object, scope);
    const receiver = object && object.type !== 'identifier' && object.text !== 'this' ? expr(object, scope) : undefined;
    return b.call({ callee, name, receiver, args, keywords, ...span(n) }, scope);
  };

  function exprOf(n: SyntaxNode, scope: Scope): Expr | undefined {
    switch (n.type) {
      case 'string_literal':
      case 'verbatim_string_literal':
      case 'raw_string_literal':
      case 'interpolated_string_expression':
        return b.str(strParts(n, scope), span(n), scope);
      case 'parenthesized_expression':
      case 'await_expression':
      case 'cast_expression':
      case 'postfix_unary_expression': {
        const inner = n.childForFieldName('value') ?? named(n)[named(n).length - 1];
        return inner ? expr(inner, scope) : b.opaque(n.text, span(n), scope);
      }
      case 'element_access_expression': {
        // `Hub[..^1]`: a range index, `^k` counted from the end; another index is no cut.
        const of = n.childForFieldName('expression');
        const index = named(n.childForFieldName('subscript'));
        const range = index.length === 1 ? named(index[0])[0] : undefined;
        if (!of || range?.type !== 'range_expression') return undefined;
        const dots = range.children.findIndex((c) => c?.type === '..');
        const from = range.children.slice(0, dots).find((c) => c?.isNamed)?.text;
        const to = range.children.slice(dots + 1).find((c) => c?.isNamed)?.text;
        const end = to?.startsWith('^') ? `-${to.slice(1)}` : to;
        return cutExpr(b, expr(of, scope), sliceCuts(from ?? '0', end === '-0' ? undefined : end, true), span(n), scope);
      }
      case 'binary_expression': {
        const left = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        const op = n.childForFieldName('operator')?.text;
        // config["Hub:Url"] ?? "https://...": the fallback is the value the code knows.
        if (op === '??' && left && right) {
          expr(left, scope);
          return expr(right, scope);
        }
        break;
      }
      case 'conditional_expression': {
        const consequence = n.childForFieldName('consequence');
        const alternative = n.childForFieldName('alternative');
        const condition = n.childForFieldName('condition');
        if (condition) expr(condition, scope);
        return b.either([consequence ? expr(consequence, scope) : undefined, alternative ? expr(alternative, scope) : undefined], span(n), scope);
      }
      case 'invocation_expression':
        return call(n, scope);
      case 'object_creation_expression': {
        const typeName = (n.childForFieldName('type')?.text ?? '').replace(/<.*$/s, '');
        const { positional: args, keywords } = argsOf(n.childForFieldName('arguments'), scope);
        const init = n.childForFieldName('initializer');
        // An object initializer's `Key = value` is an option the object is made with (`new HttpClient { BaseAddress = … }`).
        for (const c of named(init)) {
          const [key, value] = c.type === 'assignment_expression' ? [c.childForFieldName('left'), c.childForFieldName('right')] : [null, null];
          if (key?.type === 'identifier' && value) keywords.set(key.text, expr(value, scope));
          else expr(c, scope);
        }
        const last = typeName.split('.').pop() ?? typeName;
        // new Uri(u) is the URL; new Uri(base, relative) resolves like a browser.
        if (last === 'Uri' && args.length === 1) return args[0];
        if (last === 'Uri' && args.length === 2) return b.expr({ kind: 'join', style: 'url', items: args, ...span(n) }, scope);
        return b.call({ callee: `new ${typeName}`, name: last, args, keywords, ...span(n) }, scope);
      }
      case 'lambda_expression':
      case 'anonymous_method_expression': 
        return b.lambda(n, params, walk, expr);
    }
    return undefined;
  }

  const params = (list: SyntaxNode | null, scope: Scope) => {
    for (const p of named(list)) {
      const id = p.childForFieldName('name');
      if (!id) continue;
      const after = named(p).filter((c) => c.startIndex >= id.endIndex);
      b.addParam(scope, id.text, after[0] ? expr(after[0], scope) : undefined);
    }
  };

  /** `var a = x;` or a field (then also `this.a`); `const` and `static readonly` are constants. */
  const declarators = (n: SyntaxNode, scope: Scope, field: boolean) => {
    const modifiers = named(n).filter((c) => c.type === 'modifier').map((c) => c.text).join(' ');
    const constant = /\bconst\b/.test(modifiers) || (/\bstatic\b/.test(modifiers) && /\breadonly\b/.test(modifiers));
    const decl = named(n).find((c) => c.type === 'variable_declaration') ?? n;
    for (const d of named(decl).filter((c) => c.type === 'variable_declarator')) {
      const id = d.childForFieldName('name') ?? named(d)[0];
      const value = named(d).filter((c) => c !== id && c.startIndex >= (id?.endIndex ?? 0)).pop();
      if (!id || !value) continue;
      const v = expr(value.type === 'equals_value_clause' ? (named(value)[0] ?? value) : value, scope);
      b.def(id.text, v, d.endIndex, constant);
      if (field) b.def(`this.${id.text}`, b.expr({ kind: 'name', name: id.text, start: v.start, end: v.start }, scope), d.endIndex);
    }
  };

  /** Refit's `[Get("/v2/…")]` on an interface's methods (declarative-client.ts). */
  const declared: Declared[] = [];
  const requestOf = (n: SyntaxNode, fn: Scope) => {
    for (const a of named(n).filter((c) => c.type === 'attribute_list').flatMap((l) => named(l).filter((c) => c.type === 'attribute'))) {
      const name = a.childForFieldName('name')?.text ?? '';
      // ASP.NET's `[HttpGet("…")]` is a server's route: not a verb here.
      const verb = annotationVerb(name.replace(/Attribute$/, ''));
      const first = named(named(a).find((c) => c.type === 'attribute_argument_list')).find((c) => !named(c).some((x) => x.type === 'name_equals' || x.type === 'name_colon'));
      const path = named(first).at(-1);
      if (verb && !verb.mapping && path) declared.push({ verb: verb.verb, path: expr(path, fn), scope: fn, at: span(n.childForFieldName('name') ?? n) });
    }
  };

  const handle = (n: SyntaxNode, scope: Scope): boolean | undefined => {
    // Comments never reach here: the shared walker records them first.
    switch (n.type) {
      case 'using_directive':
      case 'attribute_list':
        return false;
      case 'class_declaration':
      case 'struct_declaration':
      case 'record_declaration':
      case 'interface_declaration':
        openScope('class', n);
        return true;
      case 'method_declaration':
      case 'constructor_declaration':
      case 'local_function_statement': {
        const fn = openScope('function', n);
        params(n.childForFieldName('parameters'), fn);
        if (n.type === 'method_declaration') requestOf(n, fn);
        const body = n.childForFieldName('body');
        if (body && body.type !== 'block') {
          // => expression body: its value is returned.
          const value = named(body)[0];
          if (value) b.ret(expr(value, fn));
          return false;
        }
        return body !== null;
      }
      case 'field_declaration':
        declarators(n, scope, true);
        return false;
      case 'local_declaration_statement':
        declarators(n, scope, false);
        return false;
      case 'property_declaration': {
        // public string BaseUrl { get; } = "https://...";  and  public string Url => "...";
        const name = n.childForFieldName('name')?.text;
        const value = n.childForFieldName('value');
        if (name && value) {
          const inner = value.type === 'arrow_expression_clause' ? named(value)[0] : value;
          if (inner) {
            const v = expr(inner, scope);
            b.def(name, v, n.endIndex);
            b.def(`this.${name}`, b.expr({ kind: 'name', name, start: v.start, end: v.start }, scope), n.endIndex);
          }
          return false;
        }
        // `string Search { get { return …; } }`, `{ get => …; }`: the getter is a function named by the
        // property (a read of the property is its value, evaluate.ts getterOf); other accessors are walked.
        for (const acc of named(n.childForFieldName('accessors'))) {
          const body = acc.childForFieldName('body') ?? named(acc).find((c) => c.type === 'block' || c.type === 'arrow_expression_clause');
          if (!body) continue;
          const isGet = acc.children.some((c) => c?.type === 'get');
          const fn = b.openScope('function', isGet && name ? name : null, span(acc));
          if (body.type === 'block') walk(body);
          else {
            const value = named(body)[0];
            if (value) b.ret(expr(value, fn));
          }
        }
        return false;
      }
      case 'assignment_expression': {
        const left = dotted(n.childForFieldName('left'));
        const right = n.childForFieldName('right');
        if (!right) return false;
        const v = expr(right, scope);
        const op = n.childForFieldName('operator')?.text ?? '=';
        if (left) b.assign(left, v, op, n.endIndex);
        return false;
      }
      default:
        return undefined;
    }
  };

  const out = cx.use({ statement: handle, expr: exprOf, returns: ['return_statement'], concat: { types: ['binary_expression'], ops: ['+'] }, members: ['member_access_expression'], dotted }).walk(tree.rootNode);
  lowerDeclared(b, text, declared);
  return out;
}
