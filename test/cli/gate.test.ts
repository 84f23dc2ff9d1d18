import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

/**
 * One gate for every command that reports problems (issue 32, rows 4, 6, 7): the command as a
 * user types it, what it prints and its exit code.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hublint-gate-'));
  // Two deprecated calls: two warnings.
  writeFileSync(join(dir, 'a.txt'), 'see https://hub.docker.com/v2/repositories/acme/web/\n');
  writeFileSync(join(dir, 'b.sh'), 'curl https://hub.docker.com/v2/repositories/acme/db/\n');
  // A pin Engine 25.0 serves downgraded: a warning in engine check.
  writeFileSync(join(dir, 'deploy.sh'), 'export DOCKER_API_VERSION=1.41\n');
});

const TOO_MANY = /^hublint found too many warnings \(maximum: (\d+)\)\.$/m;

describe('--quiet and the gate (ESLint 9: warnings are neither reported nor counted)', () => {
  it('hublint a.txt b.sh exits 1 on two warnings; with --quiet 0, also with --max-warnings 0', () => {
    expect(hublint(['a.txt', 'b.sh'], { cwd: dir }).code).toBe(1);
    const quiet = hublint(['--quiet', 'a.txt', 'b.sh'], { cwd: dir });
    expect([quiet.code, quiet.stdout.trim()]).toEqual([0, 'no problems (2 files scanned)']);
    const limited = hublint(['--quiet', '--max-warnings', '0', 'a.txt', 'b.sh'], { cwd: dir });
    expect([limited.code, limited.stderr]).toEqual([0, '']);
  });

  it('-f json --quiet: stats count what the report holds', () => {
    const r = hublint(['-f', 'json', '--quiet', 'a.txt', 'b.sh'], { cwd: dir });
    const out = JSON.parse(r.stdout) as { findings: unknown[]; stats: { findings: number; bySeverity: Record<string, number> } };
    expect(out.findings).toEqual([]);
    expect(out.stats).toMatchObject({ findings: 0, bySeverity: { error: 0, warning: 0, info: 0 }, filesScanned: 2 });
    const loud = JSON.parse(hublint(['-f', 'json', 'a.txt', 'b.sh'], { cwd: dir }).stdout) as typeof out;
    expect(loud.stats.findings).toBe(loud.findings.length);
  });

  it('--help says that --quiet leaves warnings out of the gate', () => {
    const help = hublint(['--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/--quiet report errors only: warnings are neither printed, counted, nor failing \(--fail-on warning, --max-warnings\)/);
  });
});

describe('--max-warnings', () => {
  it('exceeding it says so as ESLint does and exits 1', () => {
    const r = hublint(['--fail-on', 'none', '--max-warnings', '1', 'a.txt', 'b.sh'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(TOO_MANY);
    expect(TOO_MANY.exec(r.stderr)![1]).toBe('1');
  });

  it('at the limit: exit 0, no notice', () => {
    const r = hublint(['--fail-on', 'none', '--max-warnings', '2', 'a.txt', 'b.sh'], { cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('-1 means no limit (ESLint\'s default)', () => {
    const r = hublint(['--fail-on', 'none', '--max-warnings', '-1', 'a.txt', 'b.sh'], { cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('anything else is one line and exit 2', () => {
    for (const bad of ['-2', '1.5', 'x']) {
      const r = hublint(['--max-warnings', bad, 'a.txt'], { cwd: dir });
      expect(r.code, bad).toBe(2);
      expect(r.stderr.trim()).toBe(`hublint: --max-warnings takes a whole number or -1 (no limit), not '${bad}'`);
    }
  });
});

describe('every command that reports problems gates the same way', () => {
  it('hublint engine check --engine 25.0: a warning exits 1; --fail-on error exits 0; --max-warnings 0 says why', () => {
    const r = hublint(['engine', 'check', '--engine', '25.0', 'deploy.sh'], { cwd: dir });
    expect(r.stdout).toContain('1 problem (0 errors, 1 warning)');
    expect(r.code).toBe(1);
    expect(hublint(['engine', 'check', '--engine', '25.0', '--fail-on', 'error', 'deploy.sh'], { cwd: dir }).code).toBe(0);
    const limited = hublint(['engine', 'check', '--engine', '25.0', '--fail-on', 'none', '--max-warnings', '0', 'deploy.sh'], { cwd: dir });
    expect(limited.code).toBe(1);
    expect(limited.stderr).toMatch(TOO_MANY);
  });

  it('hublint merge: text by default, exit 1 on problems, --fail-on and --max-warnings as a scan', () => {
    const shard = hublint(['-f', 'json', '-o', 'shard.json', 'a.txt', 'b.sh'], { cwd: dir });
    expect(shard.code).toBe(1);
    const merged = hublint(['merge', 'shard.json'], { cwd: dir });
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/^a\.txt\n {2}1:5 {2}warning {2}.*hub-get-repository$/m);
    expect(merged.stdout).toContain('2 problems (0 errors, 2 warnings)');
    expect(hublint(['merge', '--fail-on', 'error', 'shard.json'], { cwd: dir }).code).toBe(0);
    const limited = hublint(['merge', '--fail-on', 'none', '--max-warnings', '1', 'shard.json'], { cwd: dir });
    expect(limited.code).toBe(1);
    expect(limited.stderr).toMatch(TOO_MANY);
    // A JSON merge can be merged again.
    expect(JSON.parse(hublint(['merge', '-f', 'json', 'shard.json'], { cwd: dir }).stdout).findings).toHaveLength(2);
  });

  it('the config\'s failOn gates a merge as it gated the shards', () => {
    const project = mkdtempSync(join(tmpdir(), 'hublint-gate-config-'));
    writeFileSync(join(project, '.hublint.yaml'), 'failOn: error\n');
    writeFileSync(join(project, 'a.txt'), 'see https://hub.docker.com/v2/repositories/acme/web/\n');
    expect(hublint(['-f', 'json', '-o', 'shard.json', 'a.txt'], { cwd: project }).code).toBe(0);
    expect(hublint(['merge', 'shard.json'], { cwd: project }).code).toBe(0);
    expect(hublint(['merge', '--fail-on', 'warning', 'shard.json'], { cwd: project }).code).toBe(1);
  });
});
