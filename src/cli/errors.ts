import { CommanderError } from 'commander';
import { HublintError } from '../core/errors.js';
import { emit, say } from './emit.js';

/**
 * The one place that turns a thrown error into a message and an exit code. Known errors
 * are one line (plus a hint); a stack appears only with --debug.
 */
export function reportError(error: unknown, debug: boolean, fallbackExit = 2): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  const known = error instanceof HublintError;
  const message = error instanceof Error ? error.message : String(error);
  say(`hublint: ${known ? '' : 'internal error: '}${message.split('\n')[0]}`);
  if (known && error.hint) say(`hint: ${error.hint}`);
  if (debug && error instanceof Error && error.stack) emit(process.stderr, `${error.stack}\n`);
  else if (!known) say('hint: run again with --debug for details');
  return known ? error.exitCode : fallbackExit;
}
