import { HUB_API_HOST, isOldHubHost } from '../core/hub-hosts.js';
import type { Lexed, SourceLexer } from '../core/lexeme.js';
import { showHoles } from '../core/hole.js';
import { redactUrl } from '../core/redact.js';
import type { Candidate, Finding } from '../core/types.js';
import { applyEdits } from './apply-edits.js';
import { editKindProblem } from './edit-kinds.js';
import { loginLeftovers } from './login.js';
import { createLeftovers } from './create.js';
import { relexSplice, type Lex } from './splices.js';
import { AUTHORITY, decodeUrl } from './plan.js';
import type { TextEdit } from './plan.js';

/**
 * What the scan hands the fix step to re-check a file by meaning (imports stay one-way: the
 * fix step never loads extraction itself). Built per file, the same way the file was linted.
 */
export interface FixVerifier {
  /** The URLs the scan's adapter reconstructs from a text of this file. */
  candidates(text: string): Promise<Candidate[]>;
  /** The language's lexer; null where no parser applies (only whole-token edits are made there). */
  lexer: SourceLexer | null;
  /** A real parse's error count where one applies (TypeScript for JS/TS, `yaml`, JSON). */
  parseErrors?(text: string): number;
}

/** The URL a fixed call must build: the replacement path in place of the old one, on HUB_API_HOST. */
export function expectedUrl(oldUrl: string, replacementPath: string): string {
  const url = decodeUrl(oldUrl.trim());
  const a = AUTHORITY.exec(url)!;
  const host = isOldHubHost(a[3]) ? HUB_API_HOST : a[3];
  let end = url.slice(a[0].length).search(/[?#]/);
  end = end === -1 ? url.length : a[0].length + end;
  if (url[end - 1] === '/' && end - 1 > a[0].length) end--;
  return `${a[1] ?? ''}${a[2]}${host}${a[4]}${replacementPath}${url.slice(end)}`;
}

const show = (url: string) => redactUrl(showHoles(url));

/**
 * A URL as the verifier compares it: decoded, and each value read as one whole, however many
 * segments the matcher's reading of that text gave it (`{name:namespace}/{name:repository}` is
 * `{name}`): the edit keeps every value's expression, and a re-scan may read its arity anew.
 */
export function comparableUrl(url: string): string {
  return decodeUrl(url.trim()).replace(/\uE000([^\uE000\uE001]*?):\w+\uE001(?:\/\uE000\1:\w+\uE001)*/g, '\uE000$1\uE001');
}

/** Compared with credentials masked: the fix's target is reported, so it holds no secret. */
const comparable = (url: string) => showHoles(comparableUrl(redactUrl(url)));

function multiset(urls: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const u of urls) m.set(u, (m.get(u) ?? 0) + 1);
  return m;
}

function minus(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [k, n] of a) for (let i = b.get(k) ?? 0; i < n; i++) out.push(k);
  return out;
}

/** One candidate per construction and URL: the same URL sent with several methods is built once. */
function oncePerConstruction(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.start}:${c.end}:${c.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Span = readonly [number, number];

/**
 * The spans of the fixed findings' edits, before and after they are made, split into the URL's
 * edits (a create's path-move among them) and a migration's listed edits outside it (a response key
 * inside a `sed` script, a body key, a scheme).
 */
function editSpans(fixed: Finding[]): { url: { before: Span[]; after: Span[] }; kind: { before: Span[]; after: Span[] } } {
  const seen = new Set<string>();
  const edits = fixed
    .flatMap((f) => f.fix!.edits)
    .filter((e) => {
      const key = `${e.start}:${e.end}:${e.text}`;
      return !seen.has(key) && (seen.add(key), true);
    })
    .sort((a, b) => a.start - b.start);
  const out = { url: { before: [] as Span[], after: [] as Span[] }, kind: { before: [] as Span[], after: [] as Span[] } };
  let shift = 0;
  for (const e of edits) {
    // A create's path-move is an edit of the URL itself.
    const side = e.kind && e.kind !== 'path-move' ? out.kind : out.url;
    side.before.push([e.start, e.end]);
    side.after.push([e.start + shift, e.start + shift + e.text.length]);
    shift += e.text.length - (e.end - e.start);
  }
  return out;
}

const holds = (c: Candidate, spans: Span[]) => spans.some(([s, e]) => c.start <= s && e <= c.end);

/**
 * A string that only a migration's listed edit changes (the `token` key in a `sed` script the
 * shell reads as a word) is not another call: each kind is checked on its own (migrationsReadBack).
 */
function onlyKindEdited(list: Candidate[], spans: { url: Span[]; kind: Span[] }): Candidate[] {
  if (spans.kind.length === 0) return list;
  return list.filter((c) => !holds(c, spans.kind) || holds(c, spans.url));
}

/** Check 1: each fixed construction resolves to its replacement with the same values; nothing else changes. */
async function resolvesToReplacement(before: string, after: string, fixed: Finding[], v: FixVerifier): Promise<string | null> {
  const spans = editSpans(fixed);
  const was = onlyKindEdited(oncePerConstruction(await v.candidates(before)), { url: spans.url.before, kind: spans.kind.before });
  const now = onlyKindEdited(oncePerConstruction(await v.candidates(after)), { url: spans.url.after, kind: spans.kind.after });
  const gone: string[] = [];
  const want: string[] = [];
  const done = new Set<Candidate>();
  for (const f of fixed) {
    const first = f.fix!.edits.find((e) => !e.kind) ?? f.fix!.edits[0];
    const c = was.find((x) => x.start <= first.start && first.end <= x.end);
    if (!c || !f.replacement) return 'the fixed construction cannot be found again before the edit';
    // A construction sent with HEAD by one caller and GET by another is two findings and one edit.
    if (done.has(c)) continue;
    done.add(c);
    gone.push(comparable(c.url));
    const target = f.fix!.target ?? expectedUrl(c.url, f.replacement.path);
    want.push(comparable(target));
    const choices = everyChoiceReaches(c, target, now);
    if (choices) return choices;
  }
  const wasUrls = multiset(was.map((c) => comparable(c.url)));
  const nowUrls = multiset(now.map((c) => comparable(c.url)));
  const added = minus(nowUrls, wasUrls);
  const removed = minus(wasUrls, nowUrls);
  const wantSet = multiset(want);
  const goneSet = multiset(gone);
  const strays = minus(multiset(added), wantSet);
  const stray = strays[0];
  // An edit outside its construction is a constant's definition: every use of it is named.
  const viaDefinition = fixed.some((f) => f.fix!.edits.some((e) => !e.kind && !was.some((x) => x.start <= e.start && e.end <= x.end)));
  if (stray !== undefined && viaDefinition) return `the edit to a constant's definition would also change uses not shown to reach the replacement: ${strays.slice(0, 5).map(show).join(', ')}; rewrite those by hand, or give them a constant of their own`;
  if (stray !== undefined) return `after the edit the code would call ${show(stray)}, which is not the replacement route`;
  const missing = minus(wantSet, multiset(added))[0];
  if (missing !== undefined) return `after the edit no construction builds ${show(missing)}`;
  const lost = minus(multiset(removed), goneSet)[0];
  if (lost !== undefined) return `the edit would also change another call (${show(lost)}) that shares the literal`;
  return null;
}

/** How many characters all the texts end with in common. */
function commonTail(texts: string[]): number {
  let n = 0;
  const shortest = Math.min(...texts.map((t) => t.length));
  while (n < shortest && texts.every((t) => t[t.length - 1 - n] === texts[0][texts[0].length - 1 - n])) n++;
  return n;
}

/**
 * A construction whose host a condition chooses (`BASE = HUB if not mirror else mirror`): read
 * again once per choice after the edit, each must build the replacement route after its own
 * host. The choices differ in their heads only; the fixed URL keeps the main reading's head.
 */
function everyChoiceReaches(c: Candidate, target: string, now: Candidate[]): string | null {
  if (!c.chosenUrls || c.chosenUrls.length < 2) return null;
  const old = c.chosenUrls.map(comparable);
  const main = comparable(c.url);
  const tail = commonTail([...old, main]);
  const head = main.slice(0, main.length - tail);
  const fixed = comparable(target);
  if (!fixed.startsWith(head)) return 'the edit would change the host a condition chooses';
  const want = new Set(old.map((u) => u.slice(0, u.length - tail) + fixed.slice(head.length)));
  // The constructions that now build the target (a file may build it more than once, on other hosts).
  const built = now.filter((n) => n.chosenUrls && comparable(n.url) === fixed).map((n) => new Set(n.chosenUrls!.map(comparable)));
  if (built.some((got) => got.size === want.size && [...want].every((u) => got.has(u)))) return null;
  const miss = [...want].find((u) => !built.some((got) => got.has(u))) ?? main;
  return `after the edit the choice of host in ${show(miss)} would not call the replacement route`;
}

/**
 * The text outside string literals without blanks and comments; each literal as a mark with its
 * splices, and a splice that holds a command (shell's `$(curl …)`) read as code in turn.
 */
function skeleton(text: string, lexed: Lexed, lex?: Lex, from = 0, to = text.length, depth = 0): string {
  let out = '';
  let at = from;
  for (const l of lexed.lexemes) {
    if (l.start < at || l.end > to) continue;
    out += text.slice(at, l.start).replace(/\s+/g, '');
    if (l.kind === 'code') out += text.slice(l.start, l.end).replace(/\s+/g, '');
    else if (l.kind === 'str') {
      const splices = l.parts.filter((p) => p.kind === 'splice').map((p) => {
        const sub = lex && depth < 3 ? relexSplice(text, p, lex) : null;
        return sub ? skeleton(text, sub.lexed, lex, sub.start, sub.end, depth + 1) : text.slice(p.start, p.end);
      });
      out += `\u0001${splices.join('\u0002')}\u0003`;
    }
    at = l.end;
  }
  return out + text.slice(at, to).replace(/\s+/g, '');
}

/** A file's skeleton; in a document each code block's with its own language (a splice there is that language's code). */
function skeletonOf(text: string, lexed: Lexed, lexer: SourceLexer): string {
  if (!lexed.blocks) return skeleton(text, lexed, (t) => lexer.lex(t));
  let out = '';
  let at = 0;
  for (const b of lexed.blocks) {
    out += text.slice(at, b.start).replace(/\s+/g, '') + skeleton(text, lexed, (t) => b.lexer.lex(t), b.start, b.end);
    at = b.end;
  }
  return out + text.slice(at).replace(/\s+/g, '');
}

/** What a whole-token edit may neither write nor replace: a blank or a quote ends the token. */
const WHOLE_TOKEN_BREAK = /[\s'"`<>]/;

/** Checks 2 and 3: the file still parses as well as before, and only string contents (plus a joined literal) changed. */
function parsesAndKeepsShape(before: string, after: string, edits: TextEdit[], v: FixVerifier): string | null {
  if (v.parseErrors && v.parseErrors(after) > v.parseErrors(before)) return 'the edited file would not parse';
  if (!v.lexer) {
    // Whole-token edits only: each stays inside one run of non-blank text and adds no blank or quote.
    for (const e of edits) {
      if (e.join || WHOLE_TOKEN_BREAK.test(e.text) || WHOLE_TOKEN_BREAK.test(before.slice(e.start, e.end))) return 'the edit would reach outside the URL token';
    }
    return null;
  }
  const was = v.lexer.lex(before);
  const now = v.lexer.lex(after);
  if (now.syntaxErrors > was.syntaxErrors) return 'the edited file would have a syntax error';
  // In a document, an edit outside its lexed code blocks is held to the whole-token rule.
  const loose = was.blocks ? edits.filter((e) => !was.blocks!.some((b) => b.start <= e.start && e.end <= b.end)) : [];
  if (loose.some((e) => e.join || e.kind || WHOLE_TOKEN_BREAK.test(e.text) || WHOLE_TOKEN_BREAK.test(before.slice(e.start, e.end)))) return 'the edit would reach outside the URL token';
  // Joined literals and a migration's listed edits change code; each kind is checked on its own.
  const outsideStrings = edits.filter((e) => e.join || e.kind || loose.includes(e));
  const kindProblem = outsideStrings.map((e) => e.kind && editKindProblem(before.slice(e.start, e.end), e.text, e.kind)).find(Boolean);
  if (kindProblem) return kindProblem;
  const joined = applyEdits(before, outsideStrings).text;
  const lexer = v.lexer;
  const expected = outsideStrings.length ? skeletonOf(joined, lexer.lex(joined), lexer) : skeletonOf(before, was, lexer);
  if (skeletonOf(after, now, lexer) !== expected) return 'the edit would change code outside string literals';
  return null;
}

/**
 * The three checks every fix passes before a file is written: the edited file parses with no new
 * syntax error, its token skeleton outside string literals is unchanged but for the joined
 * literals, and each fixed construction now resolves to the replacement route with the same
 * values while no other construction changes. Returns why not, or null.
 */
export async function verifyFix(before: string, after: string, fixed: Finding[], edits: TextEdit[], v: FixVerifier): Promise<string | null> {
  return parsesAndKeepsShape(before, after, edits, v) ?? (await resolvesToReplacement(before, after, fixed, v)) ?? migrationsReadBack(before, after, fixed, edits, v);
}

/** Where an offset of the text before lands after the edits. */
function shifted(at: number, edits: TextEdit[]): number {
  return edits.reduce((n, e) => (e.end <= at ? n + e.text.length - (e.end - e.start) : n), at);
}

/**
 * A migration's own check, read back from the edited text: a login's body has identifier and
 * secret and no username or password left, and its response is no longer read as token; a
 * create's URL carries the name its body gives the namespace.
 * A partial migration (shown, never written) is not held to it.
 */
function migrationsReadBack(before: string, after: string, fixed: Finding[], edits: TextEdit[], v: FixVerifier): string | null {
  if (!v.lexer) return null;
  let lexed: Lexed | undefined;
  for (const f of fixed) {
    const move = f.fix!.edits.find((e) => e.kind === 'path-move');
    if (f.fix!.partial || !(move || f.fix!.edits.some((e) => e.kind === 'body-key' || e.kind === 'response-key'))) continue;
    lexed ??= v.lexer.lex(after);
    const at = shifted((move ?? f.fix!.edits.find((e) => !e.kind) ?? f.fix!.edits[0]).start, edits);
    // In a document the migration is read back in its code block, by the block's language.
    const block = lexed.blocks?.find((b) => b.start <= at && at < b.end);
    const lexer = block?.lexer ?? v.lexer;
    const why = move ? createLeftovers(after, lexed, at, lexer, block) : loginLeftovers(after, lexed, at, lexer.language, (t) => lexer.lex(t), block);
    if (why) return `${move ? 'create' : 'login'} migration incomplete: ${why}`;
  }
  return null;
}
