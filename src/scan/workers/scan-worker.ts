import type { Finding, Rule } from '../../core/types.js';
import type { RuleSetOptions } from '../../match/ruleset.js';
import { mayHoldPins, mayPinIn } from '../../pins/extract/prefilter.js';
import type { BytePrefilterOptions } from '../read/byte-prefilter.js';
import { ReadScratch } from '../read/fast-read.js';
import { mayShareAPackage } from '../package-siblings.js';
import type { LintJob } from './lint-worker.js';
import { makeReadGate, readBatch, type ReadItem, type ReadReply } from '../read/read-batch.js';
import { isWorkerEntry, serveWorker } from './worker-host.js';

/**
 * A worker of a big scan (scan/workers/scan-pool.ts): the read pass on batches of paths (read,
 * binary check, the byte prefilter, decode only what passes, the Engine pin extractors on
 * the files that may hold a pin), then the adapters on the kept files (lintFile, as
 * lint-worker.ts). The main thread only walks, hands out batches and merges; with N cores,
 * N workers read in parallel.
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
  /** Run the pin extractors on files that may hold a pin. */
  pins: boolean;
  /** The scan's folder: other files' values are read under it (see lint-worker.ts). */
  cwd?: string;
}

export type ScanRequest =
  | { op: 'read'; items: ReadItem[] }
  | { op: 'lint'; job: LintJob };
export type ScanResponse = { op: 'read'; reply: ReadReply } | { op: 'lint'; findings: Finding[] };

export async function setupScanWorker(init: ScanWorkerInit) {
  const gate = makeReadGate(init.gate);
  const scratch = new ReadScratch();
  type Linter = Awaited<ReturnType<typeof import('./lint-worker.js').setupLintWorker>>;
  let linter: Promise<Linter> | undefined;
  const loadLinter = () =>
    (linter ??= import('./lint-worker.js').then(async ({ setupLintWorker }) => {
      return setupLintWorker({ rules: init.rules, ruleSetOptions: init.ruleSetOptions, warm: [], project: init.cwd === undefined ? undefined : { cwd: init.cwd, maxSize: init.maxSize } });
    }));
  let pins: typeof import('../lint-pins.js') | undefined;
  let pinProject: import('../lint-pins.js').PinProject | undefined;
  const projectOf = async () => {
    if (pinProject) return pinProject;
    // The same view of the other files as the main thread's (scan/project-files.ts): pins found across files do not depend on who looks.
    const { projectResolver } = await import('../project-files.js');
    const resolver = projectResolver({ cwd: init.cwd ?? process.cwd(), maxSize: init.maxSize });
    return (pinProject = { lookup: resolver, read: (path: string) => resolver.textOf(path) });
  };

  const read = async (items: ReadItem[]): Promise<ReadReply> => {
    const reply = readBatch(items, gate, init.maxSize, scratch, mayShareAPackage);
    for (const o of reply.outcomes) {
      if (o.outcome !== 'kept') continue;
      if (init.pins && mayPinIn(o.path) && mayHoldPins(o.text)) {
        pins ??= await import('../lint-pins.js');
        o.pins = await pins.scanPins(o.path, o.text, await projectOf());
      }
    }
    return reply;
  };

  return {
    handle: async (request: ScanRequest): Promise<ScanResponse> => {
      if (request.op === 'read') return { op: 'read', reply: await read(request.items) };
      return { op: 'lint', findings: await (await loadLinter()).handle(request.job) };
    },
  };
}

// Not awaited: the worker bundle is CommonJS (no top-level await); serveWorker reports its own failures.
if (isWorkerEntry('scan-worker.js')) void serveWorker<ScanWorkerInit, ScanRequest, ScanResponse, never>(setupScanWorker);
