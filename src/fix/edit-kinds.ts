/**
 * The closed list of edits a fix may make outside the text of the URL's string literals
 * (DESIGN.md "Fixes"). String contents and the one joined literal need no kind; every other
 * edit names its kind, and the verifier checks each kind on its own (fix/verify.ts).
 */
export type EditKind =
  /** A request-body key: `username` → `identifier`, `password` → `secret` (a key literal, a code key, a shorthand property expanded). */
  | 'body-key'
  /** The key read from the response: `token` → `access_token` (an index, a member, a destructuring, a struct tag, a jq path). */
  | 'response-key'
  /** The Authorization scheme string: `JWT ` → `Bearer `. */
  | 'scheme'
  /** The namespace expression moved into the URL of a create. */
  | 'path-move';

export const EDIT_KINDS: readonly EditKind[] = ['body-key', 'response-key', 'scheme', 'path-move'];
