import type { Candidate } from '../../core/types.js';
import { HOLE_OPEN } from '../../core/hole.js';
import { readUrl } from '../lower/readings.js';
import { scanUrls } from '../scan-urls.js';
import type { Mapped } from './mapped.js';
import { DEFAULT_GET, type Request } from './request.js';

/** A candidate for `value.text.slice(i, j)`, with its source range and how it was built. */
export function candidateOf(value: Mapped, i: number, j: number, method: Pick<Request, 'method' | 'methodSource'>): Candidate {
  const rebuilt = value.substituted(i, j);
  const { url, alternatives, arityNote } = readUrl(value.text.slice(i, j));
  const c: Candidate = {
    url,
    start: value.startOf(i),
    end: value.endOf(j),
    method: method.method,
    methodSource: method.methodSource,
    rebuilt,
  };
  if (!rebuilt && value.verbatim(i, j)) c.literal = true;
  if (alternatives) Object.assign(c, { alternatives, arityNote });
  return c;
}

// A URL whose host is an unknown variable (`$HUB_API/v2/...`): the matcher decides whether
// that variable is a configured Hub base.
const HOLE_BASED = new RegExp(`(?<![\\w/.:%-])${HOLE_OPEN}[^\\uE001]*\\uE001/[^\\s'"<>\`]*`, 'g');

/** Hub URLs anywhere in a value that is not a request's URL argument: a GET by default. */
export function scanValue(value: Mapped, method = DEFAULT_GET): Candidate[] {
  const hits = scanUrls(value.text).map((h) => [h.start, h.end] as const);
  for (const m of value.text.matchAll(HOLE_BASED)) {
    const a = m.index ?? 0;
    if (!hits.some(([s, e]) => a >= s && a < e)) hits.push([a, a + m[0].length]);
  }
  return hits.map(([a, z]) => candidateOf(value, a, z, method));
}
