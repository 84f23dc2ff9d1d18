import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The labelled real-world corpus (eval/): every case recorded as passing in eval/passing.json
// must still pass, that is, still give no miss and no false finding. There is no score
// threshold: a change that lowers precision or recall only on cases that already failed
// does not fail CI, a change that breaks a passing case does. The scorer scans the cases
// with the built CLI (dist/), two at a time.
const root = join(import.meta.dirname, '..', '..');
const passing = JSON.parse(readFileSync(join(root, 'eval', 'passing.json'), 'utf8')) as string[];

interface Judged {
  id: string;
  passed: boolean;
  crash: string | null;
  misses: Array<{ file: string; line: number; rule: string }>;
  falses: Array<{ file: string; line: number; rule: string }>;
}

describe('eval corpus', () => {
  it('keeps every recorded passing case passing', { timeout: 300_000 }, () => {
    expect(passing.length).toBeGreaterThan(0);
    const run = spawnSync(process.execPath, [join(root, 'eval', 'score.mjs'), '--passing', '--json', '--no-build'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.stderr.split('\n').filter((l) => !l.includes('regressed'))).toEqual(['']);
    const judged = JSON.parse(run.stdout) as Judged[];
    expect(judged.map((j) => j.id).sort()).toEqual([...passing].sort());
    const regressed = judged
      .filter((j) => !j.passed)
      .map((j) => ({
        case: j.id,
        crash: j.crash,
        missed: j.misses.map((m) => `${m.file}:${m.line} ${m.rule}`),
        false: j.falses.map((f) => `${f.file}:${f.line} ${f.rule}`),
      }));
    expect(regressed).toEqual([]);
  });
});
