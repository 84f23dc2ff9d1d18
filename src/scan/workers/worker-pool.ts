import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { nodeWorkerThreads } from '../../runtime/builtins.js';
import { keptFlagsWord } from '../../runtime/compile-cache.js';
import { mergeTimings } from '../../runtime/stage-clock.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

export interface WorkerPoolOptions<Init> {
  /** The worker module: a file that calls serveWorker(). */
  workerUrl: URL;
  /** Handed to the worker's setup once, at start (structured clone: plain data only). */
  init: Init;
  /** Number of threads (at least 1). See poolSizeFor(). */
  size: number;
  /** Jobs posted to one worker before it answers: 2 keeps it busy across the message hop. */
  maxInFlight?: number;
  /** Respawns allowed after crashes before the pool gives up (default 2 × size). */
  maxRespawns?: number;
  /** Thread names, in stack traces and --cpu-prof output. */
  name?: string;
}

export interface WorkerPoolStats {
  size: number;
  /** Milliseconds each worker spent in setup (loading its modules, warming the parser). */
  warmMs: number[];
  jobs: number;
  failedJobs: number;
  respawns: number;
}

/** Raised for a job whose worker crashed (not for an error the job itself threw). */
export class WorkerCrashError extends Error {
  override name = 'WorkerCrashError';
}

interface Slot<Req, Res> {
  worker: Worker;
  inFlight: Map<number, Pending<Req, Res>>;
  ready: boolean;
  exited: boolean;
}

interface Pending<Req, Res> {
  id: number;
  request: Req;
  resolve(value: Res): void;
  reject(error: Error): void;
}

/**
 * A fixed pool of worker threads answering `run(request)` in parallel. Workers start (and
 * warm up) at construction, so the caller can keep streaming discovery and reading while
 * they load; jobs are queued until a worker has room. A crashed worker fails only its own
 * in-flight jobs and is replaced; an error thrown by a job rejects that job alone.
 */
export class WorkerPool<Init, Req, Res, Shared = never> {
  private readonly slots: Array<Slot<Req, Res>> = [];
  private readonly queue: Array<Pending<Req, Res>> = [];
  private readonly maxInFlight: number;
  private readonly maxRespawns: number;
  private nextId = 1;
  private shared: { value: Shared } | undefined;
  private closing = false;
  private broken: Error | undefined;
  private readonly readyWaiters: Array<{ resolve(): void; reject(e: Error): void }> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private readyCount = 0;
  private readonly stats: WorkerPoolStats;

  constructor(private readonly options: WorkerPoolOptions<Init>) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError(`pool size must be a whole number ≥ 1, not ${options.size}`);
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxRespawns = options.maxRespawns ?? 2 * options.size;
    this.stats = { size: options.size, warmMs: [], jobs: 0, failedJobs: 0, respawns: 0 };
    // A worker that loads a grammar keeps WebAssembly on Liftoff (runtime/parsers.ts), for
    // every thread: set here first, so that each thread's code caches know (compile-cache.ts).
    // keepV8Flag('--liftoff-only');
    for (let i = 0; i < options.size; i++) this.spawn(i);
  }

  /** Resolves once every worker has finished its setup; rejects if a setup failed. */
  ready(): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.readyCount >= this.options.size) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  /** Sends a value to every worker, before any job posted after this call. */
  broadcast(value: Shared): void {
    this.shared = { value };
    for (const slot of this.slots) if (!slot.exited) this.post(slot, { type: 'broadcast', value });
  }

  run(request: Req): Promise<Res> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.closing) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
  }

  getStats(): WorkerPoolStats {
    return { ...this.stats, warmMs: [...this.stats.warmMs] };
  }

  /** Finishes the queued jobs, then lets every worker end by itself (its exit handlers run). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.outstanding() > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((done) => {
            if (slot.exited) return done();
            slot.worker.once('exit', () => done());
            this.post(slot, { type: 'close' });
          }),
      ),
    );
  }

  /** Stops every worker now; queued and running jobs are rejected. */
  async destroy(): Promise<void> {
    this.closing = true;
    const error = new Error('the worker pool was destroyed');
    this.failAll(error);
    await Promise.all(this.slots.map((s) => (s.exited ? undefined : s.worker.terminate())));
  }

  private spawn(index: number): void {
    const worker = new (nodeWorkerThreads().Worker)(this.options.workerUrl, {
      // `entry` tells a worker module it is the thread's main module (see isWorkerEntry).
      // keptFlags: a grammar loaded on any thread keeps WebAssembly on Liftoff for all of
      // them (runtime/parsers.ts); each thread's code caches must know (compile-cache.ts).
      workerData: { init: this.options.init, entry: this.options.workerUrl.pathname.split('/').pop(), keptFlags: keptFlagsWord() },
      name: `${this.options.name ?? 'hublint-worker'}-${index}`,
    });
    const slot: Slot<Req, Res> = { worker, inFlight: new Map(), ready: false, exited: false };
    this.slots[index] = slot;
    if (this.shared) this.post(slot, { type: 'broadcast', value: this.shared.value });
    worker.on('message', (m: FromWorker<Res>) => this.onMessage(slot, m));
    worker.on('error', (error) => this.onCrash(index, slot, error));
    worker.on('exit', (code) => {
      if (!slot.exited && (code !== 0 || slot.inFlight.size > 0)) this.onCrash(index, slot, new Error(`worker exited with code ${code}`));
      slot.exited = true;
    });
    this.dispatch();
  }

  private onMessage(slot: Slot<Req, Res>, m: FromWorker<Res>): void {
    switch (m.type) {
      case 'ready':
        slot.ready = true;
        this.stats.warmMs.push(m.warmMs);
        if (++this.readyCount >= this.options.size) for (const w of this.readyWaiters.splice(0)) w.resolve();
        return;
      case 'setup-failed': {
        const error = new Error(`worker setup failed: ${m.message}`);
        if (m.stack) error.stack = m.stack;
        this.broken = error;
        this.failAll(error);
        void this.destroy();
        return;
      }
      case 'result':
      case 'failed': {
        const p = slot.inFlight.get(m.id);
        if (!p) return;
        slot.inFlight.delete(m.id);
        this.stats.jobs++;
        if (m.type === 'result') {
          mergeTimings(m.clock);
          p.resolve(m.value);
        }
        else {
          this.stats.failedJobs++;
          const error = new Error(m.message);
          if (m.stack) error.stack = m.stack;
          p.reject(error);
        }
        this.dispatch();
        this.checkIdle();
        return;
      }
    }
  }

  private onCrash(index: number, slot: Slot<Req, Res>, cause: Error): void {
    if (slot.exited) return;
    slot.exited = true;
    for (const p of slot.inFlight.values()) {
      this.stats.failedJobs++;
      p.reject(new WorkerCrashError(`worker crashed: ${cause.message}`, { cause }));
    }
    slot.inFlight.clear();
    this.checkIdle();
    if (this.closing || this.broken) return;
    if (this.stats.respawns >= this.maxRespawns) {
      this.broken = new WorkerCrashError(`workers keep crashing (${this.stats.respawns} respawns): ${cause.message}`, { cause });
      this.failAll(this.broken);
      return;
    }
    this.stats.respawns++;
    // The replacement says `ready` again when its setup is done.
    if (slot.ready) this.readyCount--;
    this.spawn(index);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let best: Slot<Req, Res> | undefined;
      for (const slot of this.slots) {
        if (!slot || slot.exited || slot.inFlight.size >= this.maxInFlight) continue;
        if (!best || slot.inFlight.size < best.inFlight.size) best = slot;
      }
      if (!best) return;
      const job = this.queue.shift()!;
      best.inFlight.set(job.id, job);
      this.post(best, { type: 'job', id: job.id, request: job.request });
    }
  }

  private post(slot: Slot<Req, Res>, message: ToWorker<Req, Shared>): void {
    slot.worker.postMessage(message);
  }

  private failAll(error: Error): void {
    for (const p of this.queue.splice(0)) p.reject(error);
    for (const slot of this.slots) {
      for (const p of slot?.inFlight.values() ?? []) p.reject(error);
      slot?.inFlight.clear();
    }
    for (const w of this.readyWaiters.splice(0)) w.reject(error);
    this.checkIdle();
  }

  private outstanding(): number {
    return this.queue.length + this.slots.reduce((n, s) => n + (s?.inFlight.size ?? 0), 0);
  }

  private checkIdle(): void {
    if (this.outstanding() === 0) for (const w of this.idleWaiters.splice(0)) w();
  }
}

/**
 * Workers for a big run: one per core but one, since the main thread reads too (it walks,
 * lints the first kept files and then takes batches from the same queue; scan/read/read-queue.ts).
 * None on one core. And no more than the cores other processes leave idle (busyNow()): on a
 * saturated machine a thread gains no core, only its start-up and the messages (measured on
 * this project's shared 2-core machine, load ~20: renovate's tree 15% slower with a worker
 * than without).
 */
export function workersBesideMainThread(cores = availableParallelism(), load = busyNow()): number {
  // This process's own main thread is part of the load it sees.
  const idle = Math.floor(cores - Math.max(0, load - 1) + 0.5);
  return Math.max(0, Math.min(cores - 1, idle - 1));
}

/**
 * How many threads keep the cores busy now, this one included. A core counts as taken only
 * when both measures say so: the 1-minute load average lags (the command a benchmark or a
 * script ran just before keeps it near 1 for a minute after it ended), and the count of
 * threads running this instant may miss a busy process between two time slices. The instant
 * count is Linux's (the 4th field of /proc/loadavg) less this process's own running threads
 * (/proc/self/task: V8's compiler and GC helpers run beside the main thread at start-up).
 */
export function busyNow(average = loadavg()[0], running: number | null = othersRunningNow()): number {
  return running === null ? average : Math.min(average + 1, 1 + running);
}

/**
 * Threads of other processes running now (Linux), or null where that cannot be read: the
 * fewest of three looks 1 ms apart, since a kernel thread or a process that is exiting shows
 * up in one look and is gone the next, while a busy process stays.
 */
function othersRunningNow(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    let fewest = Infinity;
    for (let look = 0; look < 3; look++) {
      if (look > 0) Atomics.wait(PAUSE, 0, 0, 1);
      fewest = Math.min(fewest, othersRunning());
    }
    return Number.isFinite(fewest) ? fewest : null;
  } catch {
    return null;
  }
}
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** One look: the running threads of /proc/loadavg less this process's own (/proc/self/task). */
function othersRunning(): number {
  const field = /^\S+ \S+ \S+ (\d+)\//.exec(readFileSync('/proc/loadavg', 'latin1'));
  if (!field) return Infinity;
  let own = 0;
  for (const task of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'latin1');
    // The state follows the command name, which is in parentheses and may hold any character.
    if (stat[stat.lastIndexOf(')') + 2] === 'R') own++;
  }
  return Math.max(0, Number(field[1]) - Math.max(own, 1));
}

/**
 * The workers a big run starts: HUBLINT_WORKERS=N asks for N (0: everything on one thread;
 * as `make -jN`, whatever the load), otherwise workersBesideMainThread() decides.
 */
export function scanWorkerCount(setting = process.env.HUBLINT_WORKERS, load = busyNow()): number {
  if (setting !== undefined && /^\d+$/.test(setting.trim())) return Math.min(Number(setting), availableParallelism() * 2);
  return workersBesideMainThread(availableParallelism(), load);
}
