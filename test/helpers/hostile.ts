import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, type Run } from './cli.js';

/** A fresh folder under the system temp folder. */
export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `hublint-${tag}-`));
}

/** Temp files a writer could leave behind (`.NAME.hublint-….tmp`, `.NAME.PID.tmp`). */
export function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.tmp'));
}

/**
 * Runs a shell script in a private mount namespace where `dir` is a fresh tmpfs of
 * `sizeKb`: a full disk without touching the machine's own disks. `$H` in the script runs
 * the built CLI; `env` adds variables (file contents to write, for instance).
 */
export function inSmallTmpfs(dir: string, sizeKb: number, script: string, env: Record<string, string> = {}): Run {
  const r = spawnSync('unshare', ['-m', 'sh', '-c', `mount -t tmpfs -o size=${sizeKb}k hublint-test "$D" && cd "$D" && ${script}`], {
    encoding: 'utf8',
    env: { ...process.env, ...env, D: dir, H: `${process.execPath} ${CLI}`, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One line on stderr (a notice or an error, plus an optional hint), no stack trace. */
export function oneLine(stderr: string): boolean {
  const lines = stderr.split('\n').filter((l) => l !== '' && !l.startsWith('hint: '));
  return lines.length === 1 && !/\n\s+at /.test(stderr) && !stderr.includes('internal error');
}
