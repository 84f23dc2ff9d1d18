import type { StageTotals } from '../../runtime/stage-clock.js';

/**
 * Messages between a WorkerPool (main thread) and serveWorker (worker thread). Per worker,
 * postMessage keeps order, so a broadcast sent before a job is seen before that job.
 */

/** Main → worker. */
export type ToWorker<Req, Shared> =
  | { type: 'job'; id: number; request: Req }
  | { type: 'broadcast'; value: Shared }
  | { type: 'close' };

/** Worker → main. */
export type FromWorker<Res> =
  | { type: 'ready'; warmMs: number }
  /** `clock`: the worker's stage timings since its last reply (HUBLINT_TIMINGS=1 only). */
  | { type: 'result'; id: number; value: Res; clock?: Record<string, StageTotals> }
  | { type: 'failed'; id: number; message: string; stack?: string }
  | { type: 'setup-failed'; message: string; stack?: string };

/** What a worker module hands to serveWorker: built once from the pool's init data. */
export interface WorkerHandlers<Req, Res, Shared> {
  handle(request: Req): Res | Promise<Res>;
  /** A value sent to every worker (e.g. the constant index once the read pass is done). */
  onBroadcast?(value: Shared): void | Promise<void>;
}
