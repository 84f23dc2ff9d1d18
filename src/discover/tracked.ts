import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { nodeChildProcess } from '../runtime/builtins.js';

/**
 * The files git tracks although a .gitignore rule matches them (a file committed before the
 * rule, or added with `git add -f`). Git itself never ignores a tracked file, and neither do
 * Semgrep or gitleaks: the code is in the repository and runs. The walk asks only after a rule
 * has ignored something under a git work tree, so a tree with nothing ignored spawns no git.
 */
export interface TrackedIgnored {
  /** A file the rules ignore but git tracks. */
  file(absolute: string): boolean;
  /** A folder the rules ignore that holds such a file (entered, to reach only those). */
  dir(absolute: string): boolean;
}

const NONE: TrackedIgnored = { file: () => false, dir: () => false };

/** The nearest folder at or above `dir` that holds `.git` (a folder, or a worktree's file). */
function inWorkTree(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return true;
    if (dirname(d) === d) return false;
  }
}

/** `git ls-files --cached --ignored --exclude-standard` under `root`; nothing when git can't say. */
export function trackedIgnored(root: string): TrackedIgnored {
  if (!inWorkTree(root)) return NONE;
  let out: string;
  try {
    // fsmonitor off: a hook named by the scanned repository's config must not run on a scan.
    out = nodeChildProcess().execFileSync('git', ['-c', 'core.fsmonitor=false', 'ls-files', '-z', '--cached', '--ignored', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    // not a repository after all, git missing, or a repository git refuses (another owner)
    return NONE;
  }
  const files = new Set<string>();
  const dirs = new Set<string>();
  const top = resolve(root);
  for (const name of out.split('\0')) {
    if (name === '') continue;
    const absolute = join(top, ...name.split('/'));
    files.add(absolute);
    for (let d = dirname(absolute); d.length > top.length && d.startsWith(top + sep) && !dirs.has(d); d = dirname(d)) dirs.add(d);
  }
  if (files.size === 0) return NONE;
  return { file: (a) => files.has(a), dir: (a) => dirs.has(a) };
}
