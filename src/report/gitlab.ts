import type { Severity } from '../core/types.js';
import type { Reporter } from './types.js';

/**
 * GitLab Code Quality report (docs.gitlab.com "Code Quality", a subset of the Code Climate
 * spec): a JSON array of issues with description, check_name, fingerprint, severity and
 * location.path + location.lines.begin.
 */
const SEVERITY: Record<Severity, 'major' | 'minor' | 'info'> = { error: 'major', warning: 'minor', info: 'info' };

export const gitlabReporter: Reporter = (findings) => {
  const issues = findings.map((f) => ({
    type: 'issue',
    description: f.message,
    check_name: f.ruleId,
    fingerprint: f.fingerprint,
    severity: SEVERITY[f.severity],
    categories: ['Compatibility'],
    location: { path: f.file, lines: { begin: f.line, end: Math.max(f.line, f.endLine) } },
  }));
  return `${JSON.stringify(issues, null, 2)}\n`;
};
