import type { LanguageSpec } from '../langs/spec.js';
import { tokenize, type Token } from '../langs/tokenize.js';
import type { Span } from './form.js';

/**
 * Tokens of a language without a shipped tree-sitter grammar, with the index of the bracket
 * that closes each opening one: what a hand-written lowering walks instead of a syntax tree.
 */
export class TokenStream {
  readonly tokens: Token[];
  readonly comments: Span[];
  /** For an `open` token, the index of its `close` (or the end when unbalanced). */
  readonly closer: number[];

  constructor(text: string, spec: LanguageSpec, offset = 0) {
    const { tokens, comments } = tokenize(text, spec);
    this.tokens = offset === 0 ? tokens : tokens.map((t) => shift(t, offset));
    this.comments = comments.map((c) => ({ start: c.start + offset, end: c.end + offset }));
    this.closer = new Array<number>(this.tokens.length).fill(-1);
    const stack: number[] = [];
    this.tokens.forEach((t, i) => {
      if (t.kind === 'open') stack.push(i);
      else if (t.kind === 'close' && stack.length > 0) this.closer[stack.pop()!] = i;
    });
    for (const i of stack) this.closer[i] = this.tokens.length;
  }

  at(i: number): Token | undefined {
    return this.tokens[i];
  }

  is(i: number, kind: Token['kind'], text?: string): boolean {
    const t = this.tokens[i];
    return t !== undefined && t.kind === kind && (text === undefined || t.text === text);
  }
}

function shift(t: Token, by: number): Token {
  const str = t.str && {
    ...t.str,
    contentStart: t.str.contentStart + by,
    contentEnd: t.str.contentEnd + by,
    parts: t.str.parts.map((p) => ({ ...p, start: p.start + by, end: p.end + by })),
  };
  return { ...t, start: t.start + by, end: t.end + by, str };
}
