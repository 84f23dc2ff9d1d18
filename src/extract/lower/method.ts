import { spend } from '../../runtime/work-budget.js';
import type { Evidence } from '../langs/method-evidence.js';
import { DEFAULT_GET, HTTP_METHODS, UNKNOWN, explicit, verbOf } from '../langs/method-evidence.js';
import { literalOf } from './builder.js';
import type { Call, Expr, Scope } from './form.js';
import { bindCall, fieldOf, objectOf, type Env, type Evaluator, type Program } from './evaluate.js';
import { MAX_CROSSINGS, foreignTargets } from './foreign.js';

/** Calls that only wrap a URL: the call around them decides the method. */
const WRAPPER = /^(?:URL|urlparse|urlsplit|Parse|ParseRequestURI|URI|Uri|create|parse|NewURL)$/;
/** Fields of a parsed URL that hold its path (Ruby's `uri.path` / `request_uri`, Node's `u.pathname`, Go's `u.Path`). */
const URL_PARTS = ['path', 'request_uri', 'pathname', 'Path', 'RequestURI'];
/** Calls that take the method as an argument (`request("HEAD", url)`, `NewRequest(m, u, nil)`). */
const REQUEST = /^(?:request|Request|NewRequest|NewRequestWithContext|send|_send|_request|call|fetch|urlopen|open|do_request|make_request|api_call)$/i;
const MAX_HOPS = 10;
/**
 * Calls that send what they are given with GET unless an option says otherwise: the fetch API
 * (`fetch`, `new Request`), `urlopen`, JS clients called as functions — `axios(config)`,
 * `got(url)`, `ky(url)`, `request({ url })`, `superagent(url)`, `needle`, jQuery's `$.ajax` —
 * and PHP's `file_get_contents($url)` (its stream context's `method` is read beside it).
 */
const SENDS_GET = /^(?:Request|urlopen|open|fetch|axios|got|ky|request|superagent|needle|ajax|httpRequest|file_get_contents)$/;
/** Keys of an options object that hold the URL (`{ url }`, `{ uri }`, http.request's `{ path }`). */
const URL_KEY = /^(?:url|uri|path|href)$/;
/** Verb methods named otherwise: superagent's `del`; axios-mock-adapter's `onPost(url)`. */
const VERB_ALIAS = /^(?:del|on(?:Get|Head|Post|Put|Patch|Delete|Options|Any))$/;
/** Classes named after their method (`new HttpPost(url)`, `new HttpHead(url)`): the name's verb decides. */
const VERB_CLASS = /^Http(Get|Head|Post|Put|Patch|Delete|Options)$/;
/**
 * Builders that take the URL and set the method on the chain around them: java.net.http's
 * `HttpRequest.newBuilder().uri(u).POST(b)`, OkHttp's `Request.Builder().url(u).head()`,
 * Spring's `webClient.head().uri(u)` and `.method(HttpMethod.HEAD)`, RestClient's `site['path'].post(b)`.
 * No verb on the chain: GET.
 */
const CHAIN_URL = /^(?:uri|url|newBuilder|Builder|\[\])$/;
/**
 * Extension calls on the URL itself, the verb in the name: Fuel's `"https://...".httpGet()`,
 * `url.httpPost(params)`. The URL is the receiver, not an argument.
 */
const RECEIVER_VERB = /^http(Get|Head|Post|Put|Patch|Delete)$/;
/** Chain verbs: upper case with or without a body (`POST(b)`, `GET()`); lower case as OkHttp and Spring write them. */
const CHAIN_VERB = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|get|head|post|put|patch|delete)$/;

/**
 * Clients that take the URL on a handle and the method from option calls on the same handle
 * (PHP's cURL: `curl_init($u)` or `curl_setopt($ch, CURLOPT_URL, $u)`, then
 * `curl_setopt($ch, CURLOPT_POST, true)`; `curl_setopt_array($ch, [CURLOPT_URL => $u, ...])`).
 * Options in order of precedence; `value` takes the method from the option's value.
 */
const HANDLES: ReadonlyArray<{
  open: RegExp;
  set: RegExp;
  setMany: RegExp;
  url: string;
  options: ReadonlyArray<{ option: string; method: 'value' | Evidence; ifTrue?: boolean }>;
}> = [
  {
    open: /^curl_init$/,
    set: /^curl_setopt$/,
    setMany: /^curl_setopt_array$/,
    url: 'CURLOPT_URL',
    options: [
      { option: 'CURLOPT_CUSTOMREQUEST', method: 'value' },
      { option: 'CURLOPT_NOBODY', method: { method: 'HEAD', source: 'implied' }, ifTrue: true },
      { option: 'CURLOPT_POST', method: explicit('POST'), ifTrue: true },
      { option: 'CURLOPT_PUT', method: explicit('PUT'), ifTrue: true },
      { option: 'CURLOPT_POSTFIELDS', method: { method: 'POST', source: 'implied' } },
    ],
  },
];
/**
 * Keys of an options argument that state the method (`['http' => ['method' => 'POST']]`,
 * `method: :post`; the Jenkins HTTP Request plugin's `httpRequest(url: u, httpMode: 'POST')`,
 * whose default is GET).
 */
const OPTION_METHOD = /(?:^|\.)(?:method|Method|verb|httpMode)$/;
/**
 * Calls made on the URL itself rather than given it: Groovy's `u.toURL()` (the URL again),
 * `url.text` / `url.getText()` / `url.openStream()` (a GET), and java.net.URL's
 * `openConnection()`, whose method the connection's `requestMethod = 'POST'` /
 * `setRequestMethod("POST")` sets, GET without one.
 */
const ON_URL: ReadonlyArray<{ name: RegExp; sends: 'wraps' | 'get' | 'connection' }> = [
  { name: /^(?:toURL|toURI)$/, sends: 'wraps' },
  { name: /^(?:text|getText|bytes|getBytes|openStream|inputStream|getInputStream|newReader|withReader|readLines|eachLine|newInputStream|withInputStream)$/, sends: 'get' },
  { name: /^openConnection$/, sends: 'connection' },
];
/**
 * A request object handed along a pipeline of steps that each return it (R's httr2:
 * `request(u) |> req_headers(...) |> req_body_json(b) |> req_perform()`): `req_method(r, "PUT")`
 * states the method, a body makes it a POST unless a later step states another (as httr2 does),
 * the other steps pass it on.
 */
const PIPELINES: ReadonlyArray<{ language: string; step: RegExp; method: RegExp; body: RegExp }> = [
  { language: 'r', step: /^req_\w+$/, method: /^req_method$/, body: /^req_body_(?:json|form|raw|multipart|file)$/ },
];
/**
 * Request objects built on the URL whose method is a property set afterwards: Foundation's
 * `var req = URLRequest(url: u); req.httpMethod = "POST"`. GET without one.
 */
const REQUEST_OBJECT = /^(?:URLRequest|NSMutableURLRequest)$/;
const REQUEST_OBJECT_METHOD = ['httpMethod'];
/**
 * Requests built with a method that a field set afterwards replaces: Go's `req, _ :=
 * http.NewRequest("", u, nil); req.Method = http.MethodDelete`, Python's `req = requests.Request("GET",
 * u); req.method = "DELETE"`. The one set last before the request is handed on decides.
 */
const SET_LATER = /^(?:NewRequest|NewRequestWithContext|Request)$/;
const SET_LATER_FIELD = ['Method', 'method'];
/** Classes named after their method inside a namespace (`Net::HTTP::Post.new(uri)`). */
const NAMESPACED_VERB = /(?:^|\.)(Get|Head|Post|Put|Patch|Delete|Options)\.new$/;

/**
 * The method a constant's name stands for: Go's `http.MethodPatch`, `HttpMethod.PATCH`
 * (Spring, .NET's `HttpMethod.Patch`), `METHOD_DELETE`, a bare `PATCH`.
 */
/** Calls that make a method out of its name (see literalMethod). */
const METHOD_FROM_NAME = /(?:^|[.:])(?:HttpMethod(?:\.(?:valueOf|resolve))?|Method(?:\.|::)(?:valueOf|from_bytes|from_str))$/;

function methodConstant(name: string): string | null {
  const verb = verbOf(name.split('.').pop() ?? '');
  return verb && /(?:^|\.)(?:Method\w+|HttpMethod\.\w+|METHOD_\w+|[A-Z]+)$/.test(name) ? verb : null;
}

type Found<T> = Array<[number, T]>;
const besideCache = new WeakMap<Call, WeakMap<Env, Found<Evidence>>>();
const objectCache = new WeakMap<Call, WeakMap<Env, Found<{ obj: Extract<Expr, { kind: 'object' }>; env: Env }>>>();

/**
 * The first two arguments of `call` for which `test` finds something, with their index, once
 * per call and environment: each argument of a call asks about the others (the method beside
 * the URL), so `echo URL URL … URL` with N URLs asked N × N times. Two are enough: the
 * argument asking is at most one of them.
 */
function firstTwo<T>(cache: WeakMap<Call, WeakMap<Env, Found<T>>>, call: Call, env: Env, test: (a: Expr) => T | undefined): Found<T> {
  let byEnv = cache.get(call);
  if (!byEnv) cache.set(call, (byEnv = new WeakMap()));
  let found = byEnv.get(env);
  if (!found) {
    found = [];
    for (let i = 0; i < call.args.length && found.length < 2; i++) {
      const t = test(call.args[i]);
      if (t) found.push([i, t]);
    }
    byEnv.set(env, found);
  }
  return found;
}

/** The calls through which a value entered the function it is in, innermost last. */
export interface Trail {
  env: Env;
  via: Array<{ call: Call; env: Env }>;
  /** How many files the value has been handed through (foreign.ts). */
  crossed?: number;
}

export const TOP: Trail = { env: {}, via: [] };

/** The value is one field of an options object (`{ url, method }`), built where `env` holds. */
interface Field {
  obj: Extract<Expr, { kind: 'object' }>;
  key: string;
  env: Env;
}

/**
 * Which HTTP method a value ends up with: it follows the value to the call that sends it —
 * through variables, wrappers (`URL(...)`), this file's functions that receive it (their body
 * decides: `getJSON(path)`, `fetchStatus(u)` calling `http.NewRequest("GET", u, nil)`), and
 * returns (`exists()` calling `.head(repoUrl())`), back to the call it came through when
 * there is one. Undefined when no sending call is seen.
 */
export class MethodResolver {
  private seen = new Set<string>();
  private hops = 0;

  constructor(
    private readonly p: Program,
    private readonly ev: Evaluator,
    /** Files the value was handed through before this one (foreign.ts). */
    private readonly crossed = 0,
  ) {}

  /** Set while `all` runs: every branch a value takes is followed, not only the first that sends it. */
  private found: Evidence[] | null = null;

  of(e: Expr, trail: Trail = TOP): Evidence | undefined {
    this.seen = new Set();
    this.hops = 0;
    return this.follow(e, trail);
  }

  /**
   * Every method a value is sent with, one per method (an unknown one too), in the order the
   * sends are met: a URL built in `repo_url()` and sent by `exists()` with HEAD, by `remove()`
   * with DELETE and by `read()` with GET is three requests. A value that reaches requests only
   * as a part of longer strings (a prefix) is those strings' to report: it keeps the first
   * method found, as `of` does. Empty when no sending call is seen.
   */
  all(e: Expr, trail: Trail = TOP): Evidence[] {
    this.seen = new Set();
    this.hops = 0;
    const found: Evidence[] = [];
    this.found = found;
    try {
      const last = this.follow(e, trail);
      if (last) found.push(last);
    } finally {
      this.found = null;
    }
    if (found.length === 0) {
      const one = this.of(e, trail);
      return one ? [one] : [];
    }
    const byMethod = new Map<string | null, Evidence>();
    for (const x of found) if (!byMethod.has(x.method)) byMethod.set(x.method, x);
    return [...byMethod.values()];
  }

  /** The first method `search` finds, also while `all` collects: a caller that falls back on a default when none is found. */
  private first(search: () => Evidence | undefined): Evidence | undefined {
    const found = this.found;
    this.found = null;
    try {
      return search();
    } finally {
      this.found = found;
    }
  }

  /**
   * One branch of a value that goes several ways (the uses of a variable, the callers of a
   * function, the reads of a parameter): the method it found ends the search, unless `all`
   * collects every branch's.
   */
  private branch(found: Evidence | undefined): Evidence | undefined {
    if (!found || !this.found) return found;
    this.found.push(found);
    return undefined;
  }

  private follow(e: Expr, trail: Trail, field?: Field): Evidence | undefined {
    spend();
    const key = `${e.id}:${trail.via.length}:${field?.key ?? ''}`;
    if (++this.hops > 200 || trail.via.length > MAX_HOPS || this.seen.has(key)) return undefined;
    this.seen.add(key);
    const use = e.use;
    switch (use.kind) {
      case 'part': {
        const of = use.of;
        // Into a longer string: `all` leaves it to that string's own requests (see `all`).
        if (this.found && (of.kind === 'concat' || of.kind === 'str' || of.kind === 'format' || of.kind === 'join')) return undefined;
        if (of.kind !== 'object') return this.follow(of, trail);
        // A field of an options object: the object goes to the call, which reads its keys.
        const k = [...of.fields].find(([, v]) => v === e)?.[0];
        // The URL beside the method it is sent with (`{"method": "post", "url": url}` handed to a client elsewhere).
        const stated = k !== undefined && URL_KEY.test(k) ? this.literalMethod(of.fields.get('method'), trail.env) : undefined;
        if (stated) return stated;
        return this.follow(of, trail, k === undefined ? field : { obj: of, key: k, env: trail.env });
      }
      case 'arg':
        return this.fromCall(use.call, use.index, use.keyword, trail, field);
      case 'receiver': {
        // Fuel's `"url".httpPost()` names the verb; `u.toURL().text` and friends are in ON_URL.
        const verb = RECEIVER_VERB.exec(use.call.name);
        if (verb) return explicit(verb[1].toUpperCase());
        return field ? undefined : this.onUrl(use.call, trail);
      }
      case 'def': {
        const name = use.def.name;
        for (const u of this.p.usesOf(use.def)) {
          const found = this.branch(this.follow(u, trail, field));
          if (found) return found;
        }
        // The field read out of the object by name (`opts.url`): the value itself from there on.
        for (const u of field ? (this.p.namesByName.get(`${name}.${field.key}`) ?? []) : []) {
          const found = this.branch(this.follow(u, trail));
          if (found) return found;
        }
        // A parsed URL's path sent on its own (`uri = URI(url)` … `http.head(uri.path)`): the URL's request.
        const value = use.def.value;
        if (!field && value.kind === 'call' && WRAPPER.test(value.call.name)) {
          for (const part of URL_PARTS) {
            for (const u of this.p.namesByName.get(`${name}.${part}`) ?? []) {
              const found = this.follow(u, trail);
              if (found) return found;
            }
          }
        }
        return undefined;
      }
      case 'return': {
        const back = trail.via[trail.via.length - 1];
        if (back && this.p.targetsOf(back.call).includes(use.scope)) return this.follow(back.call.result, { env: back.env, via: trail.via.slice(0, -1) }, field);
        for (const call of this.p.callsOf(use.scope)) {
          const found = this.branch(this.follow(call.result, TOP, field));
          if (found) return found;
        }
        // A property's value goes where its reads go (`requests.post(self.login_url)`).
        for (const read of this.p.getterReads(use.scope)) {
          const found = this.branch(this.follow(read, TOP, field));
          if (found) return found;
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  private literalMethod(e: Expr | undefined, env: Env, depth = 0): Evidence | undefined {
    if (!e) return undefined;
    if (e.kind === 'name') {
      const verb = methodConstant(e.name);
      if (verb) return explicit(verb);
      // A helper's parameter (`func (c *Client) do(method, path string)`) holds what its caller
      // passed (`c.do(http.MethodDelete, …)`), and a local may hold such a constant: follow them.
      const def = this.p.defOf(e.name, e);
      const bound = def ? undefined : env.bindings?.get(e.name);
      if (depth < 4 && bound && !bound.ev) return this.literalMethod(bound.expr, bound.env, depth + 1);
      if (depth < 4 && def && def.value.kind === 'name' && def.value !== e) return this.literalMethod(def.value, env, depth + 1);
    }
    // A method built from its name: .NET's `new HttpMethod("PATCH")`, Spring's `HttpMethod.valueOf("PATCH")`, Rust's `Method::from_bytes(b"PATCH")`.
    if (e.kind === 'call' && METHOD_FROM_NAME.test(e.call.callee.replace(/^new\s+/, '')) && e.call.args.length === 1) return this.literalMethod(e.call.args[0], env, depth + 1);
    const pieces = this.ev.evaluate(e, env);
    // A parameter bound to a method constant at the call (`c.do(http.MethodPatch, path)`): the constant names it.
    const only = pieces.length === 1 ? pieces[0] : undefined;
    const held = only && 'hole' in only ? methodConstant(only.hole) : null;
    if (held) return explicit(held);
    if (pieces.length > 0 && pieces.every((x) => 'text' in x)) {
      const text = pieces.map((x) => ('text' in x ? x.text : '')).join('').trim().toUpperCase();
      if (HTTP_METHODS.has(text)) return explicit(text);
    }
    return undefined;
  }

  private fromCall(call: Call, index: number, keyword: string | undefined, trail: Trail, field?: Field): Evidence | undefined {
    if (call.methods) return keyword || field ? undefined : call.methods.get(index);
    // Inside an options object only the URL's key sends it (not `body`, `headers`).
    if (field && !URL_KEY.test(field.key)) return undefined;
    const handle = this.handle(call, index, keyword, trail.env);
    if (handle) return handle;
    const later = SET_LATER.test(call.name) ? this.setLater(call, trail) : undefined;
    if (later) return later;
    const pipeline = this.pipelineStep(call, index, keyword, trail);
    if (pipeline) return pipeline;
    const ns = NAMESPACED_VERB.exec(call.callee);
    if (ns && index === 0 && !keyword) return explicit(ns[1].toUpperCase());
    const asUrl = (index === 0 && !keyword) || keyword === 'url' || keyword === 'uri';
    const verb = VERB_ALIAS.test(call.name) ? (call.name === 'del' ? 'DELETE' : verbOf(call.name.slice(2))) : verbOf(call.name);
    if (verb && asUrl && !/^(?:get(?:env|attr|item)|getenv)$/i.test(call.name)) return explicit(verb);
    // A method given beside the URL: a keyword, or another argument that is a method literal.
    const kw = this.literalMethod(call.keywords.get('method'), trail.env);
    if (kw) return kw;
    const options = this.optionsMethod(call, index, trail.env, field);
    if (options) return options;
    const beside = firstTwo(besideCache, call, trail.env, (a) => this.literalMethod(a, trail.env) ?? this.passedOptionsMethod(a, trail.env)).find(([i]) => i !== index);
    if (beside) return beside[1];
    for (const [k, a] of call.keywords) if (k !== keyword && OPTION_METHOD.test(k) && k !== 'method') {
      const m = this.literalMethod(a, trail.env);
      if (m) return m;
    }
    if (WRAPPER.test(call.name)) return this.follow(call.result, trail);
    if (REQUEST_OBJECT.test(call.name) && asUrl) return this.requestObject(call, trail);
    const named = VERB_CLASS.exec(call.name);
    if (named && asUrl) return explicit(named[1].toUpperCase());
    const local = this.p.targetsOf(call);
    const before = this.found?.length ?? 0;
    for (const fn of local) {
      const found = this.throughFunction(fn, call, index, keyword, trail);
      if (found) return found;
    }
    // The function's body sent it (its methods collected by `all`): the call's own name says no more.
    if (this.found && this.found.length > before) return undefined;
    // A function of another file receives it (`web.Fetch(u)`, `self.hub.send(u)`): its body decides.
    if (local.length === 0 && this.crossed < MAX_CROSSINGS) {
      for (const t of foreignTargets(this.p, this.ev, call, trail.env)) {
        const param = t.program.paramAt(call, t.fn, index, keyword);
        const found = param && new MethodResolver(t.program, t.ev, this.crossed + 1).intoParam(t.fn, param.name, { env: t.env, via: [] });
        if (found) return found;
      }
    }
    if (CHAIN_URL.test(call.name) && asUrl) return this.chain(call, trail.env);
    if (REQUEST.test(call.name)) {
      if (call.keywords.has('data') || call.keywords.has('json') || (call.name === 'urlopen' && call.args.length > 1)) return { method: 'POST', source: 'implied' };
      const methodArg = call.keywords.get('method') ?? (index > 0 ? call.args[index - 1] : undefined);
      if (methodArg && methodArg.kind !== 'str') return UNKNOWN;
    }
    if (SENDS_GET.test(call.name) && (asUrl || field)) return this.first(() => this.follow(call.result, trail)) ?? DEFAULT_GET;
    return undefined;
  }

  /**
   * The method an options object states: the object the URL is a field of (`request({ url,
   * method })`, `http.request({ path, method })`), else one passed beside the URL
   * (`fetch(url, { method })`, `axios(url, config)`). Its `method` key (jQuery's `type` too);
   * a key held in a variable, or a spread we cannot see into, leaves the method unknown.
   */
  private optionsMethod(call: Call, index: number, env: Env, field?: Field): Evidence | undefined {
    const opts = field ? { obj: field.obj, env: field.env } : firstTwo(objectCache, call, env, (a) => objectOf(this.p, a, env)).find(([i]) => i !== index)?.[1];
    if (!opts) return undefined;
    const m = fieldOf(this.p, opts.obj, opts.env, 'method');
    if (m === 'unknown') return UNKNOWN;
    if (m !== 'absent') return this.literalMethod(m.expr, m.env) ?? UNKNOWN;
    // jQuery's `type`; a wrapper's own options name it `verb` (`api(path, { verb: 'PATCH' })`).
    for (const key of ['type', 'verb']) {
      const other = fieldOf(this.p, opts.obj, opts.env, key);
      const found = typeof other === 'object' ? this.literalMethod(other.expr, other.env) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** A call passed beside the URL whose options state the method (`stream_context_create([...])`), directly or through a variable. */
  private passedOptionsMethod(a: Expr, env: Env): Evidence | undefined {
    let value: Expr | undefined = a;
    if (a.kind === 'name') value = this.p.defOf(a.name, a)?.value;
    if (value?.kind !== 'call') return undefined;
    for (const [k, v] of value.call.keywords) {
      if (!OPTION_METHOD.test(k)) continue;
      const m = this.literalMethod(v, env);
      if (m) return m;
    }
    // The options kept in a variable first (`$opts = ['http' => ['method' => 'PATCH']]`): its fields.
    for (const arg of value.call.args) {
      if (arg.kind !== 'name') continue;
      const field = this.p.lowered.defs.find((d) => d.name.startsWith(`${arg.name}.`) && OPTION_METHOD.test(d.name));
      const m = field && this.literalMethod(field.value, env);
      if (m) return m;
    }
    return undefined;
  }

  /** The request object is the first argument of a pipeline step (PIPELINES) that is no function of this file. */
  private pipelineStep(call: Call, index: number, keyword: string | undefined, trail: Trail): Evidence | undefined {
    const spec = PIPELINES.find((p) => p.language === this.p.lowered.language && p.step.test(call.name));
    if (!spec || index !== 0 || keyword || this.p.targetsOf(call).length > 0) return undefined;
    if (spec.method.test(call.name)) return this.literalMethod(call.args[1] ?? call.keywords.get('method'), trail.env) ?? UNKNOWN;
    const later = this.first(() => this.follow(call.result, trail));
    if (spec.body.test(call.name) && (!later || later.source === 'default')) return { method: 'POST', source: 'implied' };
    return later;
  }

  /** A request object (REQUEST_OBJECT) built on the URL: the method its variable is given in the same scope. */
  private requestObject(call: Call, trail: Trail): Evidence {
    const use = call.result.use;
    const def = use.kind === 'def' ? use.def : undefined;
    if (!def) return DEFAULT_GET;
    for (const property of REQUEST_OBJECT_METHOD) {
      const set = (this.p.defsByName.get(`${def.name}.${property}`) ?? []).filter((d) => d.scope === def.scope);
      if (set.length > 0) return this.literalMethod(set[set.length - 1].value, trail.env) ?? UNKNOWN;
    }
    return DEFAULT_GET;
  }

  /** The method a request's field is given after it is built (SET_LATER), before a call is handed the request. */
  private setLater(call: Call, trail: Trail): Evidence | undefined {
    const use = call.result.use;
    const def = use.kind === 'def' ? use.def : undefined;
    if (!def) return undefined;
    const handed = this.p.lowered.calls.find((c) => c.scope === def.scope && c.start > call.end && c.args.some((a) => a.kind === 'name' && a.name === def.name));
    const until = handed?.start ?? def.scope.end;
    const set = SET_LATER_FIELD.flatMap((f) => this.p.defsByName.get(`${def.name}.${f}`) ?? []).filter((d) => d.scope === def.scope && d.at > call.end && d.at < until);
    const last = set.sort((a, b) => a.at - b.at)[set.length - 1];
    return last ? (this.literalMethod(last.value, trail.env) ?? UNKNOWN) : undefined;
  }

  /** The URL is the receiver of a call (ON_URL): what that call does with it. */
  private onUrl(call: Call, trail: Trail): Evidence | undefined {
    const kind = ON_URL.find((o) => o.name.test(call.name))?.sends;
    if (kind === 'wraps') return this.follow(call.result, trail);
    if (kind === 'get') return DEFAULT_GET;
    if (kind !== 'connection') return undefined;
    const use = call.result.use;
    const def = use.kind === 'def' ? use.def : undefined;
    if (!def) return DEFAULT_GET;
    const conn = def.name;
    for (const d of this.p.defsByName.get(`${conn}.requestMethod`) ?? []) if (d.scope === def.scope) return this.literalMethod(d.value, trail.env) ?? UNKNOWN;
    for (const c of this.p.lowered.calls) if (c.callee === `${conn}.setRequestMethod` && c.scope === call.scope) return this.literalMethod(c.args[0], trail.env) ?? UNKNOWN;
    return DEFAULT_GET;
  }

  /** A URL given to a handle (HANDLES): the option calls on that handle in the same function decide. */
  private handle(call: Call, index: number, keyword: string | undefined, env: Env): Evidence | undefined {
    const spec = HANDLES.find((h) => h.open.test(call.name) || h.set.test(call.name) || h.setMany.test(call.name));
    if (!spec) return undefined;
    const isOption = (e: Expr | undefined, name: string) => e?.kind === 'name' && e.name === name;
    let handleName: string | undefined;
    if (spec.open.test(call.name) && index === 0 && !keyword) handleName = call.result.use.kind === 'def' ? call.result.use.def.name : undefined;
    else if (spec.set.test(call.name) && index === 2 && isOption(call.args[1], spec.url)) handleName = call.args[0]?.kind === 'name' ? call.args[0].name : undefined;
    else if (spec.setMany.test(call.name) && keyword === spec.url) handleName = call.args[0]?.kind === 'name' ? call.args[0].name : undefined;
    else return undefined;
    const set = new Map<string, Expr>();
    for (const c of this.p.lowered.calls) {
      const target = c.args[0];
      const same = c === call || (c.scope === call.scope && target?.kind === 'name' && target.name === handleName);
      if (!same) continue;
      if (spec.set.test(c.name) && c.args[1]?.kind === 'name' && c.args[2]) set.set((c.args[1] as { name: string }).name, c.args[2]);
      if (spec.setMany.test(c.name)) for (const [k, v] of c.keywords) set.set(k, v);
    }
    for (const o of spec.options) {
      const v = set.get(o.option);
      if (!v) continue;
      if (o.method === 'value') return this.literalMethod(v, env) ?? UNKNOWN;
      const text = v.kind === 'opaque' ? v.text : v.kind === 'name' ? v.name : (literalOf(v) ?? '');
      if (o.ifTrue && !/^(?:true|1)$/i.test(text.trim())) continue;
      return o.method;
    }
    return DEFAULT_GET;
  }

  /** The method a builder chain sets around the call that takes the URL; GET when none does. */
  private chain(call: Call, env: Env): Evidence {
    const verbIn = (c: Call): Evidence | undefined => {
      if (CHAIN_VERB.test(c.name) && (c.args.length === 0 || c.name === c.name.toUpperCase() || /^(?:post|put|patch)$/.test(c.name))) return explicit(c.name.toUpperCase());
      if (c.name === 'method') return this.literalMethod(c.args[0], env);
      return undefined;
    };
    // Outward: calls on this call's result (`.uri(u).POST(b).build()`).
    for (let c: Call = call, hops = 0; c.result.use.kind === 'receiver' && hops < 20; hops++) {
      c = c.result.use.call;
      const found = verbIn(c);
      if (found) return found;
    }
    // Inward: the receiver chain (`webClient.head().uri(u)`).
    for (let r = call.receiver, hops = 0; r && r.kind === 'call' && hops < 20; r = r.call.receiver, hops++) {
      const found = verbIn(r.call);
      if (found) return found;
    }
    return DEFAULT_GET;
  }

  /** The URL goes into one of this file's functions: how that function uses its parameter decides. */
  private throughFunction(fn: Scope, call: Call, index: number, keyword: string | undefined, trail: Trail): Evidence | undefined {
    const param = this.p.paramAt(call, fn, index, keyword);
    if (!param) return undefined;
    return this.uses(fn, param.name, { env: bindCall(this.p, call, fn, trail.env), via: [...trail.via, { call, env: trail.env }] });
  }

  /** The method a function of this file sends its parameter `name` with, entered from another file's call. */
  intoParam(fn: Scope, name: string, trail: Trail): Evidence | undefined {
    this.seen = new Set();
    this.hops = 0;
    return this.uses(fn, name, trail);
  }

  private uses(fn: Scope, name: string, inner: Trail): Evidence | undefined {
    for (const u of this.p.paramReads(name, fn)) {
      spend();
      if (this.p.defOf(name, u)) continue;
      const found = this.branch(this.follow(u, inner));
      if (found) return found;
    }
    return undefined;
  }
}
