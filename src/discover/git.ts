import { nodeChildProcess } from '../runtime/builtins.js';
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
    throw new UsageError(`git ${args[0]}: ${why}`);
  }
}

function gitRoot(cwd: string): string {
  return (git(['rev-parse', '--show-toplevel'], cwd) as string).trim();
}

function split0(out: string): string[] {
  return out.split('\0').filter(Boolean);
}

/**
 * The staged content of the staged files (added, copied, modified, renamed), read from the
 * index rather than the working tree: what the commit will hold.
 */
export function stagedFiles(cwd: string, maxSize = Infinity): Array<{ path: string; text: string; skipped?: string }> {
  const root = gitRoot(cwd);
  const names = split0(git(['diff', '--cached', '--name-only', '--diff-filter=ACMR', '-z'], root) as string);
  const sizes = stagedSizes(root, names);
  return names.map((name) => {
    const path = toPosix(relative(cwd, resolve(root, name)));
    // The limits of files on disk hold for staged content too, checked before a byte is read.
    const size = sizes.get(name);
    const big = size === undefined ? null : tooLarge(size, maxSize);
    if (big) return { path, text: '', skipped: big };
    const buf = git(['show', `:${name}`], root, 'buffer') as Buffer;
    return { path, text: buf.includes(0) ? '' : buf.toString('utf8') };
  });
}

/**
 * The size of each staged blob, from one `git cat-file --batch-check` (one process, not one
 * per file). A name the check cannot answer (a newline in it, a submodule) has no size here.
 */
function stagedSizes(root: string, names: readonly string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  const asked = names.filter((n) => !n.includes('\n'));
  if (asked.length === 0) return sizes;
  let out: string;
  try {
    out = nodeChildProcess().execFileSync('git', ['cat-file', '--batch-check=%(objecttype) %(objectsize)'], {
      cwd: root,
      input: asked.map((n) => `:${n}\n`).join(''),
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch {
    return sizes;
  }
  const lines = out.split('\n');
  asked.forEach((name, i) => {
    const m = /^blob (\d+)$/.exec(lines[i] ?? '');
    if (m) sizes.set(name, Number(m[1]));
  });
  return sizes;
}

/** Files that differ between REV and the working tree, untracked non-ignored ones included; renames by new path. */
export function changedSince(rev: string, cwd: string): string[] {
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
  const changed = split0(git(['diff', '--name-only', '--diff-filter=ACMRT', '-M', '-z', rev, '--'], root) as string);
  const untracked = split0(git(['ls-files', '--others', '--exclude-standard', '-z'], root) as string);
  return [...new Set([...changed, ...untracked])].sort().map((name) => toPosix(relative(cwd, resolve(root, name))));
}
