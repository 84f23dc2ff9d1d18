import { CommanderError } from 'commander';
import { err, say } from './emit.js';
import { cliExitCode, isKnownError } from './engine-errors.js';

/** A usage error whose exit code its command chose (`engine run`: docker's 1 and 125); kept as is. */
export class ChosenExitError extends CommanderError {}

/**
 * The one place that turns a thrown error into a message and an exit code. Known errors
 * (hublint's and the Engine client's) are one line (plus a hint); a stack appears only with --debug.
 */
export function reportError(error: unknown, debug: boolean, fallbackExit = 2): number {
  // Commander's own code for a usage error is 1; hublint's is 2. A command that chose
  // another (`engine run`: 125, as docker's usage errors) keeps it.
  if (error instanceof ChosenExitError) return error.exitCode;
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : error.exitCode === 1 ? 2 : error.exitCode;
  const known = isKnownError(error);
  const message = error instanceof Error ? error.message : String(error);
  say(`hublint: ${known ? '' : 'internal error: '}${message.split('\n')[0]}`);
  if (known && error.hint) say(`hint: ${error.hint}`);
  if (debug && error instanceof Error && error.stack) err(`${error.stack}\n`);
  else if (!known) say('hint: run again with --debug for details');
  return cliExitCode(error, fallbackExit);
}
