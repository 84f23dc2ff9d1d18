import { writeFileSync, renameSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

/**
 * Colour only for a terminal, as the NO_COLOR / FORCE_COLOR conventions say; `--color` and
 * `--no-color` (ESLint's flags) win over both.
 */
export function useColor(stream: NodeJS.WriteStream, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined) return process.env.FORCE_COLOR !== '0' && process.env.FORCE_COLOR !== 'false';
  return stream.isTTY === true;
}

/** Writes a report file whole or not at all. */
export function writeReportFile(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
