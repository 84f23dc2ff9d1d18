import { nodeCrypto } from '../runtime/builtins.js';
import { mkdirSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { homedir } from 'node:os';
import { readBoundedFile } from '../core/read-bounded.js';
import { writeOutputFile } from '../fix/write-atomic.js';
import { dirname, join } from 'node:path';

/**
 * The `--cache` store, like ESLint's: per file, what the last run concluded, kept as long
 * as the file and everything else that decides the result are unchanged.
 *
 * - The run key (cacheKeyOf) covers what applies to every file: hublint's version, the rule
 *   table, and the options that change a file's findings (extra Hub hosts, base variables,
 *   --report-unused-disable, --max-file-size). Another key: the whole cache is dropped.
 * - Per file: size and mtime (the `metadata` strategy: an unchanged stat means an unchanged
 *   file, no read at all) and a content hash (the `content` strategy: the file is read and
 *   hashed, for checkouts that touch every mtime; it saves the adapters, not the read).
 * - What a file's result also depends on — the files that name a Hub host — is the
 *   caller's `context` hash (see constantsHashOf): an entry stored under another context
 *   is not a hit; the other files it read values from are its `deps`, checked by the caller.
 *
 * A missing, corrupt or foreign cache file is an empty cache, never an error; saving
 * writes a temp file and renames it, so a killed run leaves the old cache whole.
 *
 * The cache decides which files are linted: a crafted one (right key and content hash, an
 * empty result) would silence a file with findings. So it is bound to what made it: its
 * entries are signed with HMAC-SHA-256 under a secret of the user's (HUBLINT_CACHE_SECRET, or
 * a random key made once in ~/.cache/hublint/cache-key, 0600), and one that does not verify
 * is an empty cache. It holds nothing secret (findings as reported: redacted; a file whose
 * findings still carry the raw candidate for fix planning is not stored), and is written 0600.
 */

export type CacheStrategy = 'metadata' | 'content';

// 2: findings carry `family` (and pins a typed `pin`). 3: Hub findings carry `pendingFix`, their fix planned after suppression.
// 4: entries carry the files their values came from (`deps`). 5: hublint's own reports and caches
// give no findings. 6: a header line (format, key, HMAC of the entries line), then the entries.
export const CACHE_FORMAT = 6;

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface CacheEntry<R> extends FileStamp {
  /** Content hash (hashContent) when the caller had the bytes. */
  hash?: string;
  /** The context hash the result was computed under ('' when it depends on no context). */
  context: string;
  /**
   * Other files and folders the result was read from (`f:path`, `d:dir`, as the project
   * resolver notes them) and the hash of what each held then: a change to any is a miss.
   */
  deps?: Record<string, string>;
  result: R;
}

interface CacheHeader {
  format: number;
  key: string;
  mac: string;
}

/**
 * The secret the cache is signed with: HUBLINT_CACHE_SECRET (CI: from the secret store, so a
 * cache restored from shared storage verifies only when this job's secret made it), else a
 * random key kept in the user's cache folder. Undefined when neither can be had.
 */
export function cacheSecret(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.HUBLINT_CACHE_SECRET) return env.HUBLINT_CACHE_SECRET;
  const dir = env.HUBLINT_CACHE_DIR ?? join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'hublint');
  const file = join(dir, 'cache-key');
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    // none yet: made below
  }
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = openSync(file, 'wx', 0o600);
    const key = nodeCrypto().randomBytes(32).toString('hex');
    writeSync(fd, key);
    closeSync(fd);
    return key;
  } catch {
    try {
      // Another run made it first.
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  }
}

function macOf(secret: string, key: string, entries: string): string {
  return nodeCrypto().createHmac('sha256', secret).update(`${CACHE_FORMAT}\n${key}\n${entries}`).digest('hex');
}

/** JSON with sorted keys: the same value always gives the same string. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`)
    .join(',')}}`;
}

/** The run key: hash of everything that applies to all files. */
export function cacheKeyOf(parts: unknown): string {
  return nodeCrypto().createHash('sha256').update(stableStringify(parts)).digest('hex');
}

/** Hash of a file's bytes (or text). SHA-1 is plenty to detect a change, and fast. */
export function hashContent(data: string | Uint8Array): string {
  return nodeCrypto().createHash('sha1').update(data).digest('base64url');
}

/**
 * The constant index is a function of the files that name a Hub host (only they define Hub
 * constants), so the hash of their paths and content hashes stands for it.
 */
export function constantsHashOf(files: Iterable<{ path: string; hash: string }>): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return nodeCrypto().createHash('sha256').update(sorted.map((f) => `${f.path}\0${f.hash}`).join('\n')).digest('hex');
}

export class FileCache<R> {
  private entries: Map<string, CacheEntry<R>>;
  private readonly seen = new Set<string>();
  private dirty = false;

  private constructor(
    readonly location: string,
    readonly key: string,
    entries: Map<string, CacheEntry<R>>,
    /** Whether an existing cache file was read and matched the key. */
    readonly loaded: boolean,
    private readonly secret: string,
  ) {
    this.entries = entries;
  }

  /**
   * Reads the cache at `location`; anything unreadable, under another key or not signed with
   * `secret` starts empty.
   */
  static open<R>(location: string, key: string, secret: string): FileCache<R> {
    try {
      const text = readBoundedFile(location, 'cache').toString('utf8');
      const nl = text.indexOf('\n');
      const header = JSON.parse(text.slice(0, nl)) as CacheHeader;
      const entriesText = text.slice(nl + 1);
      const mac = macOf(secret, key, entriesText);
      const signed = typeof header?.mac === 'string' && header.mac.length === mac.length && nodeCrypto().timingSafeEqual(Buffer.from(header.mac), Buffer.from(mac));
      if (nl > 0 && header.format === CACHE_FORMAT && header.key === key && signed) {
        const entries = JSON.parse(entriesText) as Record<string, CacheEntry<R>>;
        if (entries && typeof entries === 'object') return new FileCache(location, key, new Map(Object.entries(entries)), true, secret);
      }
    } catch {
      // no cache yet, or a broken one: start over
    }
    return new FileCache<R>(location, key, new Map(), false, secret);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry when the file's size and mtime are the ones stored (metadata strategy). */
  byStamp(path: string, stamp: FileStamp, context = ''): CacheEntry<R> | undefined {
    this.seen.add(path);
    const e = this.entries.get(path);
    return e && e.size === stamp.size && e.mtimeMs === stamp.mtimeMs && e.context === context ? e : undefined;
  }

  /** The entry when the content hash is the one stored (content strategy). */
  byContent(path: string, hash: string, context = ''): CacheEntry<R> | undefined {
    this.seen.add(path);
    const e = this.entries.get(path);
    return e && e.hash === hash && e.context === context ? e : undefined;
  }

  /** Either strategy in one call: by stamp first, then by content when a hash is given. */
  lookup(path: string, stamp: FileStamp, options: { strategy: CacheStrategy; hash?: string; context?: string }): CacheEntry<R> | undefined {
    if (options.strategy === 'metadata') {
      const hit = this.byStamp(path, stamp, options.context);
      if (hit) return hit;
    }
    return options.hash === undefined ? undefined : this.byContent(path, options.hash, options.context);
  }

  set(path: string, entry: CacheEntry<R>): void {
    this.seen.add(path);
    this.entries.set(path, entry);
    this.dirty = true;
  }

  delete(path: string): void {
    if (this.entries.delete(path)) this.dirty = true;
  }

  /**
   * Writes the cache. `prune`: drop entries of files this run did not look at (deleted or
   * no longer in scope) — only right for a run over the whole project, not for a few paths.
   */
  save(options: { prune?: boolean } = {}): void {
    if (options.prune) {
      for (const path of this.entries.keys()) {
        if (!this.seen.has(path)) {
          this.entries.delete(path);
          this.dirty = true;
        }
      }
    }
    if (!this.dirty && this.loaded) return;
    const entries = JSON.stringify(Object.fromEntries(this.entries));
    const header: CacheHeader = { format: CACHE_FORMAT, key: this.key, mac: macOf(this.secret, this.key, entries) };
    mkdirSync(dirname(this.location), { recursive: true });
    writeOutputFile(this.location, `${JSON.stringify(header)}\n${entries}`, { mode: 0o600 });
    this.dirty = false;
  }
}
