import type { Candidate } from '../../core/types.js';
import { extractShell } from './adapter.js';
import { scanValue } from './candidate.js';
import type { ShellEnv } from './env.js';
import type { Mapped } from './mapped.js';
import { DEFAULT_GET, type Request } from './request.js';

// A config value that holds a command line (package.json scripts, a compose healthcheck, a
// YAML anchor of CI script lines). HTTPie's `http` counts only at the start: it is a common word.
const COMMAND = /^\s*(?:sudo\s+)?(?:https?|xh)\s|(?:^|[\s;&|(`])(?:curl|wget)(?:\.exe)?\s+[-"'$\w]/;

/** A string value from a data file: a command line goes through the shell, anything else is scanned. */
export function scanString(value: Mapped, method: Pick<Request, 'method' | 'methodSource'> = DEFAULT_GET, env?: ShellEnv): Candidate[] {
  return COMMAND.test(value.text) ? extractShell(value, {}, env) : scanValue(value, method);
}
