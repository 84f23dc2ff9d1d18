import { describe, expect, it } from 'vitest';
import { fromJsonFinding, toJsonFinding, type JsonFinding } from '../../src/report/finding-json.js';

const edit = { start: 5, end: 9, line: 1, column: 6, endLine: 1, endColumn: 10, text: 'new' };
const base: JsonFinding = {
  ruleId: 'hub-get-repository',
  severity: 'warning',
  status: 'deprecated',
  date: null,
  file: 'a.sh',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 10,
  message: 'm',
  method: 'GET',
  methodSource: 'default',
  url: 'https://hub.docker.com/v2/repositories/acme/web/',
  snippet: 's',
  replacement: null,
  fixPolicy: 'safe',
  confidence: 'high',
  fingerprint: 'f',
  fix: { policy: 'safe', edits: [edit] },
  suggestion: 'do it',
};

describe('a finding read back from a JSON report (merge)', () => {
  it('keeps a well-formed fix, in its place, and maps back to the same JSON', () => {
    const f = fromJsonFinding(structuredClone(base));
    expect(f.fix).toEqual({ policy: 'safe', edits: [edit] });
    expect(JSON.stringify(toJsonFinding(f))).toBe(JSON.stringify(base));
  });

  it('drops malformed edits, and a fix left with none, where the file comes in (no reporter checks again)', () => {
    const bad = { ...edit, line: 0 };
    const mixed = fromJsonFinding({ ...structuredClone(base), fix: { policy: 'odd', edits: [bad, edit, { text: 1 }] } as never });
    expect(mixed.fix).toEqual({ policy: 'safe', edits: [edit] });
    for (const fix of [{ policy: 'safe', edits: [bad] }, { policy: 'safe' }, 'rewrite', null]) {
      const f = fromJsonFinding({ ...structuredClone(base), fix: fix as never });
      expect(f).not.toHaveProperty('fix');
      expect(f.suggestion).toBe('do it');
    }
  });
});
