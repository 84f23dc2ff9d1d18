import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import { cutExpr, methodCuts } from '../../lower/text-cut.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';

/** Methods whose value is, as far as a URL goes, their receiver (`base.to_string()`). */
const SAME_AS_RECEIVER = /^(?:to_string|to_owned|into|as_str|as_ref|clone|trim_end|trim|to_lowercase|borrow|deref)$/;
/** Calls whose value is their first argument (`String::from(x)`). */
const SAME_AS_ARG = /^(?:String::from|String::from_str|Cow::from|Box::from|Arc::from|urlencoding::encode)$/;
const ENV = /^(?:std::)?env::var(?:_os)?$/;
/** Nodes an expression passes through unchanged. */
const WRAPPERS = new Set(['reference_expression', 'try_expression', 'await_expression', 'parenthesized_expression', 'type_cast_expression']);
/** Block items that are no value: a block's last other node is what it returns. */
const NOT_VALUES = /statement$|^let_declaration$|_item$|^line_comment$|^block_comment$|^attribute_item$|^macro_invocation$/;
/** Macros whose invocation at a block's end is the block's value (`format!(…)` returns the URL it builds). */
const VALUE_MACROS = /^(?:format|concat)$/;
/** Whether a block's last node is its value (a tail expression). */
const isTail = (last: SyntaxNode): boolean =>
  !NOT_VALUES.test(last.type) || (last.type === 'macro_invocation' && VALUE_MACROS.test(last.childForFieldName('macro')?.text ?? ''));

/**
 * Rust (tree-sitter-rust) into the lowered form: `format!` (positional, named and inline
 * `{name}` arguments), `concat!`, `env!`, `String::from` + `push_str`, `+`, `const` and
 * `static`, `let`, struct literals' fields (read as `self.field`), `std::env::var` with its
 * `unwrap_or` default, `Url::join`, functions with their tail expression as the return, and
 * method chains with their receivers (`Client::new().post(u).send()`). A path's last name
 * stands for the item (`consts::HUB` is `HUB`); modules span files, so any name may be another's.
 */
export function lowerRust(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('rust', text, {
    containers: ['source_file', 'declaration_list', 'mod_item', 'match_expression', 'match_block', 'match_arm', 'for_expression', 'while_expression', 'loop_expression', 'if_expression', 'unsafe_block', 'async_block'],
    comments: ['line_comment', 'block_comment'],
    names: ['identifier', 'self'],
  });
  const b = cx.b;
  b.out.wildcardImport = true;

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    if (n.type === 'identifier' || n.type === 'self' || n.type === 'field_identifier') return n.text;
    if (n.type === 'scoped_identifier') {
      // `Settings::BASE` names a type's associated constant; `settings::BASE` a module's, which any file may define.
      const owner = n.childForFieldName('path');
      const name = n.childForFieldName('name')?.text ?? null;
      return owner?.type === 'identifier' && /^[A-Z]/.test(owner.text) && name ? `${owner.text}.${name}` : name;
    }
    if (n.type === 'field_expression') {
      const o = dotted(n.childForFieldName('value'));
      const f = n.childForFieldName('field');
      return o && f ? `${o}.${f.text}` : null;
    }
    return null;
  };

  const strParts = (n: SyntaxNode): StrPart[] => {
    const raw = n.type === 'raw_string_literal';
    return cx.named(n).map((c) => ({ text: c.type === 'escape_sequence' && !raw ? unescape(c.text) : c.text, start: c.startIndex, end: c.endIndex }));
  };

  /** A macro's token tree split at its top-level commas; `name = value` groups are named. */
  const macroArgs = (tree: SyntaxNode | undefined, scope: Scope) => {
    const args: Expr[] = [];
    const named = new Map<string, Expr>();
    if (!tree) return { args, named };
    const groups: SyntaxNode[][] = [[]];
    for (let i = 1; i < tree.childCount - 1; i++) {
      const c = tree.child(i);
      if (!c) continue;
      if (c.type === ',') groups.push([]);
      else groups[groups.length - 1].push(c);
    }
    for (const g of groups) {
      if (g.length === 0) continue;
      const key = g.length > 2 && g[0].type === 'identifier' && g[1].type === '=' ? g[0].text : undefined;
      const value = key ? g.slice(2) : g;
      const e = tokens(value, scope);
      if (key) named.set(key, e);
      else args.push(e);
    }
    return { args, named };
  };

  /** A run of macro tokens as a value: one token is lowered, `a.b` is a name, else opaque. */
  const tokens = (ts: SyntaxNode[], scope: Scope): Expr => {
    const span = { start: ts[0].startIndex, end: ts[ts.length - 1].endIndex };
    if (ts.length === 1) return cx.expr(ts[0], scope);
    if (ts[0].type === '&') return tokens(ts.slice(1), scope);
    const src = text.slice(span.start, span.end);
    if (/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(src)) return cx.name(src, span, scope);
    // `Settings::BASE`, a type's associated constant; `settings::BASE`, a module's (as dotted names them).
    const path = /^(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)::([A-Za-z_]\w*)$/.exec(src);
    if (path) return cx.name(/^[A-Z]/.test(path[1]) ? `${path[1]}.${path[2]}` : path[2], span, scope);
    // `x.to_string()`, `base.as_str()`: the receiver is the value.
    const same = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.(\w+)\(\)$/.exec(src);
    if (same && SAME_AS_RECEIVER.test(same[2])) return cx.name(same[1], { start: span.start, end: span.start + same[1].length }, scope);
    // `self.home()` among a macro's arguments: the method's value, as outside a macro.
    if (same && same[1] === 'self') return b.call({ callee: `self.${same[2]}`, name: same[2], args: [], keywords: new Map(), ...span }, scope);
    for (const t of ts) if (t.type === 'string_literal' || t.type === 'raw_string_literal') cx.expr(t, scope);
    return b.opaque(src, span, scope);
  };

  const macro = (n: SyntaxNode, scope: Scope): Expr => {
    const name = dotted(n.childForFieldName('macro')) ?? '';
    const tree = cx.named(n).find((c) => c.type === 'token_tree');
    const { args, named } = macroArgs(tree, scope);
    const at = cx.span(n);
    if (/^(?:format|format_args)$/.test(name) && args[0]) {
      // Rust 2021 captures names written inside the braces: format!("{base}/x").
      for (const part of args[0].kind === 'str' ? args[0].parts : []) {
        if (!('text' in part)) continue;
        for (const m of part.text.matchAll(/\{([A-Za-z_]\w*)(?::[^{}]*)?\}/g)) {
          if (!named.has(m[1])) named.set(m[1], cx.name(m[1], { start: part.start + (m.index ?? 0) + 1, end: part.start + (m.index ?? 0) + 1 + m[1].length }, scope));
        }
      }
      return b.expr({ kind: 'format', style: 'brace', template: args[0], args: args.slice(1), named, ...at }, scope);
    }
    if (name === 'concat') return b.expr({ kind: 'concat', items: args, ...at }, scope);
    if (/^(?:option_)?env$/.test(name) && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', ...at }, scope);
    return b.call({ callee: `${name}!`, name: `${name}!`, args, keywords: named, ...at }, scope);
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const fn = n.childForFieldName('function');
    const argNodes = cx.named(n.childForFieldName('arguments'));
    const at = cx.span(n);
    const path = fn?.type === 'scoped_identifier' ? withoutGenerics(fn.text) : fn?.type === 'identifier' ? fn.text : null;
    const object = fn?.type === 'field_expression' ? fn.childForFieldName('value') : null;
    const name = fn?.type === 'field_expression' ? (fn.childForFieldName('field')?.text ?? '') : (path?.split('::').pop() ?? '');
    if (object && SAME_AS_RECEIVER.test(name)) return cx.expr(object, scope);
    const args = argNodes.map((a) => cx.expr(a, scope));
    const cuts = object ? methodCuts(name, args) : undefined;
    if (object && cuts) return cutExpr(b, cx.expr(object, scope), cuts, at, scope);
    if (path && SAME_AS_ARG.test(path) && args[0]) return args[0];
    if (path && ENV.test(path) && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', ...at }, scope);
    if (object && /^(?:unwrap_or|unwrap_or_else)$/.test(name)) {
      // env::var("HUB").unwrap_or("https://...".into()): the default is the value the code knows.
      const inner = cx.expr(object, scope);
      const fallback = args[0];
      if (inner.kind === 'env' && fallback) return b.expr({ kind: 'env', name: inner.name, fallback, ...at }, scope);
      // `host.unwrap_or("https://...")` of an Option: either value, the default (what the code knows) first, as Python's `host or "..."`.
      if (name === 'unwrap_or' && fallback) return b.either([fallback, inner], at, scope) ?? inner;
      return inner;
    }
    if (object && /^(?:unwrap|expect|unwrap_or_default)$/.test(name)) return cx.expr(object, scope);
    // [base, "v2/repositories", ns].join("/"): the array's elements joined by the separator.
    if (object?.type === 'array_expression' && name === 'join' && args.length === 1 && literalOf(args[0]) !== null) {
      return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '/', items: cx.named(object).map((e) => cx.expr(e, scope)), ...at }, scope);
    }
    // [base, "/v2/repositories/", ns].concat(): the elements with no separator.
    if (object?.type === 'array_expression' && name === 'concat' && args.length === 0) {
      return b.expr({ kind: 'join', style: 'sep', sep: '', items: cx.named(object).map((e) => cx.expr(e, scope)), ...at }, scope);
    }
    if (object && name === 'join' && args.length === 1) return b.expr({ kind: 'join', style: 'url', items: [cx.expr(object, scope), args[0]], ...at }, scope);
    const o = object ? dotted(object) : null;
    const callee = o ? `${o}.${name}` : (path?.replace(/::/g, '.') ?? name);
    const receiver = object && object.type !== 'identifier' && object.type !== 'self' ? cx.expr(object, scope) : undefined;
    return b.call({ callee, name, receiver, args, keywords: new Map(), ...at }, scope);
  };

  const expr = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    switch (n.type) {
      case 'string_literal':
      case 'raw_string_literal':
        return b.str(strParts(n), cx.span(n), scope);
      case 'scoped_identifier': {
        const name = dotted(n);
        return name ? cx.name(name, n, scope) : undefined;
      }
      case 'macro_invocation':
        return macro(n, scope);
      case 'call_expression':
        return call(n, scope);
      case 'closure_expression': {
        const body = n.childForFieldName('body');
        // An argument (`unwrap_or_else(|| "https://…".into())`): what it returns is the value.
        if (n.parent?.type !== 'let_declaration') return body ? cx.expr(body, scope) : undefined;
        // `let build = |p: &str| format!(…)`: a function (named by the binding), its body the value.
        const fn = b.openScope('function', null, cx.span(n));
        for (const p of cx.named(n.childForFieldName('parameters'))) {
          const pattern = p.type === 'parameter' ? p.childForFieldName('pattern') : p;
          if (pattern) b.addParam(fn, pattern.text.replace(/^mut\s+/, ''));
        }
        if (body?.type === 'block') {
          cx.returnsLast(body, isTail);
          cx.walk(body);
        } else if (body) b.ret(cx.expr(body, fn));
        return b.opaque(n.text, cx.span(n), scope);
      }
      case 'struct_expression':
        for (const f of cx.named(n.childForFieldName('body')).filter((c) => c.type === 'field_initializer' || c.type === 'shorthand_field_initializer')) {
          const field = f.childForFieldName('field') ?? cx.named(f)[0];
          const value = f.childForFieldName('value') ?? field;
          if (field && value) b.def(`self.${field.text}`, cx.expr(value, scope), f.endIndex);
        }
        return b.opaque(n.text, cx.span(n), scope);
      case 'block': {
        cx.walk(n);
        return b.opaque(n.text, cx.span(n), scope);
      }
      default: {
        if (!WRAPPERS.has(n.type)) return undefined;
        const inner = n.childForFieldName('value') ?? cx.named(n)[0];
        return inner ? cx.expr(inner, scope) : undefined;
      }
    }
  };

  cx.use({
    dotted,
    concat: { types: ['binary_expression'], ops: ['+'] },
    expr,
    returns: ['return_expression'],
    statement(n, scope) {
      switch (n.type) {
        case 'use_declaration':
        case 'attribute_item':
        case 'inner_attribute_item':
        case 'struct_item':
        case 'enum_item':
        case 'type_item':
          return false;
        case 'impl_item':
          b.openScope('class', n.childForFieldName('type')?.text ?? null, cx.span(n));
          return true;
        case 'trait_item':
          // A trait's provided methods (`fn base(&self) -> String { "https://…".into() }`) have bodies.
          b.openScope('class', n.childForFieldName('name')?.text ?? null, cx.span(n));
          return true;
        case 'function_item': {
          const fn = b.openScope('function', n.childForFieldName('name')?.text ?? null, cx.span(n));
          for (const p of cx.named(n.childForFieldName('parameters'))) {
            const pattern = p.childForFieldName('pattern');
            if (p.type === 'self_parameter') b.addParam(fn, 'self');
            else if (pattern) b.addParam(fn, pattern.text.replace(/^mut\s+/, ''));
          }
          const body = n.childForFieldName('body');
          cx.returnsLast(body, isTail);
          return body !== null;
        }
        case 'const_item':
        case 'static_item': {
          const name = n.childForFieldName('name')?.text;
          const value = n.childForFieldName('value');
          if (!name || !value) return false;
          const v = cx.expr(value, scope);
          b.def(name, v, n.endIndex, true);
          // An associated constant (`impl Settings { const BASE: &str = "..."; }`) read as `Settings::BASE`.
          if (scope.kind === 'class' && scope.name) b.def(`${scope.name}.${name}`, cx.name(name, { start: v.start, end: v.start }, scope), n.endIndex, true);
          return false;
        }
        case 'let_declaration': {
          const pattern = n.childForFieldName('pattern');
          const value = n.childForFieldName('value');
          if (!value) return false;
          const v = cx.expr(value, scope);
          if (pattern?.type === 'identifier') b.def(pattern.text, v, n.endIndex);
          return false;
        }
        case 'assignment_expression':
        case 'compound_assignment_expr': {
          const left = dotted(n.childForFieldName('left'));
          const right = n.childForFieldName('right');
          if (!right) return false;
          const v = cx.expr(right, scope);
          if (left) b.assign(left, v, n.childForFieldName('operator')?.text ?? '=', n.endIndex);
          return false;
        }
        case 'call_expression': {
          // url.push_str("/tags"): the string grows in place.
          const fn = n.childForFieldName('function');
          const target = fn?.type === 'field_expression' ? dotted(fn.childForFieldName('value')) : null;
          const arg = cx.named(n.childForFieldName('arguments'))[0];
          if (target && arg && fn?.childForFieldName('field')?.text === 'push_str') {
            b.assign(target, cx.expr(arg, scope), '+=', n.endIndex);
            return false;
          }
          return undefined;
        }
        default:
          return undefined;
      }
    },
  });
  return cx.walk(tree.rootNode);
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * `Vec::<u8>::new` to `Vec::new`: drops each `<` … first `>` on one line, leftmost first, as
 * `/<.*?>/g` did, in one pass (that pattern is quadratic on a long run of `<`). The earliest open
 * `<` since the last drop or line break is the one a `>` closes.
 */
function withoutGenerics(text: string): string {
  let out = '';
  let kept = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' && open === -1) open = i;
    else if (c === '>' && open !== -1) {
      out += text.slice(kept, open);
      kept = i + 1;
      open = -1;
    } else if (LINE_BREAK.test(c)) open = -1;
  }
  return out + text.slice(kept);
}
