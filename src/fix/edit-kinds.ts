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
  // The create's namespace expression: its own shape (pathMoveProblem) and read back (fix/verify.ts).
  'path-move': [],
};

/** A name or member chain moved into the path: `ns`, `$ns`, `self.namespace`, `$this->ns`. */
const MOVED_NAME = /^(?:\$this->|\$|@)?[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*){0,4}$/;

/**
 * A create's edit: the literal's `/v2/repositories` becomes `/v2/namespaces/<ns>/repositories`,
 * everything else of the literal kept, and `<ns>` one name, spliced (`${ns}`) or joined
 * (`" + ns + "`, `' . $ns . '`). That the name is the body's namespace is read back by the verifier.
 */
function pathMoveProblem(old: string, next: string): string | null {
  const m = /\/v2\/repositories(?=\/?(?:[?#]|$))/.exec(old);
  const bad = `the edit of ${JSON.stringify(old)} to ${JSON.stringify(next)} is not a path-move edit`;
  if (!m) return bad;
  const before = `${old.slice(0, m.index)}/v2/namespaces/`;
  const after = `/repositories${old.slice(m.index + m[0].length)}`;
  if (!next.startsWith(before) || !next.endsWith(after) || next.length <= before.length + after.length) return bad;
  const mid = next.slice(before.length, next.length - after.length);
  const name = unwrapped(mid);
  return name !== mid && MOVED_NAME.test(name) ? null : bad;
}

/**
 * The name inside a path-move's middle: `${ns}` → `ns`; `" + ns + "` or `' . $ns . '` → the name
 * (the same quote and operator on both sides); anything else comes back as it is. No regex over
 * the blanks (one with a back-reference there is polynomial).
 */
export function unwrapped(mid: string): string {
  if (mid.startsWith('${') && mid.endsWith('}')) return mid.slice(2, -1);
  const q = mid[0];
  if ((q !== '"' && q !== "'") || mid.length < 2 || mid[mid.length - 1] !== q) return mid;
  const inner = mid.slice(1, -1).trim();
  const op = inner[0];
  if ((op !== '+' && op !== '.') || inner.length < 2 || inner[inner.length - 1] !== op) return mid;
  return inner.slice(1, -1).trim();
}

/** Why an edit of `kind` that turns `old` into `next` is not one the kind allows, or null. */
export function editKindProblem(old: string, next: string, kind: EditKind): string | null {
  if (kind === 'path-move') return pathMoveProblem(old, next);
  for (const [re, to] of ALLOWED[kind]) if (re.test(old) && to(old).includes(next)) return null;
  return `the edit of ${JSON.stringify(old)} to ${JSON.stringify(next)} is not a ${kind} edit`;
}
