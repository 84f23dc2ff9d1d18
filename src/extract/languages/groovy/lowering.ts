import { groovySpec } from './spec.js';
import type { Token } from '../../langs/tokenize.js';
import { LowerBuilder, MAX_EXPR_DEPTH, literalOf } from '../../lower/builder.js';
import type { Def, Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TokenStream } from '../../lower/tokens.js';
import { TokenDescent, type Parsed } from '../../lower/token-descent.js';

/**
 * Groovy (Jenkinsfiles, Gradle scripts, Jenkins shared-library steps) into the lowered form.
 * No Groovy grammar ships as WebAssembly, so this walks the shared tokenizer's tokens with a
 * small descent that knows what matters for string values, as the Perl lowering does:
 *
 * - strings in all their quotes; GString splices `"${x}"`, `"$x"`, `"$env.X"` (never in
 *   single-quoted strings); `+`; the elvis `?:` as a default;
 * - `def`/typed declarations, plain assignments, `env.X = ...` and the declarative
 *   `environment { X = '...' }` block (both define the environment variable `X`, read as `X`
 *   and `env.X`, in Groovy and in `sh` scripts);
 * - methods (`def name(String a, b = 'x') { ... }`) with their parameters and defaults, bound
 *   to this file's call sites; returns; closures with parameters (`{ u -> ... }`) as functions,
 *   DSL blocks without (`pipeline { stages { ... } }`) as plain blocks;
 * - calls with and without parentheses (`sh 'make'`, `httpRequest url: u, httpMode: 'POST'`),
 *   named arguments as keywords, trailing closures, `new URL(u)` as the URL itself, property
 *   reads that fetch (`u.toURL().text`) as calls on the URL;
 * - maps (`[url: u, httpMode: 'POST']`) as objects.
 *
 * The script of a Jenkins `sh`/`bat`/`powershell` step is not a Groovy string value: it is
 * returned apart (`scripts`) for the shell lowering, and its argument is opaque here.
 */

/** Jenkins steps that run their argument as a script, and the lowering that reads it. */
const SCRIPT_STEPS: Readonly<Record<string, 'shell' | 'powershell'>> = { sh: 'shell', bat: 'shell', powershell: 'powershell', pwsh: 'powershell' };
/** Methods on a string that give the same string (`"""...""".stripIndent()`). */
const SAME_STRING = /^(?:stripIndent|stripMargin|trim|toString)$/;
/** Property reads on a URL that fetch it (`url.toURL().text`, `u.bytes`): calls, for the method resolver. */
const FETCHING_PROPERTIES = /^(?:text|bytes|inputStream)$/;
const CONTROL = new Set(['if', 'while', 'for', 'switch', 'catch', 'synchronized', 'when']);
const SKIPPED = new Set(['else', 'try', 'finally', 'do', 'default']);
const KEYWORD_VALUES = new Set(['true', 'false', 'null', 'super']);
/** Words that never start a parenless call's arguments. */
const NOT_ARGUMENT = new Set(['in', 'instanceof', 'as', 'else', 'catch', 'finally']);
const OTHER_BINARY = new Set(['==', '!=', '<=', '>=', '<', '>', '-', '*', '/', '%', '**', '=~', '&&', '||', '..', '&', '|', '^', '<<', '>>', '<=>', '!']);
const DECLARATION_WORDS = new Set(['def', 'final', 'static', 'private', 'public', 'protected', 'var', 'transient', 'volatile', 'synchronized', 'abstract']);

/** A script a Jenkins step runs: its literal token, the lowering that reads it, and where the step is. */
export interface StepScript {
  token: Token;
  language: 'shell' | 'powershell';
  /** The Groovy string splices keep their meaning only in double-quoted scripts. */
  interpolates: boolean;
  at: number;
}

export interface LoweredGroovy {
  lowered: Lowered;
  scripts: StepScript[];
  /** Environment variables the file sets (`environment { X = ... }`, `env.X = ...`), in order. */
  environment: Def[];
}

export function lowerGroovy(text: string): LoweredGroovy {
  const b = new LowerBuilder('groovy', text);
  // A shebang line (`#!/usr/bin/env groovy`) is a comment; blanked, the offsets stay.
  const shebang = text.startsWith('#!') ? text.indexOf('\n') : -1;
  const code = text.startsWith('#!') ? ' '.repeat(shebang === -1 ? text.length : shebang) + (shebang === -1 ? '' : text.slice(shebang)) : text;
  const ts = new TokenStream(code, groovySpec);
  for (const c of ts.comments) b.comment(c);
  const lowering = new GroovyLowering(b, ts, text);
  lowering.statements(0, ts.tokens.length);
  b.out.comments.sort((x, y) => x.start - y.start);
  return { lowered: b.out, scripts: lowering.scripts, environment: lowering.environment };
}

class GroovyLowering extends TokenDescent {
  readonly scripts: StepScript[] = [];
  readonly environment: Def[] = [];
  /** The token each string expression was lowered from (a step's script may be held in a variable). */
  private readonly literals = new WeakMap<Expr, Token>();
  /** The items of each list literal (`[a, b]`), for a `join` called on it. */
  private readonly lists = new WeakMap<Expr, Expr[]>();
  /** Inside an `environment { ... }` block: its assignments set environment variables. */
  private inEnvironment = 0;

  private is(i: number, kind: Token['kind'], text?: string): boolean {
    return this.ts.is(i, kind, text);
  }

  protected override continues(j: number): boolean {
    const t = this.tok(j)!;
    const prev = this.tok(j - 1);
    if (t.kind === 'op' && ['.', '?.', '?', ':', '&&', '||', '*.'].includes(t.text)) return true;
    return prev !== undefined && prev.kind === 'op' && !['++', '--', ';'].includes(prev.text);
  }

  protected override statement(i: number, limit: number): number {
    const t = this.tok(i)!;
    if (t.kind === 'close' || (t.kind === 'open' && t.text === '{') || (t.kind === 'op' && t.text === ';')) return i + 1;
    // An annotation (`@Library('lib') _`, `@Field`): its arguments are no values we follow.
    if (t.kind === 'op' && t.text === '@') {
      let j = i + 1;
      while (this.tok(j)?.kind === 'ident' || this.is(j, 'op', '.')) j++;
      return this.is(j, 'open', '(') ? this.ts.closer[j] + 1 : j;
    }
    const end = this.statementEnd(i, limit);
    if (t.kind === 'ident') {
      if (t.text === 'import' || t.text === 'package') return end;
      if (SKIPPED.has(t.text)) return i + 1;
      if (t.text === 'return') {
        const e = this.expression(i + 1, end);
        if (e) this.b.ret(e);
        return end;
      }
      if (t.text === 'case') {
        let j = i + 1;
        while (j < end && !this.is(j, 'op', ':')) j++;
        return j + 1;
      }
      if (CONTROL.has(t.text) && this.is(i + 1, 'open', '(')) {
        const close = this.ts.closer[i + 1];
        this.expression(i + 2, close);
        return close + 1;
      }
      const type = this.typeDeclaration(i, limit);
      if (type !== undefined) return type;
      const method = this.method(i, limit);
      if (method !== undefined) return method;
    }
    this.assignmentOrExpression(i, end);
    return end;
  }

  /** `class Name ... {`: a class scope, its body walked as statements. */
  private typeDeclaration(i: number, limit: number): number | undefined {
    let j = i;
    while (DECLARATION_WORDS.has(this.tok(j)?.text ?? '')) j++;
    if (!['class', 'interface', 'enum', 'trait'].includes(this.tok(j)?.text ?? '') || this.tok(j + 1)?.kind !== 'ident') return undefined;
    let open = j + 2;
    while (open < limit && !this.is(open, 'open', '{')) open = this.is(open, 'open') ? this.ts.closer[open] + 1 : open + 1;
    if (open >= limit) return limit;
    this.b.openScope('class', this.tok(j + 1)!.text, this.span(i, this.ts.closer[open] + 1));
    return open + 1;
  }

  /**
   * `[modifiers] (def|Type) name(params) [throws X] {`: a function scope with its parameters
   * (a default is the parameter's value when a call leaves it out); the body is walked by the
   * statement loop, the scope closes where the body does.
   */
  private method(i: number, limit: number): number | undefined {
    let j = i;
    let words = 0;
    for (; j < limit; j++) {
      const t = this.tok(j)!;
      if (t.kind === 'ident') {
        if (this.is(j + 1, 'open', '(')) break;
        words++;
      } else if (!(t.kind === 'op' && ['<', '>', ',', '?', '.', '>>'].includes(t.text)) && !(t.kind === 'open' && t.text === '[') && !(t.kind === 'close' && t.text === ']')) return undefined;
    }
    const name = this.tok(j);
    // A constructor (`Hub() { this.host = ... }`) has no type before its name: the class's own.
    const enclosing = name ? this.b.scopeAt(name.start) : undefined;
    const constructor = words === 0 && enclosing?.kind === 'class' && enclosing.name === name?.text;
    if ((words === 0 && !constructor) || !name || CONTROL.has(name.text) || ['new', 'return'].includes(this.tok(i)!.text)) return undefined;
    const close = this.ts.closer[j + 1];
    let body = close + 1;
    if (this.tok(body)?.text === 'throws') while (body < limit && !this.is(body, 'open', '{')) body++;
    if (!this.is(body, 'open', '{')) return undefined;
    const fn = this.b.openScope('function', name.text, this.span(i, this.ts.closer[body] + 1));
    for (const [a, z] of this.ranges(j + 2, close)) {
      const eq = this.find(a, z, '=');
      const last = eq === -1 ? z - 1 : eq - 1;
      const p = this.tok(last);
      if (p?.kind !== 'ident') continue;
      this.b.addParam(fn, p.text, eq === -1 ? undefined : this.expression(eq + 1, z));
    }
    return body + 1;
  }

  /** `def x = v`, `String x = v`, `x = v`, `env.X = v`, `x += v`, or an expression. */
  private assignmentOrExpression(from: number, to: number): void {
    let eq = -1;
    for (let j = from; j < to; j++) {
      const t = this.ts.tokens[j];
      if (t.kind === 'open') j = this.ts.closer[j];
      else if (t.kind === 'op' && (t.text === '=' || t.text === '+=')) {
        eq = j;
        break;
      } else if (t.kind === 'op' && !['.', '?.', '<', '>', ',', '?'].includes(t.text)) break;
    }
    const name = eq > from ? this.target(from, eq) : undefined;
    if (name === undefined) {
      this.expression(from, to);
      return;
    }
    const value = this.expression(eq + 1, to);
    if (!value) return;
    const at = this.endOf(to - 1);
    const op = this.tok(eq)!.text;
    const env = /^env\.(\w+)$/.exec(name)?.[1] ?? (this.inEnvironment > 0 && /^\w+$/.test(name) ? name : undefined);
    if (env === undefined) this.b.assign(name, value, op, at);
    else this.defineEnvironment(env, value, op, at);
  }

  /**
   * An environment variable belongs to the whole run, whichever block sets it: defined at
   * module level (through a one-item concatenation when the value was lowered in a function),
   * read as `X` and `env.X`.
   */
  private defineEnvironment(name: string, value: Expr, op: string, at: number): void {
    const module = this.b.out.module;
    const global = value.scope === module ? value : this.b.expr({ kind: 'concat', items: [value], start: value.start, end: value.end }, module);
    this.b.assign(name, global, op, at);
    const def = this.b.out.defs[this.b.out.defs.length - 1];
    if (def?.name === name) {
      this.b.out.defs.push({ ...def, name: `env.${name}` });
      this.environment.push(def);
    }
  }

  /**
   * `withEnv(['HUB=https://...', "IMAGE=${name}"]) { ... }`: each `NAME=value` item sets an
   * environment variable (for the whole file: the block it scopes is where the steps that read
   * it stand). Returns the list as an opaque argument, or undefined when it is no such list.
   */
  private withEnv(from: number, to: number): Expr | undefined {
    if (!this.is(from, 'open', '[') || this.ts.closer[from] !== to - 1) return undefined;
    for (const [a, z] of this.ranges(from + 1, to - 1)) {
      const t = this.tok(a)!;
      const first = t.str?.parts[0];
      const m = first && 'text' in first ? /^(\w+)=/.exec(first.text) : null;
      if (z !== a + 1 || !m || this.text.slice(first!.start, first!.start + m[0].length) !== m[0]) {
        this.expression(a, z);
        continue;
      }
      const value = this.string(t, this.scope(a));
      if (value.kind !== 'str') continue;
      const head = value.parts[0] as { text: string; start: number; end: number };
      value.parts[0] = { text: head.text.slice(m[0].length), start: head.start + m[0].length, end: head.end };
      value.start = head.start + m[0].length;
      this.defineEnvironment(m[1], value, '=', value.end);
    }
    return this.b.opaque('[...]', this.span(from, to), this.scope(from));
  }

  /** The name an assignment's left side [from, eq) defines: `x`, `Type x`, `a.b`, `this.x`. */
  private target(from: number, eq: number): string | undefined {
    const last = this.tok(eq - 1)!;
    if (last.kind !== 'ident') return undefined;
    // A dotted name: `env.X`, `this.base`, `config.url`.
    const dotted: string[] = [last.text];
    let j = eq - 2;
    while (j >= from && this.is(j, 'op', '.') && this.tok(j - 1)?.kind === 'ident') {
      dotted.unshift(this.tok(j - 1)!.text);
      j -= 2;
    }
    if (j < from) return dotted.join('.');
    // A declaration: modifiers and a type (generics included) before the name.
    for (let k = from; k < eq - 1; k++) {
      const t = this.tok(k)!;
      if (!(t.kind === 'ident' || (t.kind === 'op' && ['<', '>', ',', '?', '.', '>>'].includes(t.text)) || t.text === '[' || t.text === ']')) return undefined;
    }
    return last.text;
  }

  protected expressionAt(from: number, to: number): Expr {
    return this.valueThenRest(from, to, (a, z, depth) => this.ternary(a, z, depth));
  }

  private ternary(from: number, to: number, depth: number): Parsed {
    const c = this.binary(from, to, depth);
    if (c.next >= to || !this.is(c.next, 'op', '?')) return c;
    // `a ?: b`: a, or the default b.
    if (this.is(c.next + 1, 'op', ':')) {
      const d = this.ternary(c.next + 2, to, depth + 1);
      const l = c.e;
      const e = l.kind === 'name' ? this.b.expr({ kind: 'env', name: l.name, fallback: d.e, start: l.start, end: d.e.end }, l.scope) : l.kind === 'opaque' || l.kind === 'call' ? d.e : l;
      return { e, next: d.next };
    }
    return this.eitherAfter(c, to, depth, (x, y, d) => this.ternary(x, y, d));
  }

  private binary(from: number, to: number, depth: number): Parsed {
    let left = this.concat(from, to, depth);
    while (left.next < to) {
      const t = this.tok(left.next)!;
      if (t.kind === 'ident' && t.text === 'as') {
        // `x as String`: the value itself.
        let j = left.next + 1;
        while (j < to && (this.tok(j)?.kind === 'ident' || this.is(j, 'op', '.'))) j++;
        left = { e: left.e, next: j };
        continue;
      }
      if (!((t.kind === 'op' && OTHER_BINARY.has(t.text)) || (t.kind === 'ident' && (t.text === 'in' || t.text === 'instanceof')))) break;
      left = this.opaqueAfter(left, from, to, depth, (a, z, d) => this.concat(a, z, d));
    }
    return left;
  }

  private concat(from: number, to: number, depth: number): Parsed {
    return this.joined(from, to, depth, '+', (a, z, d) => this.unary(a, z, d));
  }

  private unary(from: number, to: number, depth: number): Parsed {
    const t = this.tok(from);
    if (t?.kind === 'op' && ['!', '-', '~', '++', '--', '+'].includes(t.text) && depth < MAX_EXPR_DEPTH) return this.prefixed(from, to, depth, (a, z, d) => this.unary(a, z, d));
    return this.postfix(from, to, depth);
  }

  private postfix(from: number, to: number, depth: number): Parsed {
    let { e, next } = this.primary(from, to, depth);
    while (next < to) {
      const t = this.tok(next)!;
      if (t.kind === 'op' && ['.', '?.', '*.'].includes(t.text) || (t.kind === 'op' && t.text === '*' && this.is(next + 1, 'op', '.'))) {
        const at = t.text === '*' ? next + 2 : next + 1;
        const u = this.tok(at);
        if (!u || at >= to || u.kind !== 'ident') break;
        if (this.is(at + 1, 'open', '(') || (this.is(at + 1, 'open', '{') && !this.tok(at + 1)!.nl)) {
          ({ e, next } = this.callAt(u.text, e, at, to));
          continue;
        }
        // `script.httpRequest url: u, httpMode: 'POST'`, `steps.sh 'make'`: a command on a receiver.
        const n = this.tok(at + 1);
        if (at + 1 < to && n && !n.nl && (n.kind === 'str' || (n.kind === 'ident' && this.is(at + 2, 'op', ':')))) {
          const stop = this.commandEnd(at + 1, to);
          e = this.call(`${e.kind === 'name' ? `${e.name}.` : ''}${u.text}`, u.text, e, at + 1, stop, { start: e.start, end: this.endOf(stop - 1) });
          next = stop;
          continue;
        }
        next = at + 1;
        // `this.host` stays the field's name: a parameter `host` does not hide it.
        if (e.kind === 'name' && !FETCHING_PROPERTIES.test(u.text)) e = this.b.expr({ kind: 'name', name: `${e.name}.${u.text}`, start: e.start, end: u.end }, e.scope);
        else e = this.b.call({ callee: `${e.kind === 'name' ? `${e.name}.` : ''}${u.text}`, name: u.text, receiver: e, args: [], keywords: new Map(), start: e.start, end: u.end }, this.scope(from));
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

  private primary(from: number, to: number, depth: number): Parsed {
    const end = this.exhausted(from, to, depth);
    if (end) return end;
    const t = this.tok(from)!;
    if (t.kind === 'ident') return this.word(from, to);
    if (t.kind === 'str') return { e: this.string(t, this.scope(from)), next: from + 1 };
    if (t.kind !== 'open') return { e: this.b.opaque(t.text, { start: t.start, end: t.end }, this.scope(from)), next: from + 1 };
    const close = this.ts.closer[from];
    if (t.text === '{') return { e: this.closure(from), next: close + 1 };
    if (t.text === '[') return { e: this.listOrMap(from, close), next: close + 1 };
    return { e: this.grouped(from, close, this.ranges(from + 1, close).map(([a, z]) => this.expression(a, z))), next: close + 1 };
  }

  /** `[a, b]` (its items lowered, the list opaque) or `[key: value, ...]` (an object). */
  private listOrMap(open: number, close: number): Expr {
    const scope = this.scope(open);
    const span = { start: this.tok(open)!.start, end: this.endOf(close) };
    const items = this.ranges(open + 1, close);
    const isMap = (close === open + 2 && this.is(open + 1, 'op', ':')) || items.some(([a]) => this.is(a + 1, 'op', ':'));
    if (!isMap) {
      const values = items.map(([a, z]) => this.expression(a, z) ?? this.b.opaque('', this.span(a, z), scope));
      const list = this.b.opaque('[...]', span, scope);
      this.lists.set(list, values);
      return list;
    }
    const fields = new Map<string, Expr>();
    for (const [a, z] of items) {
      const key = this.keyAt(a);
      const value = this.expression(a + 2, z);
      if (key !== undefined && value && this.is(a + 1, 'op', ':')) fields.set(key, value);
    }
    return this.b.expr({ kind: 'object', fields, spreads: [], ...span }, scope);
  }

  /** The key of `key: value` at `a` (a bare word or a plain string). */
  private keyAt(a: number): string | undefined {
    const k = this.tok(a);
    if (k?.kind === 'ident') return k.text;
    if (k?.kind === 'str' && k.str?.parts.every((p) => 'text' in p)) return k.str.parts.map((p) => ('text' in p ? p.text : '')).join('');
    return undefined;
  }

  /**
   * A closure. With parameters (`{ u -> ... }`) it is a function; without, a DSL block
   * (`steps { ... }`, `script { ... }`), whose statements belong to the code around it.
   */
  private closure(open: number): Expr {
    const close = this.ts.closer[open];
    const scope = this.scope(open);
    const span = { start: this.tok(open)!.start, end: this.endOf(close) };
    let arrow = -1;
    for (let j = open + 1; j < close && (this.tok(j)!.kind === 'ident' || this.is(j, 'op', ',') || this.is(j, 'op', '->')); j++) {
      if (this.is(j, 'op', '->')) {
        arrow = j;
        break;
      }
    }
    let body = open + 1;
    if (arrow !== -1) {
      const fn = this.b.openScope('function', null, span);
      for (const [, z] of this.ranges(open + 1, arrow)) if (this.tok(z - 1)?.kind === 'ident') this.b.addParam(fn, this.tok(z - 1)!.text);
      body = arrow + 1;
    }
    this.statements(body, close);
    return this.b.opaque('{...}', span, scope);
  }

  private word(from: number, to: number): Parsed {
    const t = this.tok(from)!;
    const scope = this.scope(from);
    if (KEYWORD_VALUES.has(t.text)) return { e: this.b.opaque(t.text, { start: t.start, end: t.end }, scope), next: from + 1 };
    if (t.text === 'new') return this.construction(from, to);
    if (this.is(from + 1, 'open', '(') || (this.is(from + 1, 'open', '{') && !this.tok(from + 1)!.nl)) return this.callAt(t.text, undefined, from, to);
    const n = this.tok(from + 1);
    // A command expression: `sh 'make'`, `echo "..."`, `httpRequest url: u, httpMode: 'POST'`.
    if (from + 1 < to && n && !n.nl && (n.kind === 'str' || n.kind === 'num' || (n.kind === 'ident' && !NOT_ARGUMENT.has(n.text)) || (n.kind === 'open' && n.text === '[' && n.start > t.end))) {
      const stop = this.commandEnd(from + 1, to);
      return { e: this.call(t.text, t.text, undefined, from + 1, stop, this.span(from, stop)), next: stop };
    }
    return { e: this.b.expr({ kind: 'name', name: t.text, start: t.start, end: t.end }, scope), next: from + 1 };
  }

  /** Where the arguments of a call without parentheses end. */
  private commandEnd(from: number, to: number): number {
    let stop = from;
    for (; stop < to; stop++) {
      const s = this.tok(stop)!;
      if (s.kind === 'open') stop = this.ts.closer[stop];
      else if (s.kind === 'close' || (s.kind === 'op' && [';', '?', '&&', '||'].includes(s.text))) break;
    }
    return Math.min(stop, to);
  }

  /** `new Type(args)`: `new URL(u)` and `new URI(u)` are the URL itself; any other, a call named after the type. */
  private construction(from: number, to: number): Parsed {
    let j = from + 1;
    const parts: string[] = [];
    while (this.tok(j)?.kind === 'ident') {
      parts.push(this.tok(j)!.text);
      if (!this.is(j + 1, 'op', '.')) break;
      j += 2;
    }
    j++;
    // Generic arguments (`new HashMap<String, String>()`).
    if (this.is(j, 'op', '<')) while (j < to && !this.is(j, 'open', '(')) j++;
    const type = parts.join('.');
    const last = parts[parts.length - 1] ?? '';
    if (!this.is(j, 'open', '(')) return { e: this.b.opaque(`new ${type}`, this.span(from, j), this.scope(from)), next: j };
    const close = this.ts.closer[j];
    let next = close + 1;
    const e = this.call(`new ${type}`, last, undefined, j + 1, close, this.span(from, next));
    // An anonymous class body.
    if (this.is(next, 'open', '{')) {
      this.closure(next);
      next = this.ts.closer[next] + 1;
    }
    if (/^(?:URL|URI)$/.test(last) && e.kind === 'call' && e.call.args.length === 1 && e.call.keywords.size === 0) return { e: e.call.args[0], next };
    return { e, next };
  }

  /** `name(args)`, `name(args) { closure }`, `name { closure }` on a receiver or none, at token `at`. */
  private callAt(name: string, receiver: Expr | undefined, at: number, to: number): Parsed {
    let next = at + 1;
    let argsFrom = next;
    let argsTo = next;
    if (this.is(next, 'open', '(')) {
      argsFrom = next + 1;
      argsTo = this.ts.closer[next];
      next = argsTo + 1;
    }
    const callee = receiver?.kind === 'name' ? `${receiver.name}.${name}` : name;
    const start = receiver?.start ?? this.tok(at)!.start;
    // The trailing closure is lowered after the arguments, in source order.
    const closureAt = next < to && this.is(next, 'open', '{') && !this.tok(next)!.nl ? next : -1;
    const end = closureAt === -1 ? next : this.ts.closer[closureAt] + 1;
    if (receiver && SAME_STRING.test(name) && argsTo === argsFrom && closureAt === -1) return { e: receiver, next };
    const environment = name === 'environment' && !receiver && closureAt !== -1;
    if (environment) this.inEnvironment++;
    try {
      const e = this.call(callee, name, receiver, argsFrom, argsTo, { start, end: this.endOf(end - 1) }, closureAt);
      return { e, next: end };
    } finally {
      if (environment) this.inEnvironment--;
    }
  }

  /**
   * A call with the arguments in [from, to): `key: value` pairs are keywords, the others
   * positional, a trailing closure the last positional. The script of a Jenkins step is kept
   * apart for the shell lowering and is opaque here.
   */
  private call(callee: string, name: string, receiver: Expr | undefined, from: number, to: number, span: { start: number; end: number }, closureAt = -1): Expr {
    // The scope is taken before the arguments: a closure among them opens one of its own.
    const scope = this.b.scopeAt(span.start);
    const args: Expr[] = [];
    const keywords = new Map<string, Expr>();
    // A step called on the pipeline script from a class (`script.sh`, `steps.sh`) is the same step.
    const step = receiver === undefined || receiver.kind === 'name' ? SCRIPT_STEPS[name] : undefined;
    for (const [a, z] of this.ranges(from, to)) {
      const key = this.is(a + 1, 'op', ':') ? this.keyAt(a) : undefined;
      const valueFrom = key === undefined ? a : a + 2;
      const isScript = step !== undefined && (key === 'script' || (key === undefined && args.length === 0));
      const first = key === undefined && args.length === 0;
      const value =
        (isScript && this.script(valueFrom, z, step)) ||
        (first && name === 'withEnv' && !receiver && this.withEnv(valueFrom, z)) ||
        this.expression(valueFrom, z) ||
        this.b.opaque('', this.span(a, z), this.scope(a));
      if (key === undefined) args.push(value);
      else keywords.set(key, value);
    }
    if (closureAt !== -1) args.push(this.closure(closureAt));
    // String.format('%s/v2/repositories/%s', base, ns), or Groovy's own sprintf: printf-style.
    if ((/^(?:java\.lang\.)?String\.format$/.test(callee) || (callee === 'sprintf' && !receiver)) && args.length > 0 && keywords.size === 0) {
      const t = args[0].kind === 'str' || args.length === 1 ? 0 : 1;
      return this.b.expr({ kind: 'format', style: 'printf', template: args[t], args: args.slice(t + 1), named: new Map(), ...span }, scope);
    }
    // System.getenv().getOrDefault('HUB', 'https://...'): the variable with the default the code knows.
    const env = receiver?.kind === 'call' && receiver.call.callee === 'System.getenv' && receiver.call.args.length === 0;
    if (env && name === 'getOrDefault' && args.length === 2 && literalOf(args[0]) !== null) return this.b.expr({ kind: 'env', name: literalOf(args[0]) ?? '', fallback: args[1], ...span }, scope);
    // [base, 'v2/repositories', ns].join('/'): the list's items joined by the separator.
    const items = receiver && name === 'join' && args.length === 1 ? this.lists.get(receiver) : undefined;
    if (items && literalOf(args[0]) !== null) return this.b.expr({ kind: 'join', style: 'sep', sep: literalOf(args[0]) ?? '', items, ...span }, scope);
    return this.b.call({ callee, name, receiver, args, keywords, ...span }, scope);
  }

  /** A step's script written as one literal (`sh '''...'''`, `sh """...""".stripIndent()`): kept for the shell. */
  private script(from: number, to: number, language: 'shell' | 'powershell'): Expr | undefined {
    const t = this.tok(from);
    // `def cmd = "curl ..."; sh cmd`: the command written in a variable of this file is the script.
    if (t?.kind === 'ident' && to === from + 1) {
      const def = this.b.out.defs.filter((d) => d.name === t.text && d.at <= t.start).at(-1);
      const literal = def && this.literals.get(def.value);
      if (literal) this.scripts.push({ token: literal, language, interpolates: literal.str!.parts.some((p) => 'expr' in p) || /^"|^\$\//.test(literal.text), at: t.start });
      return undefined;
    }
    if (t?.kind !== 'str' || !t.str) return undefined;
    for (let j = from + 1; j < to; j += 3) if (!(this.is(j, 'op', '.') && SAME_STRING.test(this.tok(j + 1)?.text ?? '') && this.is(j + 2, 'open', '(') && this.ts.closer[j + 2] === j + 3)) return undefined;
    this.scripts.push({ token: t, language, interpolates: t.str.parts.some((p) => 'expr' in p) || /^"|^\$\//.test(t.text), at: t.start });
    return this.b.opaque('script', { start: t.start, end: t.end }, this.scope(from));
  }

  /** A string literal with its splices lowered as expressions. */
  private string(t: Token, scope: Scope): Expr {
    const body = t.str!;
    const parts: StrPart[] = body.parts.map((p) => ('text' in p ? { text: p.text, start: p.start, end: p.end } : { expr: this.splice(p.start, p.end, scope) }));
    const e = this.b.str(parts, { start: body.contentStart, end: body.contentEnd }, scope);
    this.literals.set(e, t);
    return e;
  }

  /** `$x`, `$a.b`, `${expr}` inside a GString. */
  private splice(start: number, end: number, scope: Scope): Expr {
    const braced = this.text.startsWith('${', start);
    const from = braced ? start + 2 : start + 1;
    const to = braced ? end - 1 : end;
    const sub = new TokenStream(this.text.slice(from, to), groovySpec, from);
    if (sub.tokens.length === 0) return this.b.opaque(this.text.slice(start, end), { start, end }, scope);
    const nested = new GroovyLowering(this.b, sub, this.text);
    nested.nesting = this.nesting;
    return nested.expression(0, sub.tokens.length) ?? this.b.opaque(this.text.slice(start, end), { start, end }, scope);
  }
}
