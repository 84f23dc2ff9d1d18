import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

/**
 * Issue 17 item 1: a long line after a Hub call once hung the scan (a quadratic redaction
 * pattern ran over the whole line before the snippet was cut). Its timing lives in
 * bench/long-line.mjs; here only that it finishes and reports the call.
 */
const CALL = 'curl https://hub.docker.com/v2/repositories/a/b/ ';
const MB = 1024 * 1024;

describe('a 4 MB line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-long-line-'));
  const cases: Array<[string, string, string]> = [
    ['letters', 'x.sh', `${CALL}${'a'.repeat(4 * MB)}\n`],
    ['URL-credential look-alikes', 'y.sh', `${CALL}${'https://u:p'.repeat((4 * MB) / 10)}\n`],
    ['one-line JSON', 'z.json', `${JSON.stringify({ u: 'https://hub.docker.com/v2/repositories/a/b/', d: 'x'.repeat(4 * MB) })}\n`],
  ];
  it.each(cases)('%s: the scan finishes with the finding and a short snippet', (_name, file, text) => {
    writeFileSync(join(dir, file), text);
    const r = hublint(['--format', 'json', file], { cwd: dir });
    expect(r.code).toBe(1);
    const { findings } = JSON.parse(r.stdout) as { findings: Array<{ ruleId: string; snippet: string }> };
    expect(findings.map((f) => f.ruleId)).toEqual(['hub-get-repository']);
    expect(findings[0].snippet.length).toBeLessThanOrEqual(300);
  });
});
