import { HTTP_METHODS } from '../langs/method-evidence.js';
import { literalOf } from './builder.js';
import { fieldOf, joinPieces, objectOf, type Env, type Pieces, type Program } from './evaluate.js';
import type { Call, Expr, Scope } from './form.js';

/**
 * How a client joins a request's path to its base. Each library documents its own rule, and
 * the rules differ where it matters (a base ending in `/v2` and a path `users/login`):
 * - `path`: one slash between the base and the path, whatever either has (axios'
 *   combineURLs, got's prefixUrl, httpx's base_url, RestClient::Resource#[], Laravel's baseUrl);
 * - `url`: RFC 3986 reference resolution (Guzzle's and Symfony HttpClient's base_uri): a path
 *   without a leading slash replaces the base's last segment unless the base ends in `/`, one
 *   with a leading slash replaces the base's whole path;
 * - `dir`: RFC 3986 after a slash is added to the base's path (Faraday's url_prefix);
 * - `concat`: the two strings one after the other (HTTParty's base_uri, Perl REST::Client's host).
 */
export type BaseJoin = 'path' | 'url' | 'dir' | 'concat';

interface ClientBaseSpec {
  /** The call that makes the client (callee as lowered: `::` and `->` read as `.`); absent: any call. */
  make?: RegExp;
  /** Option keys of that call that hold the base (a keyword, or a key of an options object it is given). */
  keys?: readonly string[];
  /** The positional argument of that call that holds the base. */
  arg?: number;
  /**
   * A call that sets the base later: on the client (`$c->setHost(u)`), or, with `inClass`, in
   * the body of the class whose methods send the requests (HTTParty's `base_uri u`).
   */
  set?: RegExp;
  inClass?: boolean;
  /** The base is a bare host, reached with this scheme (`HTTPSConnection("hub.docker.com")`). */
  scheme?: (c: Call) => string;
  join: BaseJoin;
}

/** The option names under which axios, got/ky and httpx keep a base (also a class's own `this.baseURL`). */
export const BASE_KEYS: readonly string[] = ['baseURL', 'baseUrl', 'prefixUrl', 'base_url'];

/**
 * Where clients keep the base their relative paths are joined to, as data: one row per client
 * library (or family of libraries that name the option alike).
 */
const CLIENT_BASES: readonly ClientBaseSpec[] = [
  // axios.create({ baseURL }), got/ky `prefixUrl`, httpx.Client(base_url=...).
  { keys: BASE_KEYS, join: 'path' },
  // Guzzle `new Client(['base_uri' => u])`, Symfony `HttpClient::create([...])`, `->withOptions([...])`.
  { keys: ['base_uri'], join: 'url' },
  // Symfony `HttpClient::createForBaseUri(u)`, `ScopingHttpClient::forBaseUri($c, u)`.
  { make: /(?:^|\.)createForBaseUri$/, arg: 0, join: 'url' },
  { make: /(?:^|\.)forBaseUri$/, arg: 1, join: 'url' },
  // Ruby Faraday `Faraday.new(url: u)` or `Faraday.new(u)`; `conn.url_prefix = u` is not followed.
  { make: /^Faraday\.new$/, keys: ['url'], arg: 0, join: 'dir' },
  // Ruby `RestClient::Resource.new(u)['path'].post(...)`.
  { make: /^RestClient\.Resource\.new$/, arg: 0, join: 'path' },
  // Laravel `Http::baseUrl(u)->post('path')`; Spring's `WebClient.builder().baseUrl(u)` then `.get().uri(path)`.
  { make: /(?:^|\.)baseUrl$/, arg: 0, join: 'path' },
  // Spring `new RestTemplateBuilder().rootUri(u)`: the root is put before a path that starts with `/`.
  { make: /(?:^|\.)rootUri$/, arg: 0, join: 'concat' },
  // Go resty `resty.New().SetBaseURL(u)` (`SetHostURL` before v2.7), or `c.SetBaseURL(u)` on the client later.
  { make: /(?:^|\.)Set(?:Base|Host)URL$/, arg: 0, set: /^Set(?:Base|Host)URL$/, join: 'path' },
  // .NET `new HttpClient { BaseAddress = new Uri(u) }`: RFC 3986 resolution, as `new Uri(base, path)`.
  { make: /^new HttpClient$/, keys: ['BaseAddress'], join: 'url' },
  // Perl `REST::Client->new({ host => u })`, `$client->setHost(u)`.
  { make: /^REST\.Client\.new$/, keys: ['host'], set: /^setHost$/, join: 'concat' },
  // Python http.client `HTTPSConnection(host)` then `conn.request("POST", path)`: a bare host.
  { make: /(?:^|\.)HTTPS?Connection$/, arg: 0, scheme: (c) => (c.name.startsWith('HTTPS') ? 'https' : 'http'), join: 'path' },
  // Ruby HTTParty: `base_uri u` in the class, then `self.class.get(path)` or `get(path)` in its methods.
  { set: /^base_uri$/, inClass: true, join: 'concat' },
];

/** HTTP mocks scoped to a host: `nock(host).post(path)`. */
const HOST_SCOPED = /^(?:nock)$/;

export interface ClientBase {
  expr: Expr;
  env: Env;
  join: BaseJoin;
  /** The base is a bare host the client reaches with this scheme. */
  scheme?: string;
}

/** The spec a call that makes a client matches, and where in it the base stands. */
function baseOfCall(p: Program, c: Call, env: Env): ClientBase | undefined {
  if (HOST_SCOPED.test(c.name) && c.args[0]) return { expr: c.args[0], env, join: 'path' };
  for (const spec of CLIENT_BASES) {
    if (spec.make ? !spec.make.test(c.callee) : !spec.keys) continue;
    for (const key of spec.keys ?? []) {
      const kw = c.keywords.get(key);
      if (kw) return { expr: kw, env, join: spec.join };
      for (const a of c.args) {
        const o = objectOf(p, a, env);
        const f = o ? fieldOf(p, o.obj, o.env, key) : 'absent';
        if (typeof f === 'object') return { ...f, join: spec.join };
      }
    }
    const positional = spec.arg === undefined ? undefined : c.args[spec.arg];
    if (positional && positional.kind !== 'object') return { expr: positional, env, join: spec.join, scheme: spec.scheme?.(c) };
  }
  return undefined;
}

/** Whether an expression is where a client's base is given (it is reported where paths are joined to it). */
export function isClientBase(e: Expr): boolean {
  const use = e.use;
  if (use.kind === 'part' && use.of.kind === 'object') {
    const key = [...use.of.fields].find(([, v]) => v === e)?.[0];
    return key !== undefined && CLIENT_BASES.some((s) => !s.make && s.keys?.includes(key));
  }
  if (use.kind !== 'arg') return false;
  const c = use.call;
  return CLIENT_BASES.some((s) =>
    use.keyword
      ? (!s.make || s.make.test(c.callee)) && !!s.keys?.includes(use.keyword)
      : (s.make?.test(c.callee) && s.arg === use.index) || (!!s.set?.test(c.name) && use.index === 0),
  );
}

/**
 * The base a client joins relative paths to, from the receiver a request is called on: the
 * call that made the client (or a chain on it: `nock(h).get(p).reply(200).post(q)`), through
 * names and fields (`const api = axios.create(...)`, `this.http`, `$client`).
 */
export function clientBase(p: Program, e: Expr | undefined, env: Env, depth = 0): ClientBase | undefined {
  if (!e || depth > 8) return undefined;
  if (e.kind === 'name') {
    const def = p.defOf(e.name, e);
    return def && def.value !== e ? clientBase(p, def.value, env, depth + 1) : undefined;
  }
  if (e.kind !== 'call') return undefined;
  const made = baseOfCall(p, e.call, env);
  if (made || e.call.receiver) return made ?? clientBase(p, e.call.receiver, env, depth + 1);
  // A request chain that starts on a client held in a name (`web.get().uri(p)`, `r.R().Get(p)`): that name's client.
  const owner = ownerOf(e.call);
  if (!owner) return undefined;
  const def = p.defOf(owner, e.call.result);
  return (def && def.value !== e.call.result ? clientBase(p, def.value, env, depth + 1) : undefined) ?? setOn(p, owner, e.call, env);
}

/** A base set on a client held in `owner` by a setter call before `call`, in the same function (`r.SetBaseURL(u)`). */
function setOn(p: Program, owner: string, call: Call, env: Env): ClientBase | undefined {
  for (const spec of CLIENT_BASES) {
    if (!spec.set || spec.inClass) continue;
    const set = settersOf(p, spec)
      .filter((c) => c.start < call.start && ownerOf(c) === owner && c.scope === call.scope)
      .pop();
    if (set) return { expr: set.args[0], env, join: spec.join };
  }
  return undefined;
}

/** What a request is called on when the lowering kept it in the callee (`conn.get`, `$client->get`): the name before the method. */
function ownerOf(call: Call): string | undefined {
  const dot = call.callee.lastIndexOf('.');
  return dot > 0 ? call.callee.slice(0, dot) : undefined;
}

/**
 * The base of the client a request (`call`) is sent with: its receiver's, the one the name
 * before the method was made with, one set on that name by a setter call, or one set in the
 * body of the class the request is made from.
 */
export function requestBase(p: Program, call: Call, env: Env): ClientBase | undefined {
  if (call.receiver) {
    const found = clientBase(p, call.receiver, env);
    if (found || call.receiver.kind !== 'name') return found;
  }
  const owner = ownerOf(call);
  if (!call.receiver) {
    // `hubGot(path)`: a client that is itself called; `$client->get(path)`: one held in a name.
    const def = p.defOf(owner ?? call.callee, call.result);
    const made = def && def.value !== call.result ? clientBase(p, def.value, env) : undefined;
    if (made) return made;
  }
  for (const spec of CLIENT_BASES) {
    if (!spec.set) continue;
    const setters = settersOf(p, spec).filter((c) => c.start < call.start);
    if (spec.inClass) {
      const cls = classOf(call.scope, owner);
      const set = cls && setters.filter((c) => c.scope === cls && !ownerOf(c)).pop();
      if (set) return { expr: set.args[0], env, join: spec.join };
    }
  }
  return owner ? setOn(p, owner, call, env) : undefined;
}

/** The calls of a file that set a client's base the way `spec` does, once per file and table row (not once per request). */
const setterMemo = new WeakMap<Program, Map<ClientBaseSpec, Call[]>>();
function settersOf(p: Program, spec: ClientBaseSpec): Call[] {
  let bySpec = setterMemo.get(p);
  if (!bySpec) setterMemo.set(p, (bySpec = new Map()));
  let found = bySpec.get(spec);
  if (!found) bySpec.set(spec, (found = (p.lowered.calls ?? []).filter((c) => spec.set?.test(c.name) && c.args[0])));
  return found;
}

/** The class a request is made in (`get(…)`, `self.class.get(…)`), or the one it names (`HubParty.get(…)`). */
function classOf(scope: Scope, owner: string | undefined): Scope | undefined {
  if (owner && !/^(?:self|self\.class|this|static)$/.test(owner)) {
    for (let s: Scope | null = scope; s; s = s.parent) if (s.kind === 'class' && s.name === owner) return s;
    return undefined;
  }
  for (let s: Scope | null = scope; s; s = s.parent) if (s.kind === 'class') return s;
  return undefined;
}

/** Where a request call takes the path it joins to a base: first, or after a method literal (`request('POST', path)`). */
export function pathArgIndex(call: Call): number {
  const first = call.args[0];
  const m = first && literalOf(first);
  return call.args.length > 1 && ((m && HTTP_METHODS.has(m.toUpperCase())) || call.name === 'request') ? 1 : 0;
}

/** A bare host as the origin of the URLs a connection sends (`HTTPSConnection("hub.docker.com")`). */
function originOf(base: Pieces, scheme: string | undefined): Pieces {
  if (!scheme || !base.every((x) => 'text' in x) || base.length === 0) return base;
  const host = base.map((x) => ('text' in x ? x.text : '')).join('');
  return [{ text: `${scheme}://${host}`, start: base[0].start, end: base[base.length - 1].end, foreign: true }];
}

/** A path joined to a client's base, by the client's rule. */
export function joinToBase(b: Pick<ClientBase, 'join' | 'scheme'>, evaluated: Pieces, path: Pieces): Pieces {
  const base = originOf(evaluated, b.scheme);
  switch (b.join) {
    case 'path':
      return joinPieces('path', [base, path], '/');
    case 'url':
      return joinPieces('url', [base, path], '/');
    case 'dir': {
      const last = base[base.length - 1];
      const slashed: Pieces = last && 'text' in last && !last.text.endsWith('/') ? [...base, { text: '/', start: last.end, end: last.end, foreign: true }] : base;
      return joinPieces('url', [slashed, path], '/');
    }
    default:
      return [...base, ...path];
  }
}
