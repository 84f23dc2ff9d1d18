/**
 * What the code's own words say of how many path segments a value fills in the Hub's
 * `{namespace}` slot: one, or `namespace/repository`. Detection reads it to pick the route
 * (extract/lower/arity.ts: a listing `/v2/repositories/{ns}/` or one repository) and the fix
 * reads it as a suggestion's evidence (fix/evidence.ts): one table, so both read a value alike.
 */

/** Names that hold one segment in the namespace slot (issue 31's list). */
export const ONE_SEGMENT_NAMES: ReadonlySet<string> = new Set(['namespace', 'owner', 'org', 'organization', 'user', 'username', 'account']);
/** Names that hold `namespace/repository`. */
export const TWO_SEGMENT_NAMES: ReadonlySet<string> = new Set(['image', 'repo', 'fullname', 'slug']);

/**
 * Calls that escape a value so a `/` in it becomes `%2F`: the value stays in one segment
 * (`encodeURIComponent`, Go's `url.PathEscape`, Python's `quote(x, safe='')`, Ruby's
 * `URI.encode_www_form_component`, PHP's `rawurlencode`, .NET's `Uri.EscapeDataString`, Java's
 * `URLEncoder.encode`; Ruby's lowering writes `::` as `.`). Python's `quote` keeps `/` unless told `safe=''`: `quoteKeepsSlash` says so.
 */
export const ESCAPE_NAMES = String.raw`encodeURIComponent|(?:url\.)?(?:PathEscape|QueryEscape)|(?:urllib\.parse\.|parse\.)?quote(?:_plus)?|URI\.encode_www_form_component|ERB(?:::|\.)Util\.url_encode|CGI\.escape|rawurlencode|Uri\.EscapeDataString|(?:Web|Http)Utility\.UrlEncode|URLEncoder\.encode`;
export const ESCAPE_CALL = new RegExp(`^(?:${ESCAPE_NAMES})$`);

/**
 * Python's `quote(x)` keeps `/` (its `safe` defaults to "/"), `quote_plus(x)` escapes it (safe
 * defaults to ""); either keeps it when the `safe` given holds it. `safe` is the argument's text.
 */
export function quoteKeepsSlash(callee: string, safe: string | undefined): boolean {
  if (/quote_plus$/.test(callee)) return safe?.includes('/') ?? false;
  if (/quote$/.test(callee)) return safe?.includes('/') ?? true;
  return false;
}
