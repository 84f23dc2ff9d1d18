import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { gitlabReporter } from '../../src/report/gitlab.js';
import { findingsSet, type FindingsSet } from './findings-set.js';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number; end?: number } };
}

let set: FindingsSet;
beforeAll(async () => {
  set = await findingsSet();
});

describe('gitlab reporter', () => {
  it('is a Code Quality JSON array, one issue per finding', () => {
    const issues = JSON.parse(gitlabReporter(set.findings, set.ctx)) as Issue[];
    expect(Array.isArray(issues)).toBe(true);
    expect(issues).toHaveLength(set.findings.length);
    issues.forEach((issue, i) => {
      const f = set.findings[i];
      expect(issue).toMatchObject({ description: f.message, check_name: f.ruleId, fingerprint: f.fingerprint, location: { path: f.file, lines: { begin: f.line } } });
      expect(typeof issue.location.lines.begin).toBe('number');
    });
    expect(new Set(issues.map((x) => x.fingerprint)).size).toBe(issues.length);
    expect(JSON.parse(gitlabReporter([], set.ctx))).toEqual([]);
  });

  it('maps error to major, warning to minor and info to info', () => {
    const of = (severity: Finding['severity']) => (JSON.parse(gitlabReporter([{ ...set.findings[0], severity }], set.ctx)) as Issue[])[0].severity;
    expect(of('error')).toBe('major');
    expect(of('warning')).toBe('minor');
    expect(of('info')).toBe('info');
  });

  it('keeps any text intact through JSON', () => {
    const evil: Finding = { ...set.findings[0], file: 'a "b"\\c.txt', message: 'quote " backslash \\ newline\n</script>' };
    const [issue] = JSON.parse(gitlabReporter([evil], set.ctx)) as Issue[];
    expect(issue.location.path).toBe(evil.file);
    expect(issue.description).toBe(evil.message);
  });
});
