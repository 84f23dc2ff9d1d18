/**
 * Where a scan's time goes, stage by stage (read, prefilter, parse, lowering, resolution,
 * constants pass, lint, pins, workers): milliseconds and counts summed over the process and
 * its worker threads. Off unless `HUBLINT_TIMINGS=1` (the CLI's `--debug` sets it), and then
 * printed as `hublint: timing …` lines on stderr; bench/run.mjs reads them into its table.
 *
 * Off, a stage costs one property read: `timed` calls the function straight through.
 */

export interface StageTotals {
  /** Milliseconds, summed over every call (and every thread). */
  ms: number;
  /** Calls, or whatever count the stage adds (files, bytes). */
  n: number;
}

let enabled = process.env.HUBLINT_TIMINGS === '1';
let totals = new Map<string, StageTotals>();

/**
 * Milliseconds from an arbitrary start, for intervals. Not `nowMs()`: the first use
 * of the `performance` global loads perf_hooks and its helpers (~1–2 ms of a pre-commit run).
 */
export function nowMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

export function timingsEnabled(): boolean {
  return enabled;
}

/** Turns the clock on (the CLI's --debug); worker threads read the variable at start. */
export function enableTimings(): void {
  enabled = true;
  process.env.HUBLINT_TIMINGS = '1';
}

function entry(stage: string): StageTotals {
  let t = totals.get(stage);
  if (!t) totals.set(stage, (t = { ms: 0, n: 0 }));
  return t;
}

/** Runs `fn`, adding its wall time and one call to `stage` when the clock is on. */
export function timed<T>(stage: string, fn: () => T): T {
  if (!enabled) return fn();
  const start = nowMs();
  try {
    return fn();
  } finally {
    const t = entry(stage);
    t.ms += nowMs() - start;
    t.n++;
  }
}

/** Adds a measured span (`ms`) and a count to `stage`. */
export function addTiming(stage: string, ms: number, n = 1): void {
  if (!enabled) return;
  const t = entry(stage);
  t.ms += ms;
  t.n += n;
}

/** A count alone (files, bytes). */
export function count(stage: string, n = 1): void {
  if (enabled) entry(stage).n += n;
}

/** What was measured since the last take, and a fresh start (a worker sends this with each reply). */
export function takeTimings(): Record<string, StageTotals> | undefined {
  if (!enabled || totals.size === 0) return undefined;
  const out = Object.fromEntries(totals);
  totals = new Map();
  return out;
}

/** Adds another thread's totals (from takeTimings) to this thread's. */
export function mergeTimings(other: Record<string, StageTotals> | undefined): void {
  if (!other) return;
  for (const [stage, t] of Object.entries(other)) {
    const e = entry(stage);
    e.ms += t.ms;
    e.n += t.n;
  }
}

/** The totals as `hublint: timing <stage> <ms> ms <n>` lines, by stage name. */
export function formatTimings(all: Record<string, StageTotals> | undefined = Object.fromEntries(totals)): string {
  return Object.entries(all ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([stage, t]) => `hublint: timing ${stage} ${t.ms.toFixed(1)} ms ${t.n}\n`)
    .join('');
}
