import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.js';

const ROOT = join(import.meta.dirname, '..', '..');

// Debian's pre-commit is the real framework users run; the suite installs it (scripts/test-tools.sh).

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

describe('npm configuration (issue 19 row 8)', () => {
  it('npm errors stay visible: npm ci --offline with an empty cache says why it failed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-npmrc-'));
    for (const f of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(ROOT, f), join(dir, f));
    const r = spawnSync('npm', ['ci', '--offline', '--ignore-scripts', '--cache', join(dir, 'empty-cache')], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/npm error code ENOTCACHED/);
  }, 180_000);

  it('`npm pack` prints only the tarball name on stdout (what pre-commit reads)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-pack-'));
    // A package with a noisy prepare script, under the project's .npmrc.
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'noisy', version: '1.0.0', scripts: { prepare: 'echo building && echo warning >&2' } }));
    copyFileSync(join(ROOT, '.npmrc'), join(dir, '.npmrc'));
    const r = spawnSync('npm', ['pack'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('noisy-1.0.0.tgz');
  }, 180_000);
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
