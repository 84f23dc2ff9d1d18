import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKeyOf, constantsHashOf, FileCache, hashContent, stableStringify } from '../../src/scan/cache.js';

const dir = mkdtempSync(join(tmpdir(), 'hublint-file-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const location = () => join(dir, `c${++n}`, '.hublintcache');

const KEY = cacheKeyOf({ version: '0.1.0', rules: [{ id: 'hub-get-repository' }], extraHubHosts: [] });
/** The key the cache is signed with (HUBLINT_CACHE_SECRET in the CLI). */
const SECRET = 'test-secret';
const stamp = { size: 120, mtimeMs: 1_700_000_000_000 };

describe('FileCache', () => {
  it('starts empty without a file, and keeps what was saved', () => {
    const at = location();
    const c = FileCache.open<string[]>(at, KEY, SECRET);
    expect(c.loaded).toBe(false);
    expect(c.size).toBe(0);
    c.set('src/a.ts', { ...stamp, hash: hashContent('x'), context: '', result: ['hub-get-repository'] });
    c.save();
    const again = FileCache.open<string[]>(at, KEY, SECRET);
    expect(again.loaded).toBe(true);
    expect(again.byStamp('src/a.ts', stamp)?.result).toEqual(['hub-get-repository']);
  });

  it('metadata strategy: a hit needs the same size and mtime', () => {
    const c = FileCache.open<number>(location(), KEY, SECRET);
    c.set('a', { ...stamp, context: '', result: 1 });
    expect(c.byStamp('a', stamp)).toBeDefined();
    expect(c.byStamp('a', { ...stamp, size: 121 })).toBeUndefined();
    expect(c.byStamp('a', { ...stamp, mtimeMs: stamp.mtimeMs + 1 })).toBeUndefined();
    expect(c.byStamp('b', stamp)).toBeUndefined();
  });

  it('content strategy: a touched file with the same bytes is still a hit', () => {
    const c = FileCache.open<number>(location(), KEY, SECRET);
    c.set('a', { ...stamp, hash: hashContent('same bytes'), context: '', result: 1 });
    const touched = { ...stamp, mtimeMs: stamp.mtimeMs + 5000 };
    expect(c.lookup('a', touched, { strategy: 'metadata' })).toBeUndefined();
    expect(c.lookup('a', touched, { strategy: 'metadata', hash: hashContent('same bytes') })?.result).toBe(1);
    expect(c.lookup('a', touched, { strategy: 'content', hash: hashContent('other bytes') })).toBeUndefined();
  });

  it('a result computed under another constant index is not a hit', () => {
    const before = constantsHashOf([{ path: 'lib/hub.ts', hash: hashContent('export const HUB = "https://hub.docker.com/v2"') }]);
    const after = constantsHashOf([{ path: 'lib/hub.ts', hash: hashContent('export const HUB = "https://hub.docker.com/v3"') }]);
    const c = FileCache.open<number>(location(), KEY, SECRET);
    c.set('uses.ts', { ...stamp, context: before, result: 2 });
    expect(c.byStamp('uses.ts', stamp, before)).toBeDefined();
    expect(c.byStamp('uses.ts', stamp, after)).toBeUndefined();
  });

  it('drops the whole cache when the run key changes (other rules, version or options)', () => {
    const at = location();
    const c = FileCache.open<number>(at, KEY, SECRET);
    c.set('a', { ...stamp, context: '', result: 1 });
    c.save();
    const otherRules = cacheKeyOf({ version: '0.1.0', rules: [{ id: 'hub-get-repository' }, { id: 'mine' }], extraHubHosts: [] });
    expect(FileCache.open<number>(at, otherRules, SECRET).size).toBe(0);
    expect(FileCache.open<number>(at, KEY, SECRET).size).toBe(1);
  });

  it('treats a corrupt cache file as empty', () => {
    const at = location();
    FileCache.open(at, KEY, SECRET).save();
    writeFileSync(at, '{ not json');
    expect(FileCache.open(at, KEY, SECRET).size).toBe(0);
    writeFileSync(at, JSON.stringify({ format: 99, key: KEY, entries: { a: {} } }));
    expect(FileCache.open(at, KEY, SECRET).size).toBe(0);
  });

  it('prunes files the run did not look at, only when asked', () => {
    const at = location();
    const c = FileCache.open<number>(at, KEY, SECRET);
    c.set('kept', { ...stamp, context: '', result: 1 });
    c.set('deleted', { ...stamp, context: '', result: 2 });
    c.save();
    const next = FileCache.open<number>(at, KEY, SECRET);
    next.byStamp('kept', stamp);
    next.save();
    expect(FileCache.open<number>(at, KEY, SECRET).size).toBe(2);
    next.save({ prune: true });
    // The file is a header line (format, key, signature), then the entries.
    const pruned = JSON.parse(readFileSync(at, 'utf8').split('\n')[1]) as Record<string, unknown>;
    expect(Object.keys(pruned)).toEqual(['kept']);
  });

  it('a cache not signed with the secret, or edited after, is an empty cache', () => {
    const at = location();
    const c = FileCache.open<number>(at, KEY, SECRET);
    c.set('a', { ...stamp, context: '', result: 1 });
    c.save();
    expect(FileCache.open<number>(at, KEY, SECRET).size).toBe(1);
    expect(FileCache.open<number>(at, KEY, 'another-secret').size).toBe(0);
    writeFileSync(at, readFileSync(at, 'utf8').replace('"result":1', '"result":2'));
    expect(FileCache.open<number>(at, KEY, SECRET).size).toBe(0);
  });
});

describe('keys and hashes', () => {
  it('stableStringify ignores key order and undefined members', () => {
    expect(stableStringify({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe(stableStringify({ a: [1, { d: 2 }], b: 1 }));
    expect(cacheKeyOf({ a: 1, b: 2 })).toBe(cacheKeyOf({ b: 2, a: 1 }));
    expect(cacheKeyOf({ a: 1 })).not.toBe(cacheKeyOf({ a: 2 }));
  });

  it('constantsHashOf does not depend on the order files were read in', () => {
    const a = { path: 'a.ts', hash: 'h1' };
    const b = { path: 'b.ts', hash: 'h2' };
    expect(constantsHashOf([a, b])).toBe(constantsHashOf([b, a]));
    expect(constantsHashOf([a])).not.toBe(constantsHashOf([a, b]));
  });

  it('hashContent is the same for a string and its UTF-8 bytes', () => {
    expect(hashContent('hub.docker.com ✓')).toBe(hashContent(Buffer.from('hub.docker.com ✓', 'utf8')));
  });
});
