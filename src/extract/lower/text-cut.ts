import type { Piece, Pieces } from './evaluate.js';
import type { LowerBuilder } from './builder.js';
import type { Expr, Scope } from './form.js';
import { literalOf } from './builder.js';

/**
 * A string cut at its end or start (`base.rstrip("/")`, `strings.TrimSuffix(b, "/")`,
 * `BASE.slice(0, -1)`, `${BASE%/}`, `url.substring(0, n)`), as every language lowers one: the
 * value stays, with the cut applied to the text it is known by. A cut of known text (a suffix, a
 * set of characters, a number of characters) is applied exactly; a cut whose length is not known
 * leaves the text's head and ends it with a placeholder glued to its last segment, so it never
 * makes a segment boundary (a route) the text does not have.
 */
export type TextCut =
  /** This text once, if the value ends (starts) with it: `TrimSuffix`, `removeSuffix`, `chomp('/')`, `${X%/}`. */
  | { side: Side; suffix: string }
  /** Any run of these characters: `rstrip('/')`, `TrimRight`, `rtrim`, `TrimEnd('/')`. */
  | { side: Side; chars: string }
  /** This many characters: `slice(0, -1)`, `[:-1]`, `substring(0, s.length - 1)`, `dropLast(1)`. */
  | { side: Side; count: number }
  /** An amount not known: `substring(0, i)`, `[:n]`, `${X%/*}`. */
  | { side: Side; unknown: true };

export type Side = 'end' | 'start' | 'both';

/** What a trim without characters removes. */
export const WHITESPACE = ' \t\r\n';

/** The cut lowered: the value `of` with `cut` applied (an expression of kind `cut`, form.ts). */
export function applyCut(pieces: Pieces, cut: TextCut, at: { start: number; end: number }, name: string): Pieces {
  if (cut.side === 'both') return applyCut(applyCut(pieces, { ...cut, side: 'end' } as TextCut, at, name), { ...cut, side: 'start' } as TextCut, at, name);
  const fromEnd = cut.side === 'end';
  const list = fromEnd ? [...pieces].reverse() : [...pieces];
  const out: Pieces = [];
  let i = 0;
  if ('unknown' in cut) {
    // The known head stays; the cut value's own placeholder says nothing of what is left of it.
    const edge = list[0];
    const rest = edge && !isText(edge) ? list.slice(1) : list;
    const open: Piece = { hole: name, start: at.start, end: at.end, examples: [] };
    return fromEnd ? [...rest.reverse(), open] : [open, ...rest];
  }
  let left = 'count' in cut ? cut.count : 0;
  let suffix = 'suffix' in cut ? cut.suffix : '';
  const edgeText = textAtEdge(list, fromEnd);
  if (suffix !== '' && !(fromEnd ? edgeText.endsWith(suffix) : edgeText.startsWith(suffix))) return pieces;
  for (; i < list.length; i++) {
    const p = list[i];
    // A placeholder at the edge: its value, cut, is still a value of it.
    if (!isText(p)) break;
    const kept = cutText(p.text, fromEnd, cut, left, suffix);
    const removed = p.text.length - kept.length;
    if ('count' in cut) left -= removed;
    if (suffix !== '') suffix = fromEnd ? suffix.slice(0, suffix.length - removed) : suffix.slice(removed);
    if (kept !== '') {
      out.push(fromEnd ? { ...p, text: kept, end: p.foreign ? p.end : Math.max(p.start, p.end - removed) } : { ...p, text: kept, start: p.foreign ? p.start : Math.min(p.end, p.start + removed) });
      i++;
      break;
    }
    if (('count' in cut && left <= 0) || ('suffix' in cut && suffix === '')) {
      i++;
      break;
    }
  }
  const result = [...out, ...list.slice(i)];
  return fromEnd ? result.reverse() : result;
}

function cutText(text: string, fromEnd: boolean, cut: TextCut, left: number, suffix: string): string {
  if ('count' in cut) return fromEnd ? text.slice(0, Math.max(0, text.length - left)) : text.slice(left);
  if ('suffix' in cut) {
    const n = Math.min(suffix.length, text.length);
    return fromEnd ? text.slice(0, text.length - n) : text.slice(n);
  }
  const chars = 'chars' in cut ? cut.chars : '';
  let a = 0;
  let b = text.length;
  if (fromEnd) while (b > 0 && chars.includes(text[b - 1])) b--;
  else while (a < b && chars.includes(text[a])) a++;
  return text.slice(a, b);
}

/** The literal text at the cut's edge, up to the first placeholder (`list` runs from that edge inwards). */
function textAtEdge(list: Pieces, fromEnd: boolean): string {
  let out = '';
  for (const p of list) {
    if (!isText(p)) break;
    out = fromEnd ? p.text + out : out + p.text;
  }
  return out;
}

const isText = (p: Piece): p is Extract<Piece, { text: string }> => 'text' in p;

/** A whole number written as such (`1`, `-1`), else null. */
export function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (t === '' || t.length > 6) return null;
  const digits = t.startsWith('-') ? t.slice(1) : t;
  if (digits === '' || [...digits].some((c) => c < '0' || c > '9')) return null;
  return Number(t);
}

/**
 * How many characters an end index written as the value's length less a number leaves off
 * (`s.length - 1`, `len(s)-1`, `s.length() - 2`, `s.Length - 1`, `strlen($s) - 1`), else null.
 */
export function lengthLess(text: string): number | null {
  const t = text.trim();
  const minus = t.lastIndexOf('-');
  if (minus <= 0) return null;
  const n = wholeNumber(t.slice(minus + 1));
  const head = t.slice(0, minus).trim().toLowerCase();
  if (n === null || n <= 0) return null;
  const length = ['.length', '.length()', '.size', '.size()', '.count', '.len()'].some((w) => head.endsWith(w)) || ['len(', 'strlen(', 'mb_strlen(', 'length('].some((w) => head.startsWith(w));
  return length ? n : null;
}

/** The written text of an expression that is no string: a number, an arithmetic expression (the lowering keeps it opaque). */
export function writtenText(e: Expr | undefined): string | null {
  return e?.kind === 'opaque' ? e.text : null;
}

/**
 * The cuts of `value[from:to]` in a language's index convention: `from` absent or 0 and `to` a
 * negative number (where negatives count from the end) or the length less a number cut the end
 * by that many; any other `to` an unknown end; a `from` that is a number cuts that many from the
 * start, any other an unknown start.
 */
export function sliceCuts(from: string | null | undefined, to: string | null | undefined, negatives: boolean): TextCut[] {
  const cuts: TextCut[] = [];
  const start = from === undefined ? 0 : from === null ? null : wholeNumber(from);
  if (start === null || start < 0) cuts.push({ side: 'start', unknown: true });
  else if (start > 0) cuts.push({ side: 'start', count: start });
  if (to !== undefined) {
    const n = to === null ? null : wholeNumber(to);
    const less = to === null ? null : lengthLess(to);
    if (negatives && n !== null && n < 0) cuts.push({ side: 'end', count: -n });
    else if (less !== null) cuts.push({ side: 'end', count: less });
    else cuts.push({ side: 'end', unknown: true });
  }
  return cuts;
}

/**
 * The cut a method of a known name makes with its literal argument (`chars`, `suffix`; null when
 * the argument is no literal, undefined when there is none), or undefined when the name is no
 * cut. Names shared by many languages' string APIs; a language's own forms are its lowering's.
 */
export function namedCut(name: string, arg: string | null | undefined): TextCut | undefined {
  const entry = NAMED.get(name);
  if (!entry) return undefined;
  const [side, how] = entry;
  if (arg === null) return { side, unknown: true };
  if (how === 'suffix') return arg === undefined || arg === '' ? undefined : { side, suffix: arg };
  return { side, chars: arg === undefined ? WHITESPACE : arg };
}

const NAMED = new Map<string, [Side, 'suffix' | 'chars']>([
  ...['TrimSuffix', 'chomp', 'removeSuffix', 'removesuffix', 'delete_suffix', 'removeEnd', 'stripSuffix', 'trimsuffix', 'strip_suffix'].map((n): [string, [Side, 'suffix']] => [n, ['end', 'suffix']]),
  ...['TrimPrefix', 'removePrefix', 'removeprefix', 'delete_prefix', 'removeStart', 'stripPrefix', 'trimprefix', 'strip_prefix'].map((n): [string, [Side, 'suffix']] => [n, ['start', 'suffix']]),
  ...['TrimRight', 'rstrip', 'rtrim', 'TrimEnd', 'trimEnd', 'trimRight', 'trim_end_matches', 'stripEnd'].map((n): [string, [Side, 'chars']] => [n, ['end', 'chars']]),
  ...['TrimLeft', 'lstrip', 'ltrim', 'TrimStart', 'trimStart', 'trimLeft', 'trim_start_matches', 'stripStart'].map((n): [string, [Side, 'chars']] => [n, ['start', 'chars']]),
  ...['Trim', 'strip', 'trim', 'trim_matches', 'TrimSpace', 'trimspace'].map((n): [string, [Side, 'chars']] => [n, ['both', 'chars']]),
]);

/**
 * The cut a regular expression replaced by nothing makes (`s.replace(/\/$/, '')`,
 * `re.sub(r"/+$", "", s)`, `replaceAll("/$", "")`): anchored at an end, a literal text once, or
 * one character repeated; another anchored pattern an unknown cut there; undefined for a pattern
 * anchored nowhere (a replacement inside the text, not a cut).
 */
export function patternCut(source: string): TextCut | undefined {
  const atEnd = source.endsWith('$') && !source.endsWith('\\$');
  const atStart = source.startsWith('^');
  if (atEnd === atStart) return undefined;
  const side: Side = atEnd ? 'end' : 'start';
  let body = atEnd ? source.slice(0, -1) : source.slice(1);
  const repeated = body.endsWith('+') || body.endsWith('*');
  if (repeated) body = body.slice(0, -1);
  const text = literalPattern(body);
  if (text === null || text === '') return { side, unknown: true };
  if (repeated) return text.length === 1 ? { side, chars: text } : { side, unknown: true };
  return { side, suffix: text };
}

/** The text a pattern of plain and escaped characters matches, else null. */
function literalPattern(body: string): string | null {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      const next = body[++i];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
    } else if (/[\w/:-]/.test(c)) out += c;
    else return null;
  }
  return out;
}

/** A value with its cuts applied in order, as expressions of kind `cut` over the same range. */
export function cutExpr(b: LowerBuilder, of: Expr, cuts: readonly TextCut[], span: { start: number; end: number }, scope: Scope): Expr {
  let value = of;
  for (const cut of cuts) value = b.expr({ kind: 'cut', of: value, cut, ...span }, scope);
  return value;
}

/** A flat value cut (a shell variable's text, its unknown parts written in it as placeholders): `open` stands for an unknown cut. */
export function cutString(text: string, cut: TextCut, open: string): string {
  const span = { start: 0, end: text.length };
  return applyCut([{ text, ...span }], cut, span, '')
    .map((p) => ('text' in p ? p.text : open))
    .join('');
}

/**
 * The cuts a method call makes of its receiver in the languages whose string methods are named
 * as in `NAMED` and take a string or a character (`removeSuffix("/")`, `TrimEnd('/')`,
 * `trim_end_matches('/')`, `stripSuffix("/")`), or a count (`dropLast(1)`, `dropRight(1)`,
 * `drop(1)`), or a start and an end (`substring(0, n)`); `Substring(start, length)` where
 * `lengthArg` (a length is an end only from 0). Undefined when the call is no cut.
 */
export function methodCuts(name: string, args: readonly Expr[], lengthArg = false): TextCut[] | undefined {
  if (NAMED.has(name) && args.length <= 1) {
    const cut = namedCut(name, args[0] ? charOrString(args[0]) : undefined);
    return cut && [cut];
  }
  const count = args.length === 1 ? wholeNumber(writtenText(args[0]) ?? '') : null;
  if ((name === 'dropLast' || name === 'dropRight' || name === 'drop') && args.length === 1) {
    const side: Side = name === 'drop' ? 'start' : 'end';
    return [count === null || count < 0 ? { side, unknown: true } : { side, count }];
  }
  if ((name === 'substring' || name === 'Substring') && (args.length === 1 || args.length === 2)) {
    const from = writtenText(args[0]);
    const to = args[1] ? writtenText(args[1]) : undefined;
    return sliceCuts(from, lengthArg && to !== undefined && wholeNumber(from ?? '') !== 0 ? null : to, false);
  }
  return undefined;
}

/** A string literal's text, or a character literal's (`'/'`, kept opaque by the lowerings), else null. */
function charOrString(e: Expr): string | null {
  if (e.kind === 'str') return literalOf(e);
  const t = writtenText(e);
  return t !== null && t.length === 3 && t.startsWith("'") && t.endsWith("'") ? t[1] : null;
}
