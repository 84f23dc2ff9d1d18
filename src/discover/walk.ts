import { readFileSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import fg from 'fast-glob';
import ignore, { type Ignore } from 'ignore';
import { UsageError } from '../core/errors.js';

export interface WalkOptions {
  cwd: string;
  /** Scan everything but .git: .gitignore and the node_modules default are not applied. */
  noIgnore?: boolean;
  include?: string[];
  exclude?: string[];
}

export interface WalkedFile {
  /** Absolute path. */
  absolute: string;
  /** POSIX path relative to cwd: what findings report. */
  path: string;
  /** Named on the command line (scanned even when an ignore rule would skip it). */
  explicit: boolean;
}

export function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

/** .gitignore files apply to their own folder and below, as git reads them. */
function gitignoreFilter(root: string, noIgnore: boolean): (absolute: string) => boolean {
  if (noIgnore) return () => false;
  const files = fg.sync('**/.gitignore', { cwd: root, dot: true, ignore: ['**/node_modules/**', '**/.git/**'], followSymbolicLinks: false });
  const rules: Array<{ base: string; ig: Ignore }> = files.map((f) => ({
    base: dirname(join(root, f)),
    ig: ignore().add(readFileSync(join(root, f), 'utf8')),
  }));
  return (absolute) =>
    rules.some(({ base, ig }) => {
      const rel = relative(base, absolute);
      return rel !== '' && !rel.startsWith('..') && ig.ignores(toPosix(rel));
    });
}

/**
 * Streams the files to scan under the given paths. Dot files are included, directory
 * symlinks are not followed, `.git` is never entered.
 */
export async function* walk(paths: string[], opts: WalkOptions): AsyncGenerator<WalkedFile> {
  const ignoreDirs = opts.noIgnore ? ['**/.git/**'] : ['**/.git/**', '**/node_modules/**'];
  const seen = new Set<string>();
  for (const given of paths.length ? paths : ['.']) {
    const absolute = resolve(opts.cwd, given);
    let st;
    try {
      st = await lstat(absolute);
    } catch {
      throw new UsageError(`no such file or directory: ${given}`);
    }
    if (!st.isDirectory()) {
      if (!seen.has(absolute)) {
        seen.add(absolute);
        yield { absolute, path: toPosix(relative(opts.cwd, absolute)) || given, explicit: true };
      }
      continue;
    }
    const ignored = gitignoreFilter(absolute, opts.noIgnore === true);
    const stream = fg.stream(opts.include?.length ? opts.include : ['**/*'], {
      cwd: absolute,
      dot: true,
      onlyFiles: false,
      followSymbolicLinks: false,
      ignore: [...ignoreDirs, ...(opts.exclude ?? [])],
      suppressErrors: true,
      absolute: true,
      markDirectories: true,
    });
    for await (const entry of stream) {
      const file = String(entry);
      if (file.endsWith('/')) continue;
      if (seen.has(file) || ignored(file)) continue;
      seen.add(file);
      yield { absolute: file, path: toPosix(relative(opts.cwd, file)), explicit: false };
    }
  }
}
