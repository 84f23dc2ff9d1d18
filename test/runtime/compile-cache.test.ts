import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey, defaultCacheDir, isPrivateDir, requireWithCodeCache } from '../../src/runtime/compile-cache.js';
import { bundledTypeScriptPath, loadTypeScript } from '../../src/runtime/typescript.js';

const root = mkdtempSync(join(tmpdir(), 'hublint-code-cache-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A fresh CommonJS module (a new path each time: loads are memoised per path). */
function cjs(source: string, extra: Record<string, string> = {}): string {
  const dir = join(root, `m${++n}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  const file = join(dir, 'index.js');
  writeFileSync(file, source);
  return file;
}

function cacheDir(): string {
  const dir = join(root, `cache${++n}`);
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

const SOURCE = `
const helper = require('./helper.js');
exports.sum = (a, b) => helper.add(a, b);
exports.where = { file: __filename, dir: __dirname, self: module.exports === exports };
`;

describe('requireWithCodeCache', () => {
  it('loads a CommonJS file with require, __filename, __dirname and module', () => {
    const file = cjs(SOURCE, { 'helper.js': 'exports.add = (a, b) => a + b;' });
    const m = requireWithCodeCache<{ sum(a: number, b: number): number; where: { file: string; dir: string; self: boolean } }>(file, { cacheDir: cacheDir(), flushOnExit: false });
    expect(m.exports.sum(2, 3)).toBe(5);
    expect(m.exports.where).toEqual({ file, dir: join(file, '..'), self: true });
    expect(m.state).toBe('miss');
    // Registered like a required module: require() of the same path returns the same exports.
    expect(createRequire(file)(file)).toBe(m.exports);
  });

  it('writes the cache on flush, and V8 accepts it for the same source', () => {
    const dir = cacheDir();
    const a = cjs('exports.x = [1, 2, 3].map((v) => v * 2);');
    const first = requireWithCodeCache<{ x: number[] }>(a, { cacheDir: dir, flushOnExit: false });
    expect(first.state).toBe('miss');
    expect(first.flush()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.v8cache'))).toHaveLength(1);
    // Same source at another path: hand it the first file's cache under its own key.
    const b = cjs('exports.x = [1, 2, 3].map((v) => v * 2);');
    const st = statSync(b);
    copyFileSync(first.cacheFile!, join(dir, `${cacheKey(b, st.size, st.mtimeMs)}.v8cache`));
    const second = requireWithCodeCache<{ x: number[] }>(b, { cacheDir: dir, flushOnExit: false });
    expect(second.state).toBe('hit');
    expect(second.exports.x).toEqual([2, 4, 6]);
    expect(second.flush()).toBe(false);
  });

  it('reports a cache V8 rejects, still loads, and rewrites it', () => {
    const dir = cacheDir();
    const file = cjs('exports.ok = true;');
    const st = statSync(file);
    const cacheFile = join(dir, `${cacheKey(file, st.size, st.mtimeMs)}.v8cache`);
    writeFileSync(cacheFile, Buffer.from('not V8 code cache at all'));
    const m = requireWithCodeCache<{ ok: boolean }>(file, { cacheDir: dir, flushOnExit: false });
    expect(m.state).toBe('rejected');
    expect(m.exports.ok).toBe(true);
    expect(m.flush()).toBe(true);
    expect(statSync(cacheFile).size).toBeGreaterThan(24);
  });

  it('keys a cache on the V8 flags kept, in its bundle part too', () => {
    const kept = cacheKey('/a.js', 10, 1, '--liftoff-only');
    const none = cacheKey('/a.js', 10, 1, '');
    expect(kept).not.toBe(none);
    // The bundle part of the name differs, so that neither prunes the other's file.
    expect(kept.split('-')[0]).not.toBe(none.split('-')[0]);
    expect(cacheKey('/a.js', 10, 1, '--liftoff-only')).toBe(kept);
  });

  it('shares the kept flags between the threads of a process, and not with a child process', () => {
    // In a child process: keeping a flag changes V8 for the whole process, this one included.
    const script = `
      const { Worker } = await import('node:worker_threads');
      const cc = await import(${JSON.stringify(new URL('../../dist/runtime/compile-cache.js', import.meta.url).href)});
      const seen = [cc.keptV8Flags()];
      const worker = new Worker(\`
        import('node:worker_threads').then(async ({ parentPort, workerData }) => {
          const cc = await import(workerData.url);
          cc.adoptKeptFlags(workerData.word);
          parentPort.postMessage(cc.keptV8Flags());
          parentPort.once('message', () => { cc.keepV8Flag('--liftoff-only'); parentPort.postMessage(cc.keptV8Flags()); });
        });\`, { eval: true, workerData: { url: ${JSON.stringify(new URL('../../dist/runtime/compile-cache.js', import.meta.url).href)}, word: cc.keptFlagsWord() } });
      const next = () => new Promise((r) => worker.once('message', r));
      seen.push(await next());
      worker.postMessage('keep');
      seen.push(await next(), cc.keptV8Flags());
      const child = (await import('node:child_process')).spawnSync(process.execPath, ['--input-type=module', '-e', 'const cc = await import(process.env.CC); process.stdout.write(JSON.stringify(cc.keptV8Flags()))'], { env: { ...process.env, CC: ${JSON.stringify(new URL('../../dist/runtime/compile-cache.js', import.meta.url).href)} }, encoding: 'utf8' });
      seen.push(JSON.parse(child.stdout));
      await worker.terminate();
      process.stdout.write(JSON.stringify(seen));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    // Main before, the worker at start, the worker after keeping it, main after, a child of main.
    expect(JSON.parse(r.stdout)).toEqual(['', '', '--liftoff-only', '--liftoff-only', '']);
  });

  it('gives the changed file another key', () => {
    expect(cacheKey('/a.js', 10, 1)).not.toBe(cacheKey('/a.js', 11, 1));
    expect(cacheKey('/a.js', 10, 1)).not.toBe(cacheKey('/a.js', 10, 2));
    expect(cacheKey('/a.js', 10, 1)).not.toBe(cacheKey('/b.js', 10, 1));
  });

  it('trusts no folder that others may write, and then uses no cache', () => {
    const dir = cacheDir();
    chmodSync(dir, 0o777);
    expect(isPrivateDir(dir)).toBe(false);
    const m = requireWithCodeCache<{ v: number }>(cjs('exports.v = 7;'), { cacheDir: dir, flushOnExit: false });
    expect(m.state).toBe('disabled');
    expect(m.exports.v).toBe(7);
    expect(m.flush()).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('can be switched off', () => {
    const m = requireWithCodeCache<{ v: number }>(cjs('exports.v = 8;'), { cacheDir: cacheDir(), disabled: true });
    expect(m.state).toBe('disabled');
    expect(m.cacheFile).toBeNull();
  });

  it('propagates an error thrown while loading, and does not register the module', () => {
    const file = cjs('throw new Error("broken bundle");');
    expect(() => requireWithCodeCache(file, { cacheDir: cacheDir(), flushOnExit: false })).toThrow('broken bundle');
    expect(createRequire(file).cache[file]).toBeUndefined();
  });

  it('keeps stack-trace line numbers of the original file', () => {
    const file = cjs('exports.fail = () => {\n  throw new Error("line two");\n};\n');
    const m = requireWithCodeCache<{ fail(): void }>(file, { cacheDir: cacheDir(), flushOnExit: false });
    try {
      m.exports.fail();
      expect.unreachable();
    } catch (e) {
      expect((e as Error).stack).toContain(`${file}:2:`);
    }
  });

  it('picks its folder from HUBLINT_CACHE_DIR, then XDG_CACHE_HOME', () => {
    expect(defaultCacheDir({ HUBLINT_CACHE_DIR: '/c' })).toBe(join('/c', 'v8'));
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x' })).toBe(join('/x', 'hublint', 'v8'));
    expect(defaultCacheDir({})).toContain('hublint-v8-');
  });
});

describe('loadTypeScript', () => {
  it("loads ts-morph's own compiler file", () => {
    const req = createRequire(import.meta.url);
    expect(bundledTypeScriptPath()).toBe(createRequire(req.resolve('ts-morph')).resolve('@ts-morph/common/dist/typescript.js'));
  });

  it('parses, with the same compiler ts-morph exposes', async () => {
    const { ts } = loadTypeScript({ cacheDir: cacheDir(), flushOnExit: false });
    const sf = ts.createSourceFile('a.ts', 'fetch("https://hub.docker.com/v2/repositories/a/b/")', ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    expect(sf.statements).toHaveLength(1);
    const { ts: morphTs } = await import('ts-morph');
    expect(ts.version).toBe(morphTs.version);
  });

  it('hits the cache in the next process (built dist/runtime/typescript.js)', () => {
    const dir = mkdtempSync(join(root, 'xdg-'));
    const script = `const { loadTypeScript } = await import(${JSON.stringify(new URL('../../dist/runtime/typescript.js', import.meta.url).href)}); const r = loadTypeScript(); r.ts.createSourceFile('a.ts', 'let a = 1', r.ts.ScriptTarget.Latest); process.stdout.write(r.state);`;
    const run = () => spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HUBLINT_CACHE_DIR: dir, HUBLINT_NO_CODE_CACHE: '' }, encoding: 'utf8' });
    const first = run();
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('miss');
    expect(run().stdout).toBe('hit');
  });
});
