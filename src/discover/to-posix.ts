import { sep } from 'node:path';

/** A path with `/` separators, as findings and globs use them. */
export function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}
