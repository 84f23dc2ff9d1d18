import { HUB_API_HOST, isOldHubHost } from '../core/hub-hosts.js';
import { redactUrl } from '../core/redact.js';
import type { Lexed, SourceLexer, StringLexeme } from '../core/lexeme.js';
import { holeNames, showHoles } from '../core/hole.js';
import type { Candidate, FixPolicy, Match } from '../core/types.js';
import { atomsOfText, charsAllowed, type Atom } from './atoms.js';
import type { EditKind } from './edit-kinds.js';
import { relexSplice, type Lex } from './splices.js';
import { holeEvidence } from './evidence.js';
import { valueSource } from './value-sources.js';
import { constantLiteral } from './constant-literal.js';

export interface TextEdit {
  /** Offsets in the BOM-less text the adapters saw. */
  start: number;
  end: number;
  text: string;
  /** A new literal joined after the construction with the language's operator (the one change allowed outside strings). */
  join?: boolean;
  /** A migration's edit outside the URL (fix/edit-kinds.ts); absent for string contents and joins. */
  kind?: EditKind;
}

export type FixPlan = { policy: Exclude<FixPolicy, 'none'>; edits: TextEdit[]; evidence?: string[]; partial?: string; target?: string } | { policy: 'none'; reason: string };

const none = (reason: string): FixPlan => ({ policy: 'none', reason });

/**
 * One piece of the construction as the source writes it: literal text (with each character's
 * source span) or a value the source computes (a splice, a format placeholder, code between
 * literals). `before`/`after` are offsets inside a string literal next to a value, where new
 * text can go without leaving the string.
 */
type Piece =
  | { kind: 'lit'; atoms: Atom[]; str: StringLexeme | null }
  | { kind: 'value'; before: number | null; after: number | null; expr?: string };

/** printf verbs (`%s`, `%[1]s`, `%1$s`, `%(ns)s`) and brace placeholders (`{}`, `{0}`, `{ns}`) read as values. */
const PLACEHOLDER = /%(?:\(\w+\))?(?:\[\d+\])?(?:\d+\$)?[-+ #0]*(?:[1-9]\d*)?(?:\.\d+)?[a-zA-Z]|\{[\w.:!,-]*\}/g;
const HEX_ESCAPE = /^%[0-9A-Fa-f]{2}$/;

/** Splits a text part of a literal into literal runs and placeholder values. */
function textPieces(text: string, from: number, to: number, str: StringLexeme | null, decode: boolean): Piece[] {
  const out: Piece[] = [];
  const slice = text.slice(from, to);
  let at = 0;
  const lit = (a: number, b: number) => {
    if (b > a) out.push({ kind: 'lit', atoms: atomsOfText(slice.slice(a, b), from + a, str?.escape ?? 'none', decode), str });
  };
  for (const m of slice.matchAll(PLACEHOLDER)) {
    if (HEX_ESCAPE.test(m[0])) continue;
    const i = m.index ?? 0;
    lit(at, i);
    out.push({ kind: 'value', before: str ? from + i : null, after: str ? from + i + m[0].length : null });
    at = i + m[0].length;
  }
  lit(at, slice.length);
  return out;
}

/** Per lexed text: the furthest end of lexemes[0..i] (lexemes are sorted by start; a template's may nest). */
const reachOf = new WeakMap<Lexed, Int32Array>();

/**
 * The first lexeme that may reach past `offset`: a binary search, so planning the fixes of a
 * file's N findings costs N log N, not N × its lexemes (40,000 `curl` lines took 75 s).
 */
function firstReaching(lexed: Lexed, offset: number): number {
  let reach = reachOf.get(lexed);
  if (!reach) {
    reach = new Int32Array(lexed.lexemes.length);
    let far = -1;
    lexed.lexemes.forEach((l, i) => (reach![i] = far = Math.max(far, l.end)));
    reachOf.set(lexed, reach);
  }
  let lo = 0;
  let hi = reach.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reach[mid] > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The pieces of the source range [start, end): string parts clipped to the range, code between them. */
function piecesOf(text: string, lexed: Lexed, start: number, end: number, decode: boolean, lex?: Lex): Piece[] | string {
  // A URL wholly inside a splice (a shell `TOKEN=$(curl … URL …)`): read the splice's own lexemes.
  // Only the lexemes that start at or before the URL and may reach its end: walking them all
  // for every finding made 40,000 curl lines quadratic (30 s of CPU, against 6 s for 20,000).
  for (let i = lex ? firstReaching(lexed, start - 1) : lexed.lexemes.length; lex && i < lexed.lexemes.length && lexed.lexemes[i].start <= start; i++) {
    const l = lexed.lexemes[i];
    if (l.kind !== 'str' || l.end < end) continue;
    const p = l.parts.find((x) => x.kind === 'splice' && x.start <= start && end <= x.end);
    const sub = p && relexSplice(text, p, lex);
    if (sub) return piecesOf(text, sub.lexed, start, end, decode, lex);
  }
  const out: Piece[] = [];
  let at = start;
  const code = (a: number, b: number) => {
    // Operators and brackets add nothing to the value; a name or a call does.
    if (b > a && /[\w$@]/.test(text.slice(a, b))) out.push({ kind: 'value', before: null, after: null, expr: text.slice(a, b) });
  };
  const lexemes = lexed.lexemes;
  for (let i = firstReaching(lexed, start); i < lexemes.length && lexemes[i].start < end; i++) {
    const l = lexemes[i];
    if (l.end <= start) continue;
    if (l.kind === 'comment') return 'a URL in a comment is left alone: it may describe the deprecation itself';
    if (l.kind !== 'str') continue;
    code(at, Math.max(start, l.start));
    for (const p of l.parts) {
      const a = Math.max(p.start, start);
      const b = Math.min(p.end, end);
      if (b <= a) continue;
      if (p.kind === 'text') out.push(...textPieces(text, a, b, l, decode));
      else out.push({ kind: 'value', before: p.start, after: p.end, expr: text.slice(p.start, p.end) });
    }
    at = Math.min(l.end, end);
  }
  code(at, end);
  return out;
}

interface UrlAtom {
  ch: string;
  /** The literal atom this character came from, or the value (piece index) it belongs to. */
  atom?: Atom;
  value?: number;
}

/**
 * Lays the URL over the pieces: literal runs must appear in order, values take what lies
 * between. One left-to-right pass (it was a regex of one lazy group per value, which
 * overflowed the stack at ~10,000 values and backtracked without bound): each run of adjacent
 * literals is placed at its earliest occurrence, which leaves the most room for the rest, so
 * if any placement exists this one does; a run at either end is anchored there. Of values
 * that stand side by side the last takes the text between the literals, the others none (as
 * the lazy groups did).
 */
function align(url: string, pieces: Piece[]): UrlAtom[] | null {
  const spans: Array<[number, number]> = new Array(pieces.length);
  let pos = 0;
  let pending: number[] = [];
  const settle = (until: number) => {
    pending.forEach((k, n) => (spans[k] = n === pending.length - 1 ? [pos, until] : [pos, pos]));
    pending = [];
  };
  for (let i = 0; i < pieces.length; ) {
    if (pieces[i].kind !== 'lit') {
      pending.push(i++);
      continue;
    }
    let j = i;
    let run = '';
    for (; j < pieces.length && pieces[j].kind === 'lit'; j++) run += (pieces[j] as Extract<Piece, { kind: 'lit' }>).atoms.map((a) => a.ch).join('');
    let at: number;
    if (j === pieces.length) {
      at = url.length - run.length;
      if (at < pos || !url.endsWith(run) || (pending.length === 0 && at !== pos)) return null;
    } else if (pending.length === 0) {
      if (!url.startsWith(run, pos)) return null;
      at = pos;
    } else {
      at = url.indexOf(run, pos);
      if (at < 0) return null;
    }
    settle(at);
    for (let k = i; k < j; k++) {
      const n = (pieces[k] as Extract<Piece, { kind: 'lit' }>).atoms.reduce((sum, a) => sum + a.ch.length, 0);
      spans[k] = [at, at + n];
      at += n;
    }
    pos = at;
    i = j;
  }
  if (pending.length > 0) settle(url.length);
  else if (pos !== url.length) return null;
  const out: UrlAtom[] = [];
  pieces.forEach((p, i) => {
    const [a, b] = spans[i];
    for (let k = a; k < b; k++) out.push(p.kind === 'lit' ? { ch: url[k], atom: p.atoms[k - a] } : { ch: url[k], value: i });
  });
  return out;
}

/** Scheme, credentials, host and port at the start of a URL (group 3: the host). */
// The user part runs to the last `@` before the path: a password may hold a raw `@`.
export const AUTHORITY = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)?((?:[^/\s?#]*@)?)([^/?#:@]*)((?::\d+)?)/i;

/** True for a decoded URL that needs decoding (shields.io badges carry the Hub URL encoded). */
export function isEncodedUrl(url: string): boolean {
  return /%(?:2f|3a)/i.test(url);
}

export function decodeUrl(url: string): string {
  if (!isEncodedUrl(url)) return url;
  try {
    return decodeURIComponent(url);
  } catch {
    return url.replace(/%2f/gi, '/').replace(/%3a/gi, ':');
  }
}

/** The run boundaries: literal characters between two values (or an end), values in between. */
function runs(seq: UrlAtom[]): { runs: UrlAtom[][]; values: number[] } {
  const out: UrlAtom[][] = [[]];
  const values: number[] = [];
  for (let i = 0; i < seq.length; i++) {
    const a = seq[i];
    if (a.value === undefined) {
      out[out.length - 1].push(a);
      continue;
    }
    if (i > 0 && seq[i - 1].value === a.value) continue;
    values.push(a.value);
    out.push([]);
  }
  return { runs: out, values };
}

/** A printf or format-string placeholder as a whole segment: `%s`, `%1$s`, `%(name)s`, `{}`, `{0}`, `{name}`. */
const FORMAT_PLACEHOLDER = /^(?:%(?:\d+\$|\(\w+\))?[-+ #0]?\d*[sdvqixX]|\{\w*\})$/;

/** How the source writes `ch`: the way an old character of the same run writes it, else plainly. */
function encode(ch: string, old: UrlAtom[]): string {
  const same = old.find((a) => a.atom && a.ch === ch);
  return same?.atom ? same.atom.source : ch;
}

/**
 * Plans the edit that moves a deprecated call to its replacement. It edits only literal text
 * inside string literals (and the literal parts of templates and format strings); every value
 * keeps its expression and its place; outside strings it may only join one new literal after the
 * construction when the new route needs text after its last value. A URL whose structure is not
 * fully known (a value that may hold `namespace/repository`, an unknown method or host) is not
 * rewritten: the reason says what a person has to decide.
 */
export function planFix(text: string, c: Candidate, m: Pick<Match, 'variant' | 'params' | 'method'>, lexer: SourceLexer | null, lexed?: Lexed): FixPlan {
  const v = m.variant;
  if (!v.replacement) return none(v.replacementReason ?? 'no replacement endpoint');
  // The rule's fix policy is the ceiling: nothing below can raise it.
  const policy = v.fix.policy;
  if (policy === 'none') return none(v.fix.note);
  if (c.prose) return none(c.comment ? 'a URL in a comment is never rewritten: it documents a call, or is one commented out' : 'Markdown prose is never rewritten: it may describe the deprecation itself');
  // `default` is a GET by default (a call without a method, a URL with no call around it):
  // the extractor's reading of the method; only a method it could not read is unknown.
  if (c.methodSource === 'unknown' || m.method === null) return none('the HTTP method is not known, and the route is deprecated for some methods only');
  if (c.baseGuessed) return none('the host comes from a variable whose value hublint does not know');
  if (c.chosenBranch) return none('part of the URL is one of several values a condition chooses between, and one of them is more than a host: the edit would change them all');
  const needed = [...v.replacement.path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]);
  const missing = needed.find((name) => m.params[name] === undefined);
  if (missing) return none(`the replacement needs {${missing}}, which the old URL does not contain`);

  const encoded = isEncodedUrl(c.url);
  let pieces: Piece[] | string;
  if (lexer) {
    pieces = piecesOf(text, lexed ?? lexer.lex(text), c.start, c.end, encoded, (t) => lexer.lex(t));
  } else {
    // No parser for this file type: only a URL written whole, as one token, is rewritten.
    if (holeNames(c.url).length > 0 || /\s/.test(text.slice(c.start, c.end))) {
      return none('hublint has no parser for this file type; it rewrites only a URL written whole as one token');
    }
    pieces = [{ kind: 'lit', atoms: atomsOfText(text.slice(c.start, c.end), c.start, 'json', encoded), str: null }];
  }
  if (typeof pieces === 'string') return none(pieces);
  const plan = planPieces(text, c, m, lexer, pieces, encoded);
  if (plan.policy !== 'none' || !lexer) return plan;
  // A constant of this file that holds part of the route (`API = "https://…/v2/repositories"`)
  // is read as its definition's literal: the route may then be rewritten there and at the use.
  const inlined = withConstants(text, lexed ?? lexer.lex(text), pieces, encoded);
  return inlined ? planPieces(text, c, m, lexer, inlined, encoded, true) : plan;
}

/** The pieces with each value that names a constant of this file replaced by its definition's literal; null when none does. */
function withConstants(text: string, lexed: Lexed, pieces: Piece[], decode: boolean): Piece[] | null {
  let any = false;
  const out = pieces.flatMap((p): Piece[] => {
    const def = p.kind === 'value' && p.expr !== undefined ? constantLiteral(text, lexed, p.expr) : null;
    // Only a constant that holds part of the route: a namespace's (`TEAM = "acme"`) stays a value.
    if (!def || !holdsRoute(text.slice(def.parts[0].start, def.parts[0].end))) return [p];
    any = true;
    return textPieces(text, def.parts[0].start, def.parts[0].end, def, decode);
  });
  return any ? out : null;
}

/** Text with a path in it past any host: `https://hub.docker.com/v2/repositories`, `/v2/repositories`. */
function holdsRoute(value: string): boolean {
  const scheme = value.indexOf('://');
  const rest = scheme === -1 ? value : value.slice(scheme + 3);
  const slash = rest.indexOf('/');
  return slash !== -1 && rest.slice(slash).replace(/\/$/, '') !== '';
}

/** The plan over the pieces of the construction; `viaConstant`: some are a constant's definition, written elsewhere. */
function planPieces(text: string, c: Candidate, m: Pick<Match, 'variant' | 'params' | 'method'>, lexer: SourceLexer | null, pieces: Piece[], encoded: boolean, viaConstant = false): FixPlan {
  const v = m.variant;
  const replacement = v.replacement!;
  const policy = v.fix.policy as Exclude<FixPolicy, 'none'>;
  const url = decodeUrl(c.url.trim());
  let seq = align(url, pieces);
  if (!seq && pieces[0]?.kind === 'lit') {
    // A base set in another statement (`axios.create({ baseURL })` in a constructor, a client's
    // field) leads the URL but is not in the call's text: it is one value, kept whole, before it.
    const base: Piece = { kind: 'value', before: null, after: null };
    seq = align(url, [base, ...pieces]);
    if (seq) pieces = [base, ...pieces];
  }
  if (!seq) return none('hublint cannot map the URL back onto the source text that builds it');

  // Where the path is: after scheme, credentials, host and port; up to the query or fragment.
  const auth = AUTHORITY.exec(url)!;
  const hostStart = (auth[1]?.length ?? 0) + auth[2].length;
  const pathStart = auth[0].length;
  let pathEnd = url.slice(pathStart).search(/[?#]/);
  pathEnd = pathEnd === -1 ? url.length : pathStart + pathEnd;
  let core = pathEnd;
  if (url[core - 1] === '/' && core - 1 > pathStart) core--;
  const path = url.slice(pathStart, core);
  const segments = path.split('/').slice(1);
  const template = v.path.split('/').slice(1);
  const holes = holeNames(path);
  if (holes.length > 0 && segments.length !== template.length) {
    return none(`the value of {${holes[0]}} is not known: it may hold namespace/repository (several path segments), so hublint cannot tell which route the call reaches`);
  }
  if (segments.length !== template.length) return none('the path does not line up with the rule (an unknown tail follows it)');
  // A placeholder left in the literal (`"…/repositories/%s/tags"`, formatted in another statement)
  // is a value whose arity nothing here shows: read as text, it names another route.
  const placeholder = segments.find((seg) => FORMAT_PLACEHOLDER.test(seg));
  if (placeholder !== undefined) return none(`a format placeholder (${placeholder}) fills a path segment; the value formatted into it later may hold namespace/repository`);
  // The characters of each old segment, and where each segment starts in the URL.
  const segAt: number[] = [];
  let pos = pathStart + 1;
  for (const s of segments) {
    segAt.push(pos);
    pos += s.length + 1;
  }
  // A value the code computes keeps the route only if it fills the segments the rule reads it
  // as: the code's names and escapes are the evidence, and a person glances at it (a suggestion).
  // The expression that writes a segment, when one value alone fills it (`url.PathEscape(ns)`).
  const exprOf = (i: number): string | undefined => {
    const atoms = seq.slice(segAt[i], segAt[i] + segments[i].length);
    const v = atoms[0]?.value;
    const piece = v === undefined ? undefined : pieces[v];
    return piece?.kind === 'value' && atoms.every((a) => a.value === v) ? piece.expr : undefined;
  };
  const evidence = holeEvidence(segments, template, exprOf, (name, want) => (lexer ? valueSource(text, c.start, name, want) : null));
  if (typeof evidence === 'string') return none(evidence);
  const paramAtoms = new Map<string, UrlAtom[]>();
  template.forEach((t, i) => {
    const p = /^\{(\w+)\}$/.exec(t);
    if (p) paramAtoms.set(p[1], seq.slice(segAt[i], segAt[i] + segments[i].length));
  });

  const fresh = (s: string): UrlAtom[] => [...s].map((ch) => ({ ch }));
  let host = seq.slice(hostStart, hostStart + auth[3].length);
  if (isOldHubHost(auth[3])) {
    // The replacement API lives on HUB_API_HOST only.
    if (host.some((a) => a.value !== undefined)) return none(`the host comes from a value hublint cannot rewrite here; the replacement lives on ${HUB_API_HOST}`);
    host = fresh(HUB_API_HOST);
  }
  const newPath: UrlAtom[] = [];
  const newParts = replacement.path.split('/').slice(1);
  // The leading segments both routes share keep their atoms: a base value ending in `/v2` stays whole.
  let shared = 0;
  while (shared < newParts.length && shared < template.length && newParts[shared] === template[shared] && !/^\{/.test(newParts[shared])) shared++;
  newParts.forEach((part, i) => {
    if (i < shared) {
      newPath.push(...seq.slice(segAt[i] - 1, segAt[i] + segments[i].length));
      return;
    }
    newPath.push(...fresh('/'));
    const p = /^\{(\w+)\}$/.exec(part);
    newPath.push(...(p ? paramAtoms.get(p[1]) ?? [] : fresh(part)));
  });
  // A POST is sent to the route exactly as documented: a server that adds or drops a trailing
  // slash does so by a redirect, and a 301/302 turns the POST into a GET without its body. The
  // old login route had one (`/v2/users/login/`); the access-token route has none (FACTS.md).
  const dropSlash = m.method === 'POST' && core < pathEnd && seq[core].value === undefined && !replacement.path.endsWith('/');
  const after: UrlAtom[] = [...seq.slice(0, hostStart), ...host, ...seq.slice(hostStart + auth[3].length, pathStart), ...newPath, ...seq.slice(dropSlash ? core + 1 : core)];

  // Values keep their order, whole: a value split across segments the new route separates is refused.
  const oldRuns = runs(seq);
  const newRuns = runs(after);
  const count = (s: UrlAtom[]) => s.reduce((m2, a) => (a.value !== undefined ? m2.set(a.value, (m2.get(a.value) ?? 0) + 1) : m2), new Map<number, number>());
  const oc = count(seq);
  const nc = count(after);
  if (oldRuns.values.join() !== newRuns.values.join() || [...oc].some(([k, n]) => nc.get(k) !== n)) {
    return none('a value in the URL spans path segments that the new route puts apart, so it cannot keep its place');
  }

  const edits: TextEdit[] = [];
  for (let r = 0; r < oldRuns.runs.length; r++) {
    const o = oldRuns.runs[r];
    const n = newRuns.runs[r];
    let p = 0;
    while (p < o.length && p < n.length && o[p].ch === n[p].ch) p++;
    let s = 0;
    while (s < o.length - p && s < n.length - p && o[o.length - 1 - s].ch === n[n.length - 1 - s].ch) s++;
    const mid = o.slice(p, o.length - s);
    const add = n.slice(p, n.length - s).map((a) => a.ch).join('');
    if (mid.length === 0 && add === '') continue;
    if (!charsAllowed(add)) return none('the new text would need characters this string form may treat specially');
    const textOf = add.length ? [...add].map((ch) => encode(ch, o.length ? o : seq)).join('') : '';
    if (mid.length > 0) {
      const atoms = mid.map((a) => a.atom!);
      const one = atoms.every((a, i) => i === 0 || a.start === atoms[i - 1].end);
      if (!one) return none('the text to change spans several string literals');
      edits.push({ start: atoms[0].start, end: atoms[atoms.length - 1].end, text: textOf });
      continue;
    }
    // Pure insertion: next to a literal character of this run, else inside the string beside a value.
    const prev = p > 0 ? o[p - 1].atom : undefined;
    const next = p < o.length ? o[p].atom : undefined;
    const leftValue = r > 0 ? pieces[oldRuns.values[r - 1]] : undefined;
    const rightValue = r < oldRuns.values.length ? pieces[oldRuns.values[r]] : undefined;
    const slot =
      prev?.end ??
      next?.start ??
      (leftValue?.kind === 'value' ? leftValue.after : null) ??
      (rightValue?.kind === 'value' ? rightValue.before : null);
    if (slot !== null && slot !== undefined) {
      edits.push({ start: slot, end: slot, text: textOf });
      continue;
    }
    // After the last value, outside any string: join a new literal with the language's operator.
    const last = [...pieces].reverse().find((x): x is Extract<Piece, { kind: 'lit' }> => x.kind === 'lit' && x.str !== null);
    const quote = last?.str?.quote;
    if (r === oldRuns.runs.length - 1 && lexer?.join && quote && quote !== '`') {
      edits.push({ start: c.end, end: c.end, text: ` ${lexer.join} ${quote}${add}${quote}`, join: true });
      continue;
    }
    return none('the new route needs text after a value, and no string literal is there to hold it');
  }
  if (edits.length === 0) return none('the rewrite would change nothing');
  // A host chosen by a condition is kept: the route after it, which every choice shares, is what changes.
  const chosen = c.chosenRanges ?? [];
  if (edits.some((e) => chosen.some((r) => e.start < r.end && r.start < e.end))) return none('the edit would change text a condition chooses between, which its other choices do not share');
  // The URL the fixed call builds, values kept as `{name}`: what the verifier must read back.
  // Redacted: it is reported with the fix, and the verifier compares redacted URLs.
  const target = redactUrl(showHoles(after.map((a) => a.ch).join('')));
  // The use's own edits first: the verifier finds the construction by its first edit; the definition's follow.
  if (viaConstant) edits.sort((a, b) => Number(a.start < c.start || a.end > c.end) - Number(b.start < c.start || b.end > c.end));
  return evidence.length ? { policy: 'unsafe', edits, evidence, target } : { policy, edits, target };
}
