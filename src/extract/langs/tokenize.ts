import { isDoubledBrace, readSplice } from './interpolation.js';
import type { LanguageSpec, StringForm } from './spec.js';

/** A piece of a string literal: text as the program sees it, or a spliced expression. */
export type StrPart = ({ text: string } | { expr: string }) & { start: number; end: number };

export interface StrBody {
  parts: StrPart[];
  contentStart: number;
  contentEnd: number;
  /** The content is one piece of text that reads exactly as written (no escapes, no splices). */
  verbatim: boolean;
  /** The closing quote run and the escape style, for the fix step's view of the literal. */
  quote: string;
  escape: StringForm['escape'];
  /** No closing quote was found. */
  unterminated: boolean;
}

export interface Token {
  kind: 'str' | 'ident' | 'num' | 'op' | 'open' | 'close' | 'other';
  text: string;
  start: number;
  end: number;
  /** A line break comes before this token (Python statements and paren-less calls end there). */
  nl: boolean;
  str?: StrBody;
}

export interface Span {
  start: number;
  end: number;
}

/** The operators read as one token (longest first where one is a prefix of another); any other character is a one-character op. */
export const OPERATORS = [
  '...', '||=', '?->', '&.', '::', ':=', '=>', '->', '==', '!=', '<=', '>=', '+=', '-=', '.=', '**', '<<', '>>', '&&', '||', '..', '?.', '!!',
];
const NUMBER = /\d[\w.]*/y;
const ESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

/** What a backslash followed by `next` stands for in a string with backslash escapes. */
export function decodeEscape(next: string): string {
  return ESCAPED[next] ?? (/[\\'"`/$@{}#]/.test(next) ? next : `\\${next}`);
}

function readString(text: string, at: number, m: RegExpExecArray, form: StringForm): { end: number; body: StrBody } {
  const close = form.close ? form.close(m) : (m.groups?.q ?? '"');
  const contentStart = at + m[0].length;
  const parts: StrPart[] = [];
  let buf = '';
  let bufStart = contentStart;
  let verbatim = true;
  let j = contentStart;
  let contentEnd = text.length;
  let end = text.length;
  // Offsets let the fix step tell literal text from splices in the source.
  const flush = () => {
    if (buf) parts.push({ text: buf, start: bufStart, end: j });
    buf = '';
  };
  while (j < text.length) {
    const c = text[j];
    if (text.startsWith(close, j)) {
      if (form.escape === 'doubled' && text.startsWith(close, j + close.length)) {
        buf += close;
        verbatim = false;
        j += 2 * close.length;
        continue;
      }
      contentEnd = j;
      end = j + close.length;
      break;
    }
    if (c === '\n' && !form.multiline) {
      contentEnd = end = j;
      break;
    }
    // Splices first: Swift's `\(x)` starts with the escape character (no other style's splice does).
    if (form.interp) {
      if (isDoubledBrace(form.interp, text, j)) {
        buf += c;
        verbatim = false;
        j += 2;
        continue;
      }
      const splice = readSplice(form.interp, text, j, form.spliceLines);
      if (splice) {
        flush();
        parts.push({ expr: splice.expr, start: j, end: splice.end });
        verbatim = false;
        j = splice.end;
        bufStart = j;
        continue;
      }
    }
    if (c === '\\' && form.escape === 'backslash' && j + 1 < text.length) {
      const next = text[j + 1];
      buf += decodeEscape(next);
      verbatim = false;
      j += 2;
      continue;
    }
    buf += c;
    j++;
  }
  flush();
  return { end, body: { parts, contentStart, contentEnd, verbatim, quote: close, escape: form.escape, unterminated: end === contentEnd } };
}

function stickyMatch(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/**
 * Splits source text into tokens and comment spans. Strings are read with their splices, so
 * a quote inside a comment or a `#` inside a string never confuses what follows.
 */
export function tokenize(text: string, spec: LanguageSpec): { tokens: Token[]; comments: Span[] } {
  const tokens: Token[] = [];
  const comments: Span[] = [];
  let nl = true;
  let i = 0;
  const push = (kind: Token['kind'], end: number, str?: StrBody) => {
    tokens.push({ kind, text: text.slice(i, end), start: i, end, nl, str });
    nl = false;
    i = end;
  };
  outer: while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      nl = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    // Block comments first: Lua's `--[[` starts with its line comment `--`.
    for (const [open, close] of spec.blockComments) {
      if (text.startsWith(open, i)) {
        const end = text.indexOf(close, i + open.length);
        const stop = end === -1 ? text.length : end + close.length;
        comments.push({ start: i, end: stop });
        if (text.slice(i, stop).includes('\n')) nl = true;
        i = stop;
        continue outer;
      }
    }
    for (const lc of spec.lineComments) {
      if (text.startsWith(lc, i)) {
        const end = text.indexOf('\n', i);
        comments.push({ start: i, end: end === -1 ? text.length : end });
        i = end === -1 ? text.length : end;
        continue outer;
      }
    }
    for (const re of spec.opaque ?? []) {
      const m = stickyMatch(re, text, i);
      if (m && m[0].length > 0) {
        push('other', i + m[0].length);
        continue outer;
      }
    }
    const id = stickyMatch(spec.ident, text, i);
    const word = id ? id[0].length : 0;
    // Only a quote or a short prefix before a delimiter (f", r#", qq{, $@") can open a string.
    if (word === 0 || (word <= 3 && !/[\s\w]/.test(text[i + word] ?? ' '))) {
      for (const form of spec.strings) {
        const m = stickyMatch(form.open, text, i);
        if (m) {
          const { end, body } = readString(text, i, m, form);
          push('str', end, body);
          continue outer;
        }
      }
    }
    if (word > 0) {
      push('ident', i + word);
      continue;
    }
    if (c >= '0' && c <= '9') {
      push('num', i + (stickyMatch(NUMBER, text, i)?.[0].length ?? 1));
      continue;
    }
    if ('([{'.includes(c)) push('open', i + 1);
    else if (')]}'.includes(c)) push('close', i + 1);
    else push('op', i + (OPERATORS.find((op) => text.startsWith(op, i))?.length ?? 1));
  }
  return { tokens, comments };
}
