import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { nodeChildProcess } from '../runtime/builtins.js';
import { toPosix } from './walk.js';

/**
 * The files of the whole repository that name a Hub host, for the constant index when only
 * some files are scanned (--staged, a pre-commit file list): `import { HUB_API } from
 * './config'` must resolve though config.ts is not among them. `git grep` reads git's index,
 * so this costs one process, not a walk of the tree; outside a git repository it finds none.
 */
export async function hubFilesOfRepository(cwd: string): Promise<Array<{ path: string; text: string }>> {
  // No repository, nothing to grep: spare the process (and loading child_process).
  if (!insideGitRepository(cwd)) return [];
  const names = await new Promise<string[]>((done) => {
    nodeChildProcess().execFile(
      'git',
      ['grep', '-l', '-I', '-i', '-z', '-E', 'hub\\.docker\\.com|index\\.docker\\.io', '--', ':/'],
      { cwd, maxBuffer: 1 << 26, timeout: 30_000 },
      (error, stdout) => done(error ? [] : stdout.split('\0').filter(Boolean)),
    );
  });
  const out: Array<{ path: string; text: string }> = [];
  for (const name of names) {
    try {
      out.push({ path: toPosix(name), text: await readFile(resolve(cwd, name), 'utf8') });
    } catch {
      // deleted in the working tree since it was committed: nothing to index
    }
  }
  return out;
}

/** A `.git` (folder, or file of a worktree or submodule) in `cwd` or a folder above it. */
function insideGitRepository(cwd: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return true;
    if (dirname(dir) === dir) return false;
  }
}
