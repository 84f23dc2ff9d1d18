import { say } from './emit.js';

/**
 * SIGINT and SIGTERM: outside a critical section hublint stops at once (nothing has been
 * written); inside one (--fix writing files) the signal is remembered and the work stops
 * at the next file boundary, so every file is either wholly old or wholly new.
 */
export const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

let critical = 0;
let pending: NodeJS.Signals | null = null;

function onSignal(sig: NodeJS.Signals): void {
  if (critical > 0) {
    pending = sig;
    return;
  }
  say(`hublint: interrupted (${sig})`);
  process.exit(SIGNAL_EXIT[sig]);
}

export function installSignalHandlers(): void {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

export async function critically<T>(work: (stopRequested: () => NodeJS.Signals | null) => Promise<T>): Promise<T> {
  critical++;
  try {
    return await work(() => pending);
  } finally {
    critical--;
  }
}

export function pendingSignal(): NodeJS.Signals | null {
  return pending;
}

/**
 * One turn of the event loop, so that a SIGINT/SIGTERM that arrived during a long run of
 * promise callbacks (a single-thread scan) is handled now, before a report is written.
 */
export function letSignalsIn(): Promise<void> {
  return new Promise((next) => setImmediate(next));
}
