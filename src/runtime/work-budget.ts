/**
 * The per-file bound on the adapters' work, counted in work units, not time: every machine
 * (loaded or idle, fast or slow) stops the same file at the same point and so reports the
 * same findings. A unit is one step of a bounded-cost loop: a syntax node visited, a value
 * lowered, an evaluation step, a hop of the method resolver. A file may spend
 * BASE_UNITS + UNITS_PER_CHAR × its length; past that the adapter stops (WorkBudgetExceeded)
 * and the file gets an `internal-error` finding and a notice instead of a run that never ends.
 *
 * Depth caps (a syntax tree or an expression nested past what any hand-written code does)
 * do not stop the file: what lies deeper is not read, which is noted here so that the file
 * gets the `internal-error` finding beside what was found, never silence, when the text left
 * unread passes the file's own gate (it may hold a Hub call; 300 nested brackets of data do not).
 *
 * One budget per thread; it is open only while one file's extraction runs, synchronously,
 * so nothing else spends from it. Outside, `spend` costs one subtraction.
 */
export const BASE_UNITS = 1_000_000;
export const UNITS_PER_CHAR = 20;

export class WorkBudgetExceeded extends Error {
  constructor(readonly limit: number) {
    super(`the per-file work budget (${limit} units for its size) was used up; the file was not read to its end`);
  }
}

let left = Infinity;
let limit = Infinity;
let cut: string | undefined;
let mayMatter: (text: string) => boolean = () => true;

/** The budget of a file of `chars` characters. */
export const budgetFor = (chars: number): number => BASE_UNITS + UNITS_PER_CHAR * chars;

/** Spends `units`; throws WorkBudgetExceeded once the open budget is used up. */
export function spend(units = 1): void {
  if ((left -= units) < 0 && limit !== Infinity) throw new WorkBudgetExceeded(limit);
}

/** A depth cap was reached: `what` lies deeper and `unread()` is not read (the first reason that matters is kept). */
export function noteCut(what: string, unread: () => string): void {
  if (limit !== Infinity && cut === undefined && mayMatter(unread())) cut = what;
}

/**
 * Runs `work` under a budget of `units`: its result, how much it spent, and the first depth
 * cap it reached. A budget opened inside another (a file's extraction asking another file's
 * values) shares the outer one.
 */
export function withBudget<T>(units: number, work: () => T, matters: (text: string) => boolean = () => true): { result: T; spent: number; cut: string | undefined } {
  if (limit !== Infinity) {
    const before = left;
    return { result: work(), spent: before - left, cut: undefined };
  }
  left = limit = units;
  cut = undefined;
  mayMatter = matters;
  try {
    const result = work();
    return { result, spent: units - left, cut };
  } finally {
    left = limit = Infinity;
    cut = undefined;
    mayMatter = () => true;
  }
}
