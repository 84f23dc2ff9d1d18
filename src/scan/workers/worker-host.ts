import { parentPort, workerData } from 'node:worker_threads';
import { adoptKeptFlags } from '../../runtime/compile-cache.js';
import { takeTimings } from '../../runtime/stage-clock.js';
import type { FromWorker, ToWorker, WorkerHandlers } from './worker-protocol.js';

/**
 * True in a pool's worker thread started from a file named `fileName` (lint-worker.js,
 * scan-worker.js): a worker module serves only then, so another worker may use it as a
 * library (scan-worker runs lint-worker's setup). By file name, not URL: in the CLI bundle
 * every module shares the bundle's URL, and dist/scan/workers/ and dist/bin/workers/ hold the same names.
 */
export function isWorkerEntry(fileName: string): boolean {
  return (workerData as { entry?: string } | null)?.entry === fileName;
}

/**
 * The worker side of a WorkerPool: builds the handlers from the pool's init data (the
 * expensive part — loading the TypeScript compiler — happens here, while the main thread is
 * still discovering and reading files), says `ready`, then answers jobs one at a time.
 * A job that throws becomes a `failed` reply; the worker lives on.
 */
export async function serveWorker<Init, Req, Res, Shared = never>(setup: (init: Init) => WorkerHandlers<Req, Res, Shared> | Promise<WorkerHandlers<Req, Res, Shared>>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveWorker must run in a worker thread');
  const send = (m: FromWorker<Res>) => port.postMessage(m);
  // Before any code cache is read here: the V8 flags kept are the process's (worker-pool.ts).
  adoptKeptFlags((workerData as { keptFlags?: unknown }).keptFlags);
  const started = process.hrtime.bigint();
  let handlers: WorkerHandlers<Req, Res, Shared>;
  try {
    handlers = await setup((workerData as { init: Init }).init);
  } catch (error) {
    send({ type: 'setup-failed', ...describe(error) });
    port.close();
    return;
  }
  send({ type: 'ready', warmMs: Number(process.hrtime.bigint() - started) / 1e6 });
  // Jobs run strictly in arrival order, even async ones, so a broadcast lands between jobs.
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (message: ToWorker<Req, Shared>) => {
    chain = chain.then(async () => {
      if (message.type === 'close') {
        // Closing the port lets the thread end by itself, so process 'exit' handlers
        // (the code cache flush) run; terminate() would skip them.
        port.close();
      } else if (message.type === 'broadcast') {
        await handlers.onBroadcast?.(message.value);
      } else {
        try {
          const value = await handlers.handle(message.request);
          send({ type: 'result', id: message.id, value, clock: takeTimings() });
        } catch (error) {
          send({ type: 'failed', id: message.id, ...describe(error) });
        }
      }
    });
  });
}

function describe(error: unknown): { message: string; stack?: string } {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
}
