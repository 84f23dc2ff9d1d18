import { extname } from 'node:path';
import type { ts as TypeScriptNamespace } from 'ts-morph';
import { loadTypeScript } from '../../runtime/typescript.js';

/**
 * ts-morph's bundled compiler (the same copy `import { ts } from 'ts-morph'` gives),
 * loaded alone through the V8 code cache (runtime/typescript.ts, runtime/compile-cache.ts)
 * rather than with the rest of ts-morph, the first time a JS/TS file is parsed.
 */
export const ts: typeof TypeScriptNamespace = loadTypeScript().ts;

/**
 * The types the JS adapter names as `ts.X`: a namespace of types only, which merges with
 * the `ts` value above, so `import { ts } from './parse.js'` serves both. A new `ts.X` in a
 * type position needs its line here.
 */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace ts {
  export type BinaryExpression = TypeScriptNamespace.BinaryExpression;
  export type BindingName = TypeScriptNamespace.BindingName;
  export type CallExpression = TypeScriptNamespace.CallExpression;
  export type ClassDeclaration = TypeScriptNamespace.ClassDeclaration;
  export type ClassLikeDeclaration = TypeScriptNamespace.ClassLikeDeclaration;
  export type EnumDeclaration = TypeScriptNamespace.EnumDeclaration;
  export type Expression = TypeScriptNamespace.Expression;
  export type FunctionDeclaration = TypeScriptNamespace.FunctionDeclaration;
  export type FunctionLikeDeclaration = TypeScriptNamespace.FunctionLikeDeclaration;
  export type Identifier = TypeScriptNamespace.Identifier;
  export type ImportDeclaration = TypeScriptNamespace.ImportDeclaration;
  export type ImportEqualsDeclaration = TypeScriptNamespace.ImportEqualsDeclaration;
  export type JsxText = TypeScriptNamespace.JsxText;
  export type NewExpression = TypeScriptNamespace.NewExpression;
  export type NoSubstitutionTemplateLiteral = TypeScriptNamespace.NoSubstitutionTemplateLiteral;
  export type Node = TypeScriptNamespace.Node;
  export type NodeFlags = TypeScriptNamespace.NodeFlags;
  export type ParameterDeclaration = TypeScriptNamespace.ParameterDeclaration;
  export type PropertyAccessExpression = TypeScriptNamespace.PropertyAccessExpression;
  export type PropertyDeclaration = TypeScriptNamespace.PropertyDeclaration;
  export type ScriptKind = TypeScriptNamespace.ScriptKind;
  export type ScriptTarget = TypeScriptNamespace.ScriptTarget;
  export type SourceFile = TypeScriptNamespace.SourceFile;
  export type StringLiteral = TypeScriptNamespace.StringLiteral;
  export type SyntaxKind = TypeScriptNamespace.SyntaxKind;
  export type TemplateExpression = TypeScriptNamespace.TemplateExpression;
  export type VariableDeclaration = TypeScriptNamespace.VariableDeclaration;
}

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
