/** One character of a literal's value with the source text that writes it (`/`, `\/`, `%2F`). */
export interface Atom {
  ch: string;
  start: number;
  end: number;
  source: string;
}

/** A character this decoder does not know: it matches nothing, so such text is never edited. */
const UNKNOWN = '\uFFFF';
const SIMPLE_ESCAPES = /[/\\'"`$@{}#]/;

/**
 * The characters of a literal's text as the program sees them, each with its source span.
 * `json` is the whole-token reading of data files: only `\/` and `\\` are escapes there.
 * With `decode`, `%2F`-style escapes read as the character (encoded URLs inside a query).
 */
export function atomsOfText(slice: string, offset: number, escape: 'backslash' | 'doubled' | 'none' | 'json', decode: boolean): Atom[] {
  const out: Atom[] = [];
  for (let i = 0; i < slice.length; ) {
    const c = slice[i];
    let len = 1;
    let ch = c;
    if (c === '\\' && (escape === 'backslash' || (escape === 'json' && (slice[i + 1] === '/' || slice[i + 1] === '\\'))) && i + 1 < slice.length) {
      len = 2;
      ch = SIMPLE_ESCAPES.test(slice[i + 1]) ? slice[i + 1] : UNKNOWN;
    } else if (c === '"' && escape === 'doubled' && slice[i + 1] === '"') {
      len = 2;
    } else if (c === '%' && decode && /^[0-9A-Fa-f]{2}$/.test(slice.slice(i + 1, i + 3))) {
      len = 3;
      ch = String.fromCharCode(parseInt(slice.slice(i + 1, i + 3), 16));
    }
    out.push({ ch, start: offset + i, end: offset + i + len, source: slice.slice(i, i + len) });
    i += len;
  }
  return out;
}

/** Text every string form of every language reads as itself: no quote, escape, splice or format sign. */
export function charsAllowed(text: string): boolean {
  return /^[A-Za-z0-9._~:/-]*$/.test(text);
}
