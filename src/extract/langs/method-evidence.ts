import type { MethodSource } from '../../core/types.js';

/** The HTTP method a call uses and how we know it. `method: null` means a variable decides. */
export interface Evidence {
  method: string | null;
  source: MethodSource;
}

/** What a method rule may ask about the call that receives the URL. */
export interface CallView {
  callee: string;
  /** The callee rule's match (its `verb` group names the method). */
  match: RegExpExecArray;
  /** Evidence from the argument at a position or keyword; undefined when there is none. */
  argMethod(at: number | null, kw?: string): Evidence | undefined;
  hasArg(at: number | null, kw?: string): boolean;
  /** Source of the whole call chain: `HttpRequest.newBuilder().uri(...).method("HEAD", ...)`. */
  chain: string;
  /** Source from the call up to the first match of `until` after it (curl_setopt calls). */
  following(until: RegExp): string;
  /** Evidence from a method expression written as text (`"HEAD"`, `HttpMethod.Head`, a variable). */
  methodOfText(text: string): Evidence;
}

export type MethodFrom = (call: CallView) => Evidence | undefined;

export interface CallRule {
  callee: RegExp;
  /** Where the URL goes; without it, the first argument or a `url` keyword. */
  url?: { at?: number; kw?: string };
  method: MethodFrom;
}

export const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The method a name stands for: `head`, `HEAD`, `Head`, `MethodHead`, `GetAsync`,
 * `getForObject`, `get_response`, `PostForm`. A lower-case letter right after the verb
 * means another word (`headers`, `getenv`).
 */
export function verbOf(word: string): string | null {
  if (/^[A-Z]+$/.test(word)) return HTTP_METHODS.has(word) ? word : null;
  const first = /^(?:Method)?([A-Za-z][a-z]*)/.exec(word)?.[1].toUpperCase();
  return first && HTTP_METHODS.has(first) ? first : null;
}

export const explicit = (method: string): Evidence => ({ method, source: 'explicit' });
export const UNKNOWN: Evidence = { method: null, source: 'unknown' };
export const DEFAULT_GET: Evidence = { method: 'GET', source: 'default' };

/** The callee names the method: `requests.head`, `http.Post`, `HTTParty.get`. */
export const fromVerb: MethodFrom = (call) => {
  const verb = call.match.groups?.verb;
  const method = verb ? verbOf(verb) : null;
  return method ? explicit(method) : undefined;
};

export const fromArg = (at: number | null, kw?: string): MethodFrom => (call) => call.argMethod(at, kw);

export const fixed = (method: string, source: MethodSource): MethodFrom => () => ({ method, source });

/** A body argument makes a POST (`urlopen(url, data)`, `Request(url, data=...)`). */
export const postWhenArg = (at: number | null, kw?: string): MethodFrom => (call) =>
  call.hasArg(at, kw) ? { method: 'POST', source: 'implied' } : undefined;

export function firstOf(...froms: MethodFrom[]): MethodFrom {
  return (call) => {
    for (const from of froms) {
      const e = from(call);
      if (e) return e;
    }
    return undefined;
  };
}

/**
 * A clue in source text: `method` fixes the method; otherwise group 1 holds the method
 * expression (`.method("HEAD", ...)`, `CURLOPT_CUSTOMREQUEST, $verb`).
 */
export interface TextClue {
  re: RegExp;
  method?: string;
  source?: MethodSource;
}

function fromClues(text: string, clues: TextClue[], call: CallView): Evidence | undefined {
  for (const clue of clues) {
    const m = clue.re.exec(text);
    if (!m) continue;
    if (clue.method) return { method: clue.method, source: clue.source ?? 'explicit' };
    return call.methodOfText(m[1]);
  }
  return undefined;
}

/** Builders that set the method after the URL (`.head()`, `.method("HEAD", ...)`, `{ method = ... }`). */
export const fromChain = (clues: TextClue[]): MethodFrom => (call) => fromClues(call.chain, clues, call);

/** Later statements on the same handle (`curl_setopt($ch, CURLOPT_NOBODY, true)`). */
export const fromFollowing = (until: RegExp, clues: TextClue[]): MethodFrom => (call) =>
  fromClues(call.following(until), clues, call);

/** The usual HTTP verbs as callee names on any receiver (`session.get`, `client.Head`). */
export const VERB = '(?<verb>get|head|post|put|patch|delete|options)';

/** A call named after its verb on any receiver; `suffix` allows `GetAsync`, `get_response`. */
export function verbCall(suffix = ''): CallRule {
  return { callee: new RegExp(`(?:^|\\.)${VERB}${suffix}$`, 'i'), method: fromVerb };
}

/** `request(METHOD, url)` shapes: the method is the argument before the URL. */
export function methodArgCall(callee: RegExp, urlAt = 1, kw?: string): CallRule {
  return { callee, url: { at: urlAt, kw }, method: fromArg(urlAt - 1, 'method') };
}
