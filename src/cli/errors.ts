import { CommanderError } from 'commander';
import { HublintError } from '../core/errors.js';
import { redact } from '../core/redact.js';

/**
 * The one place that turns a thrown error into a message and an exit code. Known errors
 * are one line (plus a hint); a stack appears only with --debug.
 */
export function reportError(error: unknown, debug: boolean, fallbackExit = 2): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  const known = error instanceof HublintError;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = redact(message.split('\n')[0]);
  process.stderr.write(`hublint: ${known ? '' : 'internal error: '}${firstLine}\n`);
  if (known && error.hint) process.stderr.write(`hint: ${error.hint}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${redact(error.stack)}\n`);
  else if (!known) process.stderr.write('hint: run again with --debug for details\n');
  return known ? error.exitCode : fallbackExit;
}
