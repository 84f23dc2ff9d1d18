import type { Finding } from '../../core/types.js';
import type { ReadItem, ReadReply } from '../read/read-batch.js';
import type { ScanRequest, ScanResponse, ScanWorkerInit } from './scan-worker.js';
import { WorkerPool } from './worker-pool.js';

/**
 * The pool scan/run.ts starts for a big scan (workers of scan-worker.ts): read() batches of
 * paths while discovery goes on, then lint() for the kept files. Replies to reads are taken in the order the batches were
 * sent by the caller (see scan/run.ts), so a run's notices come out in the same order each time.
 */
export interface ScanPool {
  /** Number of workers. */
  readonly size: number;
  /** Resolves when every worker has started (and loaded its modules). */
  ready(): Promise<void>;
  /**
   * Reads a batch in a worker, unless another thread turns `claim` from 0 first (then null):
   * see read/read-queue.ts.
   */
  read(items: ReadItem[], claim?: Int32Array): Promise<ReadReply | null>;
  lint(path: string, text: string): Promise<Finding[]>;
  close(): Promise<void>;
}

export function startScanPool(options: { init: ScanWorkerInit; size: number; workerUrl: URL }): ScanPool {
  const pool = new WorkerPool<ScanWorkerInit, ScanRequest, ScanResponse, never>({
    workerUrl: options.workerUrl,
    init: options.init,
    size: options.size,
    // Every batch is posted at once (read-queue.ts): a worker must not wait for the main
    // thread, which is away for 100 ms at a time (loading the TypeScript compiler, linting).
    maxInFlight: Infinity,
    name: 'hublint-scan',
  });
  const expect = async <K extends ScanResponse['op']>(request: ScanRequest, op: K) => {
    const response = await pool.run(request);
    if (response.op !== op) throw new Error(`scan worker answered ${response.op} to ${op}`);
    return response as Extract<ScanResponse, { op: K }>;
  };
  return {
    size: options.size,
    ready: () => pool.ready(),
    read: async (items, claim) => (await expect({ op: 'read', items, claim }, 'read')).reply,
    lint: async (path, text) => (await expect({ op: 'lint', job: { path, text } }, 'lint')).findings,
    close: () => pool.close(),
  };
}
