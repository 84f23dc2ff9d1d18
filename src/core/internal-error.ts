import { fingerprintOf } from './fingerprint.js';
import type { Finding } from './types.js';

/**
 * A crash or an exhausted bound costs one file, never the run: the file gets this finding
 * instead of (or beside) what was found in it. `adapter` names the part that gave up (an
 * adapter, `fix`, `worker`); `stage` how the message opens.
 */
export function internalErrorFinding(file: string, adapter: string, error: unknown, stage = `the ${adapter} adapter failed on this file`): Finding {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return {
    family: 'hub',
    ruleId: 'internal-error',
    severity: 'warning',
    status: 'error',
    date: null,
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    message: `${stage}: ${reason.length > 300 ? `${reason.slice(0, 300)}…` : reason}`,
    method: null,
    methodSource: null,
    url: '',
    snippet: '',
    replacement: null,
    fixPolicy: 'none',
    confidence: 'low',
    fingerprint: fingerprintOf(['internal-error', file, adapter]),
    adapter,
  };
}
