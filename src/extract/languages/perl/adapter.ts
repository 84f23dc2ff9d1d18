import { loweringOf, registerLowering } from '../../resolve/project.js';
import type { Adapter } from '../../types.js';
import { perlSpec } from './spec.js';
import type { Token } from '../../langs/tokenize.js';
import { LowerBuilder, literalOf } from '../../lower/builder.js';
import { candidatesOf } from '../../lower/candidates.js';
import type { Call, Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TokenStream } from '../../lower/tokens.js';
import { TokenDescent, type Parsed } from '../../lower/token-descent.js';

/**
 * Perl into the lowered form. No tree-sitter grammar for Perl ships as WebAssembly, so this
 * walks the shared tokenizer's tokens (strings with their splices, comments, brackets) with a
 * small recursive descent that knows what matters for string values:
 *
 * - `.` concatenation, `.=`, `"$x"`, `"${x}"`, `"$h->{k}"`, `"@{[ expr ]}"`, `sprintf`, `join`;
 * - `my`/`our`/`local`/`state` and plain assignments; `use constant NAME => ...` (and the
 *   `{ A => ..., B => ... }` form), read as `NAME`, `NAME()` or `__PACKAGE__->NAME`;
 * - hash fields: `$self->{base} = ...` and the hash a constructor blesses are fields of `self`;
 * - subs with their parameters (`my ($self, $x) = @_;`, `my $x = shift;`, `shift // 'default'`)
 *   bound to the arguments of this file's calls; the invocant (`$self`, `$class`) is `self`,
 *   so `$obj->m(a)` passes `a` to the second parameter;
 * - calls with and without parentheses (`get $url`, `HEAD $url`), methods (`$ua->post(...)`),
 *   class methods (`HTTP::Request->new(POST => $url)` is a call named `Request`, like
 *   `new HttpPost(url)` elsewhere); `=>` separates arguments as `,` does.
 *
 * The shared resolver, arity decision and method resolver then decide, as for every language.
 */

const SELF_NAMES = new Set(['self', 'class', 'this', 'me', 'proto', 'pkg']);
/** Words that are operators or control flow, never calls or values. */
const WORD_OPS = new Set(['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'cmp', 'x', 'and', 'or', 'not', 'xor', 'if', 'unless', 'while', 'until', 'for', 'foreach', 'return', 'my', 'our', 'local', 'state', 'else', 'elsif', 'do', 'sub', 'last', 'next', 'redo']);
const MODIFIERS = new Set(['if', 'unless', 'while', 'until', 'for', 'foreach', 'or', 'and']);
const CONTROL = new Set(['if', 'unless', 'while', 'until', 'elsif', 'for', 'foreach']);
/** Binary operators whose result is no string we follow (the operands are still lowered). */
const OTHER_BINARY = new Set(['==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '**', '=~', '!~', '&&', '..', '<=>', 'x', 'eq', 'ne', 'lt', 'gt', 'le', 'ge', 'cmp', '&', '|', '^', '<<', '>>', 'and', 'xor']);
const ARG_SEPS = [',', '=>'];
const FALLBACK = new Set(['||', '//', 'or']);
const END_DATA = /^__(?:END|DATA)__[ \t]*\r?$/m;

export function lowerPerl(text: string): Lowered {
  const b = new LowerBuilder('perl', text);
  // `use Module;` imports the module's default exports (Exporter's @EXPORT) without naming
  // them: any name may come from another file.
  b.out.wildcardImport = true;
  const end = END_DATA.exec(text);
  const code = end ? text.slice(0, end.index) : text;
  if (end) b.comment({ start: end.index, end: text.length });
  const ts = new TokenStream(code, perlSpec);
  for (const c of ts.comments) b.comment(c);
  new PerlLowering(b, ts, text).statements(0, ts.tokens.length);
  b.out.comments.sort((x, y) => x.start - y.start);
  return b.out;
}

// Other Perl files can now be read when a site needs one of their values (`$HubSettings::BASE`).
registerLowering('perl', (text) => lowerPerl(text));

export const perlAdapter: Adapter = {
  name: 'perl',
  // Through the registered lowering: a module another file's question lowered already is not lowered again.
  extract: (path, text, ctx) => candidatesOf(loweringOf('perl')!(text, path), path, ctx),
};

class PerlLowering extends TokenDescent {
  /** `use constant` names of the file: a bareword with one of these names is that constant. */
  private readonly constants = new Set<string>();
  /** Hash constructors, by expression id: their `key => value` pairs. */
  private readonly hashes = new Map<number, Array<{ key: string; value: Expr }>>();
  /** The `name => value` pairs of argument lists that have some. */
  private readonly keywordsOf = new WeakMap<Expr[], Map<string, Expr>>();
  /** The invocant's name per function (renamed to `self`). */
  private readonly invocant = new Map<Scope, string>();

  constructor(b: LowerBuilder, ts: TokenStream, text: string) {
    super(b, ts, text);
    const t = ts.tokens;
    for (let i = 0; i + 2 < t.length; i++) {
      if (t[i].text !== 'use' || t[i + 1].text !== 'constant') continue;
      if (t[i + 2].kind === 'ident') this.constants.add(t[i + 2].text);
      else if (t[i + 2].kind === 'open' && t[i + 2].text === '{') {
        for (let j = i + 3; j < ts.closer[i + 2]; j++) if (t[j].kind === 'ident' && t[j + 1]?.text === '=>') this.constants.add(t[j].text);
      }
    }
  }

  /** A line break never ends a Perl statement: its `;` (or the `}` around it) does. */
  protected override continues(): boolean {
    return true;
  }

  protected override statement(i: number, limit: number): number {
    const t = this.tok(i)!;
    if (t.kind === 'op' && t.text === ';') return i + 1;
    if (t.kind === 'close') return i + 1;
    if (t.kind === 'open' && t.text === '{') return i + 1;
    if (t.kind === 'ident') {
      switch (t.text) {
        case 'sub':
          if (this.tok(i + 1)?.kind === 'ident') return this.sub(i, limit);
          break;
        case 'package':
          return this.packageDecl(i, limit);
        case 'use':
          if (this.tok(i + 1)?.text === 'constant') return this.useConstant(i, limit);
          return this.useModule(i, limit);
        case 'no':
        case 'require':
          return this.statementEnd(i, limit) + 1;
        case 'return': {
          const stop = this.modifierAt(i + 1, limit);
          if (stop > i + 1) {
            const e = this.list(i + 1, stop);
            if (e) this.b.ret(e);
          }
          return this.rest(stop, limit);
        }
        case 'else':
        case 'do':
        case 'BEGIN':
        case 'END':
          return i + 1;
        default:
          if (CONTROL.has(t.text)) {
            let j = i + 1;
            if (['my', 'our', 'state'].includes(this.tok(j)?.text ?? '')) j += 2;
            else if (this.tok(j)?.kind === 'ident' && this.tok(j)?.text.startsWith('$')) j++;
            if (this.ts.is(j, 'open', '(')) {
              const close = this.ts.closer[j];
              this.list(j + 1, close);
              return close + 1;
            }
            return j;
          }
      }
    }
    const stop = this.modifierAt(i, limit);
    this.expression(i, stop);
    return this.rest(stop, limit);
  }

  /** After a statement's main part: its modifier (`... if $x;`), then past the `;`. */
  private rest(i: number, limit: number): number {
    const end = this.statementEnd(i, limit);
    if (i < end && MODIFIERS.has(this.tok(i)?.text ?? '')) this.list(i + 1, end);
    return this.ts.is(end, 'op', ';') ? end + 1 : end;
  }

  /** Where a statement modifier (`if`, `unless`, `or die`) starts, else the statement's end. */
  private modifierAt(i: number, limit: number): number {
    const end = this.statementEnd(i, limit);
    for (let j = i; j < end; j++) {
      const t = this.ts.tokens[j];
      if (t.kind === 'open') j = this.ts.closer[j];
      else if (j > i && t.kind === 'ident' && MODIFIERS.has(t.text)) return j;
    }
    return end;
  }

  private sub(i: number, limit: number): number {
    const name = this.tok(i + 1)!.text;
    let body = i + 2;
    while (body < limit && !this.ts.is(body, 'open', '{') && !this.ts.is(body, 'op', ';')) body++;
    if (!this.ts.is(body, 'open', '{')) return body + 1;
    const close = Math.min(this.ts.closer[body], limit);
    const fn = this.b.openScope('function', name.split('::').pop() ?? name, this.span(i, close + 1));
    // A signature, `sub f ($self, $x, $y = 'default') { ... }`.
    if (this.ts.is(i + 2, 'open', '(')) {
      for (const [a, z] of this.ranges(i + 3, this.ts.closer[i + 2], [','])) {
        const t = this.tok(a)!;
        if (t.kind !== 'ident' || !/^[$@%]/.test(t.text)) continue;
        const fallback = this.ts.is(a + 1, 'op', '=') || this.ts.is(a + 1, 'op', '//=') ? this.expression(a + 2, z) : undefined;
        this.param(fn, t.text, fallback);
      }
    }
    this.statements(body + 1, close);
    return close + 1;
  }

  private anonymousSub(i: number): Parsed {
    const body = i + 1;
    const close = this.ts.closer[body];
    const scope = this.scope(i);
    this.b.openScope('function', null, this.span(i, close + 1));
    this.statements(body + 1, close);
    return { e: this.b.opaque('sub', this.span(i, close + 1), scope), next: close + 1 };
  }

  /** `package Name;` (to the next package or the end) or `package Name { ... }`: a class scope. */
  private packageDecl(i: number, limit: number): number {
    let j = i + 1;
    while (j < limit && !this.ts.is(j, 'op', ';') && !this.ts.is(j, 'open', '{')) j++;
    // `package Acme::Dock::Bases;` is the class `Bases`, as `Acme::Dock::Bases->new` is a call named `Bases`.
    const words = this.ts.tokens.slice(i + 1, j).filter((t) => t.kind === 'ident' && t.text !== '::');
    const name = words[words.length - 1]?.text ?? this.tok(i + 1)?.text ?? null;
    if (this.ts.is(j, 'open', '{')) {
      const close = this.ts.closer[j];
      this.b.openScope('class', name, this.span(i, close + 1));
      return j + 1;
    }
    let k = j + 1;
    while (k < limit && !(this.tok(k)?.text === 'package' && this.tok(k - 1)?.text === ';')) k++;
    const endAt = k < this.ts.tokens.length ? this.tok(k)!.start : this.text.length;
    this.b.openScope('class', name, { start: this.tok(i)!.start, end: endAt });
    return j + 1;
  }

  /** `use Module qw(NAME ...)`: names another file defines. */
  private useModule(i: number, limit: number): number {
    const end = this.statementEnd(i, limit);
    const parts: string[] = [];
    let j = i + 1;
    // The module's name runs while words and `::` alternate: `use Acme::Hub qw(...)` stops before `qw`.
    for (; j < end && (this.tok(j)?.kind === 'ident' || this.tok(j)?.text === '::'); j++) {
      if (this.tok(j)!.text === '::') continue;
      if (parts.length > 0 && this.tok(j - 1)?.text !== '::') break;
      parts.push(this.tok(j)!.text);
    }
    const module = parts.join('::');
    if (!module || /^(?:strict|warnings|utf8|lib|parent|base|constant|vars|feature)$/.test(module)) return end + 1;
    this.b.out.imports.push({ local: parts[0], module, name: null });
    for (; j < end; j++) {
      const t = this.tok(j)!;
      if (t.kind === 'str' && t.str) {
        for (const w of t.str.parts.flatMap((p) => ('text' in p ? p.text.split(/\s+/) : []))) if (/^[$@]?\w+$/.test(w)) this.b.out.imports.push({ local: w.replace(/^[$@]/, ''), module, name: w.replace(/^[$@]/, '') });
      } else if (t.kind === 'ident' && t.text === 'qw' && this.tok(j + 1)?.kind === 'open') {
        const close = this.ts.closer[j + 1];
        for (let k = j + 2; k < close; k++) if (this.tok(k)!.kind === 'ident') this.b.out.imports.push({ local: this.tok(k)!.text.replace(/^[$@]/, ''), module, name: this.tok(k)!.text.replace(/^[$@]/, '') });
        j = close;
      }
    }
    return end + 1;
  }

  /** `use constant NAME => value;` and `use constant { A => v1, B => v2 };`. */
  private useConstant(i: number, limit: number): number {
    const end = this.statementEnd(i, limit);
    const at = i + 2;
    if (this.ts.is(at, 'open', '{')) {
      const close = this.ts.closer[at];
      for (const { key, value } of this.pairs(at + 1, close)) this.b.def(key, value, value.end, true);
      return this.statementEnd(close, limit) + 1;
    }
    const name = this.tok(at);
    if (name?.kind === 'ident' && (this.tok(at + 1)?.text === '=>' || this.tok(at + 1)?.text === ',')) {
      const value = this.list(at + 2, end);
      if (value) this.b.def(name.text, value, value.end, true);
    }
    return end + 1;
  }

  /** `key => value, ...` inside a hash constructor or an argument list. */
  private pairs(from: number, to: number): Array<{ key: string; value: Expr }> {
    const out: Array<{ key: string; value: Expr }> = [];
    for (const [a, z] of this.ranges(from, to, [','])) {
      if (z - a < 1) continue;
      const arrow = this.tok(a + 1)?.text === '=>';
      const k = this.tok(a)!;
      if (!arrow) {
        this.expression(a, z);
        continue;
      }
      const key = k.kind === 'ident' ? k.text.replace(/^-/, '') : k.kind === 'str' ? k.str?.parts.map((p) => ('text' in p ? p.text : '')).join('') : undefined;
      const value = this.expression(a + 2, z);
      if (key && value) out.push({ key, value });
    }
    return out;
  }

  /**
   * The ranges of a list's items between separators: `,` only keeps `a => b` one item (a
   * pair, for pairs()); `,` and `=>` split it in two (arguments).
   */
  protected override ranges(from: number, to: number, seps: readonly string[] = ARG_SEPS): Array<[number, number]> {
    return super.ranges(from, to, seps);
  }

  /** A comma list as one value: its only item, else an opaque value (each item lowered). */
  private list(from: number, to: number): Expr | undefined {
    const items = this.ranges(from, to).map(([a, z]) => this.expression(a, z));
    return items.length === 1 ? items[0] : undefined;
  }

  /** A declaration, an assignment or a value. */
  protected expressionAt(from: number, to: number): Expr | undefined {
    const first = this.tok(from)!;
    if (first.kind === 'ident' && ['my', 'our', 'local', 'state'].includes(first.text)) return this.declaration(from, to);
    // Const::Fast and Readonly: `const our $BASE => '...';`, `Readonly my $X => '...';`.
    if (first.kind === 'ident' && /^(?:const|Readonly(?:::Scalar)?)$/.test(first.text) && ['my', 'our'].includes(this.tok(from + 1)?.text ?? '')) return this.declaration(from + 1, to);
    const p = this.parse(from, to, 0);
    let e = p.e;
    // Whatever follows a value we do not understand is still lowered for the calls in it.
    let j = p.next;
    while (j < to) {
      const more = this.parse(j, to, 0);
      j = Math.max(more.next, j + 1);
      if (e.kind === 'opaque') e = more.e;
    }
    return e;
  }

  private declaration(from: number, to: number): Expr | undefined {
    const fn = this.functionAt(from);
    let j = from + 1;
    const names: string[] = [];
    if (this.ts.is(j, 'open', '(')) {
      const close = this.ts.closer[j];
      for (let k = j + 1; k < close; k++) if (this.tok(k)!.kind === 'ident') names.push(this.tok(k)!.text);
      j = close + 1;
    } else if (this.tok(j)?.kind === 'ident') {
      names.push(this.tok(j)!.text);
      j++;
    }
    if (!this.ts.is(j, 'op', '=') && !this.ts.is(j, 'op', '=>')) return undefined;
    const valueFrom = j + 1;
    const value = this.tok(valueFrom);
    // Parameters: `my ($self, $x) = @_;`, `my $x = shift;`, `my $x = shift // 'default';`, `my %args = @_;`.
    if (fn && value?.text === '@_' && valueFrom + 1 >= to) {
      names.forEach((n) => this.param(fn, n));
      return undefined;
    }
    if (fn && names.length === 1 && value?.text === 'shift' && (valueFrom + 1 >= to || this.tok(valueFrom + 1)?.text === '@_' || FALLBACK.has(this.tok(valueFrom + 1)?.text ?? ''))) {
      const op = valueFrom + (this.tok(valueFrom + 1)?.text === '@_' ? 2 : 1);
      const fallback = op < to && FALLBACK.has(this.tok(op)!.text) ? this.expression(op + 1, to) : undefined;
      this.param(fn, names[0], fallback);
      return undefined;
    }
    if (names.length === 1) {
      const e = this.expression(valueFrom, to);
      if (e) this.define(this.nameOf(names[0], from), e, this.tok(to - 1)!.end);
      // `our $BASE` in `package Settings` is also `$Settings::BASE` to the rest of the file.
      const pkg = this.scope(from);
      if (e && this.tok(from)?.text === 'our' && pkg.kind === 'class' && pkg.name && names[0].startsWith('$') && !names[0].includes('::')) {
        this.b.def(`${pkg.name.replace(/::/g, '.')}.${names[0].slice(1)}`, this.b.expr({ kind: 'name', name: names[0].slice(1), start: e.start, end: e.start }, pkg), this.tok(to - 1)!.end, true);
      }
      return e;
    }
    // `my ($a, $b) = ('x', 'y');`
    if (this.ts.is(valueFrom, 'open', '(') && this.ts.closer[valueFrom] === to - 1) {
      const items = this.ranges(valueFrom + 1, to - 1).map(([a, z]) => this.expression(a, z));
      names.forEach((n, k) => items[k] && this.define(this.nameOf(n, from), items[k]!, this.tok(to - 1)!.end));
      return undefined;
    }
    this.expression(valueFrom, to);
    return undefined;
  }

  private functionAt(i: number): Scope | undefined {
    const s = this.scope(i);
    return s.kind === 'function' ? s : undefined;
  }

  private param(fn: Scope, raw: string, fallback?: Expr): void {
    let name = raw.replace(/^[$@%]/, '');
    if (fn.params.length === 0 && SELF_NAMES.has(name) && raw.startsWith('$')) {
      this.invocant.set(fn, name);
      name = 'self';
    }
    this.b.addParam(fn, name, fallback);
  }

  /** A variable's name in the lowered form: no sigil; the invocant is `self`. */
  private nameOf(raw: string, at: number): string {
    const name = raw.replace(/^[$@%]/, '').replace(/::/g, '.');
    for (let s: Scope | null = this.scope(at); s; s = s.parent) {
      const inv = this.invocant.get(s);
      if (inv !== undefined) return name === inv ? 'self' : name;
    }
    return name;
  }

  /** `name = value`; a hash constructor assigned to the invocant defines its fields. */
  private define(name: string, value: Expr, at: number): void {
    this.b.def(name, value, at);
    const pairs = this.hashes.get(value.id);
    if (pairs && name === 'self') for (const p of pairs) this.b.def(`self.${p.key}`, p.value, at);
  }

  /** Assignment level: `lhs = rhs`, `.=`, `||=`, `//=`. */
  private parse(from: number, to: number, depth: number): Parsed {
    const left = this.ternary(from, to, depth);
    const op = this.tok(left.next);
    if (left.next < to && op?.kind === 'op' && ['=', '.=', '||=', '//='].includes(op.text)) {
      const right = this.parse(left.next + 1, to, depth + 1);
      const name = this.assignable(left.e);
      if (name) {
        const at = this.tok(right.next - 1)?.end ?? right.e.end;
        if (op.text === '.=') this.b.assign(name, this.b.expr({ kind: 'concat', items: [this.b.expr({ kind: 'name', name, start: right.e.start, end: right.e.start }, right.e.scope), right.e], start: right.e.start, end: right.e.end }, right.e.scope), '=', at);
        else this.define(name, right.e, at);
      }
      return right;
    }
    return left;
  }

  /** The name an assignment's left side defines (`$x`, `$self->{base}`, `$h{k}`), if any. */
  private assignable(e: Expr): string | undefined {
    return e.kind === 'name' ? e.name : undefined;
  }

  private ternary(from: number, to: number, depth: number): Parsed {
    const c = this.fallback(from, to, depth);
    if (!this.ts.is(c.next, 'op', '?') || c.next >= to) return c;
    const a = this.parse(c.next + 1, to, depth + 1);
    if (!this.ts.is(a.next, 'op', ':')) return a;
    const z = this.parse(a.next + 1, to, depth + 1);
    // Either branch may be the URL: the resolver reads each (evaluate.ts, Evaluator.either).
    return { e: this.b.either([a.e, z.e], { start: c.e.start, end: z.e.end }, c.e.scope)!, next: z.next };
  }

  /** `$x || 'default'`, `$ENV{X} // '...'`: the value with its default. */
  private fallback(from: number, to: number, depth: number): Parsed {
    let left = this.binary(from, to, depth);
    while (left.next < to && FALLBACK.has(this.tok(left.next)?.text ?? '') && this.tok(left.next)!.kind === 'op') {
      const right = this.binary(left.next + 1, to, depth + 1);
      const l = left.e;
      const e =
        l.kind === 'name' || l.kind === 'env'
          ? this.b.expr({ kind: 'env', name: l.name, fallback: right.e, start: l.start, end: right.e.end }, l.scope)
          : l.kind === 'opaque' || l.kind === 'call'
            ? right.e
            : l;
      left = { e, next: right.next };
    }
    return left;
  }

  /** Other binary operators: both sides lowered, the result not followed. */
  private binary(from: number, to: number, depth: number): Parsed {
    let left = this.concat(from, to, depth);
    while (left.next < to && OTHER_BINARY.has(this.tok(left.next)?.text ?? '') && this.tok(left.next)!.kind !== 'str') left = this.opaqueAfter(left, from, to, depth, (a, z, d) => this.concat(a, z, d));
    return left;
  }

  private concat(from: number, to: number, depth: number): Parsed {
    return this.joined(from, to, depth, '.', (a, z, d) => this.unary(a, z, d));
  }

  private unary(from: number, to: number, depth: number): Parsed {
    const t = this.tok(from);
    if (t && (t.kind === 'op' && ['!', '-', '\\', '+'].includes(t.text) || (t.kind === 'ident' && t.text === 'not'))) return this.prefixed(from, to, depth, (a, z, d) => this.unary(a, z, d));
    return this.postfix(from, to, depth);
  }

  private postfix(from: number, to: number, depth: number): Parsed {
    let { e, next } = this.primary(from, to, depth);
    for (let guard = 0; next < to && guard < 64; guard++) {
      const t = this.tok(next)!;
      const arrow = t.kind === 'op' && t.text === '->';
      const at = arrow ? next + 1 : next;
      const u = this.tok(at);
      if (!u || at >= to) break;
      // `->{key}`, `{key}` right after a variable, `->[i]`, `[i]`.
      if (u.kind === 'open' && (u.text === '{' || u.text === '[') && (arrow || e.kind === 'name')) {
        const close = this.ts.closer[at];
        const key = this.subscript(at, close);
        if (e.kind === 'name' && e.name === 'ENV' && key) e = this.b.expr({ kind: 'env', name: key, start: e.start, end: this.endOf(close) }, e.scope);
        else if (e.kind === 'name' && key) e = this.b.expr({ kind: 'name', name: `${e.name}.${key}`, start: e.start, end: this.endOf(close) }, e.scope);
        else e = this.b.opaque(this.text.slice(e.start, this.endOf(close)), { start: e.start, end: this.endOf(close) }, e.scope);
        next = close + 1;
        continue;
      }
      if (arrow && u.kind === 'ident') {
        // `->method(args)` or `->method`.
        const receiver = e;
        const name = u.text.replace(/^SUPER::/, '');
        let argsEnd = at + 1;
        let args: Expr[] = [];
        if (this.ts.is(at + 1, 'open', '(')) {
          const close = this.ts.closer[at + 1];
          args = this.args(at + 2, close);
          argsEnd = close + 1;
        }
        const receiverName = receiver.kind === 'name' ? receiver.name : receiver.kind === 'opaque' && /^[A-Z][\w:]*$/.test(receiver.text) ? receiver.text.replace(/::/g, '.') : undefined;
        // `Class->new(...)` is a call named after the class; `__PACKAGE__->NAME` a constant.
        const cls = receiver.kind === 'opaque' && /^[A-Z_][\w:]*$/.test(receiver.text) ? receiver.text.split('::').pop()! : undefined;
        if (cls && name === 'new' && receiver.kind === 'opaque') {
          e = this.call(`${receiver.text.replace(/::/g, '.')}.new`, cls, undefined, args, this.span(from, argsEnd));
        } else if (receiver.kind === 'opaque' && (receiver.text === '__PACKAGE__' || cls) && this.constants.has(name) && args.length === 0) {
          e = this.b.expr({ kind: 'name', name, ...this.span(at, at + 1) }, this.scope(at));
        } else {
          e = this.call(receiverName ? `${receiverName}.${name}` : `${name}`, name, receiver, args, this.span(from, argsEnd));
        }
        next = argsEnd;
        continue;
      }
      if (arrow && u.kind === 'open' && u.text === '(') {
        const close = this.ts.closer[at];
        this.args(at + 1, close);
        e = this.b.opaque(this.text.slice(e.start, this.endOf(close)), { start: e.start, end: this.endOf(close) }, e.scope);
        next = close + 1;
        continue;
      }
      break;
    }
    return { e, next };
  }

  /** The key of `{key}` / `{'key'}` / `[0]`, when it is a constant. */
  private subscript(open: number, close: number): string | undefined {
    if (close !== open + 2) {
      if (close > open + 1) this.list(open + 1, close);
      return undefined;
    }
    const t = this.tok(open + 1)!;
    if (t.kind === 'ident' && /^-?\w+$/.test(t.text)) return t.text.replace(/^-/, '');
    if (t.kind === 'num') return t.text;
    if (t.kind === 'str' && t.str && t.str.parts.every((p) => 'text' in p)) return t.str.parts.map((p) => ('text' in p ? p.text : '')).join('');
    return undefined;
  }

  private call(callee: string, name: string, receiver: Expr | undefined, args: Expr[], span: { start: number; end: number }): Expr {
    // One hash reference of options (`REST::Client->new({ host => $u })`): its pairs are the keywords.
    const hash = args.length === 1 ? this.hashes.get(args[0].id) : undefined;
    const keywords = this.keywordsOf.get(args) ?? new Map(hash?.map((pair) => [pair.key, pair.value]));
    const init: Omit<Call, 'result' | 'scope'> = { callee, name, receiver, args, keywords, ...span };
    // `return bless { host => '...' }, $class;`: the blessed hash's pairs are the fields of `self`.
    const blessed = name === 'bless' && args[0] ? this.hashes.get(args[0].id) : undefined;
    if (blessed) for (const p of blessed) this.b.def(`self.${p.key}`, p.value, span.end);
    return this.b.call(init, this.scope(this.indexAt(span.start)));
  }

  private indexAt(offset: number): number {
    // Scopes are found by offset; any token index at or after it will do for scopeAt.
    let lo = 0;
    let hi = this.ts.tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ts.tokens[mid].start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Arguments in order (`=>` separates as `,` does, so `HTTP::Request->new(POST => $url)` has
   * the URL second); a `name => value` pair also passes `value` as the keyword `name`
   * (`->request(method => $m, url => $u)`).
   */
  private args(from: number, to: number): Expr[] {
    const ranges = this.ranges(from, to);
    const args = ranges.map(([a, z]) => this.expression(a, z) ?? this.b.opaque('', this.span(a, z), this.scope(a)));
    const keywords = new Map<string, Expr>();
    ranges.forEach(([a, z], k) => {
      const key = this.tok(a);
      if (z !== a + 1 || !this.ts.is(z, 'op', '=>') || !args[k + 1] || !key) return;
      const name = key.kind === 'ident' && /^-?\w+$/.test(key.text) ? key.text.replace(/^-/, '') : key.kind === 'str' ? literalOf(args[k]) : null;
      // `POST => $url` names the method, not a parameter: the URL stays a positional argument.
      if (name && !/^[A-Z]+$/.test(name)) keywords.set(name, args[k + 1]);
    });
    if (keywords.size > 0) this.keywordsOf.set(args, keywords);
    return args;
  }

  private primary(from: number, to: number, depth: number): Parsed {
    const end = this.exhausted(from, to, depth);
    if (end) return end;
    const t = this.tok(from)!;
    const scope = this.scope(from);
    switch (t.kind) {
      case 'str':
        return { e: this.string(t, scope), next: from + 1 };
      case 'num':
        return { e: this.b.opaque(t.text, t, scope), next: from + 1 };
      case 'open': {
        const close = this.ts.closer[from];
        const end = this.endOf(close);
        if (t.text === '(') return { e: this.grouped(from, close, this.ranges(from + 1, close).map(([a, z]) => this.expression(a, z))), next: close + 1 };
        if (t.text === '{') {
          const pairs = this.pairs(from + 1, close);
          const e = this.b.opaque('{...}', { start: t.start, end }, scope);
          this.hashes.set(e.id, pairs);
          return { e, next: close + 1 };
        }
        this.args(from + 1, close);
        return { e: this.b.opaque('[...]', { start: t.start, end }, scope), next: close + 1 };
      }
      case 'ident':
        return this.word(from, to);
      default:
        return { e: this.b.opaque(t.text, t, scope), next: from + 1 };
    }
  }

  private word(from: number, to: number): Parsed {
    const t = this.tok(from)!;
    const scope = this.scope(from);
    if (/^[$@%]/.test(t.text)) {
      // `$Settings::BASE`: a package's variable, one name (`Settings.BASE`), as `our` defines it.
      let j = from + 1;
      let raw = t.text;
      while (this.ts.is(j, 'op', '::') && this.tok(j + 1)?.kind === 'ident' && this.tok(j)!.start === this.tok(j - 1)!.end && this.tok(j + 1)!.start === this.tok(j)!.end) {
        raw += `::${this.tok(j + 1)!.text}`;
        j += 2;
      }
      const name = this.nameOf(raw, from);
      return { e: this.b.expr({ kind: 'name', name, start: t.start, end: this.tok(j - 1)!.end }, scope), next: j };
    }
    if (t.text === 'sub' && this.ts.is(from + 1, 'open', '{')) return this.anonymousSub(from);
    // `Foo::Bar::baz`: one dotted name.
    let j = from + 1;
    const parts = [t.text];
    while (this.ts.is(j, 'op', '::') && this.tok(j + 1)?.kind === 'ident') {
      parts.push(this.tok(j + 1)!.text);
      j += 2;
    }
    const word = parts.join('::');
    const end = this.tok(j - 1)!.end;
    // `key => ...`: the fat comma quotes a bareword.
    if (this.ts.is(j, 'op', '=>')) return { e: this.b.str([{ text: word, start: t.start, end }], { start: t.start, end }, scope), next: j };
    if (this.ts.is(j, 'op', '->')) return { e: this.b.opaque(word, { start: t.start, end }, scope), next: j };
    const callName = parts[parts.length - 1];
    if (this.ts.is(j, 'open', '(')) {
      const close = this.ts.closer[j];
      if (this.constants.has(word) && close === j + 1) return { e: this.b.expr({ kind: 'name', name: word, start: t.start, end }, scope), next: close + 1 };
      return { e: this.builtin(word, callName, this.args(j + 1, close), this.span(from, close + 1)), next: close + 1 };
    }
    if (this.constants.has(word)) return { e: this.b.expr({ kind: 'name', name: word, start: t.start, end }, scope), next: j };
    if (word === 'shift' || word === 'qw' || WORD_OPS.has(word)) {
      if (word === 'qw' && this.tok(j)?.kind === 'open') return { e: this.b.opaque('qw', this.span(from, this.ts.closer[j] + 1), scope), next: this.ts.closer[j] + 1 };
      return { e: this.b.opaque(word, { start: t.start, end }, scope), next: word === 'shift' && this.tok(j)?.text === '@_' ? j + 1 : j };
    }
    // A call without parentheses (`get $url`, `sprintf "...", $a`, `HEAD $url`): to the end of the list.
    const n = this.tok(j);
    if (j < to && n && (n.kind === 'str' || n.kind === 'num' || (n.kind === 'ident' && !WORD_OPS.has(n.text)) || (n.kind === 'open' && (n.text !== '{' || word === 'bless')) || n.text === '\\')) {
      let stop = j;
      for (; stop < to; stop++) {
        const s = this.tok(stop)!;
        if (s.kind === 'open') stop = this.ts.closer[stop];
        else if (s.kind === 'close' || (s.kind === 'ident' && MODIFIERS.has(s.text)) || (s.kind === 'op' && [';', '?', ':', '||', '//', '&&'].includes(s.text))) break;
      }
      return { e: this.builtin(word, callName, this.args(j, stop), this.span(from, stop)), next: stop };
    }
    if (/^[A-Z][A-Z0-9_]*$/.test(word) || word.includes('::')) return { e: this.b.expr({ kind: 'name', name: word.replace(/::/g, '.'), start: t.start, end }, scope), next: j };
    return { e: this.builtin(word, callName, [], { start: t.start, end }), next: j };
  }

  /** `sprintf(fmt, ...)` and `join(sep, ...)` build strings; any other name is a call. */
  private builtin(word: string, name: string, args: Expr[], span: { start: number; end: number }): Expr {
    const scope = this.b.scopeAt(span.start);
    if (word === 'sprintf' && args.length > 0) return this.b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: new Map(), ...span }, scope);
    if (word === 'join' && args.length > 1) {
      const sep = args[0].kind === 'str' && args[0].parts.every((p) => 'text' in p) ? args[0].parts.map((p) => ('text' in p ? p.text : '')).join('') : undefined;
      if (sep !== undefined) return this.b.expr({ kind: 'join', style: 'sep', items: args.slice(1), sep, ...span }, scope);
    }
    return this.call(word.replace(/::/g, '.'), name, undefined, args, span);
  }

  /** A string literal with its splices lowered as expressions. */
  private string(t: Token, scope: Scope): Expr {
    const body = t.str!;
    const parts: StrPart[] = body.parts.map((p) => ('text' in p ? { text: p.text, start: p.start, end: p.end } : { expr: this.splice(p.start, p.end, scope) }));
    return this.b.str(parts, { start: body.contentStart, end: body.contentEnd }, scope);
  }

  /** `$x`, `$h->{k}`, `${x}`, `@{[ expr ]}` inside a string. */
  private splice(start: number, end: number, scope: Scope): Expr {
    const raw = this.text.slice(start, end);
    const inner = raw.startsWith('@{[') ? { from: start + 3, to: end - 2 } : raw.startsWith('${') ? { from: start + 2, to: end - 1 } : { from: start, to: end };
    let src = this.text.slice(inner.from, inner.to);
    // `${name}` is the variable `$name`.
    const bare = raw.startsWith('${') && /^\s*\w+\s*$/.test(src);
    if (bare) return this.b.expr({ kind: 'name', name: this.nameOf(src.trim(), this.indexAt(start)), start, end }, scope);
    if (raw.startsWith('${')) src = this.text.slice(inner.from, inner.to);
    const sub = new TokenStream(src, perlSpec, inner.from);
    if (sub.tokens.length === 0) return this.b.opaque(raw, { start, end }, scope);
    const nested = new PerlLowering(this.b, sub, this.text);
    for (const [k, v] of this.invocant) nested.invocant.set(k, v);
    for (const c of this.constants) nested.constants.add(c);
    return nested.expression(0, sub.tokens.length) ?? this.b.opaque(raw, { start, end }, scope);
  }
}
