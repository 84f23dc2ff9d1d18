import type { Lexed, SourceLexer } from '../core/lexeme.js';
import { showHoles } from '../core/hole.js';
import { redactUrl } from '../core/redact.js';
import type { Candidate, Finding } from '../core/types.js';
import { applyEdits } from './apply-edits.js';
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

/** The URL a fixed call must build: the replacement path in place of the old one, on hub.docker.com. */
export function expectedUrl(oldUrl: string, replacementPath: string): string {
  const url = decodeUrl(oldUrl.trim());
  const a = AUTHORITY.exec(url)!;
  const host = /^(?:registry\.hub\.docker\.com|index\.docker\.io)$/i.test(a[3]) ? 'hub.docker.com' : a[3];
  let end = url.slice(a[0].length).search(/[?#]/);
  end = end === -1 ? url.length : a[0].length + end;
  if (url[end - 1] === '/' && end - 1 > a[0].length) end--;
  return `${a[1] ?? ''}${a[2]}${host}${a[4]}${replacementPath}${url.slice(end)}`;
}

const show = (url: string) => redactUrl(showHoles(url));

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

/** Check 1: each fixed construction resolves to its replacement with the same values; nothing else changes. */
async function resolvesToReplacement(before: string, after: string, fixed: Finding[], v: FixVerifier): Promise<string | null> {
  const was = await v.candidates(before);
  const now = await v.candidates(after);
  const gone: string[] = [];
  const want: string[] = [];
  for (const f of fixed) {
    const first = f.fix!.edits[0];
    const c = was.find((x) => x.start <= first.start && first.end <= x.end);
    if (!c || !f.replacement) return 'the fixed construction cannot be found again before the edit';
    gone.push(decodeUrl(c.url.trim()));
    want.push(expectedUrl(c.url, f.replacement.path));
  }
  const wasUrls = multiset(was.map((c) => decodeUrl(c.url.trim())));
  const nowUrls = multiset(now.map((c) => decodeUrl(c.url.trim())));
  const added = minus(nowUrls, wasUrls);
  const removed = minus(wasUrls, nowUrls);
  const wantSet = multiset(want);
  const goneSet = multiset(gone);
  const stray = minus(multiset(added), wantSet)[0];
  if (stray !== undefined) return `after the edit the code would call ${show(stray)}, which is not the replacement route`;
  const missing = minus(wantSet, multiset(added))[0];
  if (missing !== undefined) return `after the edit no construction builds ${show(missing)}`;
  const lost = minus(multiset(removed), goneSet)[0];
  if (lost !== undefined) return `the edit would also change another call (${show(lost)}) that shares the literal`;
  return null;
}

/** The text outside string literals without blanks and comments; each literal as a mark with its splices. */
function skeleton(text: string, lexed: Lexed): string {
  let out = '';
  let at = 0;
  for (const l of lexed.lexemes) {
    if (l.start < at) continue;
    out += text.slice(at, l.start).replace(/\s+/g, '');
    if (l.kind === 'code') out += text.slice(l.start, l.end).replace(/\s+/g, '');
    else if (l.kind === 'str') {
      out += `\u0001${l.parts.filter((p) => p.kind === 'splice').map((p) => text.slice(p.start, p.end)).join('\u0002')}\u0003`;
    }
    at = l.end;
  }
  return out + text.slice(at).replace(/\s+/g, '');
}

/** Checks 2 and 3: the file still parses as well as before, and only string contents (plus a joined literal) changed. */
function parsesAndKeepsShape(before: string, after: string, edits: TextEdit[], v: FixVerifier): string | null {
  if (v.parseErrors && v.parseErrors(after) > v.parseErrors(before)) return 'the edited file would not parse';
  if (!v.lexer) {
    // Whole-token edits only: each stays inside one run of non-blank text and adds no blank or quote.
    for (const e of edits) {
      if (e.join || /[\s'"`<>]/.test(e.text) || /[\s'"`<>]/.test(before.slice(e.start, e.end))) return 'the edit would reach outside the URL token';
    }
    return null;
  }
  const was = v.lexer.lex(before);
  const now = v.lexer.lex(after);
  if (now.syntaxErrors > was.syntaxErrors) return 'the edited file would have a syntax error';
  const joined = applyEdits(before, edits.filter((e) => e.join)).text;
  const expected = edits.some((e) => e.join) ? skeleton(joined, v.lexer.lex(joined)) : skeleton(before, was);
  if (skeleton(after, now) !== expected) return 'the edit would change code outside string literals';
  return null;
}

/**
 * The three checks every fix passes before a file is written: the edited file parses with no new
 * syntax error, its token skeleton outside string literals is unchanged but for the joined
 * literals, and each fixed construction now resolves to the replacement route with the same
 * values while no other construction changes. Returns why not, or null.
 */
export async function verifyFix(before: string, after: string, fixed: Finding[], edits: TextEdit[], v: FixVerifier): Promise<string | null> {
  return parsesAndKeepsShape(before, after, edits, v) ?? (await resolvesToReplacement(before, after, fixed, v));
}
