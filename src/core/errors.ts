import { redact } from './redact.js';

/**
 * Errors that hublint expects and explains in one line. The CLI prints `message`
 * (and `hint`) without a stack unless --debug is given; anything else is a bug.
 */
export class HublintError extends Error {
  // Each class names itself: the CLI bundle shortens class names, and `--debug` prints this one.
  override name = 'HublintError';
  readonly exitCode: number;
  readonly hint?: string;
  constructor(message: string, options: { exitCode?: number; hint?: string; cause?: unknown } = {}) {
    // Masked here, so no caller (the Engine client's included) can carry a secret into an error.
    super(redact(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.exitCode = options.exitCode ?? 2;
    this.hint = options.hint === undefined ? undefined : redact(options.hint);
  }
}

/** A flag or argument the user gave is wrong. */
export class UsageError extends HublintError {
  override name = 'UsageError';
}

/** A config or rule file is unreadable or does not follow its schema. */
export class ConfigError extends HublintError {
  override name = 'ConfigError';
}
