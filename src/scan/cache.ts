import { nodeCrypto } from '../runtime/builtins.js';
import { mkdirSync } from 'node:fs';
import { readBoundedFile } from '../core/read-bounded.js';
import { writeOutputFile } from '../fix/write-atomic.js';
import { dirname } from 'node:path';

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
 */

export type CacheStrategy = 'metadata' | 'content';

// 2: findings carry `family` (and pins a typed `pin`). 3: Hub findings carry `pendingFix`, their fix planned after suppression.
// 4: entries carry the files their values came from (`deps`). 5: hublint's own reports and caches give no findings.
export const CACHE_FORMAT = 5;

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

interface CacheFile<R> {
  format: number;
  key: string;
  entries: Record<string, CacheEntry<R>>;
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
  ) {
    this.entries = entries;
  }

  /** Reads the cache at `location`; anything unreadable or under another key starts empty. */
  static open<R>(location: string, key: string): FileCache<R> {
    try {
      const data = JSON.parse(readBoundedFile(location, 'cache').toString('utf8')) as CacheFile<R>;
      if (data && data.format === CACHE_FORMAT && data.key === key && data.entries && typeof data.entries === 'object') {
        return new FileCache(location, key, new Map(Object.entries(data.entries)), true);
      }
    } catch {
      // no cache yet, or a broken one: start over
    }
    return new FileCache<R>(location, key, new Map(), false);
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
    const data: CacheFile<R> = { format: CACHE_FORMAT, key: this.key, entries: Object.fromEntries(this.entries) };
    mkdirSync(dirname(this.location), { recursive: true });
    writeOutputFile(this.location, JSON.stringify(data));
    this.dirty = false;
  }
}
