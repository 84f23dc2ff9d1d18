import type { Candidate } from '../../core/types.js';
import type { Adapter, AdapterContext } from '../types.js';
import type { Mapped } from './mapped.js';

/**
 * A program written inside a file of another kind (a heredoc fed to `python3 -`, a CI step's
 * script) read by its language's adapter as a file of that language would be, every candidate
 * moved back to its place in the file.
 */
export function programCandidates(adapter: Adapter, path: string, body: Mapped, ctx: AdapterContext): Candidate[] {
  return adapter.extract(path, body.text, ctx).map((c) => movedInto(c, body));
}

/** A candidate found in an embedded program's text, at its place in the file. */
function movedInto(c: Candidate, body: Mapped): Candidate {
  const out: Candidate = { ...c, start: body.startOf(c.start), end: body.endOf(c.end), at: c.at === undefined ? undefined : body.startOf(c.at) };
  if (out.at === undefined) delete out.at;
  // The program's text may be derived (a scalar unindented): a rewrite needs the file's own characters.
  if (c.literal && !body.verbatim(c.start, c.end)) delete out.literal;
  return out;
}
