import type { Finding, Rule } from '../core/types.js';
import { adapterNameFor } from '../extract/registry.js';
import type { RuleSetOptions } from '../match/ruleset.js';
import { mayHoldPins, mayPinIn } from '../pins/extract/prefilter.js';
import { isUtf16, makeBytePrefilter, type BytePrefilterOptions } from './byte-prefilter.js';
import { readFileFast, ReadScratch, type FastSkip } from './fast-read.js';
import type { LintJob, LintShared } from './lint-worker.js';
import { isWorkerEntry, serveWorker } from './worker-host.js';

/**
 * A worker of a big scan (perf/scan-pool.ts): the read pass on batches of paths (read,
 * binary check, the byte prefilter, decode only what passes, the Engine pin extractors on
 * the files that may hold a pin), then the adapters on the kept files (lintText, as
 * lint-worker.ts). The main thread only walks, hands out batches and merges; with N cores,
 * N workers read in parallel.
 *
 * The adapters load on the first lint job, not at start: reading must not wait for them,
 * and the main thread lints the first kept files itself while the workers read (lint.ts).
 */

export interface ScanWorkerInit {
  rules: readonly Rule[];
  ruleSetOptions: RuleSetOptions;
  /** The gate of the read pass: Hub hosts, extra hosts, substrings (base variables, directives), pin patterns. */
  gate: BytePrefilterOptions;
  maxSize: number;
  /** Run the pin extractors on files that may hold a pin. */
  pins: boolean;
}

export interface ReadItem {
  /** Reported path. */
  path: string;
  absolute: string;
}

export type ReadOutcome =
  /** Passed the gate: the decoded text, and the file's pin findings when the worker looked for pins. */
  | { path: string; absolute: string; outcome: 'kept'; text: string; pins?: { findings: Finding[]; suppressed: number } }
  /** Read, cannot name the Hub (reported only for files that may import a Hub constant; see quietFilter). */
  | { path: string; absolute: string; outcome: 'quiet' }
  | { path: string; absolute: string; outcome: 'skipped'; reason: FastSkip | 'binary'; detail: string }
  /** Not for the fast path (UTF-16): the main thread reads it the careful way. */
  | { path: string; absolute: string; outcome: 'fallback' };

export interface ReadReply {
  outcomes: ReadOutcome[];
  /** Files read and found quiet, whether or not listed in outcomes. */
  quiet: number;
}

export type ScanRequest =
  | { op: 'read'; items: ReadItem[] }
  /** The second pass: which of these files name one of `names` (constants of the index). */
  | { op: 'names'; items: ReadItem[]; names: string[] }
  | { op: 'lint'; job: LintJob };
export type ScanResponse = { op: 'read'; reply: ReadReply } | { op: 'names'; files: LintJob[] } | { op: 'lint'; findings: Finding[] };

/** A NUL byte this early means binary (as git and ripgrep decide). */
const SNIFF = 8192;

/** Only these adapters resolve constants of other files: their quiet files may still use one. */
export const CONSTANT_USERS: ReadonlySet<string> = new Set(['js', 'python', 'go']);
export const mayUseConstants = (path: string): boolean => CONSTANT_USERS.has(adapterNameFor(path));

/**
 * The read pass over one batch; exported for tests and the main thread's own reads.
 * `listQuiet` decides which quiet files are listed (all by default).
 */
export function readBatch(
  items: readonly ReadItem[],
  gate: (buf: Buffer, path: string) => boolean,
  maxSize: number,
  scratch: ReadScratch,
  listQuiet: (path: string) => boolean = () => true,
): ReadReply {
  const outcomes: ReadOutcome[] = [];
  let quiet = 0;
  for (const { path, absolute } of items) {
    const r = readFileFast(absolute, maxSize, scratch);
    if ('skipped' in r) outcomes.push({ path, absolute, outcome: 'skipped', reason: r.skipped, detail: r.detail });
    else if (isUtf16(r.bytes)) outcomes.push({ path, absolute, outcome: 'fallback' });
    else if (r.bytes.subarray(0, SNIFF).includes(0)) outcomes.push({ path, absolute, outcome: 'skipped', reason: 'binary', detail: 'binary file' });
    else if (gate(r.bytes, path)) outcomes.push({ path, absolute, outcome: 'kept', text: r.bytes.toString('utf8') });
    else {
      quiet++;
      if (listQuiet(path)) outcomes.push({ path, absolute, outcome: 'quiet' });
    }
  }
  return { outcomes, quiet };
}

/**
 * The gate of the read pass: `gate.patterns` (the Engine pin prefilter) apply only to files
 * that may hold a pin (mayPinIn); the Hub hosts and the rest to every file.
 */
export function makeReadGate(gate: BytePrefilterOptions): (buf: Buffer, path: string) => boolean {
  const all = makeBytePrefilter(gate);
  if (!gate.patterns?.length) return (buf) => all(buf);
  const withoutPins = makeBytePrefilter({ ...gate, patterns: [] });
  return (buf, path) => (mayPinIn(path) ? all(buf) : withoutPins(buf));
}

/** The second pass over one batch: the files whose text names one of the constants. */
export function readNamed(items: readonly ReadItem[], names: readonly string[], maxSize: number, scratch: ReadScratch): LintJob[] {
  const gate = makeBytePrefilter({ names });
  const out: LintJob[] = [];
  for (const { path, absolute } of items) {
    const r = readFileFast(absolute, maxSize, scratch);
    if (!('skipped' in r) && gate(r.bytes)) out.push({ path, text: r.bytes.toString('utf8') });
  }
  return out;
}

export async function setupScanWorker(init: ScanWorkerInit) {
  const gate = makeReadGate(init.gate);
  const scratch = new ReadScratch();
  type Linter = Awaited<ReturnType<typeof import('./lint-worker.js').setupLintWorker>>;
  let linter: Promise<Linter> | undefined;
  let shared: LintShared | undefined;
  const loadLinter = () =>
    (linter ??= import('./lint-worker.js').then(async ({ setupLintWorker }) => {
      const lint = await setupLintWorker({ rules: init.rules, ruleSetOptions: init.ruleSetOptions, warm: [] });
      if (shared) lint.onBroadcast(shared);
      return lint;
    }));
  let pins: typeof import('../pins/lint-pins.js') | undefined;

  const read = async (items: ReadItem[]): Promise<ReadReply> => {
    const reply = readBatch(items, gate, init.maxSize, scratch, mayUseConstants);
    for (const o of reply.outcomes) {
      if (o.outcome !== 'kept') continue;
      if (init.pins && mayPinIn(o.path) && mayHoldPins(o.text)) {
        pins ??= await import('../pins/lint-pins.js');
        o.pins = pins.scanPins(o.path, o.text);
      }
    }
    return reply;
  };

  return {
    handle: async (request: ScanRequest): Promise<ScanResponse> => {
      if (request.op === 'read') return { op: 'read', reply: await read(request.items) };
      if (request.op === 'names') return { op: 'names', files: readNamed(request.items, request.names, init.maxSize, scratch) };
      return { op: 'lint', findings: await (await loadLinter()).handle(request.job) };
    },
    onBroadcast: async (value: LintShared): Promise<void> => {
      shared = value;
      if (linter) (await linter).onBroadcast(value);
    },
  };
}

// Not awaited: the worker bundle is CommonJS (no top-level await); serveWorker reports its own failures.
if (isWorkerEntry('scan-worker.js')) void serveWorker<ScanWorkerInit, ScanRequest, ScanResponse, LintShared>(setupScanWorker);
