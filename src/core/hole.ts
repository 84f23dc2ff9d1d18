/**
 * A hole marks a value the adapter could not reconstruct (`${ns}`, `%s`, `$NS`). It is kept
 * inside the URL text between two private-use characters so the matcher can tell it from
 * literal text and let it stand for one path segment.
 */
export const HOLE_OPEN = '\uE000';
export const HOLE_CLOSE = '\uE001';
const HOLE_RE = /\uE000([^\uE000\uE001]*)\uE001/g;

export function hole(name: string): string {
  return `${HOLE_OPEN}${name.replace(/[\uE000\uE001]/g, '')}${HOLE_CLOSE}`;
}

export function hasHole(text: string): boolean {
  return text.includes(HOLE_OPEN);
}

/** True when the whole text is one hole. */
export function isWholeHole(text: string): boolean {
  return text.startsWith(HOLE_OPEN) && text.indexOf(HOLE_CLOSE) === text.length - 1;
}

export function holeName(text: string): string | null {
  const m = /^\uE000([^\uE001]*)\uE001$/.exec(text);
  return m ? m[1] : null;
}

/** The names of the holes in a text, in order (`?` for an unnamed one). */
export function holeNames(text: string): string[] {
  return [...text.matchAll(HOLE_RE)].map((m) => m[1] || '?');
}

/** Renders holes as `{name}` for people to read. */
export function showHoles(text: string): string {
  return text.replace(HOLE_RE, (_, name: string) => `{${name || '?'}}`);
}
