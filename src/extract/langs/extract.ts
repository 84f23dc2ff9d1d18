import type { Candidate } from '../../core/types.js';
import { scanUrls, type UrlHit } from '../scan-urls.js';
import type { Adapter, AdapterContext } from '../types.js';
import { Resolver } from './bindings.js';
import { ungrouped } from './call-site.js';
import type { Binding, Value } from './expression.js';
import { DEFAULT_GET, type Evidence } from './method-evidence.js';
import { methodOf } from './sink.js';
import { buildSource, isMember, type Source } from './source.js';
import type { LanguageSpec } from './spec.js';

function fromHit(hit: UrlHit, start: number, end: number, literal: boolean): Candidate {
  return { url: hit.url, start, end, method: 'GET', methodSource: 'default', rebuilt: !literal, literal: literal || undefined };
}

/** Candidates for one string value: the URL it builds, or the URLs written inside a sentence. */
function candidatesOf(src: Source, v: Value, evidence: () => Evidence): Candidate[] {
  const text = v.text.trim();
  if (!/\/|%2f/i.test(text)) return [];
  const first = src.tokens[v.first];
  const single = v.first === v.last && first.kind === 'str' && first.str?.verbatim ? first.str : undefined;
  const start = first.start;
  const end = src.tokens[v.last].end;
  // A sentence (a docstring, a log line) is not a URL, but may hold some.
  if (/\s/.test(text)) {
    if (single) return scanUrls(src.text, single.contentStart, single.contentEnd).map((h) => fromHit(h, h.start, h.end, true));
    return scanUrls(v.text).map((h) => fromHit(h, start, end, false));
  }
  const e = evidence();
  const lead = v.text.length - v.text.trimStart().length;
  const range = single ? { start: single.contentStart + lead, end: single.contentStart + lead + text.length } : { start, end };
  return [{ url: text, ...range, method: e.method, methodSource: e.source, rebuilt: !single, literal: single ? true : undefined }];
}

/**
 * Every URL a file builds: string expressions (outermost only, so a literal inside a
 * concatenation is reported once, as the concatenation), URLs written in comments, and
 * the method of the call each one reaches.
 */
export function extractUrls(spec: LanguageSpec, path: string, text: string, ctx: AdapterContext): Candidate[] {
  const src = buildSource(text, spec);
  const resolver = new Resolver(src, ctx.project, path);
  const found: Array<{ candidate: Candidate; definition?: Binding }> = [];
  // Comments often show the real call a piece of code makes; their URLs count, method unknown to us.
  for (const span of src.comments) {
    for (const hit of scanUrls(text, span.start, span.end)) found.push({ candidate: { ...fromHit(hit, hit.start, hit.end, true), prose: true } });
  }
  const extended = new Set<Binding>();
  const { tokens } = src;
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i];
    const startable = t.kind === 'str' || (t.kind === 'ident' && !isMember(src, tokens[i - 1]));
    const v = startable ? resolver.parser.expr(i) : null;
    if (!v || !(v.strings > 0 || (v.known > 0 && v.pieces > 1))) {
      i++;
      continue;
    }
    // A name that is only ever a base for longer URLs is reported where the URL is finished.
    if (v.pieces > 1) v.used.forEach((b) => resolver.sources(b).forEach((s) => extended.add(s)));
    const at = ungrouped(src, v.first);
    const definition = resolver.definedAt(at);
    const evidence = () => methodOf(src, resolver, v.first) ?? DEFAULT_GET;
    for (const candidate of candidatesOf(src, v, evidence)) found.push({ candidate, definition });
    i = v.last + 1;
  }
  return found.filter((f) => !f.definition || !extended.has(f.definition)).map((f) => f.candidate);
}

export function langAdapter(spec: LanguageSpec): Adapter {
  return { name: spec.name, extract: (path, text, ctx) => extractUrls(spec, path, text, ctx) };
}
