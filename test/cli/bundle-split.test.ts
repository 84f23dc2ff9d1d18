import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';

// The CLI is two files (scripts/bundle.mjs): dist/bin/hublint.js, what a clean pre-commit run
// needs, and dist/bin/lazy.js, loaded on the first dynamic import (an adapter, a report format
// but text, the Engine commands). Which of the two a run loaded, from require.cache at exit.
describe('the CLI bundle in two parts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-split-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const recorder = join(dir, 'recorder.cjs');
  writeFileSync(recorder, "process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache).filter((f) => /dist[\\\\/]bin[\\\\/][a-z]+\\.js$/.test(f)).map((f) => f.split(/[\\\\/]/).pop()).sort())));\n");
  const loaded = (args: string[]) => {
    const run = hublint(args, { cwd: dir, env: { NODE_OPTIONS: `--require ${recorder}` } });
    const parts = JSON.parse(run.stderr.slice(run.stderr.lastIndexOf('['))) as string[];
    return { run, parts };
  };

  it('a scan of files without Hub calls or pins loads only the first part', () => {
    writeFileSync(join(dir, 'clean.js'), 'export const add = (a, b) => a + b;\n');
    writeFileSync(join(dir, 'clean.sh'), 'echo "hello"\n');
    const { run, parts } = loaded(['clean.js', 'clean.sh']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no problems (2 files scanned)');
    expect(parts).toEqual(['hublint.js']);
  });

  it('a file with a Hub call loads the second part, and reports it', () => {
    writeFileSync(join(dir, 'calls.sh'), 'curl -s "https://hub.docker.com/v2/repositories/acme/"\n');
    const { run, parts } = loaded(['calls.sh', '--format', 'json']);
    expect(run.code).toBe(1);
    const findings = JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf('}') + 1)).findings as Array<{ ruleId: string; line: number }>;
    expect(findings.map((f) => [f.ruleId, f.line])).toEqual([['hub-list-repositories', 1]]);
    expect(parts).toEqual(['hublint.js', 'lazy.js']);
  });

  it('the Engine commands come from the second part', () => {
    const { run, parts } = loaded(['engine', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: hublint engine/);
    expect(parts).toEqual(['hublint.js', 'lazy.js']);
  });

  it('is ASCII, so V8 holds each part as a one-byte string; the text report it writes is still known as its own', () => {
    for (const part of ['hublint.js', 'lazy.js', 'cli/main.js']) {
      const bytes = readFileSync(join(CLI, '..', '..', part));
      expect(bytes.findIndex((b) => b > 0x7f), part).toBe(-1);
    }
    writeFileSync(join(dir, 'call.sh'), 'curl https://hub.docker.com/v2/repositories/acme/app/\n');
    const first = hublint(['call.sh'], { cwd: dir });
    expect(first.stdout).toMatch(/^[\u2716\u26A0] 1 problem /m);
    writeFileSync(join(dir, 'report.txt'), first.stdout);
    const again = hublint(['call.sh', 'report.txt'], { cwd: dir });
    expect(again.stdout).toBe(first.stdout.replace('1 file scanned', '2 files scanned'));
  });
});
