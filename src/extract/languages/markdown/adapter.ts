import type { Candidate } from '../../../core/types.js';
import { adapterNameForFence } from '../../language-table.js';
import { scanUrls } from '../../scan-urls.js';
import type { Mapped } from '../../shell/mapped.js';
import { textAdapter } from '../text/adapter.js';
import type { Adapter, AdapterContext } from '../../types.js';
import { markdownBlocks, type Block } from './blocks.js';
import { snippetOf, withHoles, type Snippet } from './snippet.js';

/**
 * The adapters for fenced code, already loaded: Adapter.extract is synchronous. Which
 * languages these are is said in the registry (`inFences`); other fences get the generic URL scan.
 */
export type FenceAdapters = ReadonlyMap<string, Adapter>;

/** A candidate found in a block's text, moved to the block's place in the file. */
function toSource(c: Candidate, body: Mapped, rewritten: Snippet['rewritten']): Candidate {
  const out: Candidate = { ...c, start: body.startOf(c.start), end: body.endOf(c.end), at: c.at === undefined ? undefined : body.startOf(c.at), docs: true };
  if (out.at === undefined) delete out.at;
  // A placeholder read as a hole is not the text a fix would edit.
  if (c.literal && (!body.verbatim(c.start, c.end) || rewritten.some((r) => r.start < c.end && c.start < r.end))) delete out.literal;
  return out;
}

/**
 * A code block (fenced with or without a language, or indented) through the adapter of the
 * language it holds, as a file of that language would go; languages not read in fences (see
 * the registry) and blocks of no recognisable language get the plain URL scan.
 */
export function codeCandidates(fences: FenceAdapters, path: string, info: string, body: Mapped, ctx: AdapterContext): Candidate[] {
  const snippet = snippetOf(adapterNameForFence(info), body.text);
  const adapter = fences.get(snippet.language) ?? textAdapter;
  return adapter.extract(path, snippet.text, ctx).map((c) => toSource(c, body, snippet.rewritten));
}

/** URLs in prose are documentation, not calls: reported as info. */
export function proseCandidates(body: Mapped): Candidate[] {
  const { text, rewritten } = withHoles(body.text, 'prose');
  return scanUrls(text).map((h) =>
    toSource({ url: h.url, start: h.start, end: h.end, method: 'GET', methodSource: 'default', rebuilt: false, literal: true, prose: true }, body, rewritten),
  );
}

/** Markdown (or, with its splitter, reStructuredText): code blocks through their language's adapter, prose as info. */
export function markdownAdapterWith(fences: FenceAdapters, split: (text: string) => Block[] = markdownBlocks, name = 'markdown'): Adapter {
  return {
    name,
    extract(path, text, ctx) {
      return split(text).flatMap((b) => (b.kind === 'prose' ? proseCandidates(b.body) : codeCandidates(fences, path, b.info, b.body, ctx)));
    },
  };
}
