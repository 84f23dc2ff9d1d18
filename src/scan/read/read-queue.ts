import type { ReadItem, ReadReply } from './read-batch.js';
import type { ScanPool } from '../workers/scan-pool.js';

interface Waiting {
  items: ReadItem[];
  settle(reply: ReadReply): void;
  /** Set once the batch has a reply (from a worker or from this thread). */
  settled: boolean;
  /** Shared with the worker the batch was posted to: whoever turns it from 0 reads the batch. */
  claim: Int32Array;
}

/**
 * The batches of paths of a big scan that wait to be read, shared by the scan workers and
 * this thread. Every batch is posted to a worker as soon as the workers are up, so a worker
 * never waits for this thread to hand out work (this thread is often busy for 100 ms at a
 * time: loading the TypeScript compiler, linting a big file). A batch carries a claim word
 * in shared memory: a worker reads it only if it turns the word first; this thread, once it
 * has nothing else to do (drainHere), claims batches from the back. Threads of one process
 * share their file table, so reads in threads scale worse than in processes; a thread that
 * would otherwise wait reads instead. Replies are merged in the order the batches were added,
 * so a run's notices come out the same each time, whoever read them.
 */
export class ReadQueue {
  private readonly waiting: Waiting[] = [];
  /** Posted to a worker and not yet answered, in the order they were added. */
  private readonly posted: Waiting[] = [];
  private merged: Promise<void> = Promise.resolve();
  private started = false;

  constructor(
    private readonly pool: ScanPool,
    private readonly readHere: (items: ReadItem[]) => ReadReply,
    private readonly merge: (items: ReadItem[], reply: ReadReply) => Promise<void>,
  ) {}

  add(items: ReadItem[]): void {
    let resolve!: (reply: ReadReply) => void;
    const reply = new Promise<ReadReply>((r) => (resolve = r));
    const job: Waiting = {
      items,
      settled: false,
      claim: new Int32Array(new SharedArrayBuffer(4)),
      settle: (r) => {
        if (job.settled) return;
        job.settled = true;
        resolve(r);
      },
    };
    this.waiting.push(job);
    this.merged = this.merged.then(async () => this.merge(items, await reply));
    this.pump();
  }

  /** True once the workers are up: batches go to the queue rather than being read inline. */
  isStarted(): boolean {
    return this.started;
  }

  /** The workers are up: hand them batches from now on. */
  start(): void {
    this.started = true;
    this.pump();
  }

  /**
   * Reads on this thread, from the back, every batch no worker has begun, until none is left.
   * `first`: this thread's other work (the lint of the files kept so far), done before each
   * batch: the workers read on meanwhile, and what only this thread can do is not left for
   * the end, when they have nothing left to read.
   */
  async drainHere(first: () => Promise<unknown> = () => Promise.resolve()): Promise<void> {
    for (let job = (await first(), this.takeHere()); job; job = (await first(), this.takeHere())) {
      job.settle(this.readHere(job.items));
      // Let the workers' replies in between batches.
      await new Promise((next) => setImmediate(next));
    }
  }

  /** Resolves once every batch added so far is read and merged. */
  done(): Promise<void> {
    return this.merged;
  }

  private takeHere(): Waiting | undefined {
    const unposted = this.waiting.pop();
    if (unposted) return unposted;
    while (this.posted.length > 0) {
      const job = this.posted.pop()!;
      if (!job.settled && Atomics.compareExchange(job.claim, 0, 0, 2) === 0) return job;
    }
    return undefined;
  }

  private pump(): void {
    if (!this.started) return;
    for (const job of this.waiting.splice(0)) {
      this.posted.push(job);
      void this.pool
        .read(job.items, job.claim)
        // null: this thread claimed the batch first and settles it. A batch whose worker
        // died is read here instead: nothing is lost.
        .then(
          (reply) => reply && job.settle(reply),
          () => job.settle(this.readHere(job.items)),
        );
    }
  }
}
