import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTiming, count, enableTimings, formatTimings, mergeTimings, takeTimings, timed } from '../../src/runtime/stage-clock.js';
import { hublint } from '../helpers/cli.js';

describe('the stage clock', () => {
  it('sums time and counts per stage, hands them over once and merges another thread’s', () => {
    enableTimings();
    takeTimings();
    expect(timed('parse js', () => 42)).toBe(42);
    timed('parse js', () => 0);
    addTiming('read', 5, 100);
    count('kept files', 3);
    const mine = takeTimings()!;
    expect(mine['parse js'].n).toBe(2);
    expect(mine.read).toEqual({ ms: 5, n: 100 });
    expect(mine['kept files']).toEqual({ ms: 0, n: 3 });
    expect(takeTimings()).toBeUndefined();
    mergeTimings(mine);
    mergeTimings({ read: { ms: 1, n: 10 } });
    expect(formatTimings()).toContain('hublint: timing read 6.0 ms 110\n');
  });
});

// The CLI prints the stage lines with --debug or HUBLINT_TIMINGS=1, on stderr only, and the
// report is the same as without them; with workers the workers' stages are added in.
const root = mkdtempSync(join(tmpdir(), 'hublint-timings-'));
const put = (path: string, data: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), data);
};
beforeAll(() => {
  for (let i = 0; i < 1200; i++) put(`pkg${i % 30}/f${i}.js`, `// filler ${i}\nconst v${i} = ${i};\n`);
  for (let i = 0; i < 12; i++) put(`pkg${i}/hub${i}.js`, `await fetch("https://hub.docker.com/v2/users/login", { method: "POST" });\n// ${'x'.repeat(80_000)}\n`);
  put('ci/env.sh', 'export DOCKER_API_VERSION=1.24\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const stages = (stderr: string) => new Map([...stderr.matchAll(/^hublint: timing (.+) ([\d.]+) ms (\d+)$/gm)].map((m) => [m[1], Number(m[3])]));
const report = (stdout: string) => {
  const r = JSON.parse(stdout) as { stats: { durationMs?: number } };
  delete r.stats.durationMs;
  return r;
};

describe('hublint --debug / HUBLINT_TIMINGS=1', () => {
  it('prints where the time went, stage by stage, on stderr', () => {
    for (const env of [{ HUBLINT_WORKERS: '0' }, {}] as Array<Record<string, string>>) {
      // (The clock test above set HUBLINT_TIMINGS=1 in this process's environment.)
      const plain = hublint(['--format', 'json', '.'], { cwd: root, env: { ...env, HUBLINT_TIMINGS: '0' } });
      const timedRun = hublint(['--format', 'json', '--debug', '.'], { cwd: root, env: { ...env, HUBLINT_TIMINGS: '0' } });
      expect(timedRun.code).toBe(1);
      expect(report(timedRun.stdout)).toEqual(report(plain.stdout));
      expect(plain.stderr).not.toContain('hublint: timing');
      const s = stages(timedRun.stderr);
      for (const stage of ['pass read', 'pass lint', 'pass finish', 'read', 'lint', 'parse js', 'lower js', 'resolve js', 'match', 'pins']) expect(s.has(stage), stage).toBe(true);
      // Every file is read once and each kept file linted once, whichever thread did it.
      expect(s.get('read')).toBe(1213);
      expect(s.get('kept files')).toBe(12);
      expect(s.get('parse js')).toBe(12);
    }
  });
});
