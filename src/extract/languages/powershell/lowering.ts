import { hole } from '../../../core/hole.js';
import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { PS_TOOLS } from './adapter.js';
import { literalOf } from '../../lower/builder.js';
import { cutExpr, methodCuts, patternCut } from '../../lower/text-cut.js';
import type { Call, Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';

/** Grammar levels that wrap one operand (`logical_expression` > ... > `unary_expression`): passed through. */
const PASS = new Set([
  'pipeline',
  'pipeline_chain',
  'logical_expression',
  'bitwise_expression',
  'comparison_expression',
  'additive_expression',
  'multiplicative_expression',
  'format_expression',
  'range_expression',
  'array_literal_expression',
  'unary_expression',
  'left_assignment_expression',
  'script_parameter_default',
  'parenthesized_expression',
  'string_literal',
  'key_expression',
  // A cast (`[string](...)`) is one of these; the operand of `-not`, `!` holds no URL anyway.
  'expression_with_unary_operator',
  // The same levels inside a method call's argument list.
  'argument_expression',
  'logical_argument_expression',
  'bitwise_argument_expression',
  'comparison_argument_expression',
  'additive_argument_expression',
  'multiplicative_argument_expression',
  'format_argument_expression',
  'range_argument_expression',
]);

// PowerShell resolves .NET method names without regard to case: `$u.trimend('/')` is TrimEnd.
const NET_STRING_METHODS = new Map(['TrimEnd', 'TrimStart', 'Trim', 'Substring'].map((n) => [n.toLowerCase(), n]));

/** .NET static methods whose value is a format, a join or an environment read: `[string]::Format(...)`. */
const STATIC_FORMAT = /^(?:system\.)?string\.format$/;
const STATIC_JOIN = /^(?:system\.)?string\.join$/;
const STATIC_PATH = /^(?:system\.io\.)?path\.combine$/;
const STATIC_ENV = /^(?:system\.)?environment\.getenvironmentvariable$/;

/** PowerShell's escape character is the backtick. */
const unbacktick = (raw: string) => raw.replace(/`(.)/gs, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[c] ?? c);

/**
 * PowerShell (tree-sitter-powershell) into the lowered form: `"$x"`, `"${x}"` and `"$($x.y)"`
 * interpolation, `'...'` and here-strings, `+` and `+=`, `-f`, `Join-Path`, `$env:X`,
 * hashtables (`$p = @{ Uri = ...; Method = 'Post' }`, fields `p.uri`, spliced into a command
 * that splats `@p`), functions with their parameters and defaults, `return`. A command is a
 * call of its name; Invoke-RestMethod, Invoke-WebRequest, curl and wget state the method per
 * URL argument through their parameters (`Call.methods`), other commands bind `-Name value`
 * to the function's parameters. Names are case-insensitive: they are lowered in lower case.
 * Dot-sourcing brings another script's names in: any name may be foreign.
 */
export function lowerPowerShell(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('powershell', text, {
    containers: ['program', 'statement_list', 'script_block', 'script_block_body', 'named_block_list', 'named_block', 'statement_block', 'if_statement', 'elseif_clauses', 'elseif_clause', 'else_clause', 'foreach_statement', 'for_statement', 'while_statement', 'do_statement', 'try_statement', 'catch_clauses', 'catch_clause', 'finally_clause', 'switch_statement', 'switch_body', 'switch_clauses', 'switch_clause', 'pipeline', 'pipeline_chain', 'trap_statement', 'data_statement'],
    comments: ['comment'],
    names: [],
  });
  const b = cx.b;
  b.out.wildcardImport = true;
  /** Hashtables assigned to a variable, by name: splatted as parameters (`@p`). */
  const tables = new Map<string, Array<{ key: string; value: SyntaxNode }>>();

  const varName = (raw: string): { name: string; env: boolean } => {
    const v = raw.replace(/^[$@]\{?|\}$/g, '').toLowerCase();
    if (v.startsWith('env:')) return { name: v.slice(4).toUpperCase(), env: true };
    return { name: v.replace(/^(?:script|global|local|private|using):/, ''), env: false };
  };

  const variable = (n: SyntaxNode, scope: Scope): Expr => {
    const { name, env } = varName(n.text);
    if (env) return b.expr({ kind: 'env', name, ...cx.span(n) }, scope);
    return cx.name(name, n, scope);
  };

  const dotted = (n: SyntaxNode): string | null => {
    if (n.type === 'variable') return varName(n.text).env ? null : varName(n.text).name;
    if (n.type === 'member_access') {
      const [of, member] = cx.named(n);
      // [Settings]::BASE, a class's static property.
      const o = of?.type === 'type_literal' ? of.text.replace(/^\[|\]$/g, '').trim().toLowerCase() : of ? dotted(of) : null;
      return o && member ? `${o}.${member.text.toLowerCase()}` : null;
    }
    if (PASS.has(n.type) && cx.named(n).length === 1) return dotted(cx.named(n)[0]);
    return null;
  };

  /** `"..."` and `@"..."@`: literal runs between the interpolated variables and `$(...)`. */
  const expandable = (n: SyntaxNode, scope: Scope, open: number, close: number): Expr => {
    const parts: StrPart[] = [];
    const inner = { start: n.startIndex + open, end: Math.max(n.startIndex + open, n.endIndex - close) };
    let at = inner.start;
    const literal = (end: number) => {
      if (end > at) parts.push({ text: unbacktick(text.slice(at, end)), start: at, end });
    };
    for (const c of cx.named(n)) {
      literal(c.startIndex);
      parts.push({ expr: c.type === 'variable' ? variable(c, scope) : subExpression(c, scope) });
      at = c.endIndex;
    }
    literal(inner.end);
    return b.str(parts, inner, scope);
  };

  /** `$(...)`: one pipeline is its value; more statements are opaque. */
  const subExpression = (n: SyntaxNode, scope: Scope): Expr => {
    const list = n.childForFieldName('statements') ?? cx.named(n)[0];
    const statements = cx.named(list);
    if (statements.length === 1) return cx.expr(statements[0], scope);
    return cx.opaque(n, scope);
  };

  const command = (n: SyntaxNode, scope: Scope): Expr => {
    const nameNode = n.childForFieldName('command_name') ?? cx.named(n)[0];
    const name = nameNode?.text ?? '';
    const elements = cx.named(n.childForFieldName('command_elements')).filter((c) => c.type !== 'command_argument_sep');
    const at = cx.span(n);
    const args: Expr[] = [];
    const texts: string[] = [];
    const keywords = new Map<string, Expr>();
    let pending: string | undefined;
    for (const el of elements) {
      const splat = el.text.startsWith('@') && !/^@[({"']/.test(el.text) ? tables.get(varName(el.text).name) : undefined;
      if (splat) {
        // Invoke-RestMethod @params: the table's keys are parameters, its values their arguments.
        for (const { key, value } of splat) {
          args.push(b.str([{ text: `-${key}`, start: el.startIndex, end: el.startIndex }], { start: el.startIndex, end: el.startIndex }, scope));
          texts.push(`-${key}`);
          const v = cx.name(`${varName(el.text).name}.${key}`, { start: el.startIndex, end: el.endIndex }, scope);
          args.push(v);
          texts.push(literalText(value) ?? hole(key));
          keywords.set(key, v);
        }
        continue;
      }
      if (el.type === 'command_parameter') {
        const p = el.text.replace(/:$/, '');
        args.push(b.str([{ text: p, start: el.startIndex, end: el.endIndex }], cx.span(el), scope));
        texts.push(p);
        pending = p.slice(1).toLowerCase();
        continue;
      }
      const v = el.type === 'generic_token' ? b.str([{ text: unbacktick(el.text), start: el.startIndex, end: el.endIndex }], cx.span(el), scope) : cx.expr(el, scope);
      args.push(v);
      texts.push(literalOf(v) ?? hole(`arg${args.length - 1}`));
      if (pending) keywords.set(pending, v);
      pending = undefined;
    }
    const lower = name.toLowerCase();
    if (lower === 'join-path' && args.length >= 2) {
      const items = args.filter((a, i) => !texts[i].startsWith('-'));
      return b.expr({ kind: 'join', style: 'path', items, ...at }, scope);
    }
    const tool = PS_TOOLS[lower];
    const init: Omit<Call, 'result' | 'scope'> = { callee: name, name, args: [], keywords: new Map(), ...at };
    if (tool) {
      // Tools read their own options: each URL argument gets the method they state.
      init.args = args;
      init.methods = new Map();
      for (const r of tool(texts)) for (const i of r.urls) init.methods.set(i, { method: r.method, source: r.methodSource });
    } else {
      init.args = args.filter((a, i) => !texts[i].startsWith('-') && ![...keywords.values()].includes(a));
      init.keywords = keywords;
    }
    return b.call(init, scope);
  };

  const literalText = (n: SyntaxNode): string | null => {
    const t = n.text.trim();
    if (/^'[^']*'$/.test(t)) return t.slice(1, -1);
    if (/^"[^"$`]*"$/.test(t)) return t.slice(1, -1);
    if (/^[\w.-]+$/.test(t)) return t;
    return null;
  };

  const hashtable = (n: SyntaxNode): Array<{ key: string; value: SyntaxNode }> | undefined => {
    let h: SyntaxNode | undefined = n;
    while (h && h.type !== 'hash_literal_expression' && PASS.has(h.type) && cx.named(h).length === 1) h = cx.named(h)[0];
    if (h?.type !== 'hash_literal_expression') return undefined;
    const body = cx.named(h).find((c) => c.type === 'hash_literal_body');
    return cx.named(body).filter((e) => e.type === 'hash_entry').flatMap((e) => {
      const [key, value] = cx.named(e);
      const k = key?.text.replace(/^['"]|['"]$/g, '').toLowerCase();
      return k && value && /^[\w-]+$/.test(k) ? [{ key: k, value }] : [];
    });
  };

  const expr = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const kids = cx.named(n);
    switch (n.type) {
      case 'variable':
        return variable(n, scope);
      case 'member_access': {
        const name = dotted(n);
        return name ? cx.name(name, n, scope) : undefined;
      }
      case 'expandable_string_literal':
        return expandable(n, scope, 1, 1);
      case 'expandable_here_string_literal':
        return expandable(n, scope, 2, 2);
      case 'verbatim_string_characters': {
        const start = n.startIndex + 1;
        const end = Math.max(start, n.endIndex - 1);
        return b.str([{ text: text.slice(start, end).replace(/''/g, "'"), start, end }], { start, end }, scope);
      }
      case 'verbatim_here_string_characters': {
        const start = n.startIndex + 2;
        const end = Math.max(start, n.endIndex - 2);
        return b.str([{ text: text.slice(start, end), start, end }], { start, end }, scope);
      }
      case 'sub_expression':
        return subExpression(n, scope);
      case 'command':
        return command(n, scope);
      case 'hash_literal_expression':
        return cx.opaque(n, scope);
      case 'cast_expression': {
        // [string]$x, [uri]"https://...": the value cast is the value.
        const value = kids.filter((c) => c.type !== 'type_literal').at(-1);
        return value ? cx.expr(value, scope) : undefined;
      }
      case 'invokation_expression':
        return invocation(n, scope);
      case 'if_statement': {
        // $base = if ($env:HUB_URL) { $env:HUB_URL } else { 'https://...' }: either branch's value.
        const blocks = [...kids, ...kids.flatMap((c) => (c.type === 'else_clause' ? cx.named(c) : c.type === 'elseif_clauses' ? cx.named(c).flatMap((e) => cx.named(e)) : []))];
        const values: Expr[] = [];
        for (const c of kids) if (c.type === 'pipeline') cx.expr(c, scope);
        for (const block of blocks.filter((c) => c.type === 'statement_block')) {
          const statements = cx.named(cx.named(block).find((c) => c.type === 'statement_list'));
          if (statements.length === 1) values.push(cx.expr(statements[0], scope));
          else for (const st of statements) cx.expr(st, scope);
        }
        return b.either(values, cx.span(n), scope) ?? cx.opaque(n, scope);
      }
      case 'script_block_expression': {
        for (const c of kids) cx.walk(c);
        return b.opaque(n.text, cx.span(n), scope);
      }
      default:
        break;
    }
    const op = n.children.find((c) => c && !c.isNamed)?.text;
    if (n.type === 'expression_with_unary_operator' && kids.length === 1 && op && /^-join$/i.test(op)) {
      // -join ($base, '/v2/repositories/', $ns): the items joined with nothing between them.
      return b.expr({ kind: 'join', style: 'sep', sep: '', items: listItems(kids[0]).map((i) => cx.expr(i, scope)), ...cx.span(n) }, scope);
    }
    if (PASS.has(n.type) && kids.length === 1) return cx.expr(kids[0], scope);
    if (n.type === 'additive_expression' && kids.length === 2 && op === '+') {
      return b.plus(cx.expr(kids[0], scope), cx.expr(kids[1], scope), cx.named(kids[0]).length > 1, cx.span(n), scope);
    }
    if (n.type === 'comparison_expression' && kids.length === 3 && kids[1].type === 'comparison_operator' && /^-join$/i.test(kids[1].text)) {
      // ($base, 'v2/repositories', $ns) -join '/'
      const sep = literalOf(cx.expr(kids[2], scope));
      if (sep !== null) return b.expr({ kind: 'join', style: 'sep', sep, items: listItems(kids[0]).map((i) => cx.expr(i, scope)), ...cx.span(n) }, scope);
    }
    if (n.type === 'comparison_expression' && kids.length === 3 && kids[1].type === 'comparison_operator' && /^-[ci]?replace$/i.test(kids[1].text)) {
      // $base -replace '/$', '': a pattern anchored at an end, replaced by nothing.
      let list: SyntaxNode = kids[2];
      while (PASS.has(list.type) && list.type !== 'array_literal_expression' && cx.named(list).length === 1) list = cx.named(list)[0];
      const [pattern, by] = list.type === 'array_literal_expression' ? cx.named(list).map((i) => literalOf(cx.expr(i, scope))) : [];
      const cut = typeof pattern === 'string' && by === '' ? patternCut(pattern) : undefined;
      if (cut) return cutExpr(b, cx.expr(kids[0], scope), [cut], cx.span(n), scope);
    }
    if (n.type === 'format_expression' && kids.length === 3 && kids[1].type === 'format_operator') {
      // '{0}/repositories/{1}' -f $base, $name
      let list: SyntaxNode = kids[2];
      while (PASS.has(list.type) && list.type !== 'array_literal_expression' && cx.named(list).length === 1) list = cx.named(list)[0];
      const items = list.type === 'array_literal_expression' ? cx.named(list) : [kids[2]];
      return b.expr({ kind: 'format', style: 'brace', template: cx.expr(kids[0], scope), args: items.map((i) => cx.expr(i, scope)), named: new Map(), ...cx.span(n) }, scope);
    }
    return undefined;
  };

  /** The items of a list operand (`($a, 'b')`), past the one-child levels around it; else the operand itself. */
  const listItems = (operand: SyntaxNode): SyntaxNode[] => {
    let list = operand;
    while (PASS.has(list.type) && cx.named(list).length === 1) list = cx.named(list)[0];
    return list.type === 'array_literal_expression' ? cx.named(list) : [operand];
  };

  /** `[string]::Format(t, a)`, `$client.GetStringAsync($u)`: a .NET method call. */
  const invocation = (n: SyntaxNode, scope: Scope): Expr => {
    const [target, member, list] = cx.named(n);
    const memberName = member?.type === 'member_name' ? member.text : '';
    const argNodes = cx.named(cx.named(list).find((c) => c.type === 'argument_expression_list'));
    const args = argNodes.map((a) => cx.expr(a, scope));
    const at = cx.span(n);
    const typeName = target?.type === 'type_literal' ? target.text.replace(/^\[|\]$/g, '').trim() : null;
    const owner = typeName ?? (target ? dotted(target) : null);
    const callee = `${owner ?? ''}.${memberName}`.replace(/^\./, '');
    const lower = callee.toLowerCase();
    if (typeName && STATIC_FORMAT.test(lower) && args.length > 0) return b.expr({ kind: 'format', style: 'brace', template: args[0], args: args.slice(1), named: new Map(), ...at }, scope);
    if (typeName && STATIC_JOIN.test(lower) && args.length > 1 && literalOf(args[0]) !== null) return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '/', items: args.slice(1), ...at }, scope);
    if (typeName && STATIC_PATH.test(lower)) return b.expr({ kind: 'join', style: 'path', items: args, ...at }, scope);
    if (typeName && STATIC_ENV.test(lower) && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: (literalOf(args[0]) ?? '').toUpperCase(), ...at }, scope);
    const cuts = target && !typeName ? methodCuts(NET_STRING_METHODS.get(memberName.toLowerCase()) ?? memberName, args, true) : undefined;
    if (target && cuts) return cutExpr(b, cx.expr(target, scope), cuts, at, scope);
    const receiver = target && !typeName && !owner ? cx.expr(target, scope) : undefined;
    return b.call({ callee, name: memberName, receiver, args, keywords: new Map(), ...at }, scope);
  };

  const params = (list: SyntaxNode | null | undefined, fn: Scope) => {
    for (const p of cx.named(list).filter((c) => c.type === 'script_parameter')) {
      const v = cx.named(p).find((c) => c.type === 'variable');
      const fallback = cx.named(p).find((c) => c.type === 'script_parameter_default');
      if (v) b.addParam(fn, varName(v.text).name, fallback ? cx.expr(fallback, fn) : undefined);
    }
  };

  cx.use({
    expr,
    statement(n, scope) {
      switch (n.type) {
        case 'function_statement': {
          const fn = b.openScope('function', cx.named(n).find((c) => c.type === 'function_name')?.text ?? null, cx.span(n));
          params(cx.named(cx.named(n).find((c) => c.type === 'function_parameter_declaration'))[0], fn);
          return true;
        }
        case 'class_statement':
          b.openScope('class', cx.named(n).find((c) => c.type === 'simple_name')?.text.toLowerCase() ?? null, cx.span(n));
          return true;
        case 'class_method_definition': {
          // A method or the constructor (named as its class): a function with its parameters; `$this.x` is the object's field.
          const fn = b.openScope('function', cx.named(n).find((c) => c.type === 'simple_name')?.text.toLowerCase() ?? null, cx.span(n));
          for (const p of cx.named(cx.named(n).find((c) => c.type === 'class_method_parameter_list'))) {
            const v = cx.named(p).find((c) => c.type === 'variable');
            if (v) b.addParam(fn, varName(v.text).name);
          }
          return true;
        }
        case 'class_property_definition': {
          // `[string]$Host = '...'` (a field of each object) or `static [string]$Base = '...'` (read as [Class]::Base).
          const v = cx.named(n).find((c) => c.type === 'variable');
          const value = cx.named(n).at(-1);
          if (!v || !value || value === v || value.type === 'type_literal') return false;
          const name = varName(v.text).name;
          const e = cx.expr(value, scope);
          const isStatic = cx.named(n).some((c) => c.type === 'class_attribute' && /^static$/i.test(c.text));
          b.def(isStatic && scope.name ? `${scope.name}.${name}` : `this.${name}`, e, n.endIndex, isStatic);
          return false;
        }
        case 'param_block':
          params(cx.named(n).find((c) => c.type === 'parameter_list'), scope);
          return false;
        case 'assignment_expression': {
          const [left] = cx.named(n);
          const value = n.childForFieldName('value');
          const op = n.children.find((c) => c?.type === 'assignement_operator')?.text ?? '=';
          const name = left ? dotted(left) : null;
          if (!value) return false;
          const table = name && op === '=' ? hashtable(value) : undefined;
          if (name && table) {
            tables.set(name, table);
            for (const { key, value: v } of table) b.def(`${name}.${key}`, cx.expr(v, scope), v.endIndex);
            return false;
          }
          const v = cx.expr(value, scope);
          if (name) b.assign(name, v, op, n.endIndex);
          return false;
        }
        case 'command':
          command(n, scope);
          return false;
        case 'flow_control_statement': {
          const v = cx.named(n)[0];
          if (/^return\b/i.test(n.text) && v) b.ret(cx.expr(v, scope));
          else if (v) cx.expr(v, scope);
          return false;
        }
        default:
          return undefined;
      }
    },
  });
  return cx.walk(tree.rootNode);
}
