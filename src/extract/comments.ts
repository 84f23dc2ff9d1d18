import type { Candidate } from '../core/types.js';
import type { AdapterName } from './registry.js';
import { scanUrls, type UrlHit } from './scan-urls.js';

interface Span {
  start: number;
  end: number;
}

/**
 * URLs written in comments: they document a call (or are a call commented out), they make
 * none. Reported as info in every language, never rewritten, method unknown to us (GET).
 */
export function commentCandidates(text: string, spans: Iterable<Span>): Candidate[] {
  const out: Candidate[] = [];
  for (const span of spans) for (const hit of scanUrls(text, span.start, span.end)) out.push(commentCandidate(hit));
  return out;
}

function commentCandidate(hit: UrlHit): Candidate {
  return { url: hit.url, start: hit.start, end: hit.end, method: 'GET', methodSource: 'default', rebuilt: false, literal: true, prose: true };
}

/** The comments of a file of this adapter's language; none where no lexer reads it. */
async function commentSpans(name: AdapterName, text: string): Promise<Span[]> {
  if (name === 'yaml') return (await import('./yaml/adapter.js')).yamlComments(text);
  if (name === 'json') return (await import('./json/tokenize.js')).jsonComments(text);
  const lexer = await (await import('./lexers.js')).loadLexer(name);
  return lexer ? lexer.lex(text).lexemes.filter((l) => l.kind === 'comment') : [];
}

/**
 * The one pass that finds Hub URLs in comments for every language: a URL of the file that no
 * candidate of the adapter covers and that stands in a comment (by the language's lexer, as
 * the fix step reads it) becomes a comment candidate. Adapters that already report their
 * comments (the lowered languages, the tokenizer languages) cover them, so nothing doubles;
 * the file is lexed only when such a URL exists.
 */
export async function unreadComments(name: AdapterName, text: string, found: readonly Candidate[]): Promise<Candidate[]> {
  if (name === 'text' || name === 'markdown' || name === 'rst') return [];
  const hits = scanUrls(text).filter((h) => !found.some((c) => c.start < h.end && h.start < c.end));
  if (hits.length === 0) return [];
  const spans = await commentSpans(name, text);
  return hits.filter((h) => spans.some((s) => s.start <= h.start && h.end <= s.end)).map(commentCandidate);
}
