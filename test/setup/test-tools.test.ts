import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * scripts/test-tools.sh (run by the suite's global setup) installs what the tests run besides
 * Node and npm; where it cannot (no root), CI=true fails with one line naming what is missing.
 */

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'test-tools.sh');

/** A PATH with the shell tools the script itself uses and none of the programs it provides. */
function barePath(): string {
  const bin = mkdtempSync(join(tmpdir(), 'hublint-bare-path-'));
  chmodSync(bin, 0o755);
  for (const tool of ['sh', 'id', 'sed', 'sort', 'tail', 'grep', 'apt-cache']) symlinkSync(join('/usr/bin', tool), join(bin, tool));
  return bin;
}

/** The script as another user runs it: a copy in a folder anyone may read, whatever the checkout's own modes (a clone in a 0700 temp folder). */
function readableScript(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-test-tools-'));
  chmodSync(dir, 0o755);
  const copy = join(dir, 'test-tools.sh');
  copyFileSync(SCRIPT, copy);
  chmodSync(copy, 0o755);
  return copy;
}

const asNobody = (env: Record<string, string>) =>
  spawnSync('/usr/bin/setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '/bin/sh', readableScript()], { encoding: 'utf8', env });

describe('scripts/test-tools.sh', () => {
  it('finds everything installed on this machine: exit 0, silent (the global setup ran it)', () => {
    const r = spawnSync(SCRIPT, [], { encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
  });

  it('CI=true without root: one line naming the missing packages, exit 1', () => {
    const r = asNobody({ PATH: barePath(), CI: 'true' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      'test-tools: missing Debian packages the tests need: git pre-commit chromium util-linux mount coreutils tar (install them with apt-get as root, or run the tests as root)',
    ]);
  });

  it('a developer without root: the same line, and the run goes on (the tests that need them fail)', () => {
    const r = asNobody({ PATH: barePath() });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^test-tools: missing Debian packages the tests need: git pre-commit chromium /);
  });
});
