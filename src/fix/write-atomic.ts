import { appendFileSync, closeSync, fchmodSync, fchownSync, fstatSync, fsyncSync, lstatSync, openSync, readFileSync, readlinkSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { HublintError } from '../core/errors.js';

/**
 * The one writer of hublint: reports (`-o`, `--report`, `baseline`, `merge`), the --cache
 * file and the files --fix rewrites. A regular file is replaced whole or not at all (a temp
 * file in the same folder, flushed, then renamed over it); anything else is written the way
 * a shell's `>` would, because renaming over it would destroy it:
 *
 * - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`: the open descriptor, directly;
 * - a device, FIFO or socket (`/dev/null`, a named pipe a CI step reads): opened and written;
 * - a symlink: written through, the file it points to replaced, the link kept.
 *
 * Every failure, a full disk included, removes the temp file before the error goes up.
 */

/** A write that cannot be done; the CLI prints its message as one line (exit 2). */
export class WriteError extends HublintError {
  override name = 'WriteError';
}

/** --fix: the file changed between the scan and the write. */
export class ChangedOnDiskError extends Error {
  override name = 'ChangedOnDiskError';
}

/** --fix: the rewrite would lose something of the original that hublint cannot restore. */
export class CannotKeepError extends Error {
  override name = 'CannotKeepError';
}

type Target = { kind: 'fd'; fd: number } | { kind: 'special'; path: string } | { kind: 'file'; path: string; existing?: Stats };

const MAX_LINK_HOPS = 40;
/** The longest file name (bytes) Linux, macOS and Windows file systems take. */
const NAME_MAX = 255;
let counter = 0;

/** Where a write to `path` really lands. Throws WriteError for folders and missing folders. */
export function writeTarget(path: string): Target {
  if (path === '-' || path === '/dev/stdout') return { kind: 'fd', fd: 1 };
  if (path === '/dev/stderr') return { kind: 'fd', fd: 2 };
  const fd = /^\/(?:dev|proc\/self)\/fd\/(\d+)$/.exec(path);
  if (fd) return { kind: 'fd', fd: Number(fd[1]) };
  let real = resolve(path);
  for (let hops = 0; ; hops++) {
    let st: Stats | undefined;
    try {
      st = lstatSync(real, { throwIfNoEntry: false });
    } catch (e) {
      throw failure(e, path);
    }
    if (!st) break;
    if (st.isSymbolicLink()) {
      if (hops === MAX_LINK_HOPS) throw new WriteError(`${path}: too many levels of symbolic links`);
      real = resolve(dirname(real), readlinkSync(real));
      continue;
    }
    if (st.isDirectory()) throw new WriteError(`${path}: is a folder; name a file to write the report to`);
    return st.isFile() ? { kind: 'file', path: real, existing: st } : { kind: 'special', path: real };
  }
  const folder = dirname(real);
  const parent = statSync(folder, { throwIfNoEntry: false });
  if (!parent) throw new WriteError(`${path}: the folder ${folder} does not exist`, { hint: 'create it first, or name a file in an existing folder' });
  if (!parent.isDirectory()) throw new WriteError(`${path}: ${folder} is not a folder`);
  return { kind: 'file', path: real };
}

/** What a file is written from: a text, bytes, or a report's pieces in order (written as they are made). */
export type OutputData = string | Uint8Array | Iterable<string>;

function writeAll(fd: number, data: OutputData): void {
  if (typeof data === 'string' || data instanceof Uint8Array) writeFileSync(fd, data);
  else for (const piece of data as Iterable<string>) writeFileSync(fd, piece);
}

/** Writes a report (or any file hublint owns) whole or not at all; see the module comment. */
export function writeOutputFile(path: string, data: OutputData, options: { mode?: number } = {}): void {
  const target = writeTarget(path);
  try {
    if (target.kind === 'fd') {
      const stream = target.fd === 1 ? process.stdout : target.fd === 2 ? process.stderr : null;
      if (stream && (typeof data === 'string' || data instanceof Uint8Array)) stream.write(data);
      else if (stream) for (const piece of data as Iterable<string>) stream.write(piece);
      else writeAll(target.fd, data);
      return;
    }
    if (target.kind === 'special') {
      if (typeof data === 'string' || data instanceof Uint8Array) {
        writeFileSync(target.path, data);
        return;
      }
      const fd = openSync(target.path, 'w');
      try {
        writeAll(fd, data);
      } finally {
        closeSync(fd);
      }
      return;
    }
  } catch (e) {
    throw failure(e, path);
  }
  // An existing report keeps its permissions, as `>` keeps them; a private file (the cache) is always `mode`.
  writeViaTemp(target.path, data, { mode: options.mode ?? (target.existing ? target.existing.mode & 0o7777 : undefined), shownAs: path });
}

interface TempOptions {
  /** Mode bits to set (setuid, setgid and sticky included); default: 0o666 less the umask. */
  mode?: number;
  /** Owner and group to keep; a CannotKeepError when they cannot be set. */
  owner?: { uid: number; gid: number };
  /** A last check just before the rename (--fix: the file did not change meanwhile). */
  beforeRename?: () => void;
  /** The path as the user gave it, for messages. */
  shownAs: string;
}

function writeViaTemp(dest: string, data: OutputData, opts: TempOptions): void {
  const tmp = tempNameFor(dest);
  let fd: number | undefined;
  let created = false;
  try {
    fd = openSync(tmp, 'wx', opts.mode === undefined ? 0o666 : 0o600);
    created = true;
    writeAll(fd, data);
    if (opts.owner) {
      const now = fstatSync(fd);
      // Owner first: chown clears setuid/setgid, so the mode is set after it.
      if (now.uid !== opts.owner.uid || now.gid !== opts.owner.gid) {
        try {
          fchownSync(fd, opts.owner.uid, opts.owner.gid);
        } catch (e) {
          throw new CannotKeepError(`cannot keep its owner and group (uid ${opts.owner.uid}, gid ${opts.owner.gid}): ${(e as NodeJS.ErrnoException).code ?? e}; run as its owner or as root`);
        }
      }
    }
    if (opts.mode !== undefined) {
      fchmodSync(fd, opts.mode);
      // Linux drops setgid silently for a caller outside the file's group.
      const got = fstatSync(fd).mode & 0o7777;
      if (got !== opts.mode) throw new CannotKeepError(`cannot keep its mode ${opts.mode.toString(8)} (would become ${got.toString(8)})`);
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    opts.beforeRename?.();
    renameSync(tmp, dest);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    if (created) {
      try {
        unlinkSync(tmp);
      } catch {
        // already gone: nothing left behind
      }
    }
    if (e instanceof ChangedOnDiskError || e instanceof CannotKeepError) throw e;
    throw failure(e, opts.shownAs);
  }
}

/**
 * Test-only seam: HUBLINT_TEST_APPEND_BEFORE_RENAME=TEXT appends TEXT to the file --fix is
 * about to replace, at the moment an editor's write would race the rename, so the check
 * that refuses it is tested deterministically (test/reliability/no-loss.test.ts).
 */
function injectedWrite(path: string): void {
  const text = process.env.HUBLINT_TEST_APPEND_BEFORE_RENAME;
  if (text) appendFileSync(path, text);
}

/**
 * A temp name beside `dest` that fits NAME_MAX (255 bytes): the destination's own name
 * goes in only while it leaves room (a 229-byte name did not).
 */
function tempNameFor(dest: string): string {
  const tail = `.hublint-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  const base = basename(dest);
  return join(dirname(dest), Buffer.byteLength(`.${base}${tail}`) <= NAME_MAX ? `.${base}${tail}` : tail);
}

/** A system error as one line that names the path; anything else unchanged. */
function failure(e: unknown, path: string): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (e instanceof HublintError || typeof code !== 'string') return e;
  const why: Record<string, string> = {
    ENOSPC: 'no space left on the device; nothing was written',
    EDQUOT: 'disk quota exceeded; nothing was written',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOTDIR: 'a part of the path is not a folder',
    ELOOP: 'too many levels of symbolic links',
    ENAMETOOLONG: 'the path is too long',
  };
  return new WriteError(`cannot write ${path}: ${why[code] ?? code}`, { cause: e });
}

/**
 * --fix: replaces a file's content whole or not at all, keeping its mode (setuid, setgid and
 * sticky bits included), owner and group, and checking at the last moment that nobody
 * changed the file since `expected` was read. `original` is the file's lstat.
 */
export function writeAtomic(path: string, data: Buffer, original: Stats, expected: Buffer): void {
  writeViaTemp(path, data, {
    mode: original.mode & 0o7777,
    owner: { uid: original.uid, gid: original.gid },
    shownAs: path,
    beforeRename: () => {
      injectedWrite(path);
      // lstat first: a FIFO or link swapped in meanwhile is a change, and is never read. Size and
      // mtime first (an editor appending changes both), then the bytes (a same-size rewrite).
      const st = lstatSync(path, { throwIfNoEntry: false });
      const same = st?.isFile() && st.size === original.size && st.mtimeMs === original.mtimeMs && readFileSync(path).equals(expected);
      if (!same) throw new ChangedOnDiskError('changed on disk while hublint was fixing it; left as it is now (run --fix again)');
    },
  });
}
