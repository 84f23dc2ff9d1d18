import { createHash } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * V8 code caching for big CommonJS bundles (the TypeScript compiler inside ts-morph), the
 * approach of the v8-compile-cache package: Node 20 has no `module.enableCompileCache`, so
 * the bundle is compiled through `vm.Script` with the `cachedData` a previous run stored.
 * Compiling typescript.js (9 MB) is most of `require('typescript')`; with the cache, V8
 * deserialises the bytecode instead, including the functions compiled lazily in the run
 * that wrote it (the cache is written after use, not after load).
 *
 * Safety: the cache is bytecode that V8 runs, so it is only read from a folder that belongs
 * to this user and that no one else may write (0700, checked on every load). V8 rejects a
 * cache from another V8 version, other flags or a source of another length; the key also
 * holds the file's size and mtime, so an edited bundle never meets an old cache (V8 itself
 * checks its version, the flags and the source length, and rejects a mismatch).
 */

export type CacheState = 'hit' | 'miss' | 'rejected' | 'disabled';

export interface CodeCacheOptions {
  /** Folder of the cache files (created 0700). Default: see defaultCacheDir(). */
  cacheDir?: string;
  /** Write the cache when the process exits, if this run compiled without one (default true). */
  flushOnExit?: boolean;
  /** Use no cache at all (also: HUBLINT_NO_CODE_CACHE=1 in the environment). */
  disabled?: boolean;
}

export interface CachedModule<T> {
  exports: T;
  state: CacheState;
  /** The cache file for this bundle (whether or not it exists yet). */
  cacheFile: string | null;
  /** Milliseconds spent compiling (or deserialising) and evaluating the bundle. */
  loadMs: number;
  /**
   * Writes the code cache now, holding every function compiled so far. Does nothing after a
   * hit (the cache already holds what this run needed) unless `force`. True when written.
   */
  flush(force?: boolean): boolean;
}

/** HUBLINT_CACHE_DIR, else $XDG_CACHE_HOME/hublint/v8, else <tmpdir>/hublint-v8-<uid>. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HUBLINT_CACHE_DIR) return join(env.HUBLINT_CACHE_DIR, 'v8');
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'hublint', 'v8');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(tmpdir(), `hublint-v8-${uid}`);
}

/** A folder we may trust bytecode from: ours, a real folder, writable by no one else. */
export function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return false;
    return process.platform === 'win32' || (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

function ensurePrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return false;
  }
  return isPrivateDir(dir);
}

/** The cache file name: one per bundle path, size, mtime, Node version and architecture. */
export function cacheKey(filename: string, size: number, mtimeMs: number): string {
  return createHash('sha256').update(JSON.stringify([filename, size, mtimeMs, process.version, process.arch])).digest('hex').slice(0, 32);
}

function readWhole(filename: string): { source: string; size: number; mtimeMs: number } {
  const fd = openSync(filename, 'r');
  try {
    const st = fstatSync(fd);
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < st.size) {
      const r = readSync(fd, buf, n, st.size - n, n);
      if (r === 0) break;
      n += r;
    }
    return { source: buf.toString('utf8', 0, n), size: st.size, mtimeMs: st.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

// The CommonJS wrapper on the source's first line, so line numbers in stack traces hold.
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n});';

const loaded = new Map<string, CachedModule<unknown>>();

/**
 * Loads a CommonJS file like `require(filename)` (same module object semantics, registered
 * in `require.cache`), compiling it with the V8 code cache. Its own `require` calls go
 * through Node's loader as usual. Loading the same file twice returns the first result.
 */
export function requireWithCodeCache<T = unknown>(filename: string, options: CodeCacheOptions = {}): CachedModule<T> {
  const previous = loaded.get(filename);
  if (previous) return previous as CachedModule<T>;
  const started = process.hrtime.bigint();
  const disabled = options.disabled === true || process.env.HUBLINT_NO_CODE_CACHE === '1';
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const { source, size, mtimeMs } = readWhole(filename);
  const usable = !disabled && ensurePrivateDir(cacheDir);
  const cacheFile = usable ? join(cacheDir, `${cacheKey(filename, size, mtimeMs)}.v8cache`) : null;

  let cachedData: Buffer | undefined;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(WRAPPER_HEAD + source.replace(/^#!.*/, '') + WRAPPER_TAIL, { filename, cachedData });
  const state: CacheState = !usable ? 'disabled' : cachedData === undefined ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';

  const mod = new Module(filename);
  mod.filename = filename;
  // Module._nodeModulePaths is how Node itself fills `paths`; createRequire resolves alike.
  const req = createRequire(filename);
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(filename));
  req.cache[filename] = mod;
  const fn = script.runInThisContext({ displayErrors: true }) as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  try {
    fn.call(mod.exports, mod.exports, req, mod, filename, dirname(filename));
  } catch (error) {
    delete req.cache[filename];
    throw error;
  }
  mod.loaded = true;

  let written = false;
  const flush = (force = false): boolean => {
    if (!cacheFile || (state === 'hit' && !force) || (written && !force)) return false;
    try {
      const data = script.createCachedData();
      // Write-then-rename: a concurrent run reads either the old file or the whole new one.
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, data, { mode: 0o600 });
      renameSync(tmp, cacheFile);
      written = true;
      return true;
    } catch {
      try {
        rmSync(`${cacheFile}.${process.pid}.tmp`, { force: true });
      } catch {
        // best effort: a cache that cannot be written costs the next run a compile, nothing else
      }
      return false;
    }
  };
  if (options.flushOnExit !== false && state !== 'hit' && cacheFile) process.once('exit', () => flush());

  const result: CachedModule<T> = {
    exports: mod.exports as T,
    state,
    cacheFile,
    loadMs: Number(process.hrtime.bigint() - started) / 1e6,
    flush,
  };
  loaded.set(filename, result as CachedModule<unknown>);
  return result;
}
