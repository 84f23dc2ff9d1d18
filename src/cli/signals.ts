import { say } from './emit.js';

/**
 * SIGINT and SIGTERM: hublint listens only once something must be cleaned up or finished
 * (--fix writing files: `critically`); until then the signal's default action ends the
 * process at once, whatever it is doing (a handler cannot run while one file's lint holds
 * the thread, so it used to be ignored for minutes). Inside a critical section the signal is
 * remembered and the work stops at the next file boundary, so every file is either wholly old
 * or wholly new; after it, hublint stops at once with 130 / 143.
 */
export const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

let critical = 0;
let pending: NodeJS.Signals | null = null;
let handover: ((sig: NodeJS.Signals) => void) | null = null;

function onSignal(sig: NodeJS.Signals): void {
  if (handover) {
    handover(sig);
    return;
  }
  if (critical > 0) {
    pending = sig;
    return;
  }
  say(`hublint: interrupted (${sig})`);
  process.exit(SIGNAL_EXIT[sig]);
}

let listening = false;

/** From the first critical section on, for the rest of the run (a signal caught then is never dropped). */
function listen(): void {
  if (listening) return;
  listening = true;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  ignoreInspectorSignal();
}

/**
 * Node opens its inspector (a debugger on 127.0.0.1:9229) on SIGUSR1; a listener of our own
 * takes the signal instead, so no signal can open it (`engine run` forwards it to the
 * container; otherwise it is ignored). The bin installs this before it loads anything.
 */
export function ignoreInspectorSignal(): void {
  if (process.listenerCount('SIGUSR1') === 0) process.on('SIGUSR1', ignore);
}

function ignore(): void {
  // Deliberately nothing: see ignoreInspectorSignal.
}

export async function critically<T>(work: (stopRequested: () => NodeJS.Signals | null) => Promise<T>): Promise<T> {
  listen();
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
 * `engine run` forwards SIGINT/SIGTERM to its container and waits for it, as `docker run`
 * does, and handles a closed stdout itself: while `handler` is installed, hublint does not
 * stop on those signals nor on EPIPE. Answers the function that gives them back.
 */
export function handOverSignals(handler: (sig: NodeJS.Signals) => void): () => void {
  handover = handler;
  return () => {
    if (handover === handler) handover = null;
  };
}

/** Whether a command has taken signals and stdout errors over (see handOverSignals). */
export function signalsHandedOver(): boolean {
  return handover !== null;
}

/**
 * One turn of the event loop, so that a SIGINT/SIGTERM that arrived during a long run of
 * promise callbacks (a single-thread scan) is handled now, before a report is written.
 */
export function letSignalsIn(): Promise<void> {
  return new Promise((next) => setImmediate(next));
}
