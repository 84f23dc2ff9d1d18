import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';
import { argsOf, keyedFields } from '../../lower/shared-args.js';
import { CHAIN_VERBS, chainRequest, splitChain, type Link } from '../../lower/path-chain.js';
import { cutExpr, namedCut, patternCut, sliceCuts, writtenText, type TextCut } from '../../lower/text-cut.js';

/** Calls whose value is, as far as a URL goes, their first argument. */
const IDENTITY = /^(?:strtolower|urlencode|rawurlencode|strval|htmlspecialchars)$/;

/**
 * The cuts a string function makes of its first argument: `rtrim($b, '/')` (`trim`, `ltrim`),
 * `substr($b, 0, -1)` (a negative length counts from the end), `preg_replace('#/$#', '', $b)`
 * (here the third argument is cut); else undefined.
 */
function phpCuts(callee: string, args: readonly Expr[]): { of: Expr; cuts: TextCut[] } | undefined {
  if (/^(?:rtrim|ltrim|trim|chop)$/.test(callee) && args[0] && args.length <= 2) {
    const cut = namedCut(callee === 'chop' ? 'rtrim' : callee, args[1] ? literalOf(args[1]) : undefined);
    return cut && { of: args[0], cuts: [cut] };
  }
  if (/^(?:mb_)?substr$/.test(callee) && args[0] && (args.length === 2 || args.length === 3)) {
    return { of: args[0], cuts: sliceCuts(writtenText(args[1]) ?? literalOf(args[1]), args[2] ? (writtenText(args[2]) ?? literalOf(args[2])) : undefined, true) };
  }
  if (callee === 'preg_replace' && args.length === 3 && literalOf(args[1]) === '') {
    const pattern = literalOf(args[0]);
    const end = pattern ? pattern.lastIndexOf(pattern[0]) : 0;
    const cut = pattern && end > 0 ? patternCut(pattern.slice(1, end)) : undefined;
    return cut && { of: args[2], cuts: [cut] };
  }
  return undefined;
}
const ENV = /^(?:getenv|env)$/;

/**
 * PHP (tree-sitter-php) into the lowered form: `.` and `.=`, `sprintf`/`vsprintf`,
 * double-quoted and heredoc interpolation (`"$x"`, `"{$x}"`, `"$this->x"`), `getenv`/`env()`
 * with Laravel's default argument, `implode`, `define` and `const` (also `self::X`,
 * `Class::X`), properties (`$this->x`), arrays with keys (`$cfg['url']`, Guzzle's options,
 * `curl_setopt_array`) as keywords of the call they are passed to, and the files an
 * `include`/`require` names as imports. Variables are named without their `$`.
 */
export function lowerPhp(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('php', text, {
    containers: ['program', 'compound_statement', 'declaration_list', 'namespace_definition', 'foreach_statement', 'else_if_clause', 'switch_block', 'case_statement', 'default_statement', 'colon_block', 'echo_statement'],
    comments: ['comment', 'text'],
    names: [],
  });
  const b = cx.b;
  // Constants are global and `include` brings any file's names in.
  b.out.wildcardImport = true;
  let className: string | null = null;

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    switch (n.type) {
      case 'variable_name':
        return n.text.slice(1);
      case 'name':
      case 'qualified_name':
        return n.text.replace(/^\\/, '').replace(/\\/g, '.');
      case 'relative_scope':
        return 'self';
      case 'member_access_expression':
      case 'nullsafe_member_access_expression': {
        const o = dotted(n.childForFieldName('object'));
        const f = n.childForFieldName('name');
        return o && f ? `${o}.${f.text}` : null;
      }
      case 'class_constant_access_expression':
      case 'scoped_property_access_expression': {
        const [scopeNode, nameNode] = cx.named(n);
        const o = dotted(scopeNode);
        return o && nameNode ? `${o}.${nameNode.text.replace(/^\$/, '')}` : null;
      }
      case 'subscript_expression': {
        // $cfg['url']: a field, named like a member.
        const [of, key] = cx.named(n);
        const o = dotted(of);
        const k = key?.type === 'string' ? key.text.slice(1, -1) : null;
        return o && k && /^[\w-]+$/.test(k) ? `${o}.${k}` : null;
      }
      default:
        return null;
    }
  };

  /** A string's pieces: text runs (escapes decoded as the quote does) and interpolated values. */
  const strParts = (n: SyntaxNode, scope: Scope, single: boolean): StrPart[] => {
    const parts: StrPart[] = [];
    const body = n.childForFieldName('value') ?? n;
    for (const c of cx.named(body)) {
      if (c.type === 'string_content' || c.type === 'nowdoc_string' || c.type === 'string_value') parts.push({ text: c.text, start: c.startIndex, end: c.endIndex });
      else if (c.type === 'escape_sequence') parts.push({ text: single ? c.text.slice(1) : unescape(c.text), start: c.startIndex, end: c.endIndex });
      else if (c.type === 'dynamic_variable_name') parts.push({ expr: cx.name(cx.named(c)[0]?.text ?? c.text, c, scope) });
      else if (c.type !== 'heredoc_start' && c.type !== 'heredoc_end') parts.push({ expr: cx.expr(c, scope) });
    }
    return parts;
  };

  /** `$this->api->v2->repositories[$owner]` member by member from its root (path-chain.ts): a name for a property, null for a value. */
  const links = (n: SyntaxNode): Array<Link<SyntaxNode>> | null => {
    const out: Array<Link<SyntaxNode>> = [];
    for (let at: SyntaxNode | null = n; at; ) {
      if (at.type === 'variable_name') {
        out.unshift({ node: at, name: dotted(at) });
        return out;
      }
      if (at.type === 'member_access_expression' || at.type === 'nullsafe_member_access_expression') {
        const f = at.childForFieldName('name');
        if (!f) return null;
        out.unshift({ node: f, name: f.text });
        at = at.childForFieldName('object');
      } else if (at.type === 'subscript_expression') {
        const [of, key] = cx.named(at);
        if (!key) return null;
        out.unshift({ node: key, name: null });
        at = of;
      } else if (at.type === 'member_call_expression') {
        // `->repositories($owner)`: the member, then its one value as a segment.
        const f = at.childForFieldName('name');
        const values = cx.named(at.childForFieldName('arguments'));
        if (!f || values.length !== 1) return null;
        out.unshift({ node: f, name: f.text }, { node: cx.named(values[0])[0] ?? values[0], name: null });
        at = at.childForFieldName('object');
      } else return null;
    }
    return null;
  };

  /** A REST wrapper's request spelled as a chain (`$this->api->v2->users->login->post($body)`), else undefined. */
  const chainCall = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const object = n.childForFieldName('object');
    const verb = n.childForFieldName('name')?.text ?? '';
    if (!object || !CHAIN_VERBS.test(verb)) return undefined;
    const split = splitChain(links(object), cx.span, (node) => cx.expr(node, scope));
    if (!split) return undefined;
    const args = cx.named(n.childForFieldName('arguments')).map((a) => cx.expr(cx.named(a)[0] ?? a, scope));
    return chainRequest(b, split.root, split.steps, verb, { args, keywords: new Map() }, cx.span(n), scope);
  };

  const callOf = (n: SyntaxNode, scope: Scope, callee: string, receiverNode: SyntaxNode | null): Expr => {
    const name = callee.split('.').pop() ?? callee;
    const { positional: args, keywords } = argsOf(cx, n.childForFieldName('arguments') ?? cx.named(n).find((c) => c.type === 'arguments') ?? null, scope, {
      argument: 'argument',
      keyed: 'array_creation_expression',
      pair: 'array_element_initializer',
      key: (k) => (k.type === 'string' ? k.text.slice(1, -1) : k.type === 'name' ? k.text : null),
    });
    const at = cx.span(n);
    // vsprintf('%s/v2/repositories/%s', [$base, $ns]): the values come in one array.
    const values = callee === 'vsprintf' && args.length === 2 ? cx.named(cx.named(n.childForFieldName('arguments'))[1])[0] : undefined;
    if (values?.type === 'array_creation_expression') {
      const items = cx.named(values).map((el) => cx.expr(cx.named(el).pop() ?? el, scope));
      return b.expr({ kind: 'format', style: 'printf', template: args[0], args: items, named: new Map(), ...at }, scope);
    }
    if (/^v?sprintf$/.test(callee) && args.length > 0) return b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: new Map(), ...at }, scope);
    if (ENV.test(callee) && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', fallback: args[1], ...at }, scope);
    // rawurlencode($x) and urlencode($x) keep a `/` of the value as `%2F`: one path segment (core/segment-words.ts).
    if (/^(?:raw)?urlencode$/.test(callee) && args[0]) return b.expr({ kind: 'segment', of: args[0], name: args[0].kind === 'name' ? args[0].name : callee, escaped: true, ...at }, scope);
    const cut = phpCuts(callee, args);
    if (cut) return cutExpr(b, cut.of, cut.cuts, at, scope);
    if (IDENTITY.test(callee) && args[0]) return args[0];
    if (/^(?:implode|join)$/.test(callee) && args.length === 2 && literalOf(args[0]) !== null) {
      const list = cx.named(cx.named(n.childForFieldName('arguments'))[1])[0];
      if (list?.type === 'array_creation_expression') {
        const items = cx.named(list).map((el) => cx.expr(cx.named(el).pop() ?? el, scope));
        return b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '/', items, ...at }, scope);
      }
    }
    if (callee === 'define' && args.length >= 2 && literalOf(args[0]) !== null) {
      // A global name wherever it is defined (a bootstrap function, an `if (!defined(…))`).
      b.def(literalOf(args[0]) ?? '', args[1], n.endIndex, true).scope = b.out.module;
      return b.opaque(n.text, at, scope);
    }
    const receiver = receiverNode && receiverNode.type !== 'variable_name' && receiverNode.type !== 'name' ? cx.expr(receiverNode, scope) : undefined;
    return b.call({ callee, name, receiver, args, keywords, ...at }, scope);
  };

  /**
   * The path an `include`/`require` names, when the code spells it out: literals joined with
   * `.` to `__DIR__`, `dirname(__FILE__)` or `dirname(__DIR__[, levels])` (kept as `__DIR__`
   * and `..` segments for the module rules); null for anything computed.
   */
  const includePath = (n: SyntaxNode | undefined, depth = 0): string | null => {
    if (!n || depth > 16) return null;
    switch (n.type) {
      case 'parenthesized_expression':
        return includePath(cx.named(n)[0], depth + 1);
      case 'string':
      case 'encapsed_string': {
        const parts = cx.named(n);
        return parts.every((c) => c.type === 'string_content' || c.type === 'string_value') ? parts.map((c) => c.text).join('') : null;
      }
      case 'name':
        return n.text === '__DIR__' ? '__DIR__' : null;
      case 'binary_expression': {
        if (n.childForFieldName('operator')?.text !== '.') return null;
        const left = includePath(n.childForFieldName('left') ?? undefined, depth + 1);
        const right = left === null ? null : includePath(n.childForFieldName('right') ?? undefined, depth + 1);
        return left !== null && right !== null ? left + right : null;
      }
      case 'function_call_expression': {
        if (n.childForFieldName('function')?.text !== 'dirname') return null;
        const [of, levels] = cx.named(n.childForFieldName('arguments')).map((a) => cx.named(a)[0]);
        const up = levels ? Number(levels.text) : 1;
        if (!of || !Number.isInteger(up) || up < 1 || up > 8) return null;
        const base = of.text === '__FILE__' ? '__DIR__' : of.text === '__DIR__' ? '__DIR__/..' : null;
        return base === null ? null : base + '/..'.repeat(up - 1);
      }
      default:
        return null;
    }
  };

  const expr = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    switch (n.type) {
      case 'string':
        return b.str(strParts(n, scope, true), cx.span(n), scope);
      // `shell_command_expression`: `curl …` in backticks, a shell command read as one (its curl flags state the method).
      case 'encapsed_string':
      case 'heredoc':
      case 'nowdoc':
      case 'shell_command_expression':
        return b.str(strParts(n, scope, n.type === 'nowdoc'), cx.span(n), scope);
      case 'parenthesized_expression':
      case 'cast_expression': {
        const inner = cx.named(n).pop();
        return inner ? cx.expr(inner, scope) : undefined;
      }
      case 'binary_expression': {
        // $x ?? 'https://...': the fallback is the value the code knows.
        const op = n.childForFieldName('operator')?.text;
        const right = n.childForFieldName('right');
        if (op === '??' && right) {
          const left = n.childForFieldName('left');
          if (left) cx.expr(left, scope);
          return cx.expr(right, scope);
        }
        return undefined;
      }
      case 'conditional_expression': {
        const cond = n.childForFieldName('condition');
        const body = n.childForFieldName('body');
        const alt = n.childForFieldName('alternative');
        const c = cond ? cx.expr(cond, scope) : undefined;
        // getenv('HUB') ?: 'https://...': the environment, with the literal as its default.
        if (!body && alt && c?.kind === 'env') return b.expr({ kind: 'env', name: c.name, fallback: cx.expr(alt, scope), ...cx.span(n) }, scope);
        return b.either([body ? cx.expr(body, scope) : undefined, alt ? cx.expr(alt, scope) : undefined], cx.span(n), scope);
      }
      case 'function_call_expression':
        return callOf(n, scope, dotted(n.childForFieldName('function')) ?? '', null);
      case 'member_call_expression':
      case 'nullsafe_member_call_expression': {
        const chained = chainCall(n, scope);
        if (chained) return chained;
        const object = n.childForFieldName('object');
        const name = n.childForFieldName('name')?.text ?? '';
        const o = dotted(object);
        return callOf(n, scope, o ? `${o}.${name}` : name, object);
      }
      case 'scoped_call_expression': {
        const scopeNode = n.childForFieldName('scope');
        const name = n.childForFieldName('name')?.text ?? '';
        const o = dotted(scopeNode);
        return callOf(n, scope, o ? `${o}.${name}` : name, null);
      }
      case 'object_creation_expression': {
        const type = cx.named(n).find((c) => c.type === 'name' || c.type === 'qualified_name');
        const typeName = dotted(type ?? null) ?? '';
        const call = callOf(n, scope, typeName, null);
        if (call.kind === 'call') call.call.callee = `new ${typeName}`;
        return call;
      }
      case 'array_creation_expression':
        return cx.opaque(n, scope);
      case 'anonymous_function':
      case 'arrow_function': {
        const fn = b.openScope('function', null, cx.span(n));
        params(n.childForFieldName('parameters'), fn);
        const body = n.childForFieldName('body');
        if (body?.type === 'compound_statement') cx.walk(body);
        else if (body) b.ret(cx.expr(body, fn));
        return b.opaque(n.text, cx.span(n), scope);
      }
      default:
        return undefined;
    }
  };

  const params = (list: SyntaxNode | null, fn: Scope) => {
    for (const p of cx.named(list)) {
      const name = dotted(p.childForFieldName('name'));
      if (!name) continue;
      const fallback = p.childForFieldName('default_value');
      b.addParam(fn, name, fallback ? cx.expr(fallback, fn) : undefined);
      // Constructor promotion: `private string $owner` is also `$this->owner`; read after the
      // parameter, so a default (`$base = 'https://…'`) is its value when no caller gives one.
      if (p.type === 'property_promotion_parameter') b.def(`this.${name}`, b.expr({ kind: 'name', name, start: p.endIndex, end: p.endIndex }, fn), p.endIndex);
    }
  };

  /** `$name = value`; an array with keys also defines `name.key`. */
  const assign = (left: SyntaxNode | null, right: SyntaxNode, scope: Scope, op: string, at: number) => {
    const name = dotted(left);
    if (name && op === '=' && right.type === 'array_creation_expression' && keyedFields(cx, right, name, scope, 'array_element_initializer', (k) => (k.type === 'string' ? k.text.slice(1, -1) : null))) return;
    const v = cx.expr(right, scope);
    if (name) b.assign(name, v, op === '.=' ? '+=' : op, at);
  };

  cx.use({
    dotted,
    concat: { types: ['binary_expression'], ops: ['.'] },
    expr,
    returns: ['return_statement'],
    statement(n, scope) {
      switch (n.type) {
        case 'php_tag':
        case 'php_end_tag':
        case 'namespace_use_declaration':
        case 'namespace_name':
        case 'attribute_list':
          return false;
        case 'class_declaration':
        case 'interface_declaration':
        case 'trait_declaration':
        case 'enum_declaration':
          className = n.childForFieldName('name')?.text ?? null;
          b.openScope('class', className, cx.span(n));
          return true;
        case 'function_definition':
        case 'method_declaration': {
          const fn = b.openScope('function', n.childForFieldName('name')?.text ?? null, cx.span(n));
          params(n.childForFieldName('parameters'), fn);
          return n.childForFieldName('body') !== null;
        }
        case 'require_expression':
        case 'require_once_expression':
        case 'include_expression':
        case 'include_once_expression': {
          // Another file's constants and functions become this file's (extract/resolve/modules.ts).
          const path = includePath(cx.named(n)[0]);
          if (path) b.out.imports.push({ local: path, module: path, name: null });
          return false;
        }
        case 'const_declaration':
          for (const el of cx.named(n).filter((c) => c.type === 'const_element')) {
            const [id, value] = cx.named(el);
            if (!id || !value) continue;
            const v = cx.expr(value, scope);
            b.def(id.text, v, el.endIndex, true);
            // Hub::API from outside the class.
            if (scope.kind === 'class' && className) b.def(`${className}.${id.text}`, b.expr({ kind: 'name', name: id.text, start: v.start, end: v.start }, scope), el.endIndex, true);
          }
          return false;
        case 'property_declaration':
          for (const el of cx.named(n).filter((c) => c.type === 'property_element')) {
            const name = dotted(el.childForFieldName('name') ?? cx.named(el)[0]);
            const value = el.childForFieldName('default_value') ?? cx.named(el)[1];
            if (name && value) assign(el.childForFieldName('name') ?? cx.named(el)[0], value, scope, '=', el.endIndex);
          }
          return false;
        case 'assignment_expression':
        case 'augmented_assignment_expression': {
          const right = n.childForFieldName('right');
          const op = n.childForFieldName('operator')?.text ?? '=';
          if (right) assign(n.childForFieldName('left'), right, scope, op, n.endIndex);
          return false;
        }
        default:
          return undefined;
      }
    },
  });
  return cx.walk(tree.rootNode);
}
