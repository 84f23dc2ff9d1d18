import { cSpec, dartSpec, elixirSpec, luaSpec, rSpec, scalaSpec, swiftSpec } from './specs.js';
import type { LanguageSpec } from '../../langs/spec.js';
import type { Token } from '../../langs/tokenize.js';
import type { Adapter } from '../../types.js';
import { registerLowering } from '../../resolve/project.js';
import { LowerBuilder, MAX_EXPR_DEPTH, literalOf } from '../../lower/builder.js';
import { candidatesOf } from '../../lower/candidates.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TokenStream } from '../../lower/tokens.js';
import { TokenDescent, type Parsed } from '../../lower/token-descent.js';

/**
 * One token lowering for the languages with no grammar as WebAssembly whose string values
 * flow in the same few ways (Swift, Scala, Dart, Elixir, Lua, R): a small table per language
 * (its lexical spec, concatenation operators, declaration and function words, how a call
 * names an argument) drives one descent over the shared tokenizer's tokens. It keeps:
 *
 * - strings with their splices (`\(x)`, `$x`/`${x}`, `#{x}`);
 * - concatenation (`+`, `..`, `<>`) and Elixir's pipe (`x |> get()` passes `x` first);
 * - declarations and assignments (`let`/`var`/`val`/`const`/`final`/`local`, typed or not,
 *   `self.x =`), Elixir module attributes (`@base "..."`);
 * - functions written with braces (`func f(a: String) {`) as scopes with their parameters;
 * - calls with their callee, receiver, positional and named arguments, trailing closures,
 *   Lua's `f{...}` / `f"..."` and `obj:m()`; tables and maps with `key = v` / `key: v` as objects;
 * - atoms and implicit members (`:post`, `.post`) as their name, for the method resolver;
 * - R's `x <- v` / `x <<- v`, `f <- function(a, b = "x") {`, `pkg::fn()`, the `%>%` pipe,
 *   and strings built by `paste0(...)`, `paste(..., sep = "/")`, `sprintf(fmt, ...)`,
 *   `glue("...{x}...")`, `file.path(...)`.
 *
 * What the descent does not know it lowers as an opaque value and goes on with the statement.
 */
export interface Dialect {
  readonly name: string;
  readonly spec: LanguageSpec;
  /** Concatenation operators; `<>` is read as the two adjacent tokens `<` `>`. */
  readonly concat: readonly string[];
  /** Words before a declared name (`let`, `private val`, `static const String`). */
  readonly declarations: ReadonlySet<string>;
  /** Words that start a function (`func`, `def`, `function`). */
  readonly functions: ReadonlySet<string>;
  /** The operators between an argument's name and its value (`url: u`, `url = u`). */
  readonly named: readonly string[];
  /**
   * Swift labels nearly every argument (`URL(string: u)`, `dataTask(with: u)`): a label is
   * kept as a keyword only when it names the URL or the method; the others stay positional.
   */
  readonly labels?: boolean;
  /** Lua: `obj:method(...)`, and calls on one literal or table without parentheses. */
  readonly lua?: boolean;
  /** R: arrow assignment, `pkg::fn`, `%>%`, and the string-building calls (rStringCall). */
  readonly r?: boolean;
  /** C: `Type name(params) {` functions, `*` in declarations, `#define`, and the buffer-building calls (cBufferCall). */
  readonly c?: boolean;
}

const COMMON_DECLARATIONS = ['private', 'public', 'protected', 'internal', 'static', 'final', 'override', 'lazy', 'open', 'fileprivate', 'implicit', 'late'];

export const DIALECTS = {
  swift: { name: 'swift', spec: swiftSpec, concat: ['+'], declarations: new Set([...COMMON_DECLARATIONS, 'let', 'var']), functions: new Set(['func', 'init']), named: [':'], labels: true },
  scala: { name: 'scala', spec: scalaSpec, concat: ['+', '++'], declarations: new Set([...COMMON_DECLARATIONS, 'val', 'var']), functions: new Set(['def']), named: ['='] },
  dart: { name: 'dart', spec: dartSpec, concat: ['+'], declarations: new Set([...COMMON_DECLARATIONS, 'var', 'const', 'String', 'dynamic', 'Uri']), functions: new Set<string>(), named: [':'] },
  elixir: { name: 'elixir', spec: elixirSpec, concat: ['<>'], declarations: new Set<string>(), functions: new Set(['def', 'defp']), named: [':'] },
  lua: { name: 'lua', spec: luaSpec, concat: ['..'], declarations: new Set(['local']), functions: new Set(['function']), named: ['='], lua: true },
  r: { name: 'r', spec: rSpec, concat: [], declarations: new Set<string>(), functions: new Set<string>(), named: ['='], r: true },
  c: {
    name: 'c',
    spec: cSpec,
    concat: [],
    declarations: new Set(['static', 'const', 'extern', 'volatile', 'register', 'inline', 'unsigned', 'signed', 'void', 'char', 'int', 'long', 'short', 'bool', 'size_t', 'struct']),
    functions: new Set<string>(),
    named: [],
    c: true,
  },
} as const satisfies Record<string, Dialect>;

export type DialectName = keyof typeof DIALECTS;

/** Labels (Swift) that say what an argument is to the method resolver. */
const MEANINGFUL_LABEL = /^(?:url|uri|method|httpMethod)$/;
const SKIPPED_STATEMENTS = new Set(['import', 'package', 'use', 'require', 'alias', 'using', 'library', 'part', 'export']);
const CONTROL = new Set(['if', 'while', 'for', 'switch', 'guard', 'catch', 'when', 'match', 'unless', 'elseif', 'case', 'cond', 'with', 'foreach', 'repeat', 'until']);
const TYPES = new Set(['class', 'struct', 'object', 'enum', 'extension', 'protocol', 'trait', 'module', 'defmodule', 'mixin', 'actor']);
/** Words that pass the value after them through (`try await x`, Dart's `new Uri(...)`). */
const TRANSPARENT = new Set(['try', 'await', 'new', 'const', 'return', 'yield', 'throw', 'not']);
const KEYWORD_VALUES = new Set(['true', 'false', 'nil', 'null', 'self', 'this', 'super', 'end', 'do', 'then', 'else', 'in', 'fn', 'and', 'or']);
const OTHER_BINARY = new Set(['==', '!=', '<=', '>=', '<', '>', '-', '*', '/', '%', '**', '&&', '||', '??', '?:', '&', '|', '^', '<<', '>>', '!', '=>', '->', '..', '...', '=', '+=', '::']);
/** Tokens that end a line without ending its statement. */
const CONTINUING = new Set(['.', '?.', '+', '..', '<', '|', '&&', '||', '??', '?', '=', '(', ',', ':']);

export function lowerGeneric(dialect: Dialect, text: string): Lowered {
  const b = new LowerBuilder(dialect.name, text);
  // A file may use names it imports from anywhere (Swift modules, Dart `import`, Elixir `alias`).
  b.out.wildcardImport = true;
  const shebang = text.startsWith('#!') ? text.indexOf('\n') : -1;
  const code = text.startsWith('#!') ? ' '.repeat(shebang === -1 ? text.length : shebang) + (shebang === -1 ? '' : text.slice(shebang)) : text;
  const ts = new TokenStream(code, dialect.spec);
  for (const c of ts.comments) b.comment(c);
  new GenericLowering(b, ts, text, dialect).statements(0, ts.tokens.length);
  b.out.comments.sort((x, y) => x.start - y.start);
  return b.out;
}

/** The adapter of one dialect; its lowering is registered for the pin search and other files' questions. */
export function genericAdapter(name: DialectName): Adapter {
  const dialect: Dialect = DIALECTS[name];
  registerLowering(name, (text) => lowerGeneric(dialect, text));
  return { name, extract: (path, text, ctx) => candidatesOf(lowerGeneric(dialect, text), path, ctx) };
}

class GenericLowering extends TokenDescent {
  /** The value piped into the next call (`x |> HTTPoison.get()`). */
  private piped: Expr | undefined;

  constructor(
    b: LowerBuilder,
    ts: TokenStream,
    text: string,
    private readonly d: Dialect,
  ) {
    super(b, ts, text);
  }

  private is(i: number, kind: Token['kind'], text?: string): boolean {
    return this.ts.is(i, kind, text);
  }

  /** Two tokens written together (`<>`, `|>`, `get!`). */
  private adjacent(i: number): boolean {
    const t = this.tok(i);
    const n = this.tok(i + 1);
    return t !== undefined && n !== undefined && t.end === n.start;
  }

  /** The length in tokens of a concatenation operator at `i`, or 0. */
  private concatAt(i: number): number {
    const t = this.tok(i);
    if (t?.kind !== 'op') return 0;
    for (const op of this.d.concat) {
      if (op === '<>' && t.text === '<' && this.is(i + 1, 'op', '>') && this.adjacent(i)) return 2;
      if (op === '++' && t.text === '+' && this.is(i + 1, 'op', '+') && this.adjacent(i)) return 2;
      if (op === t.text) return 1;
    }
    return 0;
  }

  /** The length in tokens of a pipe at `i` (`|>`; R's `%>%`), or 0. */
  private pipeAt(i: number): number {
    if (this.is(i, 'op', '|') && this.is(i + 1, 'op', '>') && this.adjacent(i)) return 2;
    if (this.d.r === true && this.is(i, 'op', '%') && this.is(i + 1, 'op', '>') && this.is(i + 2, 'op', '%') && this.adjacent(i) && this.adjacent(i + 1)) return 3;
    return 0;
  }

  /** The length in tokens of R's `<-` or `<<-` at `i`, or 0. */
  private arrowAt(i: number): number {
    if (this.d.r !== true || !this.is(i + 1, 'op', '-') || !this.adjacent(i)) return 0;
    return this.is(i, 'op', '<') || this.is(i, 'op', '<<') ? 2 : 0;
  }

  protected override continues(j: number): boolean {
    const t = this.ts.tokens[j];
    const prev = this.tok(j - 1)!;
    // A line that ends in an operator goes on, a pipe (`|>`, R's `%>%`) too: httr2's
    // `request(u) |>` then `req_body_json(b) |>` on the lines below.
    return (t.kind === 'op' && CONTINUING.has(t.text)) || (prev.kind === 'op' && CONTINUING.has(prev.text)) || prev.text === '<>' || (prev.kind === 'op' && prev.text === '>' && this.tok(j - 2)?.text === '<') || this.pipeAt(j - 2) === 2 || this.pipeAt(j - 3) === 3;
  }

  protected override statement(i: number, limit: number): number {
    const t = this.tok(i)!;
    if (t.kind === 'close' || (t.kind === 'open' && t.text === '{') || (t.kind === 'op' && t.text === ';')) return i + 1;
    const end = this.statementEnd(i, limit);
    if (this.d.c === true && t.kind === 'op' && t.text === '#') return this.preprocessor(i, limit);
    if (t.kind === 'op' && t.text === '@' && this.tok(i + 1)?.kind === 'ident') {
      // An annotation (`@objc`, `@JsonKey(name: 'x')`): its arguments are no values we follow.
      return this.is(i + 2, 'open', '(') ? this.ts.closer[i + 2] + 1 : i + 2;
    }
    if (t.kind === 'ident') {
      if (SKIPPED_STATEMENTS.has(t.text)) return end;
      if (t.text === 'return') {
        const e = this.expression(i + 1, end);
        if (e) this.b.ret(e);
        return end;
      }
      if (CONTROL.has(t.text)) {
        if (this.is(i + 1, 'open', '(')) {
          const close = this.ts.closer[i + 1];
          this.expression(i + 2, close);
          return close + 1;
        }
        return i + 1;
      }
      if (TYPES.has(t.text)) {
        // A type's body in braces is a class scope; its members are also defined as `Type.member`.
        let j = i + 1;
        while (j < limit && !this.is(j, 'open', '{') && !(this.tok(j)!.nl && j > i + 1)) j = this.is(j, 'open', '(') ? this.ts.closer[j] + 1 : j + 1;
        if (!this.is(j, 'open', '{')) return j;
        const name = this.tok(i + 1)?.kind === 'ident' ? this.tok(i + 1)!.text : null;
        this.b.openScope('class', name, this.span(i, this.ts.closer[j] + 1));
        return j + 1;
      }
      const fn = this.functionAt(i, limit) ?? this.rFunctionAt(i, limit);
      if (fn !== undefined) return fn;
      // An Elixir module attribute: `@base "https://..."`.
      if (t.text.startsWith('@') && i + 1 < end && !this.is(i + 1, 'op', '=')) {
        const value = this.expression(i + 1, end);
        if (value) this.b.def(t.text, value, this.endOf(end - 1), true);
        return end;
      }
    }
    this.assignmentOrExpression(i, end);
    return end;
  }

  /** A C preprocessor line: `#define NAME value` is a constant; `#include` and the rest hold no value we follow. */
  private preprocessor(i: number, limit: number): number {
    let end = i + 1;
    while (end < limit && !this.tok(end)!.nl) end++;
    const name = this.tok(i + 2);
    if (this.is(i + 1, 'ident', 'define') && name?.kind === 'ident' && !this.is(i + 3, 'open', '(') && i + 3 < end) {
      const value = this.expression(i + 3, end);
      if (value) this.b.def(name.text, value, this.endOf(end - 1), true);
    }
    return end;
  }

  /**
   * `[modifiers] func name(params) ... {`, `def name(params)`, `function M.name(a)`, or Dart's
   * `Type name(params) {`. A body in braces is a function scope with the parameters; any other
   * body (`= expr`, `do ... end`) is walked as code around it.
   */
  private functionAt(i: number, limit: number): number | undefined {
    let j = i;
    while (this.d.declarations.has(this.tok(j)?.text ?? '') || this.tok(j)?.text === 'local' || this.tok(j)?.text === 'async') j++;
    let named = false;
    if (this.d.functions.has(this.tok(j)?.text ?? '')) {
      j++;
      named = true;
    }
    // The name, dotted (`M.get`, `M:get`), with generics (`func get<T>(`).
    if (this.tok(j)?.kind !== 'ident') return undefined;
    if (!named && this.d.name !== 'dart' && this.d.c !== true) return undefined;
    let name = this.tok(j)!.text;
    while ((this.is(j + 1, 'op', '.') || this.is(j + 1, 'op', ':')) && this.tok(j + 2)?.kind === 'ident') {
      name = this.tok(j + 2)!.text;
      j += 2;
    }
    j++;
    if (this.is(j, 'op', '<')) while (j < limit && !this.is(j, 'open', '(')) j++;
    if (!this.is(j, 'open', '(')) return named ? j : undefined;
    const close = this.ts.closer[j];
    // Dart's `Type name(params) {` (and `async {`): a declaration only when a body follows.
    let body = close + 1;
    while (body < limit && !this.is(body, 'open', '{') && !(this.tok(body)!.nl) && !this.is(body, 'op', '=') && !this.is(body, 'op', ';') && !this.is(body, 'op', '=>')) body++;
    if (!named && !this.is(body, 'open', '{') && !this.is(body, 'op', '=>')) return undefined;
    if (!this.is(body, 'open', '{')) return close + 1;
    const fn = this.b.openScope('function', name, this.span(i, this.ts.closer[body] + 1));
    this.params(fn, j + 1, close);
    return body + 1;
  }

  /** The parameters between a function's parentheses: `a`, `a: String`, `a = default`. */
  private params(fn: Scope, from: number, to: number): void {
    for (const [a, z] of this.ranges(from, to)) {
      let eq = a;
      while (eq < z && !this.is(eq, 'op', '=')) eq = this.is(eq, 'open') ? this.ts.closer[eq] + 1 : eq + 1;
      const colon = this.find(a, eq, ':');
      let p = colon === -1 ? eq - 1 : colon - 1;
      while (p >= a && this.tok(p)?.kind !== 'ident') p--;
      if (p < a) continue;
      this.b.addParam(fn, this.tok(p)!.text, eq < z ? this.expression(eq + 1, z) : undefined);
    }
  }

  /** Statements whose value a function returns without `return` (R: the last one of the body). */
  private readonly implicitReturns = new Set<number>();

  /**
   * R's `name <- function(params) {` (or `=`, `<<-`): a function scope named after the target,
   * with its parameters; the body's last statement is its value.
   */
  private rFunctionAt(i: number, limit: number): number | undefined {
    if (this.d.r !== true || this.tok(i)?.kind !== 'ident') return undefined;
    const op = this.arrowAt(i + 1) || (this.is(i + 1, 'op', '=') ? 1 : 0);
    const word = i + 1 + op;
    if (op === 0 || !this.is(word, 'ident', 'function') || !this.is(word + 1, 'open', '(')) return undefined;
    const close = this.ts.closer[word + 1];
    if (close + 1 >= limit || !this.is(close + 1, 'open', '{')) return undefined;
    const bodyEnd = this.ts.closer[close + 1];
    const fn = this.b.openScope('function', this.tok(i)!.text, this.span(i, bodyEnd + 1));
    this.params(fn, word + 2, close);
    let last = -1;
    for (let j = close + 2; j < bodyEnd; ) {
      const t = this.tok(j)!;
      if (t.kind === 'close' || (t.kind === 'op' && t.text === ';')) {
        j++;
        continue;
      }
      last = j;
      j = Math.max(this.statementEnd(j, bodyEnd), j + 1);
    }
    if (last !== -1) this.implicitReturns.add(last);
    return close + 2;
  }

  /** `let x = v`, `val x: String = v`, `final String x = v`, `self.x = v`, `x += v`, or an expression. */
  private assignmentOrExpression(from: number, to: number): void {
    let eq = -1;
    let eqLength = 1;
    for (let j = from; j < to; j++) {
      const t = this.ts.tokens[j];
      const arrow = this.arrowAt(j);
      if (arrow > 0) {
        eq = j;
        eqLength = arrow;
        break;
      }
      if (t.kind === 'open') j = this.ts.closer[j];
      else if (t.kind === 'op' && (t.text === '=' || t.text === '+=' || (t.text === '..' && this.d.lua !== true && this.is(j + 1, 'op', '=')))) {
        eq = j;
        break;
      } else if (t.kind === 'op' && !['.', ':', '<', '>', ',', '?', '!'].includes(t.text) && !(this.d.c === true && t.text === '*')) break;
    }
    const name = eq > from ? this.target(from, eq) : undefined;
    if (name === undefined) {
      const e = this.expression(from, to);
      if (e && this.implicitReturns.has(from)) this.b.ret(e);
      return;
    }
    const value = this.expression(eq + eqLength, to);
    if (!value) return;
    this.b.assign(name, value, eqLength > 1 ? '=' : this.tok(eq)!.text, this.endOf(to - 1));
    // A member of a type (`static let root = ...` in `struct HubAPI`) is read as `HubAPI.root` elsewhere.
    const def = this.b.out.defs[this.b.out.defs.length - 1];
    if (def?.value === value && def.scope.kind === 'class' && def.scope.name && !name.includes('.')) this.b.out.defs.push({ ...def, name: `${def.scope.name}.${name}` });
  }

  /** The name the left side [from, eq) defines. */
  private target(from: number, eq: number): string | undefined {
    let j = from;
    while (j < eq && this.d.declarations.has(this.tok(j)!.text)) j++;
    if (j >= eq) return undefined;
    // `let x: String = ...`: the name is before the type.
    const colon = this.find(j, eq, ':');
    const last = colon === -1 ? eq - 1 : colon - 1;
    if (this.tok(last)?.kind !== 'ident') return undefined;
    const dotted = [this.tok(last)!.text];
    let k = last - 1;
    while (k > j && this.is(k, 'op', '.') && this.tok(k - 1)?.kind === 'ident') {
      dotted.unshift(this.tok(k - 1)!.text);
      k -= 2;
    }
    if (dotted.length > 1 && ['self', 'this'].includes(dotted[0])) dotted.shift();
    // Before the name: only a type (`String`, `Map<String, String>`) or nothing.
    for (let m = j; m <= k; m++) {
      const t = this.tok(m)!;
      // C's pointer declarator (`const char *base`) is part of the type.
      if (!(t.kind === 'ident' || (t.kind === 'op' && ['<', '>', ',', '?', '.'].includes(t.text)) || (this.d.c === true && t.kind === 'op' && t.text === '*'))) return undefined;
    }
    return dotted.join('.');
  }

  protected expressionAt(from: number, to: number): Expr {
    return this.valueThenRest(from, to, (a, z, depth) => this.ternary(a, z, depth));
  }

  /** `c ? a : b` (TokenDescent.eitherAfter). */
  private ternary(from: number, to: number, depth: number): Parsed {
    const c = this.binary(from, to, depth);
    if (c.next >= to || !this.is(c.next, 'op', '?') || depth >= MAX_EXPR_DEPTH) return c;
    return this.eitherAfter(c, to, depth, (x, y, d) => this.ternary(x, y, d));
  }

  private binary(from: number, to: number, depth: number): Parsed {
    let left = this.concat(from, to, depth);
    while (left.next < to) {
      const t = this.tok(left.next)!;
      const pipe = this.pipeAt(left.next);
      if (pipe > 0) {
        this.piped = left.e;
        const right = this.concat(left.next + pipe, to, depth + 1);
        this.piped = undefined;
        left = right;
        continue;
      }
      // `x as String`, `x as! URL`: the value itself.
      if (t.kind === 'ident' && (t.text === 'as' || t.text === 'is')) {
        let j = left.next + 1;
        while (j < to && (this.tok(j)?.kind === 'ident' || this.is(j, 'op', '.') || this.is(j, 'op', '!') || this.is(j, 'op', '?'))) j++;
        left = { e: left.e, next: j };
        continue;
      }
      // Swift's and Dart's `??`, Lua's `or`: the default when the left is unknown.
      if ((t.kind === 'op' && t.text === '??') || (t.kind === 'ident' && t.text === 'or')) {
        const right = this.concat(left.next + 1, to, depth + 1);
        left = { e: left.e.kind === 'opaque' || left.e.kind === 'call' ? right.e : left.e, next: right.next };
        continue;
      }
      if (!((t.kind === 'op' && OTHER_BINARY.has(t.text)) || (t.kind === 'ident' && t.text === 'and'))) break;
      left = this.opaqueAfter(left, from, to, depth, (a, z, dd) => this.concat(a, z, dd));
    }
    return left;
  }

  private concat(from: number, to: number, depth: number): Parsed {
    let left = this.unary(from, to, depth);
    let chained = false;
    for (let n = this.concatAt(left.next); n > 0 && left.next < to; n = this.concatAt(left.next)) {
      const right = this.unary(left.next + n, to, depth + 1);
      left = { e: this.b.plus(left.e, right.e, chained, { start: left.e.start, end: right.e.end }, this.scope(from)), next: right.next };
      chained = true;
    }
    return left;
  }

  private unary(from: number, to: number, depth: number): Parsed {
    const t = this.tok(from);
    if (t?.kind === 'ident' && TRANSPARENT.has(t.text) && from + 1 < to) {
      // `try? x`, `try! x`.
      const skip = this.is(from + 1, 'op', '?') || this.is(from + 1, 'op', '!') ? 2 : 1;
      return this.unary(from + skip, to, depth + 1);
    }
    if (t?.kind === 'op' && ['!', '-', '~', '#', '&', '%', '^'].includes(t.text) && depth < MAX_EXPR_DEPTH) {
      // Elixir's `%{...}` map and `^pin` are the value after them.
      if (t.text === '%' || t.text === '^' || t.text === '&') return this.unary(from + 1, to, depth + 1);
      return this.prefixed(from, to, depth, (a, z, dd) => this.unary(a, z, dd));
    }
    return this.postfix(from, to, depth);
  }

  private postfix(from: number, to: number, depth: number): Parsed {
    let { e, next } = this.primary(from, to, depth);
    while (next < to) {
      const t = this.tok(next)!;
      // Swift's and Dart's `x!`, `x?` written against the value.
      if (t.kind === 'op' && (t.text === '!' || t.text === '?') && this.tok(next - 1)!.end === t.start && !this.is(next + 1, 'op', '=')) {
        next++;
        continue;
      }
      const member = t.kind === 'op' && (t.text === '.' || t.text === '?.' || (this.d.lua === true && t.text === ':') || (this.d.r === true && t.text === '::'));
      if (member) {
        const u = this.tok(next + 1);
        if (!u || next + 1 >= to || u.kind !== 'ident') break;
        const at = next + 1;
        if (this.is(at + 1, 'open', '(') || this.callsWithoutParens(at + 1)) {
          ({ e, next } = this.callAt(u.text, e, at, to));
          continue;
        }
        next = at + 1;
        e = e.kind === 'name' ? this.b.expr({ kind: 'name', name: `${e.name}.${u.text}`, start: e.start, end: u.end }, e.scope) : this.b.opaque(this.text.slice(e.start, u.end), { start: e.start, end: u.end }, e.scope);
        continue;
      }
      const index = this.indexAgainst(e, next);
      if (index) {
        ({ e, next } = index);
        continue;
      }
      break;
    }
    return { e, next };
  }

  /** Lua's `f"..."` and `f{...}`: a call on one literal or table, on the same line. */
  private callsWithoutParens(i: number): boolean {
    const t = this.tok(i);
    return this.d.lua === true && t !== undefined && !t.nl && (t.kind === 'str' || (t.kind === 'open' && t.text === '{'));
  }

  private primary(from: number, to: number, depth: number): Parsed {
    const end = this.exhausted(from, to, depth);
    if (end) return end;
    const t = this.tok(from)!;
    const scope = this.scope(from);
    if (t.kind === 'ident') return this.word(from, to);
    if (t.kind === 'str') return { e: this.string(t, scope), next: from + 1 };
    // `:post` (an Elixir atom), `.post` (a Swift implicit member): the name, as a string.
    if (t.kind === 'op' && (t.text === ':' || t.text === '.') && this.tok(from + 1)?.kind === 'ident' && this.adjacent(from) && from + 1 < to) {
      const n = this.tok(from + 1)!;
      return { e: this.b.str([{ text: n.text, start: n.start, end: n.end }], { start: n.start, end: n.end }, scope), next: from + 2 };
    }
    if (t.kind !== 'open') return { e: this.b.opaque(t.text, { start: t.start, end: t.end }, scope), next: from + 1 };
    const close = this.ts.closer[from];
    if (t.text === '(') return { e: this.grouped(from, close, this.ranges(from + 1, close).map(([a, z]) => this.expression(a, z))), next: close + 1 };
    return { e: this.collection(from, close), next: close + 1 };
  }

  /**
   * `{ url = u, method = "POST" }` (a Lua table), `{'url': u}` / `["url": u]` (Dart, Swift),
   * `%{url: u}` (Elixir): an object. Any other bracket's items are lowered; a brace that
   * holds no pairs is a block or a closure, walked as statements.
   */
  private collection(open: number, close: number): Expr {
    const scope = this.scope(open);
    const span = { start: this.tok(open)!.start, end: this.endOf(close) };
    const items = this.ranges(open + 1, close);
    const pair = ([a]: [number, number]) => (this.tok(a)?.kind === 'ident' || this.tok(a)?.kind === 'str') && (this.is(a + 1, 'op', '=') || this.is(a + 1, 'op', ':') || this.is(a + 1, 'op', '=>'));
    if (items.length > 0 && items.every(pair)) {
      const fields = new Map<string, Expr>();
      for (const [a, z] of items) {
        const key = this.keyAt(a);
        const value = this.expression(a + 2, z);
        if (key !== undefined && value) fields.set(key, value);
      }
      return this.b.expr({ kind: 'object', fields, spreads: [], ...span }, scope);
    }
    if (this.tok(open)!.text === '{') {
      this.block(open);
      return this.b.opaque('{...}', span, scope);
    }
    for (const [a, z] of items) this.expression(a, z);
    return this.b.opaque('[...]', span, scope);
  }

  /** A closure or block in braces: with parameters (`{ u in ...}`, `{ u -> ...}`, `(u) => {`) a function, else plain statements. */
  private block(open: number): void {
    const close = this.ts.closer[open];
    let arrow = -1;
    for (let j = open + 1; j < close && j < open + 12; j++) {
      if (this.is(j, 'ident', 'in') || this.is(j, 'op', '->') || this.is(j, 'op', '=>')) {
        arrow = j;
        break;
      }
      if (this.tok(j)!.nl) break;
    }
    let body = open + 1;
    if (arrow !== -1) {
      const fn = this.b.openScope('function', null, { start: this.tok(open)!.start, end: this.endOf(close) });
      for (let j = open + 1; j < arrow; j++) if (this.tok(j)!.kind === 'ident') this.b.addParam(fn, this.tok(j)!.text);
      body = arrow + 1;
    }
    this.statements(body, close);
  }

  private keyAt(a: number): string | undefined {
    const k = this.tok(a);
    if (k?.kind === 'ident') return k.text;
    if (k?.kind === 'str' && k.str?.parts.every((p) => 'text' in p)) return k.str.parts.map((p) => ('text' in p ? p.text : '')).join('');
    return undefined;
  }

  private word(from: number, to: number): Parsed {
    const t = this.tok(from)!;
    const scope = this.scope(from);
    if (KEYWORD_VALUES.has(t.text) || this.d.declarations.has(t.text)) return { e: this.b.opaque(t.text, { start: t.start, end: t.end }, scope), next: from + 1 };
    if (this.is(from + 1, 'open', '(') || this.callsWithoutParens(from + 1)) return this.callAt(t.text, undefined, from, to);
    return { e: this.b.expr({ kind: 'name', name: t.text, start: t.start, end: t.end }, scope), next: from + 1 };
  }

  /** `name(args)`, `name(args) { closure }`, Lua's `name"..."`/`name{...}`, on a receiver or none, the name at token `at`. */
  private callAt(word: string, receiver: Expr | undefined, at: number, to: number): Parsed {
    const name = word.replace(/[!?]$/, '');
    let next = at + 1;
    let argsFrom = next;
    let argsTo = next;
    if (this.is(next, 'open', '(')) {
      argsFrom = next + 1;
      argsTo = this.ts.closer[next];
      next = argsTo + 1;
    } else {
      // One literal or table.
      argsTo = this.is(next, 'open') ? this.ts.closer[next] + 1 : next + 1;
      next = argsTo;
    }
    const callee = receiver?.kind === 'name' ? `${receiver.name}.${name}` : name;
    const start = receiver?.start ?? this.tok(at)!.start;
    // A trailing closure (Swift, Scala, Dart's none) on the same line; Elixir's `do` block is code around it.
    const closureAt = next < to && this.is(next, 'open', '{') && !this.tok(next)!.nl && this.d.lua !== true ? next : -1;
    const end = closureAt === -1 ? next : this.ts.closer[closureAt] + 1;
    const scope = this.b.scopeAt(start);
    const piped = this.piped;
    this.piped = undefined;
    const args: Expr[] = piped ? [piped] : [];
    const keywords = new Map<string, Expr>();
    for (const [a, z] of this.ranges(argsFrom, argsTo)) {
      const named = this.tok(a)?.kind === 'ident' && this.d.named.some((op) => this.is(a + 1, 'op', op)) && !(this.d.labels && !MEANINGFUL_LABEL.test(this.tok(a)!.text));
      const labelled = this.d.labels === true && this.tok(a)?.kind === 'ident' && this.is(a + 1, 'op', ':');
      const valueFrom = named || labelled ? a + 2 : a;
      const value = this.expression(valueFrom, z) ?? this.b.opaque('', this.span(a, z), this.scope(a));
      if (named) keywords.set(this.tok(a)!.text, value);
      else args.push(value);
    }
    if (closureAt !== -1) {
      this.block(closureAt);
      args.push(this.b.opaque('{...}', this.span(closureAt, this.ts.closer[closureAt] + 1), scope));
    }
    const span = { start, end: this.endOf(end - 1) };
    const built = this.d.r === true ? this.rStringCall(name, args, keywords, span, scope) : this.d.c === true ? this.cBufferCall(name, args, span, scope) : undefined;
    if (built) return { e: built, next: end };
    return { e: this.b.call({ callee, name, receiver, args, keywords, ...span }, scope), next: end };
  }

  /**
   * C builds a URL in a buffer, one call at a time: `strcpy(buf, base)` and `strncpy` set it,
   * `strcat(buf, name)`, `strncat` and `strlcat` append to it, `sprintf(buf, fmt, …)` and
   * `snprintf(buf, n, fmt, …)` format into it. Each is the buffer's new value (the call's own
   * value is the buffer too), so the request that sends `buf` reads what the calls built.
   */
  private cBufferCall(name: string, args: Expr[], span: { start: number; end: number }, scope: Scope): Expr | undefined {
    const buf = args[0];
    if (buf?.kind !== 'name') return undefined;
    let value: Expr | undefined;
    const append = /^(?:strn?cat|strlcat)$/.test(name);
    if (/^(?:strn?cpy|strlcpy)$/.test(name) && args[1]) value = args[1];
    // The buffer's old value is the head of the new one: the argument is that read.
    else if (append && args[1]) value = this.b.expr({ kind: 'concat', items: [buf, args[1]], ...span }, scope);
    else if (name === 'sprintf' && args[1]) value = this.b.expr({ kind: 'format', style: 'printf', template: args[1], args: args.slice(2), named: new Map(), ...span }, scope);
    else if (name === 'snprintf' && args[2]) value = this.b.expr({ kind: 'format', style: 'printf', template: args[2], args: args.slice(3), named: new Map(), ...span }, scope);
    if (!value) return undefined;
    // Copied or formatted into, the buffer is written, not read: its argument is no use of its old value.
    if (!append) Object.assign(buf, { kind: 'opaque', text: '' });
    this.b.def(buf.name, value, span.end);
    return this.b.opaque('', span, scope);
  }

  /**
   * R builds strings with calls, not operators: `paste0(a, b)` joins with nothing,
   * `paste(a, b, sep = "/")` with its `sep` (a space by default), `file.path(a, b)` with `/`,
   * `sprintf(fmt, ...)` formats, `glue("{base}/x")` splices names.
   */
  private rStringCall(name: string, args: Expr[], keywords: Map<string, Expr>, span: { start: number; end: number }, scope: Scope): Expr | undefined {
    if (name === 'paste0' || name === 'paste' || name === 'file.path') {
      const given = keywords.get(name === 'file.path' ? 'fsep' : 'sep');
      const sep = given ? literalOf(given) : name === 'paste0' ? '' : name === 'paste' ? ' ' : '/';
      if (sep === null || args.length === 0) return undefined;
      return this.b.expr({ kind: 'join', style: 'sep', sep, items: args, ...span }, scope);
    }
    if (name === 'sprintf' && args.length > 0) return this.b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: new Map(), ...span }, scope);
    if ((name === 'glue' || name === 'str_glue') && args.length === 1 && args[0].kind === 'str') return this.glued(args[0], scope);
    return undefined;
  }

  /** `"{base}/repositories/{ns}/"` of glue: each `{...}` a splice lowered as an expression. */
  private glued(s: Extract<Expr, { kind: 'str' }>, scope: Scope): Expr {
    const parts: StrPart[] = [];
    for (const p of s.parts) {
      if (!('text' in p)) {
        parts.push(p);
        continue;
      }
      // Offsets into the source hold only where the text is the source's (no escapes decoded).
      const exact = this.text.slice(p.start, p.end) === p.text;
      let at = 0;
      for (const m of p.text.matchAll(/\{([^{}]+)\}/g)) {
        if (m.index > at) parts.push({ text: p.text.slice(at, m.index), start: p.start + at, end: p.start + m.index });
        const open = p.start + m.index;
        const whole = { start: open, end: open + m[0].length };
        parts.push({ expr: exact ? this.inner(open + 1, whole.end - 1, whole, scope) : this.b.opaque(m[0], { start: p.start, end: p.end }, scope) });
        at = m.index + m[0].length;
      }
      if (at < p.text.length) parts.push({ text: p.text.slice(at), start: p.start + at, end: p.end });
    }
    return this.b.str(parts, { start: s.start, end: s.end }, scope);
  }

  /** A string literal with its splices lowered as expressions. */
  private string(t: Token, scope: Scope): Expr {
    const body = t.str!;
    const parts: StrPart[] = body.parts.map((p) => ('text' in p ? { text: p.text, start: p.start, end: p.end } : { expr: this.splice(p.start, p.end, scope) }));
    return this.b.str(parts, { start: body.contentStart, end: body.contentEnd }, scope);
  }

  /** `\(x)`, `$x`, `${x}`, `#{x}` inside a string. */
  private splice(start: number, end: number, scope: Scope): Expr {
    const from = this.text.startsWith('${', start) || this.text.startsWith('#{', start) || this.text.startsWith('\\(', start) ? start + 2 : start + 1;
    return this.inner(from, from === start + 2 ? end - 1 : end, { start, end }, scope);
  }

  /** The code in [from, to) of a splice, lowered as one expression (opaque over `whole` when empty). */
  private inner(from: number, to: number, whole: { start: number; end: number }, scope: Scope): Expr {
    const sub = new TokenStream(this.text.slice(from, to), this.d.spec, from);
    if (sub.tokens.length === 0) return this.b.opaque(this.text.slice(whole.start, whole.end), whole, scope);
    const nested = new GenericLowering(this.b, sub, this.text, this.d);
    nested.nesting = this.nesting;
    return nested.expression(0, sub.tokens.length) ?? this.b.opaque(this.text.slice(whole.start, whole.end), whole, scope);
  }
}
