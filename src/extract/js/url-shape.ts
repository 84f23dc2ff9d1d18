import { HOLE_OPEN } from '../../core/hole.js';

/**
 * Whether reconstructed text is a URL from its first character: a scheme, `//`, a Hub host
 * written without a scheme, or an unknown base (a hole) followed by a path.
 */
const SHAPED = new RegExp(
  [
    '^(?:https?:)?//',
    '^https?%3A%2F%2F',
    `^${HOLE_OPEN}[^\\uE001]*\\uE001(?:/|%2F)`,
    '^(?:[a-z0-9-]+\\.)*(?:hub\\.docker\\.com|index\\.docker\\.io)(?::\\d+)?(?:[/?#]|$)',
  ].join('|'),
  'i',
);

export function isUrlShaped(text: string): boolean {
  return SHAPED.test(text);
}

/** A URL ends at whitespace or a quote (text like `GET https://… done`). */
export function trimUrl(text: string): string {
  return text.split(/[\s'"`<>]/)[0];
}

/** Where a URL starts inside running text (a shell command, a message): scheme or Hub host. */
// A host starts a label run (the lookbehind): from inside one, the run would be scanned again
// for every letter of it.
const INSIDE = /(?:https?:)?\/\/|https?%3A%2F%2F|(?<![a-z0-9.-])(?:[a-z0-9-]+\.)*(?:hub\.docker\.com|index\.docker\.io)/i;

export function urlStartIn(text: string): number {
  const m = INSIDE.exec(text);
  return m ? m.index : -1;
}
