import { moduleOf } from './evaluate.js';
import type { FileFacts, StringNode } from './facts.js';
import { skipOuter, ts } from './parse.js';

/**
 * The outermost string-building expression around a literal: `'a' + b + 'c'` as a whole, a
 * template with its spans, `new URL(path, base)`, `url.resolve(…)`, `path.join(…)`. A URL
 * built in one expression is reported once, over the whole expression.
 */
export function rootOf(facts: FileFacts, node: StringNode, memo: Map<ts.Node, ts.Expression>): ts.Expression {
  // Memoised: the literals of a long `+` chain share one climb instead of one each.
  const path: ts.Node[] = [];
  const done = (root: ts.Expression) => {
    for (const n of path) memo.set(n, root);
    return root;
  };
  let n: ts.Expression = node;
  for (;;) {
    const known = memo.get(n);
    if (known) return done(known);
    path.push(n);
    const p = n.parent;
    if (ts.isTemplateSpan(p)) {
      n = p.parent;
    } else if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      n = p;
    } else if (
      ts.isParenthesizedExpression(p) ||
      ts.isAsExpression(p) ||
      ts.isSatisfiesExpression(p) ||
      ts.isNonNullExpression(p) ||
      ts.isTypeAssertionExpression(p)
    ) {
      n = p;
    } else if (ts.isNewExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === 'URL' && p.expression !== n) {
      n = p;
    } else if (ts.isCallExpression(p) && p.expression !== n && isJoiningCall(facts, p)) {
      n = p;
    } else if (
      ts.isArrayLiteralExpression(p) &&
      ts.isPropertyAccessExpression(p.parent) &&
      p.parent.name.text === 'join' &&
      ts.isCallExpression(p.parent.parent) &&
      p.parent.parent.expression === p.parent
    ) {
      n = p.parent.parent;
    } else if (ts.isPropertyAccessExpression(p) && p.expression === n && (p.name.text === 'href' || p.name.text === 'toString')) {
      n = ts.isCallExpression(p.parent) && p.parent.expression === p ? p.parent : p;
    } else {
      return done(n);
    }
  }
}

function isJoiningCall(facts: FileFacts, call: ts.CallExpression): boolean {
  const callee = skipOuter(call.expression);
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'String' || callee.text === 'encodeURI') return true;
    const module = moduleOf(facts, callee);
    return module !== null && /^(?:node:)?(?:url|path)/.test(module) && /^(?:resolve|join)$/.test(callee.text);
  }
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const m = callee.name.text;
  if (m === 'concat') return true;
  const obj = skipOuter(callee.expression);
  if (m === 'join' && ts.isArrayLiteralExpression(obj)) return true;
  const module = moduleOf(facts, obj);
  if (m === 'resolve') return module !== null && /^(?:node:)?url$/.test(module);
  if (m === 'join') return (module !== null && /^(?:node:)?path/.test(module)) || /^path(?:\.posix)?$/.test(obj.getText());
  return false;
}
