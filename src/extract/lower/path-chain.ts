import type { LowerBuilder } from './builder.js';
import type { Expr, Scope, Span, StrPart } from './form.js';

/**
 * REST wrappers that spell a route as a member chain after a client (slumber, tortilla,
 * hammock, Ruby's and PHP's method_missing clients, JS Proxy clients): `api.v2.users.login.post(body)`
 * sends POST `/v2/users/login`, `api.v2.repositories[owner].get()` and
 * `api.v2.repositories(owner).get()` GET `/v2/repositories/{owner}`, and the last member is the
 * verb, called or handed on as a callable (`paged(api.v2.repositories[owner].get)`).
 */

/** A step of the chain after its root: a member's name with its range, or a value (`[owner]`, `(owner)`). */
export type ChainStep = ({ name: string } & Span) | { value: Expr };

/** The verbs these wrappers end a chain with. */
export const CHAIN_VERBS = /^(?:get|post|put|patch|delete|head|options)$/;
/** The API version a chain's route starts with: what tells a route from a client's own members. */
const VERSION = /^v\d+$/;

/** One link of a chain as a lowering reads it from its root: its node, and its name (null for a value). */
export interface Link<N> {
  node: N;
  name: string | null;
}

/**
 * A chain's client (the links before the version, a dotted name) and its route (each later
 * link a step), or undefined when the chain spells no route. `lower` lowers a value's node.
 */
export function splitChain<N>(chain: Array<Link<N>> | null, span: (n: N) => Span, lower: (n: N) => Expr): { root: { name: string } & Span; steps: ChainStep[] } | undefined {
  const at = chain ? routeStart(chain.map((l) => l.name)) : -1;
  if (!chain || at < 0) return undefined;
  const root = { name: chain.slice(0, at).map((l) => l.name).join('.'), start: span(chain[0].node).start, end: span(chain[at - 1].node).end };
  const steps = chain.slice(at).map((l): ChainStep => (l.name !== null ? { name: l.name, ...span(l.node) } : { value: lower(l.node) }));
  return { root, steps };
}

/** Where a chain's route starts (its version member), or -1 when it has none or the root is not a plain dotted name. */
function routeStart(names: ReadonlyArray<string | null>): number {
  const at = names.findIndex((n) => n !== null && VERSION.test(n));
  // A root (the client) before the version, written only with names; at least one segment after it.
  if (at < 1 || names.slice(0, at).some((n) => n === null) || at === names.length - 1) return -1;
  return at;
}

/**
 * The request a chain makes, lowered as the call a plain client would make: `root.verb(path,
 * …args)`, the path a string that starts with the root (the client: its base, when known) and
 * goes on with one segment per step. Each name is literal text at its own range, so the finding
 * stands on the line of the route's first segment; a value is a placeholder. The string is
 * marked `chain`: its host may be guessed from the file's Hub host (candidates.ts).
 */
export function chainRequest(
  b: LowerBuilder,
  root: { name: string } & Span,
  steps: readonly ChainStep[],
  verb: string,
  rest: { args: Expr[]; keywords: Map<string, Expr> },
  span: Span,
  scope: Scope,
): Expr {
  const parts: StrPart[] = [{ expr: b.expr({ kind: 'name', name: root.name, start: root.start, end: root.end }, scope) }];
  for (const s of steps) {
    if ('name' in s) parts.push({ text: `/${s.name}`, start: s.start, end: s.end });
    else parts.push({ text: '/', start: s.value.start, end: s.value.start }, { expr: s.value });
  }
  const path = b.expr({ kind: 'str', parts, chain: true, start: steps.length > 0 ? stepStart(steps[0]) : root.end, end: steps.length > 0 ? stepEnd(steps[steps.length - 1]) : root.end }, scope);
  const receiver = b.expr({ kind: 'name', name: root.name, start: root.start, end: root.end }, scope);
  return b.call({ callee: `${root.name}.${verb}`, name: verb, receiver, args: [path, ...rest.args], keywords: rest.keywords, ...span }, scope);
}

const stepStart = (s: ChainStep): number => ('name' in s ? s.start : s.value.start);
const stepEnd = (s: ChainStep): number => ('name' in s ? s.end : s.value.end);
