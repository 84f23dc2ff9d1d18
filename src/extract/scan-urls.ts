import { HUB_HOST_ALTERNATION, isHubHost } from '../core/hub-hosts.js';

/**
 * Finds Hub URLs written out in plain text: with or without a scheme, with credentials,
 * and URL-encoded (shields.io badges). Used by the generic text adapter, Markdown prose
 * and as a fallback inside the regex adapters.
 */
const URL_RE =
  // A URL starts at a scheme or `//`, or (without one) right after a delimiter (the lookbehind):
  // starting anywhere inside a word, its user and host parts would be rescanned from each letter.
  // Any Docker host (group 1), kept only when core/hub-hosts.ts names it: the list lives there.
  /(?:(?:https?:)?\/\/|https?%3A%2F%2F|(?<![^\s'"`<>()[\]{}=&?#,;|\\@]))(?:[^\s/@'"`<>()[\]{}=&?#,;|\\%]+@)?((?:[a-z0-9-]+\.)*docker\.(?:com|io))(?::\d+)?(?:(?:\/|%2F)[^\s'"`<>()[\]{}\\,;|]*)?/gi;

export interface UrlHit {
  start: number;
  end: number;
  url: string;
}

// Anchors first: the full pattern runs only on a small window around each host name, so a
// long line without a Hub host (minified code, generated data) costs one linear pass.
const HOST_RE = new RegExp(HUB_HOST_ALTERNATION, 'gi');
const URL_CHAR = /[^\s'"`<>()[\]{}\\,;|]/;
const WINDOW = 2048;

export function scanUrls(text: string, from = 0, to = text.length): UrlHit[] {
  // Only [from, to) is searched: a host search on the whole text would run to its end for each
  // string of a file without one (quadratic in the strings of a big file).
  const part = from === 0 && to === text.length ? text : text.slice(from, to);
  const hits: UrlHit[] = [];
  HOST_RE.lastIndex = 0;
  let covered = 0;
  for (let h = HOST_RE.exec(part); h; h = HOST_RE.exec(part)) {
    if (h.index < covered) continue;
    let left = h.index;
    while (left > 0 && h.index - left < WINDOW && URL_CHAR.test(part[left - 1])) left--;
    let right = h.index + h[0].length;
    while (right < part.length && right - h.index < WINDOW && URL_CHAR.test(part[right])) right++;
    const window = part.slice(left, right);
    URL_RE.lastIndex = 0;
    for (const m of window.matchAll(URL_RE)) {
      if (!isHubHost(m[1])) continue;
      let url = m[0];
      // An encoded URL is a query value of another URL: it ends where that query's next pair starts.
      if (/%2F/i.test(url)) url = url.split('&')[0];
      // Sentence punctuation and Markdown emphasis after a URL are not part of it.
      url = url.replace(/(?<![.,:;!?*_)\]])[.,:;!?*_)\]]+$/, '');
      const start = left + (m.index ?? 0);
      if (start < covered) continue;
      hits.push({ start: from + start, end: from + start + url.length, url });
      covered = start + m[0].length;
    }
    covered = Math.max(covered, right);
    HOST_RE.lastIndex = Math.max(HOST_RE.lastIndex, covered);
  }
  return hits;
}
