import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// The CLI's V8 code cache holds what the run that wrote it compiled, and a hit is never
// rewritten: it must come from a run that scanned, not from `--version`.
const dir = mkdtempSync(join(tmpdir(), 'hublint-cli-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { HUBLINT_CACHE_DIR: join(dir, 'cache'), HUBLINT_NO_CODE_CACHE: '' };
const caches = () => {
  try {
    return readdirSync(join(dir, 'cache', 'v8')).filter((n) => n.endsWith('.v8cache'));
  } catch {
    return [];
  }
};

describe('the CLI code cache', () => {
  it('is written by the first run that scans, not by --version, and then kept', () => {
    writeFileSync(join(dir, 'notes.md'), '# nothing to see\n');
    expect(hublint(['--version'], { cwd: dir, env }).code).toBe(0);
    expect(caches()).toEqual([]);
    expect(hublint(['notes.md'], { cwd: dir, env }).code).toBe(0);
    const written = caches();
    expect(written).toHaveLength(1);
    const stamp = statSync(join(dir, 'cache', 'v8', written[0])).mtimeMs;
    expect(hublint(['notes.md'], { cwd: dir, env }).code).toBe(0);
    expect(caches()).toEqual(written);
    expect(statSync(join(dir, 'cache', 'v8', written[0])).mtimeMs).toBe(stamp);
  }, 60_000);

  it('is kept by the next run when a grammar switched V8 to baseline WebAssembly mid-run', () => {
    // The grammar keeps a V8 flag for the rest of the process; the loader (bin.ts) writes the
    // bundle's cache at exit with its own copy of compile-cache.ts, which must know the flag.
    const tree = join(dir, 'py');
    mkdirSync(tree);
    writeFileSync(join(tree, 'hub.py'), 'import requests\nrequests.get("https://hub.docker.com/v2/repositories/acme/")\n');
    const stamps = () => new Map(caches().map((n) => [n, statSync(join(dir, 'cache', 'v8', n)).mtimeMs]));
    expect(hublint(['.'], { cwd: tree, env }).code).toBe(1);
    const first = stamps();
    expect(first.size).toBeGreaterThan(1);
    expect(hublint(['.'], { cwd: tree, env }).code).toBe(1);
    expect(stamps()).toEqual(first);
  }, 60_000);
});
