import { nodeChildProcess } from '../runtime/builtins.js';
import { statSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { toPosix } from './walk.js';
import { tooLarge } from './size.js';

function git(args: string[], cwd: string, encoding: 'utf8' | 'buffer' = 'utf8'): string | Buffer {
  try {
    return nodeChildProcess().execFileSync('git', args, { cwd, encoding: encoding === 'utf8' ? 'utf8' : undefined, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: Buffer | string; code?: string };
    if (err.code === 'ENOENT') throw new UsageError('git is not installed: --staged and --changed-since need it');
    const why = String(err.stderr ?? '').trim().split('\n')[0] || 'git failed';
    // Named by its subcommand (`git -c key=value diff` is `git diff`).
    throw new UsageError(`git ${args[args[0] === '-c' ? 2 : 0]}: ${why}`);
  }
}

function gitRoot(cwd: string): string {
  return (git(['rev-parse', '--show-toplevel'], cwd) as string).trim();
}

/**
 * The staged content of the staged files (added, copied, modified, renamed), read from the
 * index rather than the working tree: what the commit will hold. A pre-commit hook runs this
 * on every commit, so git is started as few times as the answer allows: the diff first (its
 * names are relative to the top level from any folder of the work tree, `diff.relative` off),
 * and with nothing staged nothing more; else the top level, the sizes and every content, each
 * in one process whatever the number of files.
 */
export function stagedFiles(cwd: string, maxSize = Infinity): MemoryFile[] {
  let diff: Buffer;
  try {
    diff = git(['-c', 'diff.relative=false', 'diff', '--cached', '--raw', '--no-abbrev', '--diff-filter=ACMR', '-z'], cwd, 'buffer') as Buffer;
  } catch (e) {
    // Outside a work tree git's diff complains about `--cached`; the top level's question says why.
    gitRoot(cwd);
    throw e;
  }
  const blobs = stagedBlobs(diff);
  if (blobs.length === 0) return [];
  const root = gitRoot(cwd);
  const sizes = blobSizes(root, blobs.map((b) => b.blob));
  const readable = blobs.map((b) => b.blob).filter((blob) => !withinSize(sizes.get(blob), maxSize).skipped);
  const contents = blobContents(root, readable);
  return blobs.map(({ name, blob }) =>
    memoryFile(toPosix(relative(cwd, resolve(root, name))), sizes.get(blob), maxSize, () => contents.get(blob) ?? (git(['cat-file', 'blob', blob], root, 'buffer') as Buffer)),
  );
}

/** A file handed to the scan as text (staged content, a changed file whose name is not UTF-8). */
export type MemoryFile = { path: string; text: string; skipped?: string; raw?: Buffer };

/**
 * The limits of files on disk hold for in-memory content too, checked before a byte is read
 * (an unknown size reads as within them); a binary file is empty text, as the byte gate has it.
 */
function memoryFile(path: string, size: number | undefined, maxSize: number, read: () => Buffer): MemoryFile {
  const { skipped } = withinSize(size, maxSize);
  if (skipped) return { path, text: '', skipped };
  const buf = read();
  return { path, text: buf.includes(0) ? '' : buf.toString('utf8') };
}

/** Whether a file of this size (unknown: within) is read under the limit, and why not. */
function withinSize(size: number | undefined, maxSize: number): { skipped?: string } {
  const big = size === undefined ? null : tooLarge(size, maxSize);
  return big ? { skipped: big } : {};
}

/**
 * The contents of blobs by their ids, from one `git cat-file --batch` (`<id> <type> <size>`,
 * LF, the bytes, LF, for each). A blob it does not give is absent: the caller asks git for
 * that one alone, and so gets git's own error.
 */
function blobContents(root: string, asked: readonly string[]): Map<string, Buffer> {
  const contents = new Map<string, Buffer>();
  const unique = [...new Set(asked)];
  if (unique.length === 0) return contents;
  const out = catFileBatch(root, '--batch', unique);
  if (!out) return contents;
  for (let at = 0; at < out.length; ) {
    const eol = out.indexOf(10, at);
    if (eol < 0) break;
    const [id, type, size] = out.toString('latin1', at, eol).split(' ');
    at = eol + 1;
    // `<id> missing` (or ambiguous) has no body.
    if (size === undefined || !/^\d+$/.test(size)) continue;
    const end = at + Number(size);
    if (type === 'blob' && end <= out.length) contents.set(id, out.subarray(at, end));
    at = end + 1;
  }
  return contents;
}

/** A gitlink's mode: a submodule's commit, not a file. */
const SUBMODULE_MODE = '160000';

/**
 * The staged blobs from `git diff --cached --raw -z`: `:oldmode newmode oldsha newsha status`,
 * then the path (two for a rename or copy: the new one counts). Read as bytes and the blob
 * fetched by its id, so a name that is not UTF-8 (which `git show :NAME` could not be given
 * back) is read all the same, shown as decoded; a submodule (mode 160000) is left out.
 */
function stagedBlobs(raw: Buffer): Array<{ name: string; blob: string; bytes: Buffer }> {
  const fields = split0(raw);
  const out: Array<{ name: string; blob: string; bytes: Buffer }> = [];
  for (let i = 0; i < fields.length; ) {
    const meta = fields[i++].toString('latin1').replace(/^:/, '').split(' ');
    if (meta.length < 5) continue;
    const [, mode, , blob, status] = meta;
    const bytes = /^[RC]/.test(status) ? fields[(i += 2) - 1] : fields[i++];
    if (bytes === undefined || mode === SUBMODULE_MODE) continue;
    out.push({ name: bytes.toString('utf8'), blob, bytes });
  }
  return out;
}

/**
 * The size of each staged blob by its id, from one `git cat-file --batch-check` (one process,
 * not one per file); a blob the check cannot answer has no size here.
 */
function blobSizes(root: string, asked: readonly string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  if (asked.length === 0) return sizes;
  const out = catFileBatch(root, '--batch-check=%(objecttype) %(objectsize)', asked);
  if (!out) return sizes;
  const lines = out.toString('utf8').split('\n');
  asked.forEach((name, i) => {
    const m = /^blob (\d+)$/.exec(lines[i] ?? '');
    if (m) sizes.set(name, Number(m[1]));
  });
  return sizes;
}

/** One `git cat-file` batch over these ids (one per line on its input); null when git fails. */
function catFileBatch(root: string, mode: string, ids: readonly string[]): Buffer | null {
  try {
    return nodeChildProcess().execFileSync('git', ['cat-file', mode], {
      cwd: root,
      input: ids.map((id) => `${id}\n`).join(''),
      maxBuffer: 1 << 30,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch {
    return null;
  }
}

/**
 * Files that differ between REV and the working tree, untracked non-ignored ones included; renames
 * by new path. A name that is not UTF-8 cannot be handed on as a path (decoded, it names no
 * file): its work-tree content is read by its bytes and handed on in memory, named as decoded.
 */
export function changedSince(rev: string, cwd: string, maxSize = Infinity): { paths: string[]; files: MemoryFile[] } {
  const root = gitRoot(cwd);
  try {
    git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], root);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    // In CI the usual cause is a shallow clone (actions/checkout fetches one commit by default).
    const shallow = (git(['rev-parse', '--is-shallow-repository'], root) as string).trim() === 'true';
    throw new UsageError(
      shallow
        ? `--changed-since: revision '${rev}' is not in this shallow clone: fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)`
        : `--changed-since: unknown revision '${rev}'`,
    );
  }
  // Submodules are no files (left out).
  const changed = stagedBlobs(git(['diff', '--raw', '--no-abbrev', '--diff-filter=ACMRT', '-M', '-z', rev, '--'], root, 'buffer') as Buffer).map((e) => e.bytes);
  const untracked = split0(git(['ls-files', '--others', '--exclude-standard', '-z'], root, 'buffer') as Buffer);
  const byName = new Map([...changed, ...untracked].map((bytes) => [bytes.toString('latin1'), bytes]));
  const names = [...byName.values()].sort(Buffer.compare);
  const paths: string[] = [];
  const files: MemoryFile[] = [];
  const rootBytes = Buffer.from(`${root}/`);
  for (const bytes of names) {
    const name = bytes.toString('utf8');
    const path = toPosix(relative(cwd, resolve(root, name)));
    if (Buffer.from(name, 'utf8').equals(bytes)) {
      paths.push(path);
      continue;
    }
    const onDisk = Buffer.concat([rootBytes, bytes]);
    const stat = statSync(onDisk, { throwIfNoEntry: false });
    // Only a regular file is read (a changed symlink is not followed out of the tree).
    if (stat?.isFile()) files.push({ ...memoryFile(path, stat.size, maxSize, () => readFileSync(onDisk)), raw: onDisk });
  }
  return { paths, files };
}

/** NUL-separated fields (`-z` output) as bytes: a name is decoded only where it is shown. */
function split0(out: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < out.length; ) {
    const end = out.indexOf(0, start);
    const stop = end < 0 ? out.length : end;
    if (stop > start) parts.push(out.subarray(start, stop));
    start = stop + 1;
  }
  return parts;
}
