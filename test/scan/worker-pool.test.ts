import { availableParallelism } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { busyNow, scanWorkerCount, WorkerCrashError, WorkerPool, workersBesideMainThread } from '../../src/scan/workers/worker-pool.js';

interface Init {
  failSetup?: boolean;
  exitLog?: string;
  setupDelayMs?: number;
}
type Req = { op: 'echo' | 'shared' | 'throw' | 'crash'; value?: unknown } | { op: 'slow'; value: unknown; ms: number };
interface Res {
  value: unknown;
  threadId: number;
}

const ECHO = new URL('./fixtures/echo-worker.mjs', import.meta.url);
const pools: Array<WorkerPool<Init, Req, Res, unknown>> = [];

function start(size: number, init: Init = {}, extra: { maxRespawns?: number } = {}) {
  const pool = new WorkerPool<Init, Req, Res, unknown>({ workerUrl: ECHO, init, size, ...extra });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.destroy()));
});

describe('WorkerPool', () => {
  it('answers every job, spread over the workers', async () => {
    const pool = start(2);
    await pool.ready();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => pool.run({ op: 'slow', value: i, ms: 5 })));
    expect(results.map((r) => r.value)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    const stats = pool.getStats();
    expect(stats.jobs).toBe(40);
    expect(stats.warmMs).toHaveLength(2);
  });

  it('queues jobs posted before the workers are ready', async () => {
    const pool = start(1, { setupDelayMs: 100 });
    const r = await pool.run({ op: 'echo', value: 'early' });
    expect(r.value).toBe('early');
  });

  it('rejects only the job that throws; the worker lives on', async () => {
    const pool = start(1);
    await expect(pool.run({ op: 'throw', value: 'boom' })).rejects.toThrow('job failed: boom');
    expect((await pool.run({ op: 'echo', value: 1 })).value).toBe(1);
    expect(pool.getStats().failedJobs).toBe(1);
    expect(pool.getStats().respawns).toBe(0);
  });

  it('fails the jobs of a crashed worker and replaces it', async () => {
    const pool = start(1);
    await pool.ready();
    await expect(pool.run({ op: 'crash' })).rejects.toBeInstanceOf(WorkerCrashError);
    expect((await pool.run({ op: 'echo', value: 'after' })).value).toBe('after');
    expect(pool.getStats().respawns).toBe(1);
  });

  it('gives up after too many crashes instead of looping', async () => {
    const pool = start(1, {}, { maxRespawns: 1 });
    await expect(pool.run({ op: 'crash' })).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(pool.run({ op: 'crash' })).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(pool.run({ op: 'echo', value: 1 })).rejects.toThrow(/keep crashing/);
  });

  it('delivers a broadcast before the jobs posted after it, to every worker', async () => {
    const pool = start(2);
    pool.broadcast({ names: ['HUB_API'] });
    const results = await Promise.all(Array.from({ length: 8 }, () => pool.run({ op: 'shared' })));
    expect(results.every((r) => JSON.stringify(r.value) === '{"names":["HUB_API"]}')).toBe(true);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
  });

  it('hands the last broadcast to a replacement worker', async () => {
    const pool = start(1);
    pool.broadcast('v1');
    await expect(pool.run({ op: 'crash' })).rejects.toBeInstanceOf(WorkerCrashError);
    expect((await pool.run({ op: 'shared' })).value).toBe('v1');
  });

  it('rejects ready() and every job when a setup fails', async () => {
    const pool = start(2, { failSetup: true });
    await expect(pool.ready()).rejects.toThrow(/setup says no/);
    await expect(pool.run({ op: 'echo', value: 1 })).rejects.toThrow(/setup says no/);
  });

  it('close() finishes queued jobs and lets the workers exit by themselves (exit handlers run)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-pool-'));
    try {
      const exitLog = join(dir, 'exits');
      const pool = start(2, { exitLog });
      const pending = Array.from({ length: 6 }, (_, i) => pool.run({ op: 'slow', value: i, ms: 20 }));
      await pool.close();
      expect((await Promise.all(pending)).map((r) => r.value)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(readFileSync(exitLog, 'utf8').trim().split('\n')).toHaveLength(2);
      await expect(pool.run({ op: 'echo' })).rejects.toThrow(/closed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a pool of no threads', () => {
    expect(() => new WorkerPool({ workerUrl: ECHO, init: {}, size: 0 })).toThrow(RangeError);
  });
});

describe('workersBesideMainThread', () => {
  it('leaves a core to the main thread, which reads too', () => {
    expect(workersBesideMainThread(8, 0)).toBe(7);
    expect(workersBesideMainThread(2, 0)).toBe(1);
    expect(workersBesideMainThread(2, 1.2)).toBe(1);
    expect(workersBesideMainThread(1, 0)).toBe(0);
  });

  it('starts no more workers than the cores other processes leave idle', () => {
    expect(workersBesideMainThread(2, 20)).toBe(0);
    expect(workersBesideMainThread(2, 2)).toBe(0);
    expect(workersBesideMainThread(8, 4)).toBe(4);
    expect(workersBesideMainThread(8, 40)).toBe(0);
  });
});

describe('scanWorkerCount', () => {
  it('takes HUBLINT_WORKERS=N as asked, whatever the load (as make -jN)', () => {
    expect(scanWorkerCount('0')).toBe(0);
    expect(scanWorkerCount('1')).toBe(1);
    expect(scanWorkerCount(' 2 ')).toBe(2);
  });

  it('sizes by the idle cores when the variable is unset or not a number', () => {
    expect(scanWorkerCount(undefined, 0)).toBe(workersBesideMainThread(availableParallelism(), 0));
    expect(scanWorkerCount('many', 40)).toBe(0);
  });
});

describe('busyNow', () => {
  it('does not count a core taken by a command that ended seconds ago (the average lags)', () => {
    expect(busyNow(1.5, 0)).toBe(1);
    expect(workersBesideMainThread(2, busyNow(1.6, 0))).toBe(1);
  });

  it('does not count a process that is between two time slices when the average says it is busy', () => {
    expect(busyNow(0.1, 2)).toBeCloseTo(1.1);
    expect(workersBesideMainThread(2, busyNow(0.1, 2))).toBe(1);
  });

  it('reads the machine it runs on: this thread at least is busy, and its own threads are not others', () => {
    expect(busyNow()).toBeGreaterThanOrEqual(1);
    expect(busyNow(0)).toBe(1);
  });

  it('counts a core taken when both measures say so, and the average alone off Linux', () => {
    expect(busyNow(3, 3)).toBe(4);
    expect(workersBesideMainThread(2, busyNow(3, 3))).toBe(0);
    expect(busyNow(2, null)).toBe(2);
  });
});
