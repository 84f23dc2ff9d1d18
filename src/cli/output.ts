import { statSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import { writeOutputFile } from '../fix/write-atomic.js';

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
export function writeReportFile(path: string, text: string): void {
  writeOutputFile(path, text);
}

export interface NamedPath {
  /** How the user named it: `-o`, `--report sarif=…`, `--cache-location`, `an input`. */
  what: string;
  path: string;
}

/** The same file under two names (a symlink, `./a` and `a`): same device and inode. */
function identity(path: string): string | null {
  if (path === '-' || path.startsWith('/dev/')) return null;
  const st = statSync(path, { throwIfNoEntry: false });
  return st?.isFile() ? `${st.dev}:${st.ino}` : null;
}

/**
 * Refuses, before anything is scanned, a report or cache that would replace one of the
 * files hublint reads: `-o a.sh a.sh` would otherwise scan a.sh and then overwrite it.
 * Two outputs naming one file are refused too (one would silently win).
 */
export function refuseOutputOverInput(outputs: readonly NamedPath[], inputs: readonly NamedPath[]): void {
  const read = new Map<string, NamedPath>();
  for (const input of inputs) {
    const id = identity(input.path);
    if (id) read.set(id, input);
  }
  const written = new Map<string, NamedPath>();
  for (const output of outputs) {
    const id = identity(output.path);
    if (!id) continue;
    const clash = read.get(id) ?? written.get(id);
    if (clash) throw new UsageError(`${output.what} ${output.path} is the same file as ${clash.what} ${clash.path}: hublint would overwrite it`, { hint: `give ${output.what} another file` });
    written.set(id, output);
  }
}
