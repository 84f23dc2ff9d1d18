import { extname } from 'node:path';
import { ts } from 'ts-morph';

export { ts };

/**
 * Syntax only: one standalone tree per file from ts-morph's bundled compiler. No Project,
 * no program, no type checker — nothing outlives the call, so memory stays flat however
 * many files a scan parses.
 */
export function parseSource(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindFor(path));
}

function scriptKindFor(path: string): ts.ScriptKind {
  switch (extname(path).toLowerCase()) {
    case '.ts':
    case '.mts':
    case '.cts':
      return ts.ScriptKind.TS;
    case '.js':
    case '.mjs':
    case '.cjs':
      return ts.ScriptKind.JS;
    case '.jsx':
      return ts.ScriptKind.JSX;
    default:
      // .tsx, and snippets handed over from other files (Markdown fences): the widest grammar.
      return ts.ScriptKind.TSX;
  }
}

/** Strips parentheses, `as`, `satisfies`, `!` and `<T>` casts: they do not change a value. */
export function skipOuter(node: ts.Expression): ts.Expression {
  let n = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(n) ||
      ts.isAsExpression(n) ||
      ts.isSatisfiesExpression(n) ||
      ts.isNonNullExpression(n) ||
      ts.isTypeAssertionExpression(n) ||
      ts.isAwaitExpression(n)
    ) {
      n = n.expression;
    } else {
      return n;
    }
  }
}

/** `a.b.c` → 'c'; an identifier → its name; else null. */
export function nameOf(node: ts.Node): string | null {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node)) return node.text;
  return null;
}
