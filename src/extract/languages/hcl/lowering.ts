import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';

/** HCL's escapes in a quoted template; `$${` and `%%{` are a literal `${` and `%{`. */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

function unescapeHcl(raw: string, quoted: boolean): string {
  const text = raw.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{');
  return quoted ? text.replace(/\\(.)/g, (m, c: string) => ESCAPES[c] ?? m) : text;
}

/** Functions whose value is their first argument, as far as a URL goes (`lower(x)`, `trimsuffix(x, "/")`). */
const SAME_AS_ARG = /^(?:lower|trimspace|trimsuffix|trimprefix|chomp|tostring|urlencode|nonsensitive|sensitive)$/;

/**
 * HCL (tree-sitter-hcl: Terraform, Nomad jobs, Packer) into the lowered form. Attributes are
 * definitions under the names other HCL refers to them by: a `locals` attribute is
 * `local.x`, a `variable "x"` default is `var.x`, a `resource "t" "n"` attribute is `t.n.attr`
 * and a `data "t" "n"` one `data.t.n.attr`; any other block's attribute is its own name.
 * Quoted and heredoc templates are strings with their
 * `${…}` splices; `format(…)` is a printf format, `join(sep, […])` a join; `a ? b : c` either.
 */
export function lowerHcl(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('hcl', text, {
    containers: ['config_file', 'body'],
    comments: ['comment'],
  });
  const b = cx.b;

  /** `local.hub`, `var.org`, `data.http.tags.body`: a variable and its attribute reads, dotted. */
  const dotted = (n: SyntaxNode): string | null => {
    const kids = cx.named(n);
    if (kids[0]?.type !== 'variable_expr') return null;
    const parts = [kids[0].text];
    for (const k of kids.slice(1)) {
      if (k.type !== 'get_attr') return null;
      const id = cx.named(k)[0];
      if (!id) return null;
      parts.push(id.text);
    }
    return parts.join('.');
  };

  /** A template's parts: its literal text (unescaped) and its splices as expressions. */
  const templateParts = (n: SyntaxNode, scope: Scope, quoted: boolean): StrPart[] => {
    const parts: StrPart[] = [];
    for (const c of cx.named(n)) {
      if (c.type === 'template_literal') parts.push({ text: unescapeHcl(c.text, quoted), start: c.startIndex, end: c.endIndex });
      else if (c.type === 'template_interpolation') {
        const inner = cx.named(c).find((k) => k.type === 'expression');
        parts.push({ expr: inner ? cx.expr(inner, scope) : b.opaque(c.text, cx.span(c), scope) });
      } else if (c.type === 'template_directive') parts.push({ expr: cx.opaque(c, scope) });
    }
    return parts;
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const name = cx.named(n)[0]?.text ?? '';
    const argsNode = cx.named(n).find((k) => k.type === 'function_arguments');
    const args = cx.named(argsNode).filter((k) => k.type === 'expression').map((k) => cx.expr(k, scope));
    const span = cx.span(n);
    if (name === 'format' && args.length > 0) return b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: new Map(), ...span }, scope);
    if (name === 'join' && args.length === 2 && args[0].kind === 'str' && args[0].parts.length === 1 && 'text' in args[0].parts[0]) {
      const list = argsNode && cx.named(argsNode)[1];
      const tuple = list && tupleOf(list);
      if (tuple) return b.expr({ kind: 'join', style: 'sep', sep: args[0].parts[0].text, items: cx.named(tuple).filter((k) => k.type === 'expression').map((k) => cx.expr(k, scope)), ...span }, scope);
    }
    const result = b.call({ callee: name, name, args, keywords: new Map(), start: span.start, end: span.end }, scope);
    return SAME_AS_ARG.test(name) && args[0] ? args[0] : result;
  };

  /** The tuple an expression is (`["a", var.b]`), if it is one. */
  const tupleOf = (n: SyntaxNode): SyntaxNode | undefined => {
    const collection = cx.named(n)[0];
    const tuple = collection?.type === 'collection_value' ? cx.named(collection)[0] : undefined;
    return tuple?.type === 'tuple' ? tuple : undefined;
  };

  const object = (n: SyntaxNode, scope: Scope): Expr => {
    const fields = new Map<string, Expr>();
    for (const elem of cx.named(n)) {
      if (elem.type !== 'object_elem') continue;
      const key = elem.childForFieldName('key');
      const val = elem.childForFieldName('val');
      if (!key || !val) continue;
      const value = cx.expr(val, scope);
      const plain = key.text.replace(/^"|"$/g, '');
      if (/^[\w.-]+$/.test(plain)) fields.set(plain, value);
    }
    return b.expr({ kind: 'object', fields, spreads: [], ...cx.span(n) }, scope);
  };

  /** The name a block's attribute is known by elsewhere (see lowerHcl), or the attribute's own. */
  const qualified = (block: SyntaxNode | null, attr: string): string => {
    if (!block || block.type !== 'block') return attr;
    const kids = cx.named(block);
    const type = kids[0]?.type === 'identifier' ? kids[0].text : '';
    const labels = kids.filter((k) => k.type === 'string_lit' || (k.type === 'identifier' && k !== kids[0])).map((k) => k.text.replace(/^"|"$/g, ''));
    if (type === 'locals') return `local.${attr}`;
    if (type === 'variable' && attr === 'default' && labels[0]) return `var.${labels[0]}`;
    if (type === 'resource' && labels.length === 2) return `${labels[0]}.${labels[1]}.${attr}`;
    if (type === 'data' && labels.length === 2) return `data.${labels[0]}.${labels[1]}.${attr}`;
    return attr;
  };

  cx.use({
    statement(n, scope) {
      if (n.type === 'attribute') {
        const [id, value] = cx.named(n);
        if (id && value) b.def(qualified(n.parent?.parent ?? null, id.text), cx.expr(value, scope), n.endIndex);
        return false;
      }
      if (n.type === 'block') return true;
      return undefined;
    },
    expr(n, scope) {
      switch (n.type) {
        case 'expression': {
          const name = dotted(n);
          if (name) return cx.name(name, n, scope);
          const kids = cx.named(n);
          return kids.length === 1 ? cx.expr(kids[0], scope) : cx.opaque(n, scope);
        }
        case 'literal_value':
        case 'template_expr':
        case 'collection_value':
          return cx.named(n).length === 1 ? cx.expr(cx.named(n)[0], scope) : cx.opaque(n, scope);
        case 'string_lit':
        case 'quoted_template':
          return b.str(templateParts(n, scope, true), cx.span(n), scope);
        case 'heredoc_template':
          return b.str(templateParts(n, scope, false), cx.span(n), scope);
        case 'variable_expr':
          return cx.name(n.text, n, scope);
        case 'function_call':
          return call(n, scope);
        case 'object':
          return object(n, scope);
        case 'conditional': {
          const [, yes, no] = cx.named(n);
          return b.either([yes && cx.expr(yes, scope), no && cx.expr(no, scope)], cx.span(n), scope) ?? cx.opaque(n, scope);
        }
        default:
          return undefined;
      }
    },
  });
  return cx.walk(tree.rootNode);
}
