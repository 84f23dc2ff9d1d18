import { relative, resolve } from 'node:path';
import { toPosix } from './walk.js';

/**
 * The exclude globs (config `exclude:`, `--exclude`) for files a folder walk does not find:
 * files named on the command line, staged files, files changed since a revision. Globs match
 * the path relative to the working folder, as they do for a scan of `.`; picomatch is the
 * matcher fast-glob uses for folder walks, so both read a glob alike. Loaded only when needed.
 */
export async function excludeMatcher(globs: readonly string[], cwd: string): Promise<(path: string) => string | undefined> {
  if (globs.length === 0) return () => undefined;
  const { default: picomatch } = await import('picomatch');
  const tests = globs.map((glob) => ({ glob, test: picomatch(glob, { dot: true }) }));
  return (path) => {
    const rel = toPosix(relative(cwd, resolve(cwd, path)));
    return tests.find((t) => t.test(rel))?.glob;
  };
}
