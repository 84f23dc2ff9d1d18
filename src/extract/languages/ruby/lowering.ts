import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { literalOf, unescape } from '../../lower/builder.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { CHAIN_VERBS, chainRequest, splitChain, type Link } from '../../lower/path-chain.js';
import { argsOf, keyedFields } from '../../lower/shared-args.js';
import { cutExpr, namedCut, patternCut, sliceCuts, type TextCut } from '../../lower/text-cut.js';
import { TreeLowerer } from '../../lower/walker.js';

/** Methods whose value is, as far as a URL goes, their receiver (`base.chomp('/')`). */
const SAME_AS_RECEIVER = /^(?:freeze|to_s|to_str|chomp|downcase|dup|itself)$/;

/** Methods that cut their receiver's text (`chomp('/')`, `delete_suffix`, `rstrip`); `chop` drops the last character. */
const CUT_METHOD = /^(?:chomp|delete_suffix|delete_prefix|strip|rstrip|lstrip)$/;

/** The cut a cutting method makes with these arguments (`sub(/\/$/, '')` an anchored pattern replaced by nothing), else undefined. */
function cutOf(method: string, args: readonly SyntaxNode[]): TextCut | undefined {
  if (method === 'chop') return args.length === 0 ? { side: 'end', count: 1 } : undefined;
  if (method === 'sub') {
    const [pattern, by] = args;
    if (args.length !== 2 || pattern.type !== 'regex' || !isEmptyString(by)) return undefined;
    return patternCut(pattern.text.slice(1, pattern.text.lastIndexOf('/')));
  }
  if (args.length > 1) return undefined;
  return namedCut(method, args[0] ? plainString(args[0]) : undefined);
}

/** A string literal's text when it has no interpolation, else null. */
function plainString(n: SyntaxNode): string | null {
  if (n.type !== 'string' || n.namedChildren.some((c) => c?.type === 'interpolation')) return null;
  return unescape(n.text.slice(1, -1));
}

const isEmptyString = (n: SyntaxNode | undefined): boolean => n?.type === 'string' && plainString(n) === '';

/**
 * The cuts of `s[from..to]`, `s[from...to]` or `s[from, length]`: a range's inclusive end one
 * further than the exclusive one `sliceCuts` reads; a length is no end index (an unknown end unless
 * written as the length less a number).
 */
function indexCuts(keys: readonly SyntaxNode[]): TextCut[] | undefined {
  if (keys.length === 2) return sliceCuts(keys[0].text, keys[1].text, false);
  const range = keys.length === 1 && keys[0].type === 'range' ? keys[0] : undefined;
  if (!range) return undefined;
  const from = range.childForFieldName('begin')?.text;
  const to = range.childForFieldName('end')?.text;
  const inclusive = range.children.some((c) => c?.type === '..');
  const end = to === undefined ? undefined : wholeEnd(to, inclusive);
  return sliceCuts(from ?? '0', end, true);
}

/** An end index as an exclusive one: `-1` inclusive keeps all (no end cut), `-2` inclusive is `-1` exclusive. */
function wholeEnd(to: string, inclusive: boolean): string | undefined {
  const t = to.replace(/\s+/g, '');
  if (!inclusive || !t.startsWith('-')) return to;
  const n = Number(t);
  if (!Number.isInteger(n)) return to;
  return n === -1 ? undefined : String(n + 1);
}

const keyOf = (k: SyntaxNode): string | null => {
  if (k.type === 'hash_key_symbol' || k.type === 'identifier' || k.type === 'constant') return k.text;
  if (k.type === 'simple_symbol') return k.text.slice(1);
  if (k.type === 'string' && k.namedChildren.length <= 1) return k.text.slice(1, -1);
  return null;
};

/** Statements that are a value (a method's last one is what it returns). */
const VALUES = new Set(['string', 'call', 'binary', 'identifier', 'constant', 'instance_variable', 'element_reference', 'conditional', 'scope_resolution', 'heredoc_beginning', 'parenthesized_statements', 'chained_string']);

const ARGS = { keyed: 'hash', pair: 'pair', key: keyOf } as const;

/**
 * Ruby (tree-sitter-ruby) into the lowered form: `#{}` interpolation (also in heredocs), `+`,
 * `<<` and `+=`, `format`/`sprintf`/`%`, `File.join`, `URI.join`, `[...].join('/')`,
 * `ENV['X']`/`ENV.fetch`, `||` defaults, constants (read by their last name: `Hub::BASE` is
 * `BASE`), `@x` as `self.x`, methods with their defaults and keyword parameters, the implicit
 * return of a method's last expression, hashes as keywords (`method: :post`), symbols as
 * text, and blocks walked in place. Constants are global in Ruby: any name may be another
 * file's.
 */
export function lowerRuby(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('ruby', text, {
    containers: ['program', 'body_statement', 'begin', 'if', 'unless', 'while', 'until', 'for', 'case', 'when', 'else', 'elsif', 'then', 'do', 'ensure', 'rescue', 'parenthesized_statements', 'block_body', 'if_modifier', 'unless_modifier', 'while_modifier', 'until_modifier', 'rescue_modifier', 'begin_block', 'end_block'],
    comments: ['comment'],
    names: ['identifier', 'constant', 'global_variable'],
  });
  const b = cx.b;
  b.out.wildcardImport = true;
  /** Heredoc bodies already lowered at their `<<~EOS` (the grammar puts the body after the statement). */
  const heredocsDone = new Set<number>();

  const heredocBody = (n: SyntaxNode): SyntaxNode | undefined => {
    for (let p = n.parent; p; p = p.parent) {
      const body = cx.named(p).find((c) => c.type === 'heredoc_body' && c.startIndex >= n.endIndex && !heredocsDone.has(c.id));
      if (body) return body;
    }
    return undefined;
  };

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    switch (n.type) {
      case 'identifier':
      case 'constant':
        return n.text;
      case 'instance_variable':
        return `self.${n.text.slice(1)}`;
      case 'class_variable':
        return `self.${n.text.slice(2)}`;
      case 'self':
        return 'self';
      case 'scope_resolution':
        return n.childForFieldName('name')?.text ?? null;
      case 'element_reference': {
        // config[:url], opts['url']: a field, named like a member.
        const o = dotted(n.childForFieldName('object'));
        const key = cx.named(n).filter((c) => c !== n.childForFieldName('object'));
        const k = key.length === 1 ? keyOf(key[0]) : null;
        return o && k && o !== 'ENV' && !k.includes('/') ? `${o}.${k}` : null;
      }
      case 'call': {
        // A method called without arguments on a name reads like a field (`config.hub_url`).
        const receiver = n.childForFieldName('receiver');
        const method = n.childForFieldName('method');
        if (!receiver || !method || n.childForFieldName('arguments') || n.childForFieldName('block')) return null;
        const o = dotted(receiver);
        return o && receiver.type !== 'constant' && receiver.type !== 'scope_resolution' ? `${o}.${method.text}` : null;
      }
      default:
        return null;
    }
  };

  const strParts = (n: SyntaxNode, scope: Scope): StrPart[] => {
    const parts: StrPart[] = [];
    const single = n.text.startsWith("'");
    for (const c of cx.named(n)) {
      if (c.type === 'string_content' || c.type === 'heredoc_content') parts.push({ text: single ? c.text.replace(/\\(['\\])/g, '$1') : c.text, start: c.startIndex, end: c.endIndex });
      else if (c.type === 'escape_sequence') parts.push({ text: unescape(c.text), start: c.startIndex, end: c.endIndex });
      else if (c.type === 'interpolation') {
        const inner = cx.named(c)[0];
        if (inner) parts.push({ expr: cx.expr(inner, scope) });
      }
    }
    return parts;
  };

  /** `@api.v2.repositories(owner)[name]` member by member from its root (path-chain.ts): a name for a method, null for a value. */
  const links = (n: SyntaxNode): Array<Link<SyntaxNode>> | null => {
    const out: Array<Link<SyntaxNode>> = [];
    for (let at: SyntaxNode | null = n; at; ) {
      if (at.type === 'identifier' || at.type === 'instance_variable' || at.type === 'self') {
        out.unshift({ node: at, name: dotted(at) });
        return out;
      }
      if (at.type === 'call') {
        const method = at.childForFieldName('method');
        const values = cx.named(at.childForFieldName('arguments'));
        if (!method || at.childForFieldName('block') || values.length > 1) return null;
        // `repositories(owner)`: the member, then its one value as a segment.
        if (values.length === 1) out.unshift({ node: values[0], name: null });
        out.unshift({ node: method, name: method.text });
        at = at.childForFieldName('receiver');
      } else if (at.type === 'element_reference') {
        const object = at.childForFieldName('object');
        const keys = cx.named(at).filter((c) => c.id !== object?.id);
        if (keys.length !== 1) return null;
        out.unshift({ node: keys[0], name: null });
        at = object;
      } else return null;
    }
    return null;
  };

  /** A REST wrapper's request spelled as a chain (`@api.v2.users.login.post(body)`), else undefined. */
  const chainCall = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const receiver = n.childForFieldName('receiver');
    const verb = n.childForFieldName('method')?.text ?? '';
    if (!receiver || !CHAIN_VERBS.test(verb) || n.childForFieldName('block')) return undefined;
    const split = splitChain(links(receiver), cx.span, (node) => cx.expr(node, scope));
    if (!split) return undefined;
    const { positional: args, keywords } = argsOf(cx, n.childForFieldName('arguments'), scope, ARGS);
    return chainRequest(b, split.root, split.steps, verb, { args, keywords }, cx.span(n), scope);
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const receiverNode = n.childForFieldName('receiver');
    const method = n.childForFieldName('method')?.text ?? '';
    const argNode = n.childForFieldName('arguments');
    const block = n.childForFieldName('block');
    const at = cx.span(n);
    const owner = receiverNode?.type === 'scope_resolution' ? receiverNode.text.replace(/::/g, '.') : receiverNode ? dotted(receiverNode) : null;
    const callee = owner ? `${owner}.${method}` : method;
    if (receiverNode && !block && (CUT_METHOD.test(method) || method === 'chop' || method === 'sub')) {
      const cut = cutOf(method, argNode ? cx.named(argNode) : []);
      if (cut) return cutExpr(b, cx.expr(receiverNode, scope), [cut], at, scope);
    }
    if (receiverNode && SAME_AS_RECEIVER.test(method) && !block) return cx.expr(receiverNode, scope);
    const { positional: args, keywords } = argsOf(cx, argNode, scope, ARGS);
    if (block) walkBlock(block);
    if (/^(?:format|sprintf|Kernel\.format|Kernel\.sprintf)$/.test(callee) && args.length > 0) return b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: keywords, ...at }, scope);
    if (callee === 'File.join') return b.expr({ kind: 'join', style: 'path', items: args, ...at }, scope);
    if (callee === 'URI.join' && args.length === 2) return b.expr({ kind: 'join', style: 'url', items: args, ...at }, scope);
    if (callee === 'ENV.fetch' && args[0] && literalOf(args[0]) !== null) return b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', fallback: args[1], ...at }, scope);
    // `[a, b].join('/')`; a bare `.join` joins with no separator.
    if (method === 'join' && receiverNode?.type === 'array' && (args.length === 0 || (args.length === 1 && literalOf(args[0]) !== null))) {
      const items = cx.named(receiverNode).map((c) => cx.expr(c, scope));
      return b.expr({ kind: 'join', style: 'sep', sep: args[0] ? (literalOf(args[0]) ?? '') : '', items, ...at }, scope);
    }
    const receiver = receiverNode && receiverNode.type !== 'constant' && receiverNode.type !== 'scope_resolution' && receiverNode.type !== 'identifier' ? cx.expr(receiverNode, scope) : undefined;
    return b.call({ callee, name: method, receiver, args, keywords, ...at }, scope);
  };

  const walkBlock = (block: SyntaxNode) => {
    const body = block.childForFieldName('body');
    if (body) cx.walk(body);
  };

  const expr = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    switch (n.type) {
      // `subshell`: `curl …` in backticks or %x(…), a shell command read as one (its curl flags state the method).
      case 'string':
      case 'heredoc_body':
      case 'subshell':
        return b.str(strParts(n, scope), cx.span(n), scope);
      case 'heredoc_beginning': {
        const body = heredocBody(n);
        if (!body) return undefined;
        heredocsDone.add(body.id);
        return b.str(strParts(body, scope), cx.span(body), scope);
      }
      case 'simple_symbol':
        // :post as a method; the text is the symbol's name.
        return b.str([{ text: n.text.slice(1), start: n.startIndex + 1, end: n.endIndex }], cx.span(n), scope);
      case 'parenthesized_statements': {
        const inner = cx.named(n);
        return inner.length === 1 ? cx.expr(inner[0], scope) : undefined;
      }
      case 'chained_string':
        return b.expr({ kind: 'concat', items: cx.named(n).map((c) => cx.expr(c, scope)), ...cx.span(n) }, scope);
      case 'binary': {
        const op = n.childForFieldName('operator')?.text;
        const left = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        if (!left || !right) return undefined;
        if (op === '%' && left.type === 'string') {
          const list = right.type === 'array' ? cx.named(right).map((c) => cx.expr(c, scope)) : [cx.expr(right, scope)];
          return b.expr({ kind: 'format', style: 'printf', template: cx.expr(left, scope), args: list, named: new Map(), ...cx.span(n) }, scope);
        }
        if (op === '||' || op === 'or') {
          // ENV['HUB'] || 'https://...', opts[:host] || 'x': the literal is the value the code knows.
          const l = cx.expr(left, scope);
          const r = cx.expr(right, scope);
          if (l.kind === 'env' && !l.fallback) return b.expr({ kind: 'env', name: l.name, fallback: r, ...cx.span(n) }, scope);
          return r;
        }
        return undefined;
      }
      case 'conditional': {
        const [cond, consequence, alternative] = cx.named(n);
        if (cond) cx.expr(cond, scope);
        return b.either([consequence ? cx.expr(consequence, scope) : undefined, alternative ? cx.expr(alternative, scope) : undefined], cx.span(n), scope);
      }
      case 'element_reference': {
        const object = n.childForFieldName('object');
        const keys = cx.named(n).filter((c) => c.id !== object?.id);
        const cuts = object ? indexCuts(keys) : undefined;
        if (object && cuts) return cutExpr(b, cx.expr(object, scope), cuts, cx.span(n), scope);
        if (object?.text === 'ENV' && keys.length === 1 && literalOf(cx.expr(keys[0], scope)) !== null) return b.expr({ kind: 'env', name: keys[0].text.replace(/^['"]|['"]$/g, ''), ...cx.span(n) }, scope);
        // resource['v2/users/login'] (RestClient::Resource): a sub-resource at a path, read like a call.
        if (object && keys.length === 1 && keys[0].type === 'string' && keys[0].text.includes('/')) {
          const owner = dotted(object);
          const receiver = owner ? undefined : cx.expr(object, scope);
          return b.call({ callee: owner ? `${owner}.[]` : '[]', name: '[]', receiver, args: [cx.expr(keys[0], scope)], keywords: new Map(), ...cx.span(n) }, scope);
        }
        return undefined;
      }
      case 'call':
        return chainCall(n, scope) ?? (dotted(n) ? undefined : call(n, scope));
      case 'lambda': {
        // `build = ->(p) { "#{base}/#{p}" }`: a function (named by the assignment), its last expression the value.
        const fn = b.openScope('function', null, cx.span(n));
        params(n.childForFieldName('parameters'), fn);
        const body = n.childForFieldName('body')?.childForFieldName('body');
        if (body) {
          cx.returnsLast(body, (last) => VALUES.has(last.type));
          cx.walk(body);
        }
        return b.opaque(n.text, cx.span(n), scope);
      }
      case 'block':
      case 'do_block':
        walkBlock(n);
        return b.opaque(n.text, cx.span(n), scope);
      default:
        return undefined;
    }
  };

  const params = (list: SyntaxNode | null, fn: Scope) => {
    for (const p of cx.named(list)) {
      if (p.type === 'identifier') b.addParam(fn, p.text);
      else if (p.type === 'optional_parameter' || p.type === 'keyword_parameter') {
        const name = p.childForFieldName('name')?.text ?? '';
        const value = p.childForFieldName('value');
        b.addParam(fn, name, value ? cx.expr(value, fn) : undefined);
      } else b.addParam(fn, `*${p.text}`);
    }
  };

  const assign = (n: SyntaxNode, scope: Scope) => {
    const left = n.childForFieldName('left');
    const right = n.childForFieldName('right');
    if (!left || !right) return;
    const name = left.type === 'constant' || left.type === 'identifier' ? left.text : dotted(left);
    const op = n.type === 'operator_assignment' ? (n.childForFieldName('operator')?.text ?? '') : '=';
    if (name && op === '=' && right.type === 'hash' && keyedFields(cx, right, name, scope, 'pair', keyOf)) return;
    const v = cx.expr(right, scope);
    if (!name) return;
    const constant = left.type === 'constant';
    if (op === '||=' || (op === '=' && constant)) b.def(name, v, n.endIndex, constant);
    else b.assign(name, v, op, n.endIndex);
  };

  cx.use({
    dotted,
    concat: { types: ['binary'], ops: ['+'] },
    expr,
    statement(n, scope) {
      if (n.type === 'heredoc_body' && heredocsDone.has(n.id)) return false;
      switch (n.type) {
        case 'class':
        case 'module':
        case 'singleton_class':
          b.openScope('class', n.childForFieldName('name')?.text ?? null, cx.span(n));
          return true;
        case 'method':
        case 'singleton_method': {
          const fn = b.openScope('function', n.childForFieldName('name')?.text ?? null, cx.span(n));
          params(n.childForFieldName('parameters'), fn);
          const body = n.childForFieldName('body');
          if (!body) return false;
          if (body.type !== 'body_statement') {
            // def url = "..." (an endless method): the expression is the value.
            b.ret(cx.expr(body, fn));
            return false;
          }
          cx.returnsLast(body, (last) => VALUES.has(last.type));
          return true;
        }
        case 'assignment':
        case 'operator_assignment':
          assign(n, scope);
          return false;
        case 'binary': {
          // url << "/tags": the string grows in place.
          const left = n.childForFieldName('left');
          const right = n.childForFieldName('right');
          if (n.childForFieldName('operator')?.text === '<<' && left?.type === 'identifier' && right) {
            b.assign(left.text, cx.expr(right, scope), '+=', n.endIndex);
            return false;
          }
          return undefined;
        }
        case 'return': {
          const v = cx.named(cx.named(n)[0])[0] ?? cx.named(n)[0];
          if (v) b.ret(cx.expr(v, scope));
          return false;
        }
        default:
          return undefined;
      }
    },
  });
  return cx.walk(tree.rootNode);
}
