/**
 * The pagination links of a recorded list answer (`{"count": 120, "next":
 * "https://hub.docker.com/v2/repositories/library/?page=2", "results": [...]}`): data the
 * Hub sent, kept in a fixture or a data file, not a request of the project. The object is
 * known by its siblings: a link key beside the page's `results` or `count`.
 */
const LINK_KEY = /^(?:next|previous|prev)(?:_?page|_?url|_?link)?$/i;
const PAGE_KEY = /^(?:results|count|total_count|page_size)$/i;

/** Whether `key` names a page link (`next`, `previous`, `next_page`), wherever it stands. */
export function isLinkKey(key: string): boolean {
  return LINK_KEY.test(key);
}

/** Whether the value under `key` is a page link of an object holding `keys`. */
export function isPageLink(key: string, keys: Iterable<string>): boolean {
  if (!LINK_KEY.test(key)) return false;
  for (const k of keys) if (PAGE_KEY.test(k)) return true;
  return false;
}
