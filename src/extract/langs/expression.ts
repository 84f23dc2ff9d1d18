import { hole } from '../../core/hole.js';
import { braceFormat, pathJoin, printf, urlJoin } from './formats.js';
import { buildSource, dotted, isBracket, isMember, isOp, splitArgs, type Arg, type Source } from './source.js';
import type { BuilderKind } from './spec.js';

/** Where a name got its value: an assignment in this file. */
export interface Binding {
  name: string;
  /** The name's last segment (`base` for `self.base`), which is what lookups compare. */
  key: string;
  /** Token index of the assigned name, and of the first token of its value. */
  target: number;
  valueStart: number;
}

export interface NameLookup {
  /** The string value a name holds at token `at`, when it is known. */
  lookup(name: string, at: number): { text: string; binding?: Binding } | undefined;
}

/** A string value rebuilt from source, with the token range it came from. */
export interface Value {
  text: string;
  first: number;
  last: number;
  /** String literals that went in. */
  strings: number;
  /** Names whose value was substituted. */
  known: number;
  /** How many pieces were put together (1: a single literal or name). */
  pieces: number;
  used: Binding[];
}

/** The readable name of an unknown value: the last identifier, without sigils. */
export function holeNameOf(source: string): string {
  const words = source.match(/[A-Za-z_]\w*/g);
  return words ? words[words.length - 1] : 'value';
}

function combine(parts: Value[], text: string, first: number, last: number): Value {
  return {
    text,
    first,
    last,
    strings: parts.reduce((n, p) => n + p.strings, 0),
    known: parts.reduce((n, p) => n + p.known, 0),
    pieces: parts.reduce((n, p) => n + p.pieces, 0),
    used: parts.flatMap((p) => p.used),
  };
}

function unknown(text: string, first: number, last: number): Value {
  return { text: hole(holeNameOf(text)), first, last, strings: 0, known: 0, pieces: 1, used: [] };
}

/**
 * Evaluates string expressions over tokens: literals with their splices, concatenation,
 * format calls, joins, environment lookups and names with known values. Anything else is
 * not a string expression (null), so callers can tell a URL from other code.
 */
export class Parser {
  constructor(
    readonly src: Source,
    readonly names: NameLookup,
    /** Splices are parsed on their own; names in them resolve as at this token of the file. */
    private readonly anchor?: number,
  ) {}

  private get tokens() {
    return this.src.tokens;
  }

  expr(i: number): Value | null {
    let v = this.term(i);
    if (!v) return null;
    for (;;) {
      const op = this.tokens[v.last + 1];
      if (!isOp(op, ...this.src.spec.concatOps)) break;
      const right = this.term(v.last + 2);
      if (!right) break;
      v = combine([v, right], v.text + right.text, v.first, right.last);
    }
    return v;
  }

  term(i: number): Value | null {
    const t = this.tokens[i];
    if (!t) return null;
    let v: Value | null = null;
    if (t.kind === 'str') v = this.strings(i);
    else if (t.kind === 'num') v = { text: t.text, first: i, last: i, strings: 0, known: 0, pieces: 1, used: [] };
    else if (t.kind === 'open' && t.text === '(') {
      const inner = this.expr(i + 1);
      if (inner && inner.last + 1 === this.src.pair[i]) v = { ...inner, first: i, last: this.src.pair[i] };
    } else if (t.kind === 'ident') v = this.named(i);
    return v && this.postfix(v);
  }

  /** A literal, or several written side by side where the language joins them (`"a" "b"`). */
  private strings(i: number): Value {
    let v = this.literal(i);
    const { tokens, parent } = this.src;
    while (this.src.spec.adjacentConcat && tokens[v.last + 1]?.kind === 'str') {
      const next = v.last + 1;
      if (tokens[next].nl && parent[next] === -1) break;
      const right = this.literal(next);
      v = combine([v, right], v.text + right.text, v.first, next);
    }
    return v;
  }

  private literal(i: number): Value {
    const body = this.tokens[i].str;
    const parts = (body?.parts ?? []).map((p) => ('text' in p ? p.text : this.splice(p.expr, i)));
    const texts = parts.map((p) => (typeof p === 'string' ? p : p.text));
    const spliced = parts.filter((p): p is Value => typeof p !== 'string');
    const own: Value = { text: '', first: i, last: i, strings: 1, known: 0, pieces: parts.length - spliced.length, used: [] };
    const v = combine([own, ...spliced], texts.join(''), i, i);
    return { ...v, pieces: Math.max(1, v.pieces) };
  }

  private splice(expr: string, at: number): Value {
    const sub = buildSource(expr, this.src.spec);
    const parser = new Parser(sub, this.names, this.anchor ?? at);
    const v = sub.tokens.length ? parser.expr(0) : null;
    const ok = v && v.last === sub.tokens.length - 1;
    return ok ? { ...v, first: at, last: at } : unknown(expr, at, at);
  }

  /** A name, a builder call or an environment lookup starting at token `i`. */
  private named(i: number): Value | null {
    const { tokens, spec } = this.src;
    let last = i;
    if (tokens[i].text === 'new' && tokens[i + 1]?.kind === 'ident') last = i + 1;
    while (isMember(this.src, tokens[last + 1]) && tokens[last + 2]?.kind === 'ident') last += 2;
    const name = dotted(this.src, i, last);
    let open = last + 1;
    if (spec.macroBang && isOp(tokens[open], '!')) open++;
    if (isBracket(tokens[open], '(')) return this.builder(name + (open > last + 1 ? '!' : ''), i, open);
    const sub = tokens[last + 1];
    if (spec.envIndex?.test(name) && sub && sub.kind === 'open' && sub.text !== '(') {
      const close = this.src.pair[last + 1];
      if (close === -1) return null;
      const inner = this.src.text.slice(sub.end, tokens[close].start);
      return { text: hole(holeNameOf(inner)), first: i, last: close, strings: 0, known: 0, pieces: 1, used: [] };
    }
    const found = this.names.lookup(name, this.anchor ?? i);
    if (!found) return { ...unknown(name, i, last) };
    return { text: found.text, first: i, last, strings: 0, known: 1, pieces: 1, used: found.binding ? [found.binding] : [] };
  }

  private args(open: number): Array<Value & { kw: string | null }> {
    return splitArgs(this.src, open).map((a: Arg) => {
      const v = this.expr(a.first);
      const value = v && v.last === a.last ? v : unknown(this.src.text.slice(this.tokens[a.first].start, this.tokens[a.last].end), a.first, a.last);
      return { ...value, kw: a.kw };
    });
  }

  private builder(callee: string, first: number, open: number): Value | null {
    const b = this.src.spec.builders.find((x) => x.callee.test(callee));
    const close = this.src.pair[open];
    if (!b || close === -1) return null;
    const args = this.args(open).slice(b.skip ?? 0);
    if (args.length < (b.minArgs ?? 1)) return null;
    return this.build(b.kind, args, first, close);
  }

  private build(kind: BuilderKind, args: Array<Value & { kw: string | null }>, first: number, last: number): Value | null {
    const [head, ...rest] = args;
    const positional = rest.filter((a) => !a.kw).map((a) => a.text);
    const named = new Map(rest.filter((a) => a.kw).map((a) => [a.kw as string, a.text]));
    const texts = args.map((a) => a.text);
    let text: string;
    switch (kind) {
      case 'printf':
        text = printf(head.text, positional, named);
        break;
      case 'brace':
        text = braceFormat(head.text, positional, named, (name) => this.names.lookup(name, this.anchor ?? first)?.text ?? hole(name));
        break;
      case 'join':
        text = pathJoin(texts);
        break;
      case 'urljoin':
        text = args.length > 1 ? urlJoin(head.text, args[1].text) : head.text;
        break;
      case 'concat':
        text = texts.join('');
        break;
      case 'identity':
        text = head.text;
        break;
      case 'env': {
        // The default is the value the code runs with unless the environment says otherwise.
        const fallback = args.find((a, i) => i > 0 && !a.kw) ?? args.find((a) => a.kw === 'default');
        if (fallback) return { ...fallback, first, last, pieces: 1 };
        return { text: hole(holeNameOf(head.text)), first, last, strings: 0, known: 0, pieces: 1, used: [] };
      }
    }
    return combine(args, text, first, last);
  }

  private postfix(start: Value): Value {
    let v = start;
    const { tokens, spec, pair } = this.src;
    for (;;) {
      const dot = tokens[v.last + 1];
      const name = tokens[v.last + 2];
      const method = isMember(this.src, dot) && name?.kind === 'ident' ? spec.stringMethods?.find((m) => m.name.test(name.text)) : undefined;
      const called = isBracket(tokens[v.last + 3], '(');
      // Ruby and Kotlin call argument-less methods without parentheses (`.freeze`, `.trimEnd`).
      if (method && !called && method.kind === 'identity') {
        v = { ...v, last: v.last + 2 };
        continue;
      }
      if (method && called) {
        const close = pair[v.last + 3];
        if (close === -1) break;
        const args = this.args(v.last + 3);
        const self = { ...v, kw: null };
        const built = method.kind === 'identity' ? { ...v, last: close } : this.build(method.kind, [self, ...args], v.first, close);
        if (!built) break;
        v = built;
        continue;
      }
      if (spec.percentFormat && isOp(dot, '%') && v.strings > 0) {
        const rhs = this.percentArgs(v.last + 2);
        if (!rhs) break;
        v = combine([v, ...rhs.values], printf(v.text, rhs.values.map((a) => a.text), rhs.named), v.first, rhs.last);
        continue;
      }
      break;
    }
    return v;
  }

  /** The right side of `"..." % x`: a tuple, a list, a dict of named values, or one term. */
  private percentArgs(i: number): { values: Value[]; named: Map<string, string>; last: number } | null {
    const t = this.tokens[i];
    if (t?.kind === 'open' && this.src.pair[i] !== -1) {
      const last = this.src.pair[i];
      if (t.text !== '{') return { values: this.args(i), named: new Map(), last };
      const named = new Map<string, string>();
      const values: Value[] = [];
      for (const a of splitArgs(this.src, i)) {
        const key = this.tokens[a.first];
        if (key.kind !== 'str' || !isOp(this.tokens[a.first + 1], ':')) continue;
        const v = this.expr(a.first + 2);
        const value = v && v.last === a.last ? v : unknown(this.tokens[a.last].text, a.first + 2, a.last);
        named.set(this.literal(a.first).text, value.text);
        values.push(value);
      }
      return { values, named, last };
    }
    const v = this.term(i);
    return v && { values: [v], named: new Map(), last: v.last };
  }
}
