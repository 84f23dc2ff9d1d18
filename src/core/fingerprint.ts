import { nodeCrypto } from '../runtime/builtins.js';

/**
 * A finding's stable identity for baselines and merges: a hash of what it is (rule, file,
 * normalised URL or pin, nth occurrence), never of the line it sits on.
 */
export function fingerprintOf(parts: Array<string | number | null>): string {
  return nodeCrypto().createHash('sha256').update(parts.map((p) => String(p ?? '')).join('\0')).digest('hex').slice(0, 32);
}
