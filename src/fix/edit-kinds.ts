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

/** The pairs (old text → new text) each kind may write; anything else is not a listed edit. */
const ALLOWED: Record<EditKind, ReadonlyArray<readonly [RegExp, (old: string) => string[]]>> = {
  'body-key': [[/^(?:username|password)$/, (o) => (o === 'username' ? ['identifier', 'identifier: username'] : ['secret', 'secret: password'])]],
  'response-key': [[/^token$/, () => ['access_token', 'access_token: token']]],
  scheme: [[/^JWT$/, () => ['Bearer']]],
  // The create's namespace expression: checked by its own reading of the URL (fix/verify.ts).
  'path-move': [],
};

/** Why an edit of `kind` that turns `old` into `next` is not one the kind allows, or null. */
export function editKindProblem(old: string, next: string, kind: EditKind): string | null {
  for (const [re, to] of ALLOWED[kind]) if (re.test(old) && to(old).includes(next)) return null;
  return `the edit of ${JSON.stringify(old)} to ${JSON.stringify(next)} is not a ${kind} edit`;
}
