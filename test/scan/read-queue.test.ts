import { describe, expect, it } from 'vitest';
import type { ReadItem, ReadReply } from '../../src/scan/read/read-batch.js';
import { ReadQueue } from '../../src/scan/read/read-queue.js';
import type { ScanPool } from '../../src/scan/workers/scan-pool.js';

const batch = (n: number): ReadItem[] => [{ path: `b${n}`, absolute: `/b${n}` }];
const reply = (who: string): ReadReply => ({ outcomes: [], quiet: 1, quietListed: [], who } as ReadReply & { who: string });

/**
 * A pool whose worker begins a batch (claims it, as scan-worker.ts does) and answers it when
 * the test says so, or fails; a batch the main thread claimed first is answered null.
 */
function slowPool(fail: Set<string> = new Set()) {
  const pending: Array<{ items: ReadItem[]; begin(): boolean; answer(): void }> = [];
  const pool = {
    size: 1,
    read: (items: ReadItem[], claim: Int32Array) =>
      new Promise<ReadReply | null>((resolve, reject) => {
        let mine = false;
        pending.push({
          items,
          begin: () => (mine = Atomics.compareExchange(claim, 0, 0, 1) === 0),
          answer: () => (fail.has(items[0].path) ? reject(new Error('worker died')) : resolve(mine ? reply('worker') : null)),
        });
      }),
  } as unknown as ScanPool;
  return { pool, pending };
}

const whoMerged = (merged: string[]) => async (items: ReadItem[], r: ReadReply) => {
  merged.push(`${items[0].path}:${(r as ReadReply & { who: string }).who}`);
};

describe('ReadQueue', () => {
  it('posts every batch once the workers are up, without waiting for answers', () => {
    const { pool, pending } = slowPool();
    const queue = new ReadQueue(pool, () => reply('here'), async () => {});
    for (let i = 0; i < 3; i++) queue.add(batch(i));
    expect(pending).toHaveLength(0); // not started: the workers are not up yet
    queue.start();
    queue.add(batch(3));
    expect(pending.map((p) => p.items[0].path)).toEqual(['b0', 'b1', 'b2', 'b3']);
  });

  it('merges in the order batches were added, whoever reads them and whenever they answer', async () => {
    const { pool, pending } = slowPool();
    const merged: string[] = [];
    const reads: string[] = [];
    const queue = new ReadQueue(pool, (items) => (reads.push(items[0].path), reply('here')), whoMerged(merged));
    for (let i = 0; i < 5; i++) queue.add(batch(i));
    queue.start();
    // The worker has begun b0 and b1; this thread takes b4, b3, b2 from the back.
    pending[0].begin();
    pending[1].begin();
    await queue.drainHere();
    expect(reads).toEqual(['b4', 'b3', 'b2']);
    // The worker reaches b2..b4 later: they are claimed, it reads none of them.
    for (const p of pending.slice(2)) expect(p.begin()).toBe(false);
    for (const p of [...pending].reverse()) p.answer();
    await queue.done();
    expect(merged).toEqual(['b0:worker', 'b1:worker', 'b2:here', 'b3:here', 'b4:here']);
  });

  it('reads a batch here when its worker fails, and reads nothing twice', async () => {
    const { pool, pending } = slowPool(new Set(['b1']));
    const reads: string[] = [];
    const merged: string[] = [];
    const queue = new ReadQueue(pool, (items) => (reads.push(items[0].path), reply('here')), whoMerged(merged));
    queue.add(batch(0));
    queue.add(batch(1));
    queue.start();
    for (const p of pending) p.begin();
    // Both begun by the worker: nothing is left for this thread.
    await queue.drainHere();
    expect(reads).toEqual([]);
    for (const p of pending) p.answer();
    await queue.done();
    expect(merged).toEqual(['b0:worker', 'b1:here']);
    expect(reads).toEqual(['b1']);
  });
});
