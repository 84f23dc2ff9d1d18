import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UsageError } from '../core/errors.js';
import { writeOutputFile, writeTarget, type OutputData } from '../fix/write-atomic.js';
import { writeStd } from './emit.js';

/**
 * Colour only for a terminal, as the NO_COLOR / FORCE_COLOR conventions say; `--color` and
 * `--no-color` (ESLint's flags) win over both.
 */
export function useColor(stream: { isTTY?: boolean }, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined) return process.env.FORCE_COLOR !== '0' && process.env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}

/** Writes a report file whole or not at all (`-` and special files directly; see fix/write-atomic.ts). */
export function writeReportFile(path: string, text: OutputData): void {
  const target = writeTarget(path);
  // `-o -`, `/dev/stdout`: written as every other standard-stream text is (emit.ts), so a closed
  // pipe keeps the gate's code and a full one is one line, before the run exits; a streamed
  // report (JSON, SARIF item by item) piece by piece, stopping at a closed pipe.
  if (target.kind === 'fd' && (target.fd === 1 || target.fd === 2)) {
    const fd = target.fd;
    if (typeof text === 'string') writeStd(fd, text);
    else if (text instanceof Uint8Array) writeStd(fd, Buffer.from(text).toString('utf8'));
    else for (const piece of text) if (!writeStd(fd, piece)) break;
  } else writeOutputFile(path, text);
}

export interface NamedPath {
  /** How the user named it: `-o`, `--report sarif=…`, `--cache-location`, `an input`. */
  what: string;
  path: string;
}

/**
 * The same file under two names (a symlink, `./a` and `a`): same device and inode; a file
 * not there yet, by its real folder and name (`-o R --report sarif=R` names one file too).
 */
function identity(path: string): string | null {
  if (path === '-' || path.startsWith('/dev/')) return null;
  const st = statSync(path, { throwIfNoEntry: false });
  if (st) return st.isFile() ? `${st.dev}:${st.ino}` : null;
  try {
    return `new:${join(realpathSync(dirname(resolve(path))), basename(path))}`;
  } catch {
    return null;
  }
}

/** Names a report is written under: replacing one of these inside a scanned folder is expected. */
const REPORT_NAME = /\.(?:json|sarif|xml|html?|md|markdown|txt|log|csv)$|^\.hublintcache$/i;

/**
 * A file inside one of the scanned folders that is not a report: the scan reads it, and an
 * output over it would replace the user's code (`-o src/main.py` with src scanned).
 */
function scannedSource(path: string, folders: readonly string[]): boolean {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st?.isFile() || REPORT_NAME.test(basename(path))) return false;
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  return folders.some((folder) => real.startsWith(folder.endsWith(sep) ? folder : folder + sep));
}

/** The files and folders a scan of `paths` reads (none named: the working directory). */
export function scannedRoots(paths: readonly string[], cwd: string): string[] {
  return (paths.length ? paths : ['.']).map((p) => resolve(cwd, p));
}

/**
 * Refuses, before anything is scanned, a report or cache that would replace one of the
 * files hublint reads: `-o a.sh a.sh` would otherwise scan a.sh and then overwrite it.
 * Two outputs naming one file are refused too (one would silently win).
 */
export function refuseOutputOverInput(outputs: readonly NamedPath[], inputs: readonly NamedPath[], scannedFolders: readonly string[] = []): void {
  const folders = scannedFolders.flatMap((f) => {
    try {
      return statSync(f).isDirectory() ? [realpathSync(f)] : [];
    } catch {
      return [];
    }
  });
  for (const output of outputs) {
    if (scannedSource(output.path, folders)) {
      throw new UsageError(`${output.what} ${output.path} is a file the scan reads: hublint would overwrite it`, { hint: `write the report outside the scanned folders, or to a report name (.json, .sarif, .xml, .html, .md, .txt)` });
    }
  }
  const read = new Map<string, NamedPath>();
  for (const input of inputs) {
    const id = identity(input.path);
    if (id) read.set(id, input);
  }
  const written = new Map<string, NamedPath>();
  for (const output of outputs) {
    const id = identity(output.path);
    if (!id) continue;
    const input = read.get(id);
    if (input) throw new UsageError(`${output.what} ${output.path} is the same file as ${input.what} ${input.path}: hublint would overwrite it`, { hint: `give ${output.what} another file` });
    const other = written.get(id);
    if (other) throw new UsageError(`${output.what} ${output.path} is the same file as ${other.what} ${other.path}: one report would replace the other`, { hint: `give ${output.what} another file` });
    written.set(id, output);
  }
}
