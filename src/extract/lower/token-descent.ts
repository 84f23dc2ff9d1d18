import { noteCut, spend } from '../../runtime/work-budget.js';
import type { Token } from '../langs/tokenize.js';
import { MAX_EXPR_DEPTH, literalOf, type LowerBuilder } from './builder.js';
import type { Expr, Scope, Span } from './form.js';
import type { TokenStream } from './tokens.js';

/** A parsed value and the index of the token after it. */
export interface Parsed {
  e: Expr;
  next: number;
}

type Operand = (from: number, to: number, depth: number) => Parsed;

/**
 * What the hand-written lowerings of languages without a WebAssembly grammar (Perl, Groovy)
 * share over the tokenizer's tokens: positions, scopes, and the operator levels whose meaning
 * is the same in both (a concatenation operator, operators whose result no URL is built from,
 * prefix operators). Each level reads its operands through the next level down and counts
 * `depth`, which the languages' primary levels cap (MAX_EXPR_DEPTH).
 */
export abstract class TokenDescent {
  constructor(
    protected readonly b: LowerBuilder,
    protected readonly ts: TokenStream,
    protected readonly text: string,
  ) {}

  protected tok(i: number): Token | undefined {
    return this.ts.tokens[i];
  }

  /** How deep values nest now: past MAX_EXPR_DEPTH one is opaque, so the descent never runs out of stack. */
  protected nesting = 0;

  /** Lowers the tokens [from, to) as one value (expressionAt), nesting counted. */
  expression(from: number, to: number): Expr | undefined {
    if (from >= to) return undefined;
    spend();
    if (this.nesting >= MAX_EXPR_DEPTH) {
      noteCut(`an expression nests deeper than ${MAX_EXPR_DEPTH} levels`, () => this.textOf(from, to));
      return this.b.opaque('', this.span(from, to), this.scope(from));
    }
    this.nesting++;
    try {
      return this.expressionAt(from, to);
    } finally {
      this.nesting--;
    }
  }

  /** `x['key']` written against a value, the `[` at `open`: on a name its field `x.key`; any other index is opaque. */
  protected indexed(e: Expr, open: number): Parsed {
    const close = this.ts.closer[open];
    const key = this.expression(open + 1, close);
    const k = key ? literalOf(key) : null;
    const span = { start: e.start, end: this.endOf(close) };
    return { e: e.kind === 'name' && k && /^\w+$/.test(k) ? this.b.expr({ kind: 'name', name: `${e.name}.${k}`, ...span }, e.scope) : this.b.opaque('[]', span, e.scope), next: close + 1 };
  }

  /** `x[…]` with the `[` at `at` written against the value before it (no space): its index read; otherwise undefined. */
  protected indexAgainst(e: Expr, at: number): Parsed | undefined {
    const t = this.tok(at);
    return t?.kind === 'open' && t.text === '[' && t.start === this.tok(at - 1)!.end ? this.indexed(e, at) : undefined;
  }

  /**
   * `c ? a : b`, the `?` at `c.next`: either branch may be the URL, and the resolver reads each
   * (evaluate.ts, Evaluator.either). Without the `:`, the value after the `?`.
   */
  protected eitherAfter(c: Parsed, to: number, depth: number, level: Operand): Parsed {
    const a = level(c.next + 1, to, depth + 1);
    const colon = this.tok(a.next);
    if (colon?.kind !== 'op' || colon.text !== ':') return a;
    const z = level(a.next + 1, to, depth + 1);
    return { e: this.b.either([a.e, z.e], { start: c.e.start, end: z.e.end }, c.e.scope)!, next: z.next };
  }

  /** The language's own reading of [from, to) as one value (a declaration, an assignment, an operand). */
  protected abstract expressionAt(from: number, to: number): Expr | undefined;

  /**
   * The value `level` reads at `from`; whatever follows a value the lowering does not
   * understand is still lowered for the calls in it, and stands for it when it is understood.
   */
  protected valueThenRest(from: number, to: number, level: Operand): Expr {
    let { e, next } = level(from, to, 0);
    while (next < to) {
      const more = level(next, to, 0);
      next = Math.max(more.next, next + 1);
      if (e.kind === 'opaque') e = more.e;
    }
    return e;
  }

  /** One statement from `i` (a declaration, an assignment, a call, a block): where the next one starts. */
  protected abstract statement(i: number, limit: number): number;

  /** Token `j` goes on with the statement before it although a line break comes first (none by default: `;` ends statements). */
  protected continues(_j: number): boolean {
    return false;
  }

  /** The end of the statement at `i`: a `;`, a line break that ends it, or the `}` around it. */
  protected statementEnd(i: number, limit: number): number {
    for (let j = i; j < limit; j++) {
      const t = this.ts.tokens[j];
      if (j > i && t.nl && !this.continues(j)) return j;
      if (t.kind === 'op' && t.text === ';') return j;
      if (t.kind === 'close') return j;
      if (t.kind === 'open') j = Math.min(this.ts.closer[j], limit);
    }
    return limit;
  }

  /** The items of a list between top-level separators (`,` by default), brackets stepped over. */
  protected ranges(from: number, to: number, seps: readonly string[] = [',']): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    let start = from;
    for (let j = from; j < to; j++) {
      const t = this.ts.tokens[j];
      if (t.kind === 'open') j = Math.min(this.ts.closer[j], to);
      else if (t.kind === 'op' && seps.includes(t.text)) {
        if (j > start) out.push([start, j]);
        start = j + 1;
      }
    }
    if (start < to) out.push([start, to]);
    return out;
  }

  /** The index of the top-level operator `op` in [from, to), or -1. */
  protected find(from: number, to: number, op: string): number {
    for (let j = from; j < to; j++) {
      const t = this.ts.tokens[j];
      if (t.kind === 'open') j = this.ts.closer[j];
      else if (t.kind === 'op' && t.text === op) return j;
    }
    return -1;
  }

  /** Statements in [from, to); blocks are stepped into, not recursed into. */
  statements(from: number, to: number): void {
    let i = from;
    while (i < to) i = Math.max(this.statement(i, to), i + 1);
  }

  /** The end offset of token `i` (the end of the text past the last token: an unclosed bracket). */
  protected endOf(i: number): number {
    return this.tok(i)?.end ?? this.ts.tokens[this.ts.tokens.length - 1]?.end ?? this.text.length;
  }

  protected scope(i: number): Scope {
    return this.b.scopeAt(this.tok(i)?.start ?? this.text.length);
  }

  /** The source text of the tokens [from, to). */
  protected textOf(from: number, to: number): string {
    const { start, end } = this.span(from, to);
    return this.text.slice(start, end);
  }

  protected span(from: number, to: number): Span {
    const first = this.tok(from);
    const last = this.tok(Math.max(from, to - 1));
    return { start: first?.start ?? this.text.length, end: last?.end ?? this.text.length };
  }

  /** Nothing left to read at `from`, or nested deeper than MAX_EXPR_DEPTH: an empty opaque value. */
  protected exhausted(from: number, to: number, depth: number): Parsed | undefined {
    const t = this.tok(from);
    if (t && from < to && depth <= MAX_EXPR_DEPTH) return undefined;
    if (t && from < to) noteCut(`an expression nests deeper than ${MAX_EXPR_DEPTH} levels`, () => this.textOf(from, to));
    const at = t?.start ?? this.text.length;
    return { e: this.b.opaque('', { start: at, end: at }, this.scope(from)), next: Math.max(from + 1, to) };
  }

  /** `( ... )` from `open` to `close`: its only item, else an opaque value (each item lowered). */
  protected grouped(open: number, close: number, items: Array<Expr | undefined>): Expr {
    return items.length === 1 && items[0] ? items[0] : this.b.opaque('(...)', { start: this.tok(open)!.start, end: this.endOf(close) }, this.scope(open));
  }

  /** `a OP b OP c` as one concatenation (Perl's `.`, Groovy's `+`). */
  protected joined(from: number, to: number, depth: number, op: string, operand: Operand): Parsed {
    let left = operand(from, to, depth);
    let chained = false;
    while (left.next < to && this.ts.is(left.next, 'op', op)) {
      const right = operand(left.next + 1, to, depth + 1);
      left = { e: this.b.plus(left.e, right.e, chained, { start: left.e.start, end: right.e.end }, this.scope(from)), next: right.next };
      chained = true;
    }
    return left;
  }

  /** `left OP right` for an operator whose result is no string we follow: both sides lowered, the result opaque. */
  protected opaqueAfter(left: Parsed, from: number, to: number, depth: number, operand: Operand): Parsed {
    const right = operand(left.next + 1, to, depth + 1);
    return { e: this.b.opaque(this.text.slice(left.e.start, right.e.end), { start: left.e.start, end: right.e.end }, this.scope(from)), next: right.next };
  }

  /** A prefix operator at `from` (`!x`, `-x`): its operand lowered, the result opaque. */
  protected prefixed(from: number, to: number, depth: number, operand: Operand): Parsed {
    const t = this.tok(from)!;
    const inner = operand(from + 1, to, depth + 1);
    return { e: this.b.opaque(t.text, { start: t.start, end: inner.e.end }, this.scope(from)), next: inner.next };
  }
}
