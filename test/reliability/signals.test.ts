import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { tempDir } from '../helpers/hostile.js';

/**
 * Issue 17, item 7: SIGINT and SIGTERM stop a scan at any stage and leave no report, also
 * when everything runs on the main thread (HUBLINT_WORKERS=0, the pre-commit case). Issue 34:
 * a scan that writes nothing installs no handler, so the signal's default action ends it at
 * once (the shell shows 130 / 143), even in the middle of one file's long lint, which a
 * handler could not interrupt.
 */

/**
 * Few files with much to lint: reading is over in a moment and linting takes seconds, so
 * the signal lands in the lint pass, the stretch where it used to wait for the report.
 */
function bigTree(): string {
  const dir = tempDir('signals');
  for (let i = 0; i < 40; i++) {
    const body = `import requests\nBASE = "https://hub.docker.com/v2/repositories/acme/r${i}/"\n\ndef tags(session):\n    return session.get(BASE)\n`;
    writeFileSync(join(dir, `m${i}.py`), body.repeat(120));
  }
  return dir;
}

/** Starts a scan, sends `signal` once it has been running `afterMs`, and collects what it printed. */
function interrupt(dir: string, signal: NodeJS.Signals, afterMs: number, args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; finishedFirst: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', HUBLINT_WORKERS: '0' } });
    let stdout = '';
    let stderr = '';
    let finishedFirst = true;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      finishedFirst = false;
      child.kill(signal);
    }, afterMs);
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      resolve({ code, signal: sig, stdout, stderr, finishedFirst });
    });
  });
}

describe('signals on a single-thread scan', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const args of [['.'], ['-f', 'json', '-o', 'report.json', '.'], ['--fix-dry-run', '.']]) {
      it(`${signal} with ${args.join(' ')}: ended by the signal, no report`, async () => {
        const dir = bigTree();
        const r = await interrupt(dir, signal, 1000, args);
        // The tree takes several seconds on one thread: the signal must land mid-scan.
        expect(r.finishedFirst).toBe(false);
        expect(r.signal, r.stderr).toBe(signal);
        expect(r.code).toBe(null);
        expect(r.stdout).toBe('');
        expect(existsSync(join(dir, 'report.json'))).toBe(false);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }, 60_000);
    }
  }
});
