import { UsageError } from '../core/errors.js';

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2, gb: 1024 ** 3, g: 1024 ** 3 };

/** Parses `5MB`, `512KB`, `1048576`: what --max-file-size and `maxFileSize` accept. */
export function parseSize(text: string | number): number {
  if (typeof text === 'number' && Number.isFinite(text) && text > 0) return Math.floor(text);
  const m = /^\s*(\d+(?:\.\d+)?)(?:\s*([kmg]b?|b))?\s*$/i.exec(String(text));
  if (!m) throw new UsageError(`invalid size '${text}': use bytes or a number with KB, MB or GB (e.g. 5MB)`);
  return Math.floor(Number(m[1]) * UNITS[(m[2] ?? '').toLowerCase()]);
}
