import type { LiteralPart, Lexed, Lexeme } from '../core/lexeme.js';

/** How the fix step lexes a text of the file's language (the scan's lexer). */
export type Lex = (text: string) => Lexed;

/**
 * The code inside a splice, lexed again with offsets in the whole file: a shell
 * `jwt=$(curl … https://… | jq -r .token)` is one word with one splice to the lexer, and the
 * URL, the body and the jq path are all inside it. Null when the splice holds no command.
 */
export function relexSplice(text: string, p: LiteralPart, lex: Lex): { lexed: Lexed; start: number; end: number } | null {
  const raw = text.slice(p.start, p.end);
  const open = /^(?:\$\(|\$\{|#\{|\{|`)/.exec(raw)?.[0].length ?? 0;
  const inner = raw.slice(open, raw.length - (open && /[)}`]$/.test(raw) ? 1 : 0));
  if (!/\s/.test(inner)) return null;
  const base = p.start + open;
  const shift = (x: Lexeme): Lexeme =>
    x.kind === 'str' ? { ...x, start: x.start + base, end: x.end + base, parts: x.parts.map((q) => ({ ...q, start: q.start + base, end: q.end + base })) } : { ...x, start: x.start + base, end: x.end + base };
  const sub = lex(inner);
  return { lexed: { lexemes: sub.lexemes.map(shift), syntaxErrors: sub.syntaxErrors }, start: base, end: base + inner.length };
}
