/**
 * Finds Hub URLs written out in plain text: with or without a scheme, with credentials,
 * and URL-encoded (shields.io badges). Used by the generic text adapter, Markdown prose
 * and as a fallback inside the regex adapters.
 */
const URL_RE =
  /(?:(?:https?:)?\/\/|https?%3A%2F%2F)?(?:[^\s/@'"`<>()[\]{}]+@)?(?:[a-z0-9-]+\.)*(?:hub\.docker\.com|index\.docker\.io)(?::\d+)?(?:(?:\/|%2F)[^\s'"`<>()[\]{}\\,;|]*)?/gi;

export interface UrlHit {
  start: number;
  end: number;
  url: string;
}

export function scanUrls(text: string, from = 0, to = text.length): UrlHit[] {
  const hits: UrlHit[] = [];
  const slice = text.slice(from, to);
  for (const m of slice.matchAll(URL_RE)) {
    let url = m[0];
    // An encoded URL is a query value of another URL: it ends where that query's next pair starts.
    if (/%2F/i.test(url)) url = url.split('&')[0];
    // Sentence punctuation and Markdown emphasis after a URL are not part of it.
    url = url.replace(/[.,:;!?*_)\]]+$/, '');
    const start = from + (m.index ?? 0);
    hits.push({ start, end: start + url.length, url });
  }
  return hits;
}
