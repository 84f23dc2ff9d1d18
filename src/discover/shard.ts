import { nodeCrypto } from '../runtime/builtins.js';
import { UsageError } from '../core/errors.js';

/** A path's shard depends on the path alone, so every CI job agrees without talking. */
export function inShard(path: string, index: number, count: number): boolean {
  const h = nodeCrypto().createHash('sha1').update(path).digest().readUInt32BE(0);
  return h % count === index - 1;
}

export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard takes I/N with 1 ≤ I ≤ N (e.g. 2/4), not '${text}'`);
  return { index, count };
}
