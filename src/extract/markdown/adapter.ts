import type { Candidate } from '../../core/types.js';
import { adapterNameForFence } from '../registry.js';
import { scanUrls } from '../scan-urls.js';
import type { Mapped } from '../shell/mapped.js';
import { textAdapter } from '../text/adapter.js';
import type { Adapter, AdapterContext } from '../types.js';
import { markdownBlocks } from './blocks.js';

/**
 * The adapters for fenced code, already loaded: Adapter.extract is synchronous. Which
 * languages these are is said in the registry (`inFences`); other fences get the generic URL scan.
 */
type FenceAdapters = ReadonlyMap<string, Adapter>;

/** A candidate found in a block's text, moved to the block's place in the file. */
function toSource(c: Candidate, body: Mapped): Candidate {
  const out: Candidate = { ...c, start: body.startOf(c.start), end: body.endOf(c.end), docs: true };
  if (c.literal && !body.verbatim(c.start, c.end)) delete out.literal;
  return out;
}

function fenceCandidates(fences: FenceAdapters, path: string, info: string, body: Mapped, ctx: AdapterContext): Candidate[] {
  const adapter = fences.get(adapterNameForFence(info)) ?? textAdapter;
  return adapter.extract(path, body.text, ctx).map((c) => toSource(c, body));
}

/** URLs in prose are documentation, not calls: reported as info. */
function proseCandidates(body: Mapped): Candidate[] {
  return scanUrls(body.text).map((h) =>
    toSource({ url: h.url, start: h.start, end: h.end, method: 'GET', methodSource: 'default', rebuilt: false, literal: true, prose: true }, body),
  );
}

/** Markdown: fenced code through the fence language's adapter, indented code as text, prose as info. */
export function markdownAdapterWith(fences: FenceAdapters): Adapter {
  return {
    name: 'markdown',
    extract(path, text, ctx) {
      return markdownBlocks(text).flatMap((b) =>
        b.kind === 'prose'
          ? proseCandidates(b.body)
          : b.kind === 'fence'
            ? fenceCandidates(fences, path, b.info, b.body, ctx)
            : textAdapter.extract(path, b.body.text, ctx).map((c) => toSource(c, b.body)),
      );
    },
  };
}
