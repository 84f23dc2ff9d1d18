import { adapterNameFor, hasOwnNeedleFor, LANGUAGE_NEEDLES, languagesWhere } from '../../extract/registry.js';
import { mayPinIn } from '../../pins/extract/prefilter.js';
import { holdsHostlessHubPath } from '../../extract/prefilter.js';
import { isUtf16, latin1View, makeViewPrefilter, type BytePrefilterOptions } from './byte-prefilter.js';
import { addTiming, count, timingsEnabled, nowMs } from '../../runtime/stage-clock.js';
import { readFileFast, ReadScratch, type FastSkip } from './fast-read.js';

/**
 * The read pass of a scan, on a batch of paths: read, binary check, the byte prefilter,
 * decode only what passes. scan/run.ts runs it on the main thread for small trees and the
 * scan workers (scan-worker.ts) for big ones.
 */

export interface ReadItem {
  /** Reported path. */
  path: string;
  absolute: string;
}

export type ReadOutcome =
  /** Passed the gate: the decoded text. */
  | { path: string; absolute: string; outcome: 'kept'; text: string }
  | { path: string; absolute: string; outcome: 'skipped'; reason: FastSkip | 'binary'; detail: string }
  /** Not for the fast path (UTF-16): the main thread reads it the careful way. */
  | { path: string; absolute: string; outcome: 'fallback' };

export interface ReadReply {
  outcomes: ReadOutcome[];
  /** Files read that cannot name the Hub. */
  quiet: number;
  /**
   * The quiet ones listQuiet chose, as indexes into the batch: a number crosses the thread
   * boundary cheaper than the paths (15k of the 23k files of the benchmark corpus).
   */
  quietListed: number[];
}

/** A NUL byte this early means binary (as git and ripgrep decide). */
const SNIFF = 8192;

/** Only these adapters resolve values of other files: their files with a Hub path but no host are linted too. */
export const CONSTANT_USERS: ReadonlySet<string> = languagesWhere((l) => l.readsConstants === true);
export const mayUseConstants = (path: string): boolean => CONSTANT_USERS.has(adapterNameFor(path));
const DECLARATIONS = /\.d\.[cm]?ts$/i;
/**
 * A file with a host-less Hub path in such a language: its sites may join it to another file's
 * base. Not a TypeScript declaration file: it declares types and runs nothing.
 */
export const mayJoinForeignBase = (path: string, text: string): boolean => mayUseConstants(path) && !DECLARATIONS.test(path) && holdsHostlessHubPath(text);


/**
 * The read pass over one batch; exported for tests and the main thread's own reads.
 * `listQuiet` decides which quiet files are listed in quietListed (all by default).
 */
export function readBatch(
  items: readonly ReadItem[],
  gate: (buf: Buffer, path: string) => boolean,
  maxSize: number,
  scratch: ReadScratch,
  listQuiet: (path: string) => boolean = () => true,
): ReadReply {
  const started = timingsEnabled() ? nowMs() : 0;
  const outcomes: ReadOutcome[] = [];
  const quietListed: number[] = [];
  let quiet = 0;
  for (let i = 0; i < items.length; i++) {
    const { path, absolute } = items[i];
    const r = readFileFast(absolute, maxSize, scratch);
    if ('skipped' in r) outcomes.push({ path, absolute, outcome: 'skipped', reason: r.skipped, detail: r.detail });
    else if (isUtf16(r.bytes)) outcomes.push({ path, absolute, outcome: 'fallback' });
    else if (r.bytes.subarray(0, SNIFF).includes(0)) outcomes.push({ path, absolute, outcome: 'skipped', reason: 'binary', detail: 'binary file' });
    else if (gate(r.bytes, path)) outcomes.push({ path, absolute, outcome: 'kept', text: r.bytes.toString('utf8') });
    else {
      quiet++;
      if (listQuiet(path)) quietListed.push(i);
    }
  }
  if (started) {
    addTiming('read', nowMs() - started, items.length);
    count('read kept', outcomes.filter((o) => o.outcome === 'kept').length);
  }
  return { outcomes, quiet, quietListed };
}

/**
 * The gate of the read pass: `gate.patterns` (the Engine pin prefilter) apply only to files
 * whose pins count (mayPinIn: not vendored, not declarations or maps); the Hub hosts and the rest to every file; a language's own
 * needles (extract/registry.ts) to its files.
 */
export function makeReadGate(gate: BytePrefilterOptions): (buf: Buffer, path: string) => boolean {
  const all = makeViewPrefilter(gate);
  const withoutPins = gate.patterns?.length ? makeViewPrefilter({ ...gate, patterns: [] }) : all;
  const hub = (view: string, path: string) => (mayPinIn(path) ? all(view) : withoutPins(view));
  // A Hub path in a language whose sites read other files' values (see HUB_PATH_PATTERN).
  const base = gate.crossFilePaths ? (view: string, path: string) => hub(view, path) || mayJoinForeignBase(path, view) : hub;
  // A language's own needles (extract/registry.ts); with none (none today), not a byte more is looked at.
  const test = LANGUAGE_NEEDLES ? (view: string, path: string) => base(view, path) || hasOwnNeedleFor(path, view) : base;
  return (buf, path) => test(latin1View(buf), path);
}
