import { noteCut, spend } from '../../runtime/work-budget.js';
import type { SyntaxNode } from '../../runtime/parsers.js';
import { walkTree } from '../../runtime/tree-walk.js';
import { LowerBuilder, MAX_EXPR_DEPTH } from './builder.js';
import type { Expr, Lowered, Scope, Span } from './form.js';

/** Statement nodes most grammars share (tree-sitter names them alike): walked into. */
const COMMON_CONTAINERS = [
  'block',
  'expression_statement',
  'if_statement',
  'else_clause',
  'for_statement',
  'while_statement',
  'do_statement',
  'try_statement',
  'catch_clause',
  'finally_clause',
  'switch_statement',
  'labeled_statement',
];

/** The node types a grammar gives the shared walker when it is made. */
export interface GrammarNodes {
  /** Nodes that only hold statements, besides the common ones: walked into. */
  containers: readonly string[];
  /** Comment node types: their text is scanned for URLs. */
  comments: readonly string[];
  /** Node types that are one plain name (`identifier`, `variable_name`). */
  names?: readonly string[];
}

/**
 * What one language tells the shared walker: the rest (the iterative statement walk with its
 * depth cap, the expression recursion with its own cap, names, `+`-style concatenation, return
 * statements, implicit returns and the fallback that lowers what an unknown node holds) is the
 * same for every grammar.
 */
export interface NodeHandlers {
  /** A member access or variable as a dotted name (`self.base`, `Hub.API`), or null. */
  dotted?: (n: SyntaxNode) => string | null;
  /** The node types `dotted` names (member accesses); without it, any node it can name. */
  members?: readonly string[];
  /** Binary nodes whose operator concatenates strings (`+`, PHP's `.`). */
  concat?: { types: readonly string[]; ops: readonly string[] };
  /** Return statements: their first named child is the value the function returns. */
  returns?: readonly string[];
  /** Statement-level nodes: true walks into the node, false means done, undefined is not one. */
  statement: (n: SyntaxNode, scope: Scope) => boolean | undefined;
  /** Expression nodes: undefined falls back to the shared handling. */
  expr: (n: SyntaxNode, scope: Scope) => Expr | undefined;
}

/**
 * One walker for every tree-sitter lowering. Statements are walked iteratively with a tree
 * cursor (tree-walk.ts caps the depth); expressions recurse, but only `MAX_EXPR_DEPTH` deep:
 * past that a node is an opaque value, so deep nesting cannot overflow the stack.
 */
export class TreeLowerer {
  readonly b: LowerBuilder;
  private depth = 0;
  private readonly containers: ReadonlySet<string>;
  private readonly commentTypes: ReadonlySet<string>;
  private readonly nameTypes: ReadonlySet<string>;
  private handlers!: NodeHandlers;
  /** Nodes whose value their function returns without a `return` (Ruby, Rust). */
  private readonly tails = new Set<number>();

  constructor(language: string, text: string, init: GrammarNodes) {
    this.b = new LowerBuilder(language, text);
    this.containers = new Set([...COMMON_CONTAINERS, ...init.containers]);
    this.commentTypes = new Set(init.comments);
    this.nameTypes = new Set(init.names ?? ['identifier']);
  }

  /** Sets the language's handlers (they usually close over this lowerer). */
  use(handlers: NodeHandlers): this {
    this.handlers = handlers;
    return this;
  }

  get out(): Lowered {
    return this.b.out;
  }

  // `span`, `named`, `expr` and `walk` are bound (arrow properties) so a lowering can take them
  // as they are: `const { b, expr, span, named, walk } = cx`, and hand `walk` on as a callback.

  readonly span = (n: SyntaxNode): Span => ({ start: n.startIndex, end: n.endIndex });

  /** Named children that are not comments. */
  readonly named = (n: SyntaxNode | null | undefined): SyntaxNode[] =>
    (n?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && !this.commentTypes.has(c.type));

  /** Opens the class or function scope of a declaration, named by its `name` field (null without one). */
  readonly openScope = (kind: Scope['kind'], n: SyntaxNode): Scope => this.b.openScope(kind, n.childForFieldName('name')?.text ?? null, this.span(n));

  name(name: string, n: SyntaxNode | Span, scope: Scope): Expr {
    const at = 'startIndex' in n ? this.span(n) : n;
    return this.b.expr({ kind: 'name', name, ...at }, scope);
  }

  /** Lowers an expression; the language's handler first, then what every grammar shares. */
  readonly expr = (n: SyntaxNode, scope: Scope): Expr => {
    spend();
    if (this.depth >= MAX_EXPR_DEPTH) {
      noteCut(`an expression nests deeper than ${MAX_EXPR_DEPTH} levels`, () => n.text);
      return this.b.opaque('', this.span(n), scope);
    }
    this.depth++;
    try {
      return this.handlers.expr(n, scope) ?? this.shared(n, scope);
    } finally {
      this.depth--;
    }
  };

  private shared(n: SyntaxNode, scope: Scope): Expr {
    if (this.nameTypes.has(n.type)) return this.name(n.text, n, scope);
    const members = this.handlers.members;
    const dotted = !members || members.includes(n.type) ? this.handlers.dotted?.(n) : null;
    if (dotted) return this.name(dotted, n, scope);
    const concat = this.handlers.concat;
    if (concat?.types.includes(n.type)) {
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      const op = n.childForFieldName('operator')?.text;
      if (left && right && op && concat.ops.includes(op)) {
        const leftIsConcat = left.type === n.type && concat.ops.includes(left.childForFieldName('operator')?.text ?? '');
        return this.b.plus(this.expr(left, scope), this.expr(right, scope), leftIsConcat, this.span(n), scope);
      }
    }
    return this.opaque(n, scope);
  }

  /** A value not followed; the calls and literals inside it are still lowered. */
  opaque(n: SyntaxNode, scope: Scope): Expr {
    for (const c of this.named(n)) this.expr(c, scope);
    return this.b.opaque(n.text, this.span(n), scope);
  }

  /** A body's last statement is its function's value (Ruby methods, Rust blocks) when `isValue` says it is an expression. */
  returnsLast(body: SyntaxNode | null | undefined, isValue: (n: SyntaxNode) => boolean): void {
    const last = this.named(body).pop();
    if (last && isValue(last)) this.tails.add(last.id);
  }

  /** Walks statements from `root`: containers are walked into, other nodes are expressions. */
  readonly walk = (root: SyntaxNode): Lowered => {
    walkTree(root, (n) => {
      const scope = this.b.scopeAt(n.startIndex);
      if (this.commentTypes.has(n.type)) {
        this.b.comment(this.span(n));
        return false;
      }
      if (this.tails.has(n.id)) {
        this.b.ret(this.expr(n, scope));
        return false;
      }
      if (this.handlers.returns?.includes(n.type)) {
        const value = this.named(n)[0];
        if (value) this.b.ret(this.expr(value, scope));
        return false;
      }
      const handled = this.handlers.statement(n, scope);
      if (handled !== undefined) return handled;
      if (this.containers.has(n.type) || !n.isNamed || !n.parent) return true;
      this.expr(n, scope);
      return false;
    });
    return this.b.out;
  };
}
