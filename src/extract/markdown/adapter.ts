import type { Candidate } from '../../core/types.js';
import { jsonAdapter } from '../json/adapter.js';
import { adapterNameForFence, type AdapterName } from '../registry.js';
import { scanUrls } from '../scan-urls.js';
import { shellAdapter } from '../shell/adapter.js';
import { dockerfileAdapter } from '../shell/dockerfile.js';
import { makefileAdapter } from '../shell/makefile.js';
import type { Mapped } from '../shell/mapped.js';
import { powershellAdapter } from '../shell/powershell.js';
import { textAdapter } from '../text/adapter.js';
import type { Adapter, AdapterContext } from '../types.js';
import { yamlAdapter } from '../yaml/adapter.js';
import { markdownBlocks } from './blocks.js';

/**
 * Fence languages read with their own adapter. Adapter.extract is synchronous, so these are
 * imported here; other languages (JS/TS, Python, Go, ...) load asynchronously through the
 * registry and get the generic URL scan instead.
 */
const FENCE_ADAPTERS: Partial<Record<AdapterName, Adapter>> = {
  shell: shellAdapter,
  dockerfile: dockerfileAdapter,
  makefile: makefileAdapter,
  powershell: powershellAdapter,
  yaml: yamlAdapter,
  json: jsonAdapter,
};

/** A candidate found in a block's text, moved to the block's place in the file. */
function toSource(c: Candidate, body: Mapped): Candidate {
  const out: Candidate = { ...c, start: body.startOf(c.start), end: body.endOf(c.end), docs: true };
  if (c.literal && !body.verbatim(c.start, c.end)) delete out.literal;
  return out;
}

function fenceCandidates(path: string, info: string, body: Mapped, ctx: AdapterContext): Candidate[] {
  const adapter = FENCE_ADAPTERS[adapterNameForFence(info)] ?? textAdapter;
  return adapter.extract(path, body.text, ctx).map((c) => toSource(c, body));
}

/** URLs in prose are documentation, not calls: reported as info. */
function proseCandidates(body: Mapped): Candidate[] {
  return scanUrls(body.text).map((h) =>
    toSource({ url: h.url, start: h.start, end: h.end, method: 'GET', methodSource: 'default', rebuilt: false, literal: true, prose: true }, body),
  );
}

/** Markdown: fenced code through the fence language's adapter, indented code as text, prose as info. */
export const markdownAdapter: Adapter = {
  name: 'markdown',
  extract(path, text, ctx) {
    return markdownBlocks(text).flatMap((b) =>
      b.kind === 'prose' ? proseCandidates(b.body) : b.kind === 'fence' ? fenceCandidates(path, b.info, b.body, ctx) : textAdapter.extract(path, b.body.text, ctx).map((c) => toSource(c, b.body)),
    );
  },
};
