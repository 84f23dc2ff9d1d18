import type { MethodSource } from '../../core/types.js';

/** The HTTP method a call uses and how we know it. `method: null` means a variable decides. */
export interface Evidence {
  method: string | null;
  source: MethodSource;
}

export const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The method a name stands for: `head`, `HEAD`, `Head`, `MethodHead`, `GetAsync`,
 * `getForObject`, `get_response`, `PostForm`. A lower-case letter right after the verb
 * means another word (`headers`, `getenv`).
 */
export function verbOf(word: string): string | null {
  if (/^[A-Z]+$/.test(word)) return HTTP_METHODS.has(word) ? word : null;
  const first = /^(?:Method)?([A-Za-z][a-z]*)/.exec(word)?.[1].toUpperCase();
  return first && HTTP_METHODS.has(first) ? first : null;
}

export const explicit = (method: string): Evidence => ({ method, source: 'explicit' });
export const UNKNOWN: Evidence = { method: null, source: 'unknown' };
export const DEFAULT_GET: Evidence = { method: 'GET', source: 'default' };
