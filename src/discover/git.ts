import { nodeChildProcess } from '../runtime/builtins.js';
import { relative, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { toPosix } from './walk.js';

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
export function stagedFiles(cwd: string): Array<{ path: string; text: string }> {
  const root = gitRoot(cwd);
  const names = split0(git(['diff', '--cached', '--name-only', '--diff-filter=ACMR', '-z'], root) as string);
  return names.map((name) => {
    const buf = git(['show', `:${name}`], root, 'buffer') as Buffer;
    return { path: toPosix(relative(cwd, resolve(root, name))), text: buf.includes(0) ? '' : buf.toString('utf8') };
  });
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
