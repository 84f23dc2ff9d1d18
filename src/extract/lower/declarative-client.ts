import type { LowerBuilder } from './builder.js';
import type { Call, Expr, Scope, Span } from './form.js';

/**
 * Declarative HTTP clients (issue 30, the annotations the coverage tables named as gaps): an
 * interface whose methods carry the request as an annotation or attribute (Retrofit and Spring's
 * HTTP interfaces `@GET("/v2/…")`/`@GetExchange`, OpenFeign's `@GetMapping` on a `@FeignClient`,
 * Feign's `@RequestLine("GET /v2/…")`, Refit's `[Get("/v2/…")]`) and whose base comes from the
 * annotation on the type (`@FeignClient(url = …)`, `@HttpExchange(url = …)`), from the builder
 * in the file (`baseUrl(…)`), or from the file that makes the service (`create(HubApi.class)`,
 * `target(HubApi.class, url)`, `RestService.For<IHubApi>(url)`). Each request is lowered as a
 * call named by its verb (`GET(url)`), its URL the path joined to the base as a browser resolves
 * a link, so the shared resolver and method decision read it as any other request.
 */

/** One request an annotation declares. */
export interface Declared {
  /** The HTTP method, upper case. */
  verb: string;
  path: Expr;
  /** The method's scope (a function whose parent is the service type). */
  scope: Scope;
  at: Span;
  /** The base its type's annotation gives (`@FeignClient(url = …)`), if any. */
  base?: Expr;
}

/** The parameter of a service type its base is read through (from the callers that make it). */
export const SERVICE_BASE = 'baseUrl';

/** `HubApi.class`, `HubApi::class.java`: the service type a factory call makes. */
const SERVICE_CLASS = /^(?:new\s+)?([A-Za-z_]\w*)(?:\.class|::class(?:\.java)?)$/;
/** Refit's `RestService.For<IHubApi>`. */
const REFIT_FOR = /(?:^|\.)For<([A-Za-z_][\w.]*?)>$/;

/** The request annotations of Retrofit and Refit (`@GET`, `[Get]`), of Spring's HTTP interfaces and OpenFeign (`@GetExchange`, `@GetMapping`). */
const VERB_ANNOTATION = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|Get|Head|Post|Put|Patch|Delete|Options)(?:Exchange|Mapping)?$/;

/** The method an annotation's name gives, and whether it is Spring's `*Mapping` (a server's unless its type is a client). */
export function annotationVerb(name: string): { verb: string; mapping: boolean } | undefined {
  const m = VERB_ANNOTATION.exec(name.slice(name.lastIndexOf('.') + 1));
  return m ? { verb: m[1].toUpperCase(), mapping: name.endsWith('Mapping') } : undefined;
}

/** Feign's `@RequestLine("GET /v2/…")`: the method and where the path starts in the literal's text. */
export function requestLine(text: string): { verb: string; offset: number } | undefined {
  const m = /^[ \t]*(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)[ \t]+/.exec(text);
  return m ? { verb: m[1], offset: m[0].length } : undefined;
}

/** The argument of `baseUrl(…)` on a builder chain (`new Retrofit.Builder().baseUrl(b).build()`). */
function baseOf(e: Expr | undefined): Expr | undefined {
  for (let r = e, hops = 0; r?.kind === 'call' && hops < 20; r = r.call.receiver, hops++) if (r.call.name === 'baseUrl' && r.call.args.length === 1) return r.call.args[0];
  return undefined;
}

/**
 * What the variable a call is made on holds (`retrofit.create(Api.class)` after `Retrofit retrofit =
 * new Retrofit.Builder()…build()`): its last definition before the call in the call's function, or
 * a field's. A lowering names a plain variable in the callee and gives no receiver value.
 */
function heldBy(b: LowerBuilder, c: Call): Expr | undefined {
  const dot = c.callee.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const name = c.callee.slice(0, dot);
  const defs = b.out.defs.filter((d) => (d.name === name || d.name === `this.${name}`) && (d.scope === c.scope || d.scope.kind !== 'function') && (d.scope !== c.scope || d.at <= c.start));
  return defs[defs.length - 1]?.value;
}

/**
 * A base used again (by each request, by a made service): a copy of its own, so the call or
 * builder it stands in keeps it as its argument (a lowering that re-lowers the node does the same).
 * A call is used as it is: it is registered with its arguments.
 */
function fresh(b: LowerBuilder, e: Expr): Expr {
  if (e.kind === 'call') return e;
  const { id: _id, scope, use: _use, ...init } = e;
  return b.expr(init as Parameters<LowerBuilder['expr']>[0], scope);
}

/**
 * After the walk: each declared request as a call of its verb, and each factory call that makes
 * a service as if it called the service's constructor with the base (`HubApi(base)`), so the
 * service's file reads it as any caller's argument (project.ts callArguments).
 */
export function lowerDeclared(b: LowerBuilder, text: string, declared: readonly Declared[]): void {
  const calls = [...b.out.calls];
  /** The base each service type is made with in this file (`Feign.builder().target(Lines.class, url)` beside the interface). */
  const madeHere = new Map<string, Expr>();
  for (const c of calls) {
    const first = c.args[0] ? text.slice(c.args[0].start, c.args[0].end).replace(/\s+/g, '') : '';
    const service = (c.name === 'create' || c.name === 'target') && c.args.length >= 1 ? SERVICE_CLASS.exec(first)?.[1] : REFIT_FOR.exec(c.callee)?.[1];
    const base = c.name === 'create' ? baseOf(c.receiver ?? heldBy(b, c)) : c.name === 'target' ? c.args[1] : REFIT_FOR.test(c.callee) ? c.args[0] : undefined;
    const type = service?.slice(service.lastIndexOf('.') + 1);
    if (type && base && !madeHere.has(type)) madeHere.set(type, base);
    if (type && base) b.call({ callee: type, name: type, args: [fresh(b, base)], keywords: new Map(), start: c.start, end: c.start }, c.scope);
  }
  if (declared.length === 0) return;
  const bases = calls.filter((c) => c.name === 'baseUrl' && c.args.length === 1);
  const fileBase = bases.length === 1 ? bases[0].args[0] : undefined;
  for (const d of declared) {
    const service = d.scope.kind === 'function' && d.scope.parent?.kind === 'class' && d.scope.parent.name ? d.scope.parent : null;
    let base = d.base ?? (service?.name ? madeHere.get(service.name) : undefined) ?? fileBase;
    if (!base && service) {
      if (!service.params.some((p) => p.name === SERVICE_BASE)) b.addParam(service, SERVICE_BASE);
      base = b.expr({ kind: 'name', name: SERVICE_BASE, start: d.path.start, end: d.path.start }, service);
    }
    const url = base ? b.expr({ kind: 'join', style: 'url', items: [fresh(b, base), d.path], start: d.path.start, end: d.path.end }, d.scope) : d.path;
    b.call({ callee: d.verb, name: d.verb, args: [url], keywords: new Map(), start: d.at.start, end: d.at.end }, d.scope);
  }
}
