import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';

const OLD = (i: number) => `curl -fsS https://hub.docker.com/v2/repositories/acme/repo${i}/ | jq .\n`.repeat(20);
const NEW = (i: number) => `curl -fsS https://hub.docker.com/v2/namespaces/acme/repositories/repo${i}/ | jq .\n`.repeat(20);
const FILES = 150;

function runAndKill(dir: string, signal: NodeJS.Signals, afterMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, '--fix', '.'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill(signal), afterMs);
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      resolve({ code, signal: sig, stderr });
    });
  });
}

describe('SIGINT / SIGTERM during --fix', () => {
  it('leaves every file wholly old or wholly new, and exits 130 / 143', async () => {
    // A seeded walk over kill times: early (while scanning) to late (while writing), spread
    // over how long a whole run takes on this machine now (a loaded machine takes longer, and
    // fixed times then all land in the scan).
    const whole = mkdtempSync(join(tmpdir(), 'hublint-int-'));
    for (let i = 0; i < FILES; i++) writeFileSync(join(whole, `f${i}.sh`), OLD(i));
    const began = Date.now();
    const full = await runAndKill(whole, 'SIGINT', 600_000);
    expect(full.code, full.stderr).toBe(0);
    const span = Math.max(600, Date.now() - began);
    let seed = 20261122;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const outcomes = new Set<string>();
    for (let run = 0; run < 12; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'hublint-int-'));
      for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `f${i}.sh`), OLD(i));
      const signal: NodeJS.Signals = run % 2 ? 'SIGTERM' : 'SIGINT';
      const r = await runAndKill(dir, signal, Math.floor(span * (0.15 + random())));
      let fixed = 0;
      for (let i = 0; i < FILES; i++) {
        const text = readFileSync(join(dir, `f${i}.sh`), 'utf8');
        expect([OLD(i), NEW(i)], `run ${run} f${i}.sh`).toContain(text);
        if (text === NEW(i)) fixed++;
      }
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      if (r.code === null) {
        // Killed by the signal itself: while Node was still starting, before hublint could
        // listen (nothing written), or in Node's own last moments after hublint had finished,
        // when it has stopped listening (everything written). Never half-way.
        expect(r.signal).toBe(signal);
        expect([0, FILES]).toContain(fixed);
        outcomes.add(fixed === 0 ? 'before start' : 'after the end');
      } else if (r.code === 0) {
        expect(fixed).toBe(FILES);
        outcomes.add('finished');
      } else {
        expect(r.code, r.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
        expect(r.stderr).toMatch(/hublint: interrupted \(SIG(INT|TERM)\)/);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        outcomes.add(fixed === 0 ? 'untouched' : 'partial');
      }
    }
    // The kill times must have hit the run at different stages.
    expect(outcomes.size).toBeGreaterThan(1);
  }, 240_000);
});
