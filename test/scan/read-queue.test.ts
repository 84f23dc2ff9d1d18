import { describe, expect, it } from 'vitest';
import type { ReadItem, ReadReply } from '../../src/scan/read/read-batch.js';
import { ReadQueue } from '../../src/scan/read/read-queue.js';
import type { ScanPool } from '../../src/scan/workers/scan-pool.js';

const batch = (n: number): ReadItem[] => [{ path: `b${n}`, absolute: `/b${n}` }];
const reply = (who: string): ReadReply => ({ outcomes: [], quiet: 1, quietListed: [], who } as ReadReply & { who: string });

/** A pool whose reads answer when the test says so (or fail), to order replies at will. */
function slowPool(fail: Set<string> = new Set()) {
  const pending: Array<{ items: ReadItem[]; answer(): void }> = [];
  const pool = {
    size: 1,
    read: (items: ReadItem[]) =>
      new Promise<ReadReply>((resolve, reject) => {
        pending.push({ items, answer: () => (fail.has(items[0].path) ? reject(new Error('worker died')) : resolve(reply('worker'))) });
      }),
  } as unknown as ScanPool;
  return { pool, pending };
}

describe('ReadQueue', () => {
  it('merges in the order batches were added, whoever reads them and whenever they answer', async () => {
    const { pool, pending } = slowPool();
    const merged: string[] = [];
    const queue = new ReadQueue(pool, 2, () => reply('here'), async (items, r) => {
      merged.push(`${items[0].path}:${(r as ReadReply & { who: string }).who}`);
    });
    for (let i = 0; i < 5; i++) queue.add(batch(i));
    queue.start();
    expect(pending.map((p) => p.items[0].path)).toEqual(['b0', 'b1']);
    // This thread takes b4, b3, b2 from the back while the worker still holds b0 and b1.
    await queue.drainHere();
    pending[1].answer();
    pending[0].answer();
    await queue.done();
    expect(merged).toEqual(['b0:worker', 'b1:worker', 'b2:here', 'b3:here', 'b4:here']);
  });

  it('reads a batch here when its worker fails, and reads nothing twice', async () => {
    const { pool, pending } = slowPool(new Set(['b1']));
    const reads: string[] = [];
    const merged: string[] = [];
    const queue = new ReadQueue(pool, 8, (items) => (reads.push(items[0].path), reply('here')), async (items, r) => {
      merged.push(`${items[0].path}:${(r as ReadReply & { who: string }).who}`);
    });
    queue.add(batch(0));
    queue.add(batch(1));
    expect(pending).toHaveLength(0); // not started: the workers are not up yet
    queue.start();
    for (const p of pending) p.answer();
    await queue.done();
    expect(merged).toEqual(['b0:worker', 'b1:here']);
    expect(reads).toEqual(['b1']);
  });
});
