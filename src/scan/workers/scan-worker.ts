import type { Finding, Rule } from '../../core/types.js';
import type { RuleSetOptions } from '../../match/ruleset.js';
import type { BytePrefilterOptions } from '../read/byte-prefilter.js';
import { ReadScratch } from '../read/fast-read.js';
import { mayShareAPackage } from '../package-siblings.js';
import type { LintJob } from './lint-worker.js';
import { makeReadGate, readBatch, type ReadItem, type ReadReply } from '../read/read-batch.js';
import { isWorkerEntry, serveWorker } from './worker-host.js';

/**
 * A worker of a big scan (scan/workers/scan-pool.ts): the read pass on batches of paths (read,
 * binary check, the byte prefilter, decode only what passes), then, for a big lint, the
 * adapters on kept files (lintFile, as lint-worker.ts). The main thread walks, hands out
 * batches and merges; with N cores, N workers read in parallel.
 *
 * Pins are searched on the main thread, files kept by a worker included: the search follows
 * values into other files, and a worker doing it loads the parsers and lowers those files a
 * second time (renovate's tree: 560 ms of pin search summed over two threads against 310 ms
 * on one, for nothing gained in wall time).
 *
 * The adapters load on the first lint job, not at start: reading must not wait for them,
 * and the main thread lints the first kept files itself while the workers read (scan/run.ts).
 */

export interface ScanWorkerInit {
  rules: readonly Rule[];
  ruleSetOptions: RuleSetOptions;
  /** The gate of the read pass: Hub hosts, extra hosts, substrings (base variables, directives), pin patterns. */
  gate: BytePrefilterOptions;
  maxSize: number;
  /** The scan's folder: other files' values are read under it (see lint-worker.ts). */
  cwd?: string;
}

export type ScanRequest =
  /** `claim`: shared with the main thread; the batch is read only if this worker turns it from 0. */
  | { op: 'read'; items: ReadItem[]; claim?: Int32Array }
  | { op: 'lint'; job: LintJob };
/** `reply` null: the main thread claimed the batch first. */
export type ScanResponse = { op: 'read'; reply: ReadReply | null } | { op: 'lint'; findings: Finding[] };

export async function setupScanWorker(init: ScanWorkerInit) {
  const gate = makeReadGate(init.gate);
  const scratch = new ReadScratch();
  type Linter = Awaited<ReturnType<typeof import('./lint-worker.js').setupLintWorker>>;
  let linter: Promise<Linter> | undefined;
  const loadLinter = () =>
    (linter ??= import('./lint-worker.js').then(async ({ setupLintWorker }) => {
      return setupLintWorker({ rules: init.rules, ruleSetOptions: init.ruleSetOptions, warm: [], project: init.cwd === undefined ? undefined : { cwd: init.cwd, maxSize: init.maxSize } });
    }));
  const read = (items: ReadItem[]): ReadReply => readBatch(items, gate, init.maxSize, scratch, mayShareAPackage);

  return {
    handle: async (request: ScanRequest): Promise<ScanResponse> => {
      if (request.op === 'read') {
        const mine = request.claim === undefined || Atomics.compareExchange(request.claim, 0, 0, 1) === 0;
        return { op: 'read', reply: mine ? read(request.items) : null };
      }
      return { op: 'lint', findings: await (await loadLinter()).handle(request.job) };
    },
  };
}

// Not awaited: the worker bundle is CommonJS (no top-level await); serveWorker reports its own failures.
if (isWorkerEntry('scan-worker.js')) void serveWorker<ScanWorkerInit, ScanRequest, ScanResponse, never>(setupScanWorker);
