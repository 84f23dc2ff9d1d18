import { lstatSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { streamWalkBatches, type EntryKind } from './stream-walk.js';
import { basedGlobs, excludeMatcher, type ExcludeGlob } from './excluded.js';
import { toPosix } from './to-posix.js';
import { trackedIgnored } from './tracked.js';

export interface WalkOptions {
  cwd: string;
  /** Scan everything but .git: .gitignore and the node_modules default are not applied. */
  noIgnore?: boolean;
  /** Globs of the files to scan in a folder walk, relative to their base as excludes are (discover/excluded.ts). */
  include?: ExcludeGlob[];
  /** Globs relative to their base (discover/excluded.ts). */
  exclude?: ExcludeGlob[];
  /** One line about a folder that could not be entered. */
  onNotice?: (message: string) => void;
}

export interface WalkedFile {
  /** Absolute path. */
  absolute: string;
  /** POSIX path relative to cwd: what findings report. */
  path: string;
  /** Named on the command line (scanned even when an ignore rule would skip it). */
  explicit: boolean;
  /** What discovery already knows: a regular file can be read without another stat. */
  kind?: EntryKind;
  /** The path's bytes when a name in it is not valid UTF-8 (see stream-walk.ts). */
  raw?: Buffer;
}

export { toPosix };

/** .gitignore files apply to their own folder and below, as git reads them. */
async function gitignoreFilter(root: string, noIgnore: boolean): Promise<(absolute: string) => boolean> {
  if (noIgnore) return () => false;
  const [{ default: fg }, { default: ignore }] = await Promise.all([import('fast-glob'), import('ignore')]);
  const files = fg.sync('**/.gitignore', { cwd: root, dot: true, ignore: ['**/node_modules/**', '**/.git/**'], followSymbolicLinks: false });
  const rules = files.map((f) => ({ base: dirname(join(root, f)), ig: ignore().add(readFileSync(join(root, f), 'utf8')) }));
  let tracked: ReturnType<typeof trackedIgnored> | undefined;
  const byRule = (absolute: string) =>
    rules.some(({ base, ig }) => {
      const rel = relative(base, absolute);
      return rel !== '' && !rel.startsWith('..') && ig.ignores(toPosix(rel));
    });
  // A tracked file is scanned whatever the rules say (discover/tracked.ts).
  return (absolute) => byRule(absolute) && !(tracked ??= trackedIgnored(root)).file(absolute);
}

/** Include/exclude globs from a config: fast-glob does the matching (loaded only then). */
async function* globWalk(absolute: string, opts: WalkOptions): AsyncGenerator<string> {
  const { default: fg } = await import('fast-glob');
  const ignored = await gitignoreFilter(absolute, opts.noIgnore === true);
  const excluded = await excludeMatcher(opts.exclude ?? [], opts.cwd);
  // Globs based on this very folder also prune the walk (fast-glob reads them alike); every
  // glob is checked on each file, whatever its base.
  const prune = basedGlobs(opts.exclude ?? [], opts.cwd).filter((g) => g.base === absolute).map((g) => g.glob);
  // Include globs based on this folder are fast-glob's patterns; others (a config above the
  // scanned folder) are checked on each file of a full walk, by the same rule as excludes.
  const includes = basedGlobs(opts.include ?? [], opts.cwd);
  const local = includes.every((g) => g.base === absolute);
  const inIncludes = local ? undefined : await excludeMatcher(includes, opts.cwd);
  const stream = fg.stream(includes.length && local ? includes.map((g) => g.glob) : ['**/*'], {
    cwd: absolute,
    dot: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    ignore: [...(opts.noIgnore ? ['**/.git/**'] : ['**/.git/**', '**/node_modules/**']), ...prune],
    suppressErrors: true,
    absolute: true,
    markDirectories: true,
  });
  for await (const entry of stream) {
    const file = String(entry);
    if (!file.endsWith('/') && !ignored(file) && excluded(file) === undefined && (inIncludes === undefined || inIncludes(file) !== undefined)) yield file;
  }
}

/**
 * Streams the files to scan under the given paths. Dot files are included, directory
 * symlinks are not followed, `.git` is never entered.
 */
export async function* walk(paths: string[], opts: WalkOptions): AsyncGenerator<WalkedFile> {
  for await (const batch of walkBatches(paths, opts)) yield* batch;
}

/** walk() a batch at a time (a folder's files, or one given file): what big scans iterate. */
export async function* walkBatches(paths: string[], opts: WalkOptions): AsyncGenerator<WalkedFile[]> {
  const seen = new Set<string>();
  const rel = (absolute: string) => toPosix(relative(opts.cwd, absolute));
  for (const given of paths.length ? paths : ['.']) {
    const absolute = resolve(opts.cwd, given);
    let st;
    try {
      // Sync: a handful of named paths, and no thread-pool round trip for a pre-commit run.
      st = lstatSync(absolute);
    } catch {
      throw new UsageError(`no such file or directory: ${given}`);
    }
    if (!st.isDirectory()) {
      if (!seen.has(absolute)) {
        seen.add(absolute);
        yield [{ absolute, path: rel(absolute) || given, explicit: true, kind: st.isFile() ? 'file' : st.isSymbolicLink() ? 'symlink' : 'other' }];
      }
      continue;
    }
    if (opts.include?.length || opts.exclude?.length) {
      for await (const file of globWalk(absolute, opts)) {
        if (seen.has(file)) continue;
        seen.add(file);
        yield [{ absolute: file, path: rel(file), explicit: false }];
      }
      continue;
    }
    // Paths are built by appending names (stream-walk.ts), except under a folder that holds
    // cwd, where path.relative still normalises (`..` from `sub/` reports `a`, not `../sub/a`).
    const base = rel(absolute);
    const relativeTo = base.split('/').every((part) => part === '..') && base !== '' ? undefined : base;
    // One folder given: nothing can come twice, no set of every path needed.
    const dedupe = paths.length > 1;
    for await (const entries of streamWalkBatches(absolute, { noIgnore: opts.noIgnore, relativeTo, onNotice: opts.onNotice })) {
      const out: WalkedFile[] = [];
      for (const entry of entries) {
        if (dedupe) {
          if (seen.has(entry.absolute)) continue;
          seen.add(entry.absolute);
        }
        out.push({ absolute: entry.absolute, path: entry.path ?? rel(entry.absolute), explicit: false, kind: entry.kind, raw: entry.raw });
      }
      if (out.length > 0) yield out;
    }
  }
}
