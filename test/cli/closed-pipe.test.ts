import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';
import { tempDir } from '../helpers/hostile.js';

/**
 * Issue 32 (merge is the last step of a sharded CI run) with issue 34 row 21: a reader that
 * closes the pipe early (`| head -1`) never turns a failing gate into a passing one. The report
 * is far larger than a pipe's buffer, so the writer meets the closed pipe.
 */

let dir: string;
beforeAll(() => {
  dir = tempDir('pipe');
  writeFileSync(join(dir, 'many.sh'), Array.from({ length: 3000 }, (_, i) => `curl https://index.docker.io/v1/repositories/acme/w${i}/tags`).join('\n'));
  writeFileSync(join(dir, '.env'), Array.from({ length: 1000 }, () => 'DOCKER_API_VERSION=1.41').join('\n'));
  expect(hublint(['many.sh', '-f', 'json', '-o', 'shard.json'], { cwd: dir }).code).toBe(1);
});

/** The command as typed in a shell, its output read by `reader`; pipefail gives hublint's status. */
function piped(args: string, reader: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" ${args} | ${reader}`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('a closed output keeps the gate\'s exit code', () => {
  for (const [args, code] of [
    ['merge shard.json', 1],
    ['merge shard.json -f json', 1],
    ['merge shard.json --fail-on none', 0],
    ['engine check --engine 29 .env', 1],
    ['pins .env --fail-on info', 1],
    ['pins .env', 0],
  ] as const) {
    it(`hublint ${args} | head -1 exits ${code}, as the full run does`, () => {
      const full = piped(args, 'wc -c');
      expect(full.status, full.stderr).toBe(code);
      expect(Number(full.stdout.trim())).toBeGreaterThan(100_000);
      const r = piped(args, 'head -1 >/dev/null');
      expect(r.status, r.stderr).toBe(code);
      expect(r.stderr).not.toMatch(/internal error|EPIPE|\n\s+at /);
    }, 120_000);
  }
});
