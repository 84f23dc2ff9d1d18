import type { LowerBuilder } from './builder.js';
import type { Expr, Scope, Span } from './form.js';

/**
 * URL builder APIs (OkHttp's `HttpUrl.Builder`, Spring's `UriComponentsBuilder`, Apache's
 * `URIBuilder`, `URI.resolve`): a chain of calls that spells a URL one part at a time
 * (`.scheme("https").host("hub.docker.com").addPathSegments("v2/repositories").addPathSegment(ns)`).
 * A chain is lowered to the URL it builds, each part the argument that gives it, so a literal
 * keeps its own range and the finding stands on the line of the route's first segment. A
 * language reads its chain from the tree and names the calls that start one (its registration);
 * what each later call does to the URL is the libraries' and is the same in every language.
 */

/**
 * A call that starts a chain: an empty builder, or one from the URL its argument `from` gives
 * (or its receiver, for a call on a value: Kotlin's `"https://…".toHttpUrl()`).
 */
export interface BuilderRoot {
  /**
   * The callee as written, its last names enough (`HttpUrl.Builder` matches `okhttp3.HttpUrl.Builder`);
   * a call on a value is written `.name`.
   */
  callee: string;
  from?: number | 'receiver';
  /** Its paths are URI templates (`/v2/repositories/{ns}`): each `{name}` is a value, one segment. */
  template?: boolean;
}

/** One call of a chain, as a lowering reads it: its name, its argument nodes and its range. */
export interface BuilderStep<N> extends Span {
  name: string;
  args: N[];
}

type Effect = 'scheme' | 'host' | 'port' | 'segment' | 'segments' | 'path' | 'replace' | 'resolve' | 'expand' | 'none';

/** What each call does to the URL; a call not listed ends the chain (the value is then not a URL this reads). */
const STEPS = new Map<string, Effect>(
  (
    [
      ['scheme', ['scheme', 'setScheme']],
      ['host', ['host', 'setHost']],
      ['port', ['port', 'setPort']],
      ['segment', ['addPathSegment', 'addEncodedPathSegment']],
      ['segments', ['pathSegment', 'appendPathSegments', 'segment']],
      ['path', ['addPathSegments', 'addEncodedPathSegments', 'path', 'appendPath']],
      ['replace', ['encodedPath', 'setPath', 'setRawPath', 'replacePath', 'setPathSegments']],
      ['resolve', ['resolve']],
      ['expand', ['buildAndExpand', 'expand']],
      // Parts a route is not read from, and the calls that hand the URL on.
      [
        'none',
        [
          'addQueryParameter', 'addEncodedQueryParameter', 'setQueryParameter', 'setEncodedQueryParameter', 'queryParam', 'queryParams',
          'queryParamIfPresent', 'replaceQueryParam', 'query', 'replaceQuery', 'encodedQuery', 'setQuery', 'setCustomQuery', 'setParameter',
          'addParameter', 'setParameters', 'addParameters', 'fragment', 'encodedFragment', 'setFragment', 'userInfo', 'setUserInfo', 'username',
          'password', 'setCharset', 'uriVariables', 'newBuilder', 'build', 'encode', 'normalize', 'toUri', 'toURI', 'toUriString', 'toUrl',
          'toURL', 'toString',
        ],
      ],
    ] satisfies Array<[Effect, string[]]>
  ).flatMap(([effect, names]) => names.map((n): [string, Effect] => [n, effect])),
);

/** The root `callee` matches, if any: the whole callee, or its last dotted names. */
export function builderRoot(roots: readonly BuilderRoot[], callee: string): BuilderRoot | undefined {
  return roots.find((r) => callee === r.callee || callee.endsWith(r.from === 'receiver' ? r.callee : `.${r.callee}`));
}

/** True when `name` is a call a builder chain goes on with. */
export function isBuilderStep(name: string): boolean {
  return STEPS.has(name);
}

/**
 * The URL a chain builds: the root's URL (or nothing, for an empty builder), its parts set and
 * its path extended call by call. `lower` lowers an argument node; `base` is the root's URL,
 * already lowered. Undefined when the chain spells nothing (no part known).
 */
export function lowerBuilderChain<N>(b: LowerBuilder, root: BuilderRoot, base: Expr | undefined, steps: ReadonlyArray<BuilderStep<N>>, lower: (n: N) => Expr, label: (n: N) => string, scope: Scope): Expr | undefined {
  let scheme: Expr | undefined;
  let host: Expr | undefined;
  let port: Expr | undefined;
  let url = base;
  let path: Expr[] = [];
  const concat = (items: Expr[]): Expr => (items.length === 1 ? items[0] : b.expr({ kind: 'concat', items, start: items[0].start, end: items[items.length - 1].end }, scope));
  const text = (t: string, at: number) => b.str([{ text: t, start: at, end: at }], { start: at, end: at }, scope);
  /** The URL so far, its path included. */
  const whole = (): Expr | undefined => {
    const items: Expr[] = [];
    if (url) items.push(url);
    else if (host) {
      items.push(scheme ?? text('https', host.start), text('://', host.start), host);
      if (port) items.push(text(':', port.start), port);
    }
    items.push(...path);
    return items.length === 0 ? undefined : concat(items);
  };
  /** A path piece: a template's `{name}` placeholders become values. */
  const piece = (n: N): Expr => {
    const v = lower(n);
    return root.template ? b.expr({ kind: 'format', style: 'brace', template: v, args: [], named: new Map(), start: v.start, end: v.end }, scope) : v;
  };
  /** One segment: a value the builder escapes stays one segment. */
  const segment = (n: N): Expr[] => {
    const v = piece(n);
    const one = v.kind === 'str' ? v : b.expr({ kind: 'segment', of: v, name: label(n), escaped: true, start: v.start, end: v.end }, scope);
    return [text('/', v.start), one];
  };
  /** A path that extends the one so far: a `/` between them unless one is written. */
  const extend = (n: N): Expr[] => {
    const v = piece(n);
    const first = v.kind === 'str' && v.parts[0] && 'text' in v.parts[0] ? v.parts[0].text : '';
    return first.startsWith('/') ? [v] : [text('/', v.start), v];
  };
  // A chain that only hands its root on (`URI.create(u).toString()`) builds nothing: the value stays the call it is.
  if (steps.every((s) => STEPS.get(s.name) === 'none')) return undefined;
  for (const step of steps) {
    const effect = STEPS.get(step.name);
    const [first] = step.args;
    switch (effect) {
      case 'scheme':
        if (first) scheme = lower(first);
        break;
      case 'host':
        if (first) host = lower(first);
        break;
      case 'port':
        if (first) port = lower(first);
        break;
      case 'segment':
        if (first) path.push(...segment(first));
        break;
      case 'segments':
        for (const a of step.args) path.push(...segment(a));
        break;
      case 'path':
        if (first) path.push(...extend(first));
        break;
      case 'replace': {
        // A path set anew: the root's URL keeps its origin only (RFC 3986, as `urljoin` reads it).
        const parts = step.name === 'setPathSegments' ? step.args.flatMap(segment) : first ? extend(first) : [];
        path = [];
        if (parts.length === 0) break;
        if (!url) path = parts;
        else url = b.expr({ kind: 'join', style: 'url', items: [url, concat(parts)], start: parts[0].start, end: parts[parts.length - 1].end }, scope);
        break;
      }
      case 'resolve': {
        const origin = whole();
        if (!first || !origin) break;
        const ref = lower(first);
        url = b.expr({ kind: 'join', style: 'url', items: [origin, ref], start: ref.start, end: ref.end }, scope);
        path = [];
        break;
      }
      case 'expand':
        // The values fill the template's placeholders, which stay holes: lowered for their flow.
        for (const a of step.args) lower(a);
        break;
      default:
        for (const a of step.args) lower(a);
    }
  }
  return whole();
}
