import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The shipped binary: the bundle package.json's `bin` points at.
export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'bin', 'cli', 'main.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would, in `cwd`, with colour off unless asked for. */
export function hublint(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...opts.env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
