import { constants } from 'node:buffer';
import { UsageError } from '../core/errors.js';

/**
 * The largest file hublint can scan whatever --max-file-size says: the longest string V8
 * can hold (about 512 MB). A bigger file is skipped with a notice before a byte is read;
 * reading it to find out whether it names the Hub would take a streaming scan of data that
 * is, at that size, generated or a dump, not code that calls an API.
 */
/** --max-file-size when none is given. */
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

export const MAX_TEXT_BYTES = constants.MAX_STRING_LENGTH;

/** Why a file of `size` bytes is not read, or null when it may be. */
export function tooLarge(size: number, maxSize: number): string | null {
  if (size > maxSize) return `${size} bytes is over the ${maxSize}-byte limit (--max-file-size)`;
  if (size > MAX_TEXT_BYTES) return `${size} bytes is over the ${MAX_TEXT_BYTES} bytes hublint can hold as text`;
  return null;
}

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2, gb: 1024 ** 3, g: 1024 ** 3 };

/** Parses `5MB`, `512KB`, `1048576`: what --max-file-size and `maxFileSize` accept. */
export function parseSize(text: string | number): number {
  if (typeof text === 'number' && Number.isFinite(text) && text > 0) return Math.floor(text);
  const m = /^\s*(\d+(?:\.\d+)?)(?:\s*([kmg]b?|b))?\s*$/i.exec(String(text));
  if (!m) throw new UsageError(`invalid size '${text}': use bytes or a number with KB, MB or GB (e.g. 5MB)`);
  return Math.floor(Number(m[1]) * UNITS[(m[2] ?? '').toLowerCase()]);
}
