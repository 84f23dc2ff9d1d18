import { ts } from './parse.js';

/** What a name stands for at a point of the file, as far as syntax tells. */
export type Binding =
  | { kind: 'value'; name: string; init: ts.Expression }
  | { kind: 'param'; name: string; param: ts.ParameterDeclaration; init?: ts.Expression }
  | { kind: 'import'; name: string; module: string; imported: string }
  | { kind: 'function'; name: string; fn: ts.FunctionLikeDeclaration }
  | { kind: 'enum'; name: string; decl: ts.EnumDeclaration }
  | { kind: 'unknown'; name: string };

export type StringNode = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

/** Everything the adapter needs from one file, gathered in a single walk of the tree. */
export interface FileFacts {
  sf: ts.SourceFile;
  /** Scope node → names declared directly in it. */
  scopes: Map<ts.Node, Map<string, Binding>>;
  /** Class → `this.x` values (field initialisers, assignments, parameter properties); null = unknown. */
  classFields: Map<ts.Node, Map<string, Array<ts.Expression | null>>>;
  calls: Array<ts.CallExpression | ts.NewExpression>;
  strings: StringNode[];
  jsxTexts: ts.JsxText[];
}

const ASSIGNMENT_OPS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

function isBlockScope(n: ts.Node): boolean {
  return (
    ts.isBlock(n) ||
    ts.isSourceFile(n) ||
    ts.isModuleBlock(n) ||
    ts.isCaseBlock(n) ||
    ts.isForStatement(n) ||
    ts.isForOfStatement(n) ||
    ts.isForInStatement(n) ||
    ts.isCatchClause(n) ||
    ts.isFunctionLike(n) ||
    ts.isClassLike(n)
  );
}

function isFunctionScope(n: ts.Node): boolean {
  return ts.isSourceFile(n) || ts.isFunctionLike(n) || ts.isModuleBlock(n);
}

function enclosing(node: ts.Node, test: (n: ts.Node) => boolean): ts.Node {
  let p = node.parent;
  while (p && !test(p)) p = p.parent;
  return p ?? node.getSourceFile();
}

export function enclosingClass(node: ts.Node): ts.Node | null {
  for (let p = node.parent; p; p = p.parent) if (ts.isClassLike(p)) return p;
  return null;
}

/** `require('m')` (also `await import('m')`) → 'm'. */
export function requiredModule(expr: ts.Expression | undefined): string | null {
  let e = expr;
  while (e && (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  if (!e || !ts.isCallExpression(e) || e.arguments.length < 1) return null;
  const arg = e.arguments[0];
  const isRequire = ts.isIdentifier(e.expression) && e.expression.text === 'require';
  const isImport = e.expression.kind === ts.SyntaxKind.ImportKeyword;
  if ((isRequire || isImport) && ts.isStringLiteralLike(arg)) return arg.text;
  return null;
}

export function collectFacts(sf: ts.SourceFile): FileFacts {
  const facts: FileFacts = { sf, scopes: new Map(), classFields: new Map(), calls: [], strings: [], jsxTexts: [] };
  const reassigned = new Set<string>();
  const mutable: Array<{ scope: ts.Node; name: string }> = [];

  const declare = (scope: ts.Node, b: Binding) => {
    let names = facts.scopes.get(scope);
    if (!names) facts.scopes.set(scope, (names = new Map()));
    // Declared twice in one scope (`var` again, overloads): we cannot tell which value holds.
    names.set(b.name, names.has(b.name) && b.kind !== 'function' ? { kind: 'unknown', name: b.name } : b);
  };
  const field = (cls: ts.Node, name: string, value: ts.Expression | null) => {
    let fields = facts.classFields.get(cls);
    if (!fields) facts.classFields.set(cls, (fields = new Map()));
    fields.set(name, [...(fields.get(name) ?? []), value]);
  };
  const declareUnknownNames = (scope: ts.Node, name: ts.BindingName) => {
    if (ts.isIdentifier(name)) declare(scope, { kind: 'unknown', name: name.text });
    else for (const el of name.elements) if (!ts.isOmittedExpression(el)) declareUnknownNames(scope, el.name);
  };

  const variable = (d: ts.VariableDeclaration) => {
    const list = d.parent;
    const isVar = ts.isVariableDeclarationList(list) && (list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) === 0;
    const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
    const scope = enclosing(d, isVar ? isFunctionScope : isBlockScope);
    const module = requiredModule(d.initializer);
    if (ts.isIdentifier(d.name)) {
      const name = d.name.text;
      if (module !== null) declare(scope, { kind: 'import', name, module, imported: '*' });
      else if (d.initializer && !ts.isForOfStatement(list.parent) && !ts.isForInStatement(list.parent)) {
        declare(scope, { kind: 'value', name, init: d.initializer });
        if (!isConst) mutable.push({ scope, name });
      } else declare(scope, { kind: 'unknown', name });
      return;
    }
    if (module !== null && ts.isObjectBindingPattern(d.name)) {
      // const { HUB_API, get: httpGet } = require('./config')
      for (const el of d.name.elements) {
        if (!ts.isIdentifier(el.name)) continue;
        const imported = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : el.name.text;
        declare(scope, { kind: 'import', name: el.name.text, module, imported });
      }
      return;
    }
    declareUnknownNames(scope, d.name);
  };

  const importDecl = (d: ts.ImportDeclaration) => {
    if (!ts.isStringLiteral(d.moduleSpecifier) || !d.importClause) return;
    const module = d.moduleSpecifier.text;
    const clause = d.importClause;
    if (clause.name) declare(sf, { kind: 'import', name: clause.name.text, module, imported: 'default' });
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb)) declare(sf, { kind: 'import', name: nb.name.text, module, imported: '*' });
    if (nb && ts.isNamedImports(nb)) {
      for (const el of nb.elements) {
        declare(sf, { kind: 'import', name: el.name.text, module, imported: (el.propertyName ?? el.name).text });
      }
    }
  };

  const visit = (node: ts.Node): void => {
    switch (node.kind) {
      case ts.SyntaxKind.VariableDeclaration:
        variable(node as ts.VariableDeclaration);
        break;
      case ts.SyntaxKind.Parameter: {
        const p = node as ts.ParameterDeclaration;
        if (ts.isIdentifier(p.name)) {
          declare(p.parent, { kind: 'param', name: p.name.text, param: p, init: p.initializer });
          // constructor(private readonly base = 'https://…') is also `this.base`.
          const cls = ts.isConstructorDeclaration(p.parent) ? p.parent.parent : null;
          if (cls && (ts.getModifiers(p)?.length ?? 0) > 0) {
            field(cls, p.name.text, p.name);
          }
        } else declareUnknownNames(p.parent, p.name);
        break;
      }
      case ts.SyntaxKind.ImportDeclaration:
        importDecl(node as ts.ImportDeclaration);
        break;
      case ts.SyntaxKind.ImportEqualsDeclaration: {
        const d = node as ts.ImportEqualsDeclaration;
        if (ts.isExternalModuleReference(d.moduleReference) && ts.isStringLiteral(d.moduleReference.expression)) {
          declare(sf, { kind: 'import', name: d.name.text, module: d.moduleReference.expression.text, imported: '*' });
        }
        break;
      }
      case ts.SyntaxKind.FunctionDeclaration: {
        const f = node as ts.FunctionDeclaration;
        if (f.name) declare(enclosing(f, isBlockScope), { kind: 'function', name: f.name.text, fn: f });
        break;
      }
      case ts.SyntaxKind.ClassDeclaration: {
        const c = node as ts.ClassDeclaration;
        if (c.name) declare(enclosing(c, isBlockScope), { kind: 'unknown', name: c.name.text });
        break;
      }
      case ts.SyntaxKind.EnumDeclaration: {
        const e = node as ts.EnumDeclaration;
        declare(enclosing(e, isBlockScope), { kind: 'enum', name: e.name.text, decl: e });
        break;
      }
      case ts.SyntaxKind.PropertyDeclaration: {
        const p = node as ts.PropertyDeclaration;
        const name = p.name && (ts.isIdentifier(p.name) || ts.isPrivateIdentifier(p.name)) ? p.name.text : null;
        // A declaration without a value (`private http: AxiosInstance;`) is set elsewhere.
        if (name && p.initializer && ts.isClassLike(p.parent)) field(p.parent, name, p.initializer);
        break;
      }
      case ts.SyntaxKind.BinaryExpression: {
        const b = node as ts.BinaryExpression;
        if (ASSIGNMENT_OPS.has(b.operatorToken.kind)) {
          const left = b.left;
          if (ts.isIdentifier(left)) reassigned.add(left.text);
          else if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword) {
            const cls = enclosingClass(b);
            if (cls) field(cls, left.name.text, b.operatorToken.kind === ts.SyntaxKind.EqualsToken ? b.right : null);
          }
        }
        break;
      }
      case ts.SyntaxKind.CallExpression:
      case ts.SyntaxKind.NewExpression:
        facts.calls.push(node as ts.CallExpression | ts.NewExpression);
        break;
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateExpression:
        if (!isModuleSpecifier(node)) facts.strings.push(node as StringNode);
        break;
      case ts.SyntaxKind.JsxText:
        facts.jsxTexts.push(node as ts.JsxText);
        break;
      default:
        break;
    }
  };
  // Iterative, in source order: generated files nest `+` chains deeper than the call stack.
  const stack: ts.Node[] = [sf];
  const children: ts.Node[] = [];
  const collect = (child: ts.Node) => {
    children.push(child);
  };
  while (stack.length > 0) {
    const node = stack.pop() as ts.Node;
    visit(node);
    children.length = 0;
    ts.forEachChild(node, collect);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }

  // A `let`/`var` that is assigned again later holds no one value we can name.
  for (const { scope, name } of mutable) {
    if (reassigned.has(name)) facts.scopes.get(scope)?.set(name, { kind: 'unknown', name });
  }
  return facts;
}

function isModuleSpecifier(node: ts.Node): boolean {
  const p = node.parent;
  return (
    (ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) ||
    ts.isExternalModuleReference(p) ||
    (ts.isCallExpression(p) && requiredModule(p) !== null)
  );
}

/** The binding a name has at `from`: the nearest enclosing scope that declares it. */
export function lookup(facts: FileFacts, name: string, from: ts.Node): Binding | undefined {
  for (let n: ts.Node | undefined = from; n; n = n.parent) {
    const b = facts.scopes.get(n)?.get(name);
    if (b) return b;
  }
  return undefined;
}

/** The single value `this.name` is given in the class around `from`, if there is exactly one. */
export function classField(facts: FileFacts, name: string, from: ts.Node): ts.Expression | null {
  const cls = enclosingClass(from);
  const values = cls ? facts.classFields.get(cls)?.get(name) : undefined;
  return values && values.length === 1 ? values[0] : null;
}
