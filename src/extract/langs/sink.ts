import type { Resolver } from './bindings.js';
import { callAround, ungrouped, type CallSite } from './call-site.js';
import { HTTP_METHODS, UNKNOWN, explicit, verbOf, type CallRule, type CallView, type Evidence } from './method-evidence.js';
import { isMember, type Source } from './source.js';

// How far a value is followed through wrappers and variables before we settle for GET.
const MAX_HOPS = 6;
// How much text after a call `following()` reads when its end marker never comes.
const FOLLOW_LIMIT = 3000;

function argAt(call: CallSite, at: number | null, kw?: string) {
  if (kw) {
    const named = call.args.find((a) => a.kw === kw);
    if (named) return named;
  }
  if (at === null) return undefined;
  const arg = call.args[at];
  return arg && !arg.kw ? arg : undefined;
}

function urlFits(rule: CallRule, call: CallSite): boolean {
  const arg = call.args[call.at];
  if (!arg) return false;
  if (!rule.url) return (call.at === 0 && !arg.kw) || arg.kw === 'url';
  if (rule.url.kw && arg.kw === rule.url.kw) return true;
  return rule.url.at !== undefined && call.at === rule.url.at && !arg.kw;
}

function viewOf(src: Source, resolver: Resolver, call: CallSite, match: RegExpExecArray): CallView {
  const slice = (first: number, last: number) => src.text.slice(src.tokens[first].start, src.tokens[last].end);
  const methodOfText = (text: string): Evidence => {
    const quoted = /["'`]([A-Za-z]+)["'`]/.exec(text);
    if (quoted && HTTP_METHODS.has(quoted[1].toUpperCase())) return explicit(quoted[1].toUpperCase());
    const words = text.match(/[A-Za-z_]\w*/g) ?? [];
    const last = words[words.length - 1];
    if (!last) return UNKNOWN;
    const verb = verbOf(last);
    if (verb) return explicit(verb);
    const known = resolver.lookup(last, call.first)?.text.toUpperCase();
    return known && HTTP_METHODS.has(known) ? explicit(known) : UNKNOWN;
  };
  return {
    callee: call.callee,
    match,
    chain: slice(call.first, call.chainEnd),
    methodOfText,
    argMethod(at, kw) {
      const arg = argAt(call, at, kw);
      return arg && methodOfText(slice(arg.first, arg.last));
    },
    hasArg: (at, kw) => argAt(call, at, kw) !== undefined,
    following(until) {
      const from = src.tokens[call.last].end;
      const rest = src.text.slice(from, from + FOLLOW_LIMIT);
      const stop = until.exec(rest);
      return src.text.slice(src.tokens[call.first].start, from + (stop ? stop.index : rest.length));
    },
  };
}

function fromCall(src: Source, resolver: Resolver, call: CallSite): Evidence | undefined {
  for (const rule of src.spec.calls) {
    const m = rule.callee.exec(call.callee);
    if (!m || !urlFits(rule, call)) continue;
    const e = rule.method(viewOf(src, resolver, call, m));
    if (e) return e;
  }
  return undefined;
}

/** Later uses of a name as whole values, up to the next assignment of it. */
function* usesAfter(src: Source, resolver: Resolver, valueStart: number, key: string, dottedName: boolean): Generator<number> {
  for (let k = valueStart; k < src.tokens.length; k++) {
    const t = src.tokens[k];
    if (t.kind !== 'ident' || t.text !== key) continue;
    if (resolver.isTarget(k)) return;
    if (isMember(src, src.tokens[k - 1]) && !dottedName) continue;
    let first = k;
    while (isMember(src, src.tokens[first - 1]) && src.tokens[first - 2]?.kind === 'ident') first -= 2;
    yield first;
  }
}

/**
 * The HTTP method a value is used with: the call it is passed to (through wrappers such as
 * `URI.create`), or, for a value assigned to a name, the first recognised call that name
 * later reaches. Undefined when no HTTP call is seen.
 */
export function methodOf(src: Source, resolver: Resolver, first: number, hops = 0): Evidence | undefined {
  if (hops > MAX_HOPS) return undefined;
  const start = ungrouped(src, first);
  const call = callAround(src, start);
  if (call) {
    if (src.spec.wrappers.test(call.callee)) return methodOf(src, resolver, call.first, hops + 1);
    return fromCall(src, resolver, call);
  }
  const binding = resolver.definedAt(start);
  if (!binding) return undefined;
  for (const use of usesAfter(src, resolver, binding.valueStart, binding.key, binding.name.includes('.'))) {
    const e = methodOf(src, resolver, use, hops + 1);
    if (e) return e;
  }
  return undefined;
}
