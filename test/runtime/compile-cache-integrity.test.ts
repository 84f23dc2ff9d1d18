import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey, packCache, requireWithCodeCache, unpackCache } from '../../src/runtime/compile-cache.js';

// The code cache's guarantees beyond compile-cache.test.ts: a damaged file is ignored and
// rewritten, the folder must be private, concurrent runs leave one whole file, old caches
// of a bundle are removed, and parse.ts loads the compiler without the rest of ts-morph.

const root = mkdtempSync(join(tmpdir(), 'hublint-code-cache-integrity-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

function cjs(source: string): string {
  const dir = join(root, `m${++n}`);
  mkdirSync(dir);
  const file = join(dir, 'index.js');
  writeFileSync(file, source);
  return file;
}

function cacheDir(mode = 0o700): string {
  const dir = join(root, `cache${++n}`);
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

/** A file of some size, so that V8's cache has a payload worth damaging. */
const BIG = `exports.f = [${Array.from({ length: 300 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`).join(',\n')}].map((f) => f(2));\n`;

/** Loads `file` in a fresh process through dist/runtime/compile-cache.js; prints the state. */
const LOADER = `
  const { requireWithCodeCache } = await import(${JSON.stringify(new URL('../../dist/runtime/compile-cache.js', import.meta.url).href)});
  const m = requireWithCodeCache(process.env.FILE, { cacheDir: process.env.DIR });
  if (m.exports.f.length !== 300) throw new Error('bad exports');
  process.stdout.write(m.state);`;
const run = (file: string, dir: string) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', LOADER], { env: { ...process.env, FILE: file, DIR: dir, HUBLINT_NO_CODE_CACHE: '' }, encoding: 'utf8' });

describe('a damaged or stale cache file', () => {
  it('is ignored when its payload is damaged, and rewritten', () => {
    const dir = cacheDir();
    const file = cjs(BIG);
    expect(run(file, dir).stdout).toBe('miss');
    const [name] = cacheFiles(dir);
    const data = readFileSync(join(dir, name));
    expect(unpackCache(data)).toBeDefined();
    data[data.length - 100] ^= 0xff;
    writeFileSync(join(dir, name), data);
    expect(unpackCache(data)).toBeUndefined();
    const second = run(file, dir);
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe('rejected');
    expect(run(file, dir).stdout).toBe('hit');
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length >> 1)],
    ['empty', () => Buffer.alloc(0)],
    ['V8 data without our header', (b: Buffer) => unpackCache(b)!],
    ['a valid header over data V8 rejects', () => packCache(Buffer.from('not V8 code cache at all'))],
  ])('is ignored when %s, and rewritten', (_what, damage) => {
    const dir = cacheDir();
    const file = cjs(BIG);
    expect(run(file, dir).stdout).toBe('miss');
    const [name] = cacheFiles(dir);
    writeFileSync(join(dir, name), damage(readFileSync(join(dir, name))));
    expect(run(file, dir).stdout).toBe('rejected');
    expect(run(file, dir).stdout).toBe('hit');
  });

  it('of an older version of the bundle is removed when the new one is written', () => {
    const dir = cacheDir();
    const file = cjs(BIG);
    expect(run(file, dir).stdout).toBe('miss');
    const [old] = cacheFiles(dir);
    const later = new Date(statSync(file).mtimeMs + 5000);
    utimesSync(file, later, later);
    expect(run(file, dir).stdout).toBe('miss');
    const now = cacheFiles(dir);
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(old);
    // The same bundle (the part before '-'); the version part also holds the child's flags.
    const st = statSync(file);
    expect(now[0].split('-')[0]).toBe(cacheKey(file, st.size, st.mtimeMs).split('-')[0]);
  });
});

describe('the cache folder', () => {
  it.each(['750', '705', '770', '755'])('is not used with mode %s', (mode) => {
    const dir = cacheDir(parseInt(mode, 8));
    const m = requireWithCodeCache<{ v: number }>(cjs('exports.v = 1;'), { cacheDir: dir, flushOnExit: false });
    expect(m.state).toBe('disabled');
    expect(m.flush()).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is not used through a symlink', () => {
    const real = cacheDir();
    const link = join(root, `link${++n}`);
    symlinkSync(real, link);
    const m = requireWithCodeCache<{ v: number }>(cjs('exports.v = 2;'), { cacheDir: link, flushOnExit: false });
    expect(m.state).toBe('disabled');
  });

  it('is created 0700 when missing', () => {
    const dir = join(root, `new${++n}`, 'hublint', 'v8');
    const m = requireWithCodeCache<{ v: number }>(cjs('exports.v = 3;'), { cacheDir: dir, flushOnExit: false });
    expect(m.state).toBe('miss');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(m.flush()).toBe(true);
    expect(statSync(m.cacheFile!).mode & 0o777).toBe(0o600);
  });

  it('is ignored with HUBLINT_NO_CODE_CACHE=1', () => {
    const dir = cacheDir();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', LOADER], { env: { ...process.env, FILE: cjs(BIG), DIR: dir, HUBLINT_NO_CODE_CACHE: '1' }, encoding: 'utf8' });
    expect(r.stdout).toBe('disabled');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('concurrent runs', () => {
  it('leave one whole cache file and no temporary files, and every run loads', async () => {
    const dir = cacheDir();
    const file = cjs(BIG);
    const one = () =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', LOADER], { env: { ...process.env, FILE: file, DIR: dir, HUBLINT_NO_CODE_CACHE: '' } });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d));
        child.stderr.on('data', (d: Buffer) => (err += d));
        child.on('close', (code) => resolve({ code, out, err }));
      });
    // Two waves: the second reads while the first may still be writing.
    const first = Promise.all(Array.from({ length: 6 }, one));
    await new Promise((r) => setTimeout(r, 150));
    const results = [...(await first), ...(await Promise.all(Array.from({ length: 6 }, one)))];
    for (const r of results) {
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(['miss', 'hit']).toContain(r.out);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const files = cacheFiles(dir);
    expect(files).toHaveLength(1);
    expect(unpackCache(readFileSync(join(dir, files[0])))).toBeDefined();
    expect(run(file, dir).stdout).toBe('hit');
  });
});

describe('ts-parse.ts', () => {
  it("loads ts-morph's compiler without the rest of ts-morph, through the cache", () => {
    const parse = new URL('../../dist/extract/languages/js/parse.js', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const { parseSource, ts } = await import(${JSON.stringify(parse)});
      const sf = parseSource('a.ts', 'fetch("https://hub.docker.com/v2/repositories/a/b/")');
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('node_modules')).map((k) => k.replace(/.*node_modules[\\\\/]/, ''));
      const { loadTypeScript } = await import(${JSON.stringify(new URL('../../dist/runtime/typescript.js', import.meta.url).href)});
      process.stdout.write(JSON.stringify({ statements: sf.statements.length, call: ts.isCallExpression(sf.statements[0].expression), loaded, state: loadTypeScript().state }));`;
    const dir = mkdtempSync(join(root, 'home-'));
    const go = () => spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HUBLINT_CACHE_DIR: dir, HUBLINT_NO_CODE_CACHE: '' }, encoding: 'utf8' });
    const first = go();
    expect(first.stderr).toBe('');
    const a = JSON.parse(first.stdout);
    expect(a).toMatchObject({ statements: 1, call: true, state: 'miss' });
    expect(a.loaded).toEqual(['@ts-morph/common/dist/typescript.js']);
    expect(JSON.parse(go().stdout).state).toBe('hit');
  });
});
