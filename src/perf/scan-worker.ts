import type { Finding, Rule } from '../core/types.js';
import type { RuleSetOptions } from '../match/ruleset.js';
import { isUtf16, makeBytePrefilter, type BytePrefilterOptions } from './byte-prefilter.js';
import { readFileFast, ReadScratch, type FastSkip } from './fast-read.js';
import { setupLintWorker, type LintJob, type LintShared } from './lint-worker.js';
import { isWorkerEntry, serveWorker } from './worker-host.js';

/**
 * A worker that does both halves of a big scan off the main thread: the read pass (batches
 * of paths → read, binary check, byte prefilter, decode only what passes) and then the
 * adapters (lintText on the kept files, like lint-worker.ts). The main thread only walks,
 * hands out batches and merges; with N cores, N workers read in parallel.
 *
 * The adapters (and the TypeScript compiler) load on the first lint job, not at start:
 * reading must not wait for them, and with the V8 code cache they load in well under 0.1 s.
 */

export interface ScanWorkerInit {
  rules: readonly Rule[];
  ruleSetOptions: RuleSetOptions;
  /** The gate of the read pass: Hub hosts, extra hosts, substrings (base variables, directives). */
  gate: BytePrefilterOptions;
  maxSize: number;
}

export interface ReadItem {
  /** Reported path. */
  path: string;
  absolute: string;
}

export type ReadOutcome =
  /** Passed the gate: the decoded text. */
  | { path: string; absolute: string; outcome: 'kept'; text: string }
  /** Read, cannot name the Hub: nothing to decode. */
  | { path: string; absolute: string; outcome: 'quiet' }
  | { path: string; absolute: string; outcome: 'skipped'; reason: FastSkip | 'binary'; detail: string }
  /** Not for the fast path (UTF-16): the main thread reads it the careful way. */
  | { path: string; absolute: string; outcome: 'fallback' };

export type ScanRequest = { op: 'read'; items: ReadItem[] } | { op: 'lint'; job: LintJob };
export type ScanResponse = { op: 'read'; outcomes: ReadOutcome[] } | { op: 'lint'; findings: Finding[] };

const SNIFF = 8192;

/** The read pass over one batch; exported for tests and for the single-threaded path. */
export function readBatch(items: readonly ReadItem[], gate: (buf: Buffer) => boolean, maxSize: number, scratch: ReadScratch): ReadOutcome[] {
  return items.map(({ path, absolute }): ReadOutcome => {
    const r = readFileFast(absolute, maxSize, scratch);
    if ('skipped' in r) return { path, absolute, outcome: 'skipped', reason: r.skipped, detail: r.detail };
    if (isUtf16(r.bytes)) return { path, absolute, outcome: 'fallback' };
    if (r.bytes.subarray(0, SNIFF).includes(0)) return { path, absolute, outcome: 'skipped', reason: 'binary', detail: 'binary file' };
    if (!gate(r.bytes)) return { path, absolute, outcome: 'quiet' };
    return { path, absolute, outcome: 'kept', text: r.bytes.toString('utf8') };
  });
}

export async function setupScanWorker(init: ScanWorkerInit) {
  const gate = makeBytePrefilter(init.gate);
  const scratch = new ReadScratch();
  let lint: Awaited<ReturnType<typeof setupLintWorker>> | undefined;
  let shared: LintShared | undefined;
  const linter = async () => {
    if (!lint) {
      lint = await setupLintWorker({ rules: init.rules, ruleSetOptions: init.ruleSetOptions, warm: [] });
      if (shared) lint.onBroadcast(shared);
    }
    return lint;
  };
  return {
    handle: async (request: ScanRequest): Promise<ScanResponse> =>
      request.op === 'read'
        ? { op: 'read', outcomes: readBatch(request.items, gate, init.maxSize, scratch) }
        : { op: 'lint', findings: await (await linter()).handle(request.job) },
    onBroadcast: (value: LintShared): void => {
      shared = value;
      lint?.onBroadcast(value);
    },
  };
}

// Not awaited: the worker bundle is CommonJS (no top-level await); serveWorker reports its own failures.
if (isWorkerEntry(import.meta.url)) void serveWorker<ScanWorkerInit, ScanRequest, ScanResponse, LintShared>(setupScanWorker);
