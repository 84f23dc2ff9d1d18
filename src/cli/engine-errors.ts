import { HublintError } from '../core/errors.js';
import { EngineError } from '../engine/errors.js';

/**
 * The Engine client is a library with its own errors (they do not extend HublintError);
 * this is where the CLI gives them a meaning. Both kinds are "known": one line and a hint.
 */
export type KnownError = HublintError | EngineError;

export function isKnownError(error: unknown): error is KnownError {
  return error instanceof HublintError || error instanceof EngineError;
}

/** HublintError carries its own exit code; an Engine error is a runtime error (2). */
export function cliExitCode(error: unknown, fallback = 2): number {
  if (error instanceof HublintError) return error.exitCode;
  if (error instanceof EngineError) return 2;
  return fallback;
}
