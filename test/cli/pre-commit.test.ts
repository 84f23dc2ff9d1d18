import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.js';

const ROOT = join(import.meta.dirname, '..', '..');

// Debian's pre-commit is the real framework users run; a fresh CI machine installs it here.
beforeAll(() => {
  if (!existsSync('/usr/bin/pre-commit')) execFileSync('apt-get', ['install', '-y', '-qq', 'pre-commit'], { stdio: 'ignore' });
}, 600_000);

describe('pre-commit framework', () => {
  it('runs the hook from .pre-commit-hooks.yaml on the files given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-precommit-'));
    const g = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    g('init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'bad.sh'), 'curl https://index.docker.io/v1/repositories/acme/web/tags\n');
    writeFileSync(join(dir, 'good.sh'), 'echo fine\n');
    g('add', '.');
    const run = (files: string[]) =>
      spawnSync('pre-commit', ['try-repo', ROOT, 'hublint', '--files', ...files], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, PRE_COMMIT_HOME: join(dir, '.cache'), NO_COLOR: '1' },
        timeout: 540_000,
      });
    const bad = run(['bad.sh', 'good.sh']);
    expect(bad.stdout).toContain('hub-v1-retired');
    expect(bad.stdout).toMatch(/hublint\.+Failed/);
    expect(bad.status).toBe(1);
    const good = run(['good.sh']);
    expect(good.stdout).toMatch(/hublint\.+Passed/);
    expect(good.status).toBe(0);
  }, 600_000);
});

describe('progress line', () => {
  it('stays silent off a terminal and in CI', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const p = progressLine(stream);
    p.onFile(1, 0, 2);
    p.done();
    expect(written).toEqual([]);
  });
});
