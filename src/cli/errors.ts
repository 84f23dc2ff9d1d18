import { CommanderError } from 'commander';
import { redact } from '../core/redact.js';
import { cliExitCode, isKnownError } from './engine-errors.js';

/**
 * The one place that turns a thrown error into a message and an exit code. Known errors
 * are one line (plus a hint); a stack appears only with --debug.
 */
export function reportError(error: unknown, debug: boolean, fallbackExit = 2): number {
  // Commander's own code for a usage error is 1; hublint's is 2. A command that chose
  // another (`engine run`: 125, as docker's usage errors) keeps it.
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : error.exitCode === 1 ? 2 : error.exitCode;
  const known = isKnownError(error);
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = redact(message.split('\n')[0]);
  process.stderr.write(`hublint: ${known ? '' : 'internal error: '}${firstLine}\n`);
  if (known && error.hint) process.stderr.write(`hint: ${error.hint}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${redact(error.stack)}\n`);
  else if (!known) process.stderr.write('hint: run again with --debug for details\n');
  return cliExitCode(error, fallbackExit);
}
