import type { SyntaxNode } from '../../runtime/parsers.js';
import type { Expr, Scope } from './form.js';
import type { TreeLowerer } from './walker.js';

/** How a grammar writes arguments and key/value collections (PHP arrays, Ruby hashes). */
export interface ArgShape {
  /** A wrapper node around each argument (PHP `argument`), if the grammar has one. */
  argument?: string;
  /** A collection literal whose keyed entries are options (`['json' => ...]`, `{ method: :post }`). */
  keyed: string;
  /** One key/value entry of it, or a keyword argument written bare (Ruby `body: x`). */
  pair: string;
  /** The key as text, or null when it is not a plain name. */
  key: (n: SyntaxNode) => string | null;
}

const MAX_NESTING = 4;

/**
 * A call's arguments: positional values, and keywords from named arguments and from option
 * collections (`['http' => ['method' => 'POST']]` gives the keyword `http.method`), so the
 * method resolver reads options wherever a client takes them.
 */
export function argsOf(cx: TreeLowerer, list: SyntaxNode | null, scope: Scope, shape: ArgShape): { positional: Expr[]; keywords: Map<string, Expr> } {
  const positional: Expr[] = [];
  const keywords = new Map<string, Expr>();
  const options = (n: SyntaxNode, prefix: string, depth: number): boolean => pairsOf(cx.named(n).filter((c) => c.type === shape.pair), prefix, depth);
  const pairsOf = (pairs: SyntaxNode[], prefix: string, depth: number): boolean => {
    if (pairs.length === 0 || depth > MAX_NESTING) return false;
    for (const p of pairs) {
      const [k, ...rest] = cx.named(p);
      const v = rest[rest.length - 1];
      const key = k ? shape.key(k) : null;
      if (!v) continue;
      if (key === null) cx.expr(v, scope);
      else if (!(v.type === shape.keyed && options(v, `${prefix}${key}.`, depth + 1))) keywords.set(`${prefix}${key}`, cx.expr(v, scope));
    }
    return true;
  };
  for (const a of cx.named(list)) {
    if (a.type === shape.pair) {
      pairsOf([a], '', 0);
      continue;
    }
    const nameNode = shape.argument && a.type === shape.argument ? a.childForFieldName('name') : null;
    const value = shape.argument && a.type === shape.argument ? cx.named(a).filter((c) => c !== nameNode).pop() : a;
    if (!value) continue;
    if (nameNode) keywords.set(nameNode.text, cx.expr(value, scope));
    else if (value.type === shape.keyed && options(value, '', 0)) positional.push(cx.b.opaque(value.text, cx.span(value), scope));
    else positional.push(cx.expr(value, scope));
  }
  return { positional, keywords };
}

/**
 * A keyed collection assigned to a name: each key is a definition of `name.key` (nested:
 * `cfg.hub.url`), so `$cfg['url']` and `config[:url]` resolve. False when it has no keys.
 */
export function keyedFields(cx: TreeLowerer, n: SyntaxNode, owner: string, scope: Scope, pair: string, key: (k: SyntaxNode) => string | null, depth = 0): boolean {
  const pairs = cx.named(n).filter((c) => c.type === pair);
  if (pairs.length === 0 || depth > MAX_NESTING) return false;
  for (const p of pairs) {
    const [k, ...rest] = cx.named(p);
    const v = rest[rest.length - 1];
    const name = k ? key(k) : null;
    if (!v) continue;
    if (name === null) cx.expr(v, scope);
    else if (!(v.type === n.type && keyedFields(cx, v, `${owner}.${name}`, scope, pair, key, depth + 1))) cx.b.def(`${owner}.${name}`, cx.expr(v, scope), p.endIndex);
  }
  return true;
}
