import type { ReadItem, ReadReply } from './read-batch.js';
import type { ScanPool } from '../workers/scan-pool.js';

interface Waiting {
  items: ReadItem[];
  settle(reply: ReadReply): void;
}

/**
 * The batches of paths of a big scan that wait to be read, shared by the scan workers and
 * this thread: the workers take from the front (a few batches in flight each), this thread
 * from the back once it has nothing else to do (drainHere). Threads of one process share
 * their file table, so reads in threads scale worse than in processes; a thread that would
 * otherwise wait reads instead. Replies are merged in the order the batches were added, so
 * a run's notices come out the same each time, whoever read them.
 */
export class ReadQueue {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private merged: Promise<void> = Promise.resolve();
  private started = false;

  constructor(
    private readonly pool: ScanPool,
    private readonly maxInFlight: number,
    private readonly readHere: (items: ReadItem[]) => ReadReply,
    private readonly merge: (items: ReadItem[], reply: ReadReply) => Promise<void>,
  ) {}

  add(items: ReadItem[]): void {
    let settle!: (reply: ReadReply) => void;
    const reply = new Promise<ReadReply>((resolve) => (settle = resolve));
    this.waiting.push({ items, settle });
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

  /** Reads the waiting batches on this thread, from the back, until none waits. */
  async drainHere(): Promise<void> {
    for (let job = this.waiting.pop(); job; job = this.waiting.pop()) {
      job.settle(this.readHere(job.items));
      // Let the workers' replies in between batches, so they get the next ones.
      await new Promise((next) => setImmediate(next));
    }
  }

  /** Resolves once every batch added so far is read and merged. */
  done(): Promise<void> {
    return this.merged;
  }

  private pump(): void {
    while (this.started && this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.inFlight++;
      // A batch whose worker died is read here instead: nothing is lost.
      void this.pool
        .read(job.items)
        .catch(() => this.readHere(job.items))
        .then((reply) => {
          this.inFlight--;
          job.settle(reply);
          this.pump();
        });
    }
  }
}
