import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

/**
 * One rule for excludes (issue 32 row 5), as ESLint's: a config file's globs are relative to the
 * folder that holds the config, wherever hublint runs; --exclude globs to the working folder.
 */

const CALL = 'curl https://hub.docker.com/v2/repositories/acme/web/\n';

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'hublint-excludes-'));
  for (const file of ['src/vendor/v.sh', 'src/app/a.sh', 'vendor/w.sh']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), CALL);
  }
  writeFileSync(join(root, '.hublint.yaml'), 'exclude:\n  - "src/vendor/**"\n  - "vendor/**"\n');
  return root;
}

const files = (stdout: string) => (JSON.parse(stdout) as { findings: Array<{ file: string }> }).findings.map((f) => f.file);

describe('exclude globs', () => {
  it('config globs are relative to the config file: the same files are left out from the root and after cd src', () => {
    const root = project();
    expect(files(hublint(['-f', 'json', '.'], { cwd: root }).stdout)).toEqual(['src/app/a.sh']);
    const inSrc = hublint(['-f', 'json', '.'], { cwd: join(root, 'src') });
    expect([inSrc.code, files(inSrc.stdout), inSrc.stderr]).toEqual([1, ['app/a.sh'], '']);
    // A file named from the sub-folder: left out with the notice.
    const named = hublint(['-f', 'json', 'vendor/v.sh', 'app/a.sh'], { cwd: join(root, 'src') });
    expect(files(named.stdout)).toEqual(['app/a.sh']);
    expect(named.stderr.trim()).toBe('hublint: vendor/v.sh: skipped: matches exclude pattern src/vendor/** (--no-warn-ignored hides this notice)');
  });

  it('a glob never reaches outside its base: `vendor/**` of the root config is not src/vendor', () => {
    const root = project();
    writeFileSync(join(root, '.hublint.yaml'), 'exclude: ["vendor/**"]\n');
    expect(files(hublint(['-f', 'json', '.'], { cwd: join(root, 'src') }).stdout)).toEqual(['app/a.sh', 'vendor/v.sh']);
  });

  it('config include globs follow the same rule: src/** means the same from the root and after cd', () => {
    const root = project();
    writeFileSync(join(root, '.hublint.yaml'), 'include: ["src/**"]\nexclude: ["src/vendor/**"]\n');
    expect(files(hublint(['-f', 'json', '.'], { cwd: root }).stdout)).toEqual(['src/app/a.sh']);
    expect(files(hublint(['-f', 'json', '.'], { cwd: join(root, 'src') }).stdout)).toEqual(['app/a.sh']);
    expect(files(hublint(['-f', 'json', '.'], { cwd: join(root, 'vendor') }).stdout)).toEqual([]);
  });

  it('--exclude globs are relative to the working folder', () => {
    const root = project();
    writeFileSync(join(root, '.hublint.yaml'), '{}\n');
    const src = join(root, 'src');
    expect(files(hublint(['-f', 'json', '--exclude', 'vendor/**', '.'], { cwd: src }).stdout)).toEqual(['app/a.sh']);
    expect(files(hublint(['-f', 'json', '--exclude', 'vendor/**', '.'], { cwd: root }).stdout)).toEqual(['src/app/a.sh', 'src/vendor/v.sh']);
  });

  it('--stdin --stdin-filename honours excludes: a notice, nothing scanned, exit 0', () => {
    const root = project();
    const r = hublint(['--stdin', '--stdin-filename', 'vendor/a.sh'], { cwd: join(root, 'src'), input: CALL });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('no problems (0 files scanned)');
    expect(r.stderr.trim()).toBe('hublint: vendor/a.sh: skipped: matches exclude pattern src/vendor/** (--no-warn-ignored hides this notice)');
    const kept = hublint(['--stdin', '--stdin-filename', 'app/b.sh', '-f', 'json'], { cwd: join(root, 'src'), input: CALL });
    expect([kept.code, files(kept.stdout)]).toEqual([1, ['app/b.sh']]);
    expect(hublint(['--stdin', '--stdin-filename', 'vendor/a.sh', '--no-warn-ignored'], { cwd: join(root, 'src'), input: CALL }).stderr).toBe('');
  });

  it('init writes the rule into its comment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-excludes-init-'));
    expect(hublint(['init'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, '.hublint.yaml'), 'utf8')).toContain("# Files to leave out: globs relative to this file's folder, wherever hublint runs (--exclude\n# globs are relative to the working folder).");
  });
});
