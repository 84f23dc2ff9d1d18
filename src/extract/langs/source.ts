import type { LanguageSpec } from './spec.js';
import { tokenize, type Span, type Token } from './tokenize.js';

/** A tokenized file with its bracket tree: what every later step reads. */
export interface Source {
  text: string;
  spec: LanguageSpec;
  tokens: Token[];
  comments: Span[];
  /** For an open or close bracket, the index of its partner (-1 when unbalanced). */
  pair: Int32Array;
  /** The innermost open bracket around each token (-1 at top level). */
  parent: Int32Array;
}

const PARTNER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

export function buildSource(text: string, spec: LanguageSpec): Source {
  const { tokens, comments } = tokenize(text, spec);
  const pair = new Int32Array(tokens.length).fill(-1);
  const parent = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === 'close') {
      // An unbalanced closer only closes as far back as its own kind of opener.
      const at = stack.map((s) => tokens[s].text).lastIndexOf(PARTNER[t.text]);
      if (at !== -1) {
        const open = stack[at];
        stack.length = at;
        pair[open] = i;
        pair[i] = open;
      }
    }
    parent[i] = stack.length ? stack[stack.length - 1] : -1;
    if (t.kind === 'open') stack.push(i);
  });
  return { text, spec, tokens, comments, pair, parent };
}

export function isOp(t: Token | undefined, ...ops: string[]): boolean {
  return t !== undefined && t.kind === 'op' && ops.includes(t.text);
}

export function isBracket(t: Token | undefined, text: string): boolean {
  return t !== undefined && (t.kind === 'open' || t.kind === 'close') && t.text === text;
}

export function isMember(src: Source, t: Token | undefined): boolean {
  return t !== undefined && t.kind === 'op' && src.spec.memberOps.includes(t.text);
}

/** `a.b::c->d` as `a.b.c.d`: call rules and builders are written against this form. */
export function dotted(src: Source, first: number, last: number): string {
  let out = '';
  for (let i = first; i <= last; i++) {
    const t = src.tokens[i];
    if (t.kind === 'open' && src.pair[i] > i) {
      out += t.text === '(' ? '()' : t.text + (t.text === '[' ? ']' : '}');
      i = src.pair[i];
    } else out += isMember(src, t) ? '.' : t.kind === 'ident' && t.text === 'new' && i < last ? 'new ' : t.text;
  }
  return out;
}

/** The token range of each argument between an open bracket and its partner. */
export interface Arg {
  first: number;
  last: number;
  /** `name=` / `name:` keyword, when the argument has one. */
  kw: string | null;
}

/** `level` is the bracket the separators sit in (the callee's own for calls without parentheses). */
export function splitArgs(src: Source, open: number, close = src.pair[open], level = open): Arg[] {
  const seps = src.spec.argSeparators ?? [','];
  const args: Arg[] = [];
  let start = open + 1;
  const end = close === -1 ? src.tokens.length : close;
  const finish = (last: number) => {
    if (last < start) return;
    const t = src.tokens;
    const kw = t[start].kind === 'ident' && isOp(t[start + 1], '=', ':') && start + 2 <= last ? t[start].text : null;
    args.push({ first: kw ? start + 2 : start, last, kw });
  };
  for (let i = start; i < end; i++) {
    // Nested brackets hold no separators of ours: jump over them (a call may wrap a whole file).
    if (src.tokens[i].kind === 'open' && src.pair[i] > i) i = src.pair[i];
    else if (src.parent[i] === level && isOp(src.tokens[i], ...seps)) {
      finish(i - 1);
      start = i + 1;
    }
  }
  finish(end - 1);
  return args;
}

/** True when the token after `last` ends the statement or the argument. */
export function endsStatement(src: Source, last: number): boolean {
  const next = src.tokens[last + 1];
  return next === undefined || next.nl || next.kind === 'close' || isOp(next, ';', ',', ...(src.spec.argSeparators ?? []));
}
