import { HOLE_OPEN, hasHole, holeName } from '../core/hole.js';

export interface ParsedUrl {
  /** Lower-case host without port or credentials; null when the text has none. */
  host: string | null;
  /** The host position held a hole: its name (e.g. a base-URL variable). */
  hostHole: string | null;
  /** Path segments without the empty ones a leading or single trailing slash gives. */
  segments: string[];
  query: string;
}

const ENCODED = /%(?:2f|3a)/i;
const SCHEME = /^(?:https?:)?\/\//i;
// A host is a dotted name or a hole, optionally with a port, before the first slash.
const HOST = new RegExp(`^(?:[^/@\\s]*@)?((?:[a-z0-9-]+\\.)+[a-z]{2,}|localhost|${HOLE_OPEN}[^/]*?\\uE001)(?::\\d+)?(?=/|$|\\?|#)`, 'i');

function decodeIfEncoded(text: string): string {
  if (!ENCODED.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%2f/gi, '/').replace(/%3a/gi, ':');
  }
}

/**
 * Splits a reconstructed URL into host and path segments. Accepts a scheme or none,
 * URL-encoded forms (shields.io badges), credentials, ports, query and fragment.
 */
export function parseUrl(raw: string): ParsedUrl | null {
  let text = decodeIfEncoded(raw.trim());
  const hadScheme = SCHEME.test(text);
  text = text.replace(SCHEME, '');
  let host: string | null = null;
  let hostHole: string | null = null;
  const m = HOST.exec(text);
  if (m && (hadScheme || !hasHole(m[1]) || text.length > m[0].length)) {
    const h = m[1];
    if (hasHole(h)) {
      hostHole = holeName(h) ?? h;
    } else {
      host = h.toLowerCase();
    }
    text = text.slice(m[0].length);
  } else if (hadScheme) {
    return null;
  }
  const cut = text.search(/[?#]/);
  const path = cut === -1 ? text : text.slice(0, cut);
  const query = cut === -1 ? '' : text.slice(cut);
  // A doubled slash where a join met a path that starts with one (`'{0}/{1}/'.format(base, '/repositories/x')`)
  // is one separator, as servers read it.
  const segments = path.split('/').filter((s, i, all) => s !== '' || i === all.length - 1);
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  return { host, hostHole, segments, query };
}
