import { isAbsolute, relative, resolve } from 'node:path';
import { toPosix } from './to-posix.js';

/**
 * Exclude globs, one rule wherever files come from (a folder walk, a file named on the command
 * line, staged or changed files, `--stdin-filename`): a glob matches the path relative to its
 * base, as ESLint reads them. A config file's `exclude` is relative to the folder that holds the
 * config, so it means the same after `cd` into a sub-folder; `--exclude` (and library callers'
 * plain strings) are relative to the working folder. A glob never matches a file outside its
 * base. picomatch is the matcher fast-glob uses, so a walk and a named file read a glob alike.
 */
export interface BasedGlob {
  glob: string;
  /** The folder the glob is relative to (absolute). */
  base: string;
}

/** A plain string is relative to `cwd`. */
export type ExcludeGlob = string | BasedGlob;

export function basedGlobs(globs: readonly ExcludeGlob[], cwd: string): BasedGlob[] {
  return globs.map((g) => (typeof g === 'string' ? { glob: g, base: cwd } : { glob: g.glob, base: resolve(cwd, g.base) }));
}

/** The glob that leaves `path` (relative to cwd, or absolute) out, if any. Loaded only when needed. */
export async function excludeMatcher(globs: readonly ExcludeGlob[], cwd: string): Promise<(path: string) => string | undefined> {
  if (globs.length === 0) return () => undefined;
  const { default: picomatch } = await import('picomatch');
  const tests = basedGlobs(globs, cwd).map(({ glob, base }) => ({ glob, base, test: picomatch(glob, { dot: true }) }));
  return (path) => {
    const absolute = resolve(cwd, path);
    return tests.find(({ base, test }) => {
      const rel = relative(base, absolute);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && test(toPosix(rel));
    })?.glob;
  };
}
