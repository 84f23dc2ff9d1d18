import type { Candidate } from '../core/types.js';
import type { AdapterName } from './language-table.js';
import { hole } from '../core/hole.js';
import { commandMethod } from './lower/command-method.js';
import { readUrl } from './lower/readings.js';
import { scanUrls, type UrlHit } from './scan-urls.js';
import { loweredBefore } from './resolve/project.js';

export interface Span {
  start: number;
  end: number;
}

/**
 * URLs written in comments: they document a call (or are a call commented out), they make
 * none. Reported as info in every language, never rewritten, method unknown to us (GET).
 */
export function commentCandidates(text: string, spans: Iterable<Span>): Candidate[] {
  const out: Candidate[] = [];
  for (const span of spans) for (const hit of scanUrls(text, span.start, span.end)) out.push(commentCandidate(text, withVariables(text, hit, span.end)));
  return out;
}

/**
 * A commented-out command keeps its flags (`# curl -X PATCH …/${ORG}/${REPO}/`): the method is
 * the command's, and each `${VAR}` is a value of one hole, not the end of the URL.
 */
function commentCandidate(text: string, hit: UrlHit): Candidate {
  const { url, alternatives, arityNote } = readUrl(hit.url);
  const m = commandMethod(text, hit.start);
  const c: Candidate = { url, start: hit.start, end: hit.end, method: m.method, methodSource: m.source, rebuilt: false, literal: true, prose: true, comment: true };
  if (alternatives) Object.assign(c, { alternatives, arityNote });
  return c;
}

const URL_CHAR = /[^\s'"`<>()[\]{}\\,;|]/;
const VARIABLE = /^\{(\w{1,64})\}/;

/** A URL the scan ended at `${`: continued over each `${VAR}` (as a hole) up to `limit`. */
function withVariables(text: string, hit: UrlHit, limit: number): UrlHit {
  let { url, end } = hit;
  for (let v = VARIABLE.exec(text.slice(end, end + 66)); url.endsWith('$') && v; v = VARIABLE.exec(text.slice(end, end + 66))) {
    url = url.slice(0, -1) + hole(v[1]);
    end += v[0].length;
    while (end < limit && URL_CHAR.test(text[end])) url += text[end++];
  }
  return { ...hit, url, end };
}

/**
 * The comments of a file of a language (the registry's commentSpans: by its lexer, or the data
 * formats' own readers), which this module may not import: the adapters it serves load through it.
 */
export type CommentsOf = (name: AdapterName, text: string) => Promise<Span[]>;

/**
 * The one pass that finds Hub URLs in comments for every language: a URL of the file that no
 * candidate of the adapter covers and that stands in a comment (by the language's lexer, as
 * the fix step reads it) becomes a comment candidate. Adapters that already report their
 * comments (the lowered languages, the tokenizer languages) cover them, so nothing doubles;
 * the file is lexed only when such a URL exists, and not at all when this run lowered it from
 * a clean tree already: that tree's comments are the lexer's (a file that defines a base URL
 * was parsed twice for nothing).
 */
export async function unreadComments(name: AdapterName, text: string, found: readonly Candidate[], commentsOf: CommentsOf, file?: string): Promise<Candidate[]> {
  if (name === 'text' || name === 'markdown' || name === 'rst') return [];
  const hits = uncovered(scanUrls(text), found);
  if (hits.length === 0) return [];
  const lowered = file === undefined ? undefined : loweredBefore(name, file, text);
  const spans = lowered && !lowered.syntaxErrors ? lowered.comments : await commentsOf(name, text);
  // One sweep over the hits and the comments, both in text order (comments do not overlap):
  // a file of N commented URLs asked every comment for every URL.
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Candidate[] = [];
  let j = 0;
  for (const h of hits) {
    while (j < sorted.length && sorted[j].end < h.end) j++;
    const span = sorted[j];
    if (span && span.start <= h.start) out.push(commentCandidate(text, withVariables(text, h, span.end)));
  }
  return out;
}

/** The hits (in text order, not overlapping) that no candidate overlaps: one sweep, not hits × candidates. */
function uncovered(hits: readonly UrlHit[], found: readonly Span[]): UrlHit[] {
  const byStart = [...found].sort((a, b) => a.start - b.start);
  const out: UrlHit[] = [];
  let next = 0;
  let reach = -Infinity;
  for (const h of hits) {
    // Every candidate that starts before the hit ends: the hit is covered if one reaches into it.
    while (next < byStart.length && byStart[next].start < h.end) reach = Math.max(reach, byStart[next++].end);
    if (!(reach > h.start)) out.push(h);
  }
  return out;
}
