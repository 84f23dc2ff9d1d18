import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { fnv64 } from './fnv64.js';
import { payloadSum } from './payload-sum.js';

/**
 * V8 code caching for big CommonJS bundles (the TypeScript compiler inside ts-morph), the
 * approach of the v8-compile-cache package: Node 20 has no `module.enableCompileCache`, so
 * the bundle is compiled through `vm.Script` with the `cachedData` a previous run stored.
 * Compiling typescript.js (9 MB) is most of `require('typescript')`; with the cache, V8
 * deserialises the bytecode instead, including the functions compiled lazily in the run
 * that wrote it (the cache is written after use, not after load).
 *
 * Safety: the cache is bytecode that V8 runs, so it is only read from a folder that is
 * this user's own and private (a real folder, owner-only: 0700; checked on every load).
 * The file name holds the bundle's path, size and mtime, the Node version, the
 * architecture and the V8 flags, so an edited bundle or another Node never meets an old
 * cache. Each file carries a checksum of its payload (payload-sum.ts), checked
 * before V8 sees it: V8 checks its own version, the flags and the source length but, in
 * release builds, not a checksum, so a damaged file could otherwise reach the deserializer. A file that fails
 * any check is ignored (the bundle compiles from source) and rewritten at exit.
 *
 * Concurrency: a cache file is written under a unique temporary name (O_EXCL) and renamed
 * into place, so a run reads the old file or the whole new one, never a mix; two runs
 * writing at once each rename a whole file, and the last rename wins. After writing, the
 * caches of older versions of the same bundle are removed, so the folder does not grow.
 */

export type CacheState = 'hit' | 'miss' | 'rejected' | 'disabled';

export interface CodeCacheOptions {
  /** Folder of the cache files (created 0700). Default: see defaultCacheDir(). */
  cacheDir?: string;
  /** Write the cache when the process exits, if this run compiled without one (default true). */
  flushOnExit?: boolean;
  /** Use no cache at all (also: HUBLINT_NO_CODE_CACHE=1 in the environment). */
  disabled?: boolean;
  /**
   * With flushOnExit: write only if this says yes at exit (default: always). The cache holds
   * the functions the writing run compiled, and a hit is never rewritten: the CLI writes it
   * from a run that scanned, not from `--version`, whose cache would leave a scan to
   * compile most of its code on every run.
   */
  flushWhen?: () => boolean;
}

/** The mark a program sets (markCodeCacheReady) when its run is one worth caching. */
const READY = Symbol.for('hublint.code-cache.ready');

/** Says that this run's compiled code is worth writing to the cache (see flushWhen). */
export function markCodeCacheReady(): void {
  (globalThis as Record<symbol, unknown>)[READY] = true;
}

/** Whether markCodeCacheReady() was called in this process (by any bundle of it). */
export function codeCacheReady(): boolean {
  return (globalThis as Record<symbol, unknown>)[READY] === true;
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

/** A folder we may trust bytecode from: a real folder (no symlink), ours, 0700 (nothing for group or others). */
export function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return false;
    return process.platform === 'win32' || (st.mode & 0o077) === 0;
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


/**
 * The cache file name (without `.v8cache`): `<bundle path>-<version of it>`, 16 hex digits
 * each. The version part covers the bundle's size and mtime, the Node version, the
 * architecture and the V8 flags (a cache made under other flags would be rejected). Kept
 * flags (keepV8Flag) mark the bundle part: a run with workers or grammars and one without
 * each have their cache, and neither prunes the other's.
 */
export function cacheKey(filename: string, size: number, mtimeMs: number, kept = keptV8Flags()): string {
  const flags = [...nodeFlags(), process.env.NODE_OPTIONS ?? ''].join('\0');
  const version = fnv64(JSON.stringify([size, mtimeMs, process.version, process.arch, flags]));
  return `${bundleKey(filename, kept)}-${version}`;
}

/** process.execArgv without the code of `-e`/`-p` (the flags are what matters to V8). */
function nodeFlags(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    if (['-e', '--eval', '-p', '--print'].includes(argv[i])) i++;
    else if (!/^--(?:eval|print)=/.test(argv[i])) out.push(argv[i]);
  }
  return out;
}

function bundleKey(filename: string, kept: string): string {
  return kept ? `${fnv64(filename)}+${fnv64(kept).slice(0, 8)}` : fnv64(filename);
}

// The file: MAGIC, the payload's checksum (16 hex digits), the payload (V8's cached data).
// 16 + 16 bytes: the payload starts 4-aligned in the buffer readFileSync returns.
const MAGIC = Buffer.from('hublint-v8cache\n');
const HEADER = MAGIC.length + 16;

/** The payload of a cache file, or undefined when the file is not one of ours or is damaged. */
export function unpackCache(file: Buffer): Buffer | undefined {
  if (file.length <= HEADER || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const payload = file.subarray(HEADER);
  return file.toString('latin1', MAGIC.length, HEADER) === payloadSum(payload) ? payload : undefined;
}

export function packCache(payload: Buffer): Buffer {
  return Buffer.concat([MAGIC, Buffer.from(payloadSum(payload), 'latin1'), payload]);
}

/** Temporary files of writes that never finished (a killed run), after this long: removed. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Removes the older caches of this bundle and abandoned temporary files. Best effort. */
function prune(cacheDir: string, cacheFile: string, filename: string, kept: string): void {
  const own = `${bundleKey(filename, kept)}-`;
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(cacheDir, name);
    try {
      if (name.startsWith(own) && name.endsWith('.v8cache') && path !== cacheFile) rmSync(path, { force: true });
      else if (name.endsWith('.tmp') && Date.now() - statSync(path).mtimeMs > STALE_TEMP_MS) rmSync(path, { force: true });
    } catch {
      // another run removed it first
    }
  }
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
 * V8 flags a run sets for good (runtime/parsers.ts keeps WebAssembly on its baseline
 * compiler). V8 stamps a code cache with a hash of its flags and rejects it under others,
 * and flags are process-wide: switched on and off again around a grammar load on one
 * thread, they changed the hash under every cache another thread read or wrote meanwhile
 * (renovate's tree compiled the TypeScript compiler from source on every run). So a flag
 * is set once and kept: a cache's key names the kept flags it was read under, and it is
 * written under those same flags.
 *
 * Which flags are kept is one word of shared memory per process: a pool hands it to each
 * worker it starts (adoptKeptFlags), so every thread sees a flag the moment any thread keeps
 * it. A pool does not keep the flag itself before it starts a worker: a worker booting under
 * changed flags finds Node's own code cache rejected and compiles Node's internal modules
 * from source (~50 ms more per worker, on the first corpus 140–190 ms from `new Worker` to
 * its first line of code against 50–80). A child process starts with none kept.
 */
type KeptFlag = '--liftoff-only';
/** Each flag that may be kept, with the flags that undo it (--liftoff-only also turns tier-up off). */
const UNDO: Record<KeptFlag, string[]> = { '--liftoff-only': ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering'] };
const KEPT_FLAGS = Object.keys(UNDO) as KeptFlag[];
// On globalThis: the CLI's loader (bin.ts) and the bundle it loads each hold a copy of this
// module, and the loader writes the bundle's cache at exit.
const KEPT_WORD = Symbol.for('hublint.kept-v8-flags');
const keptBits = (): Int32Array => ((globalThis as Record<symbol, Int32Array | undefined>)[KEPT_WORD] ??= new Int32Array(new SharedArrayBuffer(4)));

/** The shared word of kept flags, for a worker this thread starts (hand it to adoptKeptFlags there). */
export function keptFlagsWord(): Int32Array {
  return keptBits();
}

/** In a worker, before any code cache is read: share the kept flags of the thread that started it (its keptFlagsWord()). */
export function adoptKeptFlags(word: unknown): void {
  if (word instanceof Int32Array && word.buffer instanceof SharedArrayBuffer && word.length === 1) (globalThis as Record<symbol, Int32Array>)[KEPT_WORD] = word;
}

/** The flags this process keeps (keepV8Flag), space-separated. */
export function keptV8Flags(): string {
  const bits = Atomics.load(keptBits(), 0);
  return KEPT_FLAGS.filter((_, i) => bits & (1 << i)).join(' ');
}

/** Sets a V8 flag (one of UNDO's) for the rest of the process, unless it already is. */
export function keepV8Flag(flag: KeptFlag): void {
  const bit = 1 << KEPT_FLAGS.indexOf(flag);
  // Only the thread that turns the bit on sets the flag: V8 holds it for every thread.
  if (Atomics.or(keptBits(), 0, bit) & bit) return;
  setV8Flag(flag);
}

/** Sets `flags` (from keptV8Flags()) as the V8 flags now in effect; a flag the process was started with stays. */
function switchKeptFlags(from: string, to: string): void {
  const now = new Set(from.split(' ').filter(Boolean));
  const want = new Set(to.split(' ').filter(Boolean));
  const undo = [...now].filter((f) => !want.has(f)).flatMap((f) => UNDO[f as KeptFlag] ?? []).filter((f) => !startedWith(f));
  const redo = [...want].filter((f) => !now.has(f));
  if (undo.length || redo.length) setV8Flag([...undo, ...redo].join(' '));
}

/** Whether the process was started with this flag or its `--no-` form (command line or NODE_OPTIONS). */
function startedWith(flag: string): boolean {
  const name = flag.replace(/^--(?:no-)?/, '');
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').replace(/_/g, '-').includes(name);
}

let keepingBytecode = false;
const setV8Flag = (flag: string) => (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).setFlagsFromString(flag);
function keepBytecode(): void {
  // Only where the flag is as Node starts (a run under --no-flush-bytecode keeps it so).
  if (keepingBytecode || startedWith('--flush-bytecode')) return;
  keepingBytecode = true;
  setV8Flag('--no-flush-bytecode');
}
function restoreBytecodeFlushing(): void {
  if (!keepingBytecode) return;
  keepingBytecode = false;
  setV8Flag('--flush-bytecode');
}

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
  const kept = keptV8Flags();
  const cacheFile = usable ? join(cacheDir, `${cacheKey(filename, size, mtimeMs, kept)}.v8cache`) : null;

  let file: Buffer | undefined;
  if (cacheFile) {
    try {
      file = readFileSync(cacheFile);
    } catch {
      file = undefined;
    }
  }
  // A damaged or foreign file is never handed to V8; it counts as rejected and is rewritten.
  const cachedData = file === undefined ? undefined : unpackCache(file);
  const script = new Script(WRAPPER_HEAD + source.replace(/^#!.*/, '') + WRAPPER_TAIL, { filename, cachedData });
  const state: CacheState = !usable ? 'disabled' : file === undefined ? 'miss' : cachedData === undefined || script.cachedDataRejected ? 'rejected' : 'hit';

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
    // Write-then-rename under a name no other run uses (pids repeat across containers that
    // share the folder): a concurrent run reads either the old file or the whole new one.
    const tmp = `${cacheFile}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
    try {
      if (!isPrivateDir(cacheDir)) return false;
      // V8 stamps the cache with a hash of its flags: back to the default first, as later runs have it.
      restoreBytecodeFlushing();
      // Under the flags it was read under (a grammar may have been loaded since).
      const now = keptV8Flags();
      switchKeptFlags(now, kept);
      try {
        writeFileSync(tmp, packCache(script.createCachedData()), { mode: 0o600, flag: 'wx' });
      } finally {
        switchKeptFlags(kept, now);
      }
      renameSync(tmp, cacheFile);
      written = true;
    } catch {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // best effort: a cache that cannot be written costs the next run a compile, nothing else
      }
      return false;
    }
    prune(cacheDir, cacheFile, filename, kept);
    return true;
  };
  if (options.flushOnExit !== false && state !== 'hit' && cacheFile) {
    // The run that writes the cache keeps the bytecode of every function it ran: V8 drops
    // the bytecode of functions unused for a few major GCs (a long scan has many), and the
    // start-up code dropped so would be missing from every later run's cache.
    keepBytecode();
    // When the work is done but the event loop still runs (beforeExit): a SIGINT that comes
    // while the cache is written is handled like any other (exit 130) rather than left
    // pending while the process exits. 'exit' stays for the runs that end with
    // process.exit() and for worker threads; flush() writes once.
    const flushIf = () => (options.flushWhen?.() ?? true) && flush();
    process.once('beforeExit', flushIf);
    process.once('exit', flushIf);
  }

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
