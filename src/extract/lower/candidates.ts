import type { Candidate } from '../../core/types.js';
import { scanUrls } from '../scan-urls.js';
import { commentCandidates } from '../comments.js';
import type { AdapterContext } from '../types.js';
import { DEFAULT_GET, type Evidence } from '../langs/method-evidence.js';
import { commandMethod } from './command-method.js';
import { Evaluator, Program, bindCall, fieldOf, joinPieces, objectOf, programOf, type Env, type Piece, type Pieces } from './evaluate.js';
import type { Call, Def, Expr, Lowered } from './form.js';
import { MethodResolver, TOP, isInside, type Trail } from './method.js';
import { readingsOf, type Rendered } from './readings.js';

const HOST = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]+|^(?:[\w-]+\.)+[a-z]{2,}(?=\/)/i;
/**
 * Where a client keeps the base its relative paths are joined to: an option of the call
 * that made it (axios `create({ baseURL })`, got/ky `prefixUrl`, httpx `Client(base_url=)`),
 * or the first argument of an HTTP mock scoped to a host (`nock(host).post(path)`).
 */
const BASE_KEYS = ['baseURL', 'baseUrl', 'prefixUrl', 'base_url'];
const HOST_SCOPED = /^(?:nock)$/;
/** A connection to one host whose `request(method, path)` sends host-less paths (Python's http.client). */
const HOST_CONNECTION = /^(?:HTTPS?Connection)$/;

/** A construction: an expression that builds a string, as opposed to one that names it. */
function isConstruction(e: Expr): boolean {
  if (e.kind === 'str') return e.parts.some((p) => 'text' in p && p.text !== '') || e.parts.length > 1;
  return e.kind === 'concat' || e.kind === 'format' || e.kind === 'join';
}

/**
 * The source range a finding points at: the construction, or from the literal that holds
 * the path's first segment after the API version (`repositories`, `users`) when that
 * literal stands on a later line of a multi-line construction.
 */
function anchorOf(r: Rendered): Piece | undefined {
  const host = HOST.exec(r.url);
  const path = r.url.slice(host ? host[0].length : 0);
  const offset = host ? host[0].length : 0;
  const m = /^\/?(?:v\d\/|api\/)?/.exec(path);
  const keyAt = offset + (m ? m[0].length : 0);
  return r.at.find((x) => x.from <= keyAt && keyAt < x.to && 'text' in x.piece && !x.piece.foreign)?.piece;
}

function lineOf(text: string, at: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Every URL a lowered file builds, once per construction: the outermost string-building
 * expressions, each evaluated with names, parameters, returns and constants followed, plus
 * URLs written in comments (info: they document calls, they do not make them).
 */
export function candidatesOf(lowered: Lowered, file: string, ctx: AdapterContext): Candidate[] {
  const program = programOf(lowered, file, ctx.project);
  const ev = new Evaluator(program);
  const methods = new MethodResolver(program, ev);
  const out: Candidate[] = [];
  const { text } = lowered;

  out.push(...commentCandidates(text, lowered.comments));

  /** Adds the candidate(s) of one construction; false when it builds nothing URL-like. */
  const emit = (root: Expr, pieces: Pieces, method: () => Evidence, onlyIfAnchoredIn?: Expr, joined = false): boolean => {
    const flat = pieces.map((p) => ('text' in p ? p.text : 'x')).join('');
    // A lone separator (`path += '/'`) builds nothing.
    if (!/\/|%2f/i.test(flat) || !/[^/\s]/.test(flat)) return false;
    const { main, other } = readingsOf(pieces);
    const anchor = anchorOf(main.rendered);
    const inRoot = (e: Expr) => anchor !== undefined && anchor.start >= e.start && anchor.end <= e.end;
    if (onlyIfAnchoredIn && !inRoot(onlyIfAnchoredIn)) return false;
    const single = root.kind === 'str' && root.parts.length === 1 && 'text' in root.parts[0] ? root.parts[0] : undefined;
    // A sentence (a docstring, a log line) is not a URL, but may hold some.
    if (/\s/.test(main.url.trim())) {
      // A command line (`execSync('curl -sI https://…')`): its flags state the method.
      const hits = single
        ? scanUrls(text, single.start, single.end).map((h) => ({ ...h, method: commandMethod(text.slice(single.start, single.end), h.start - single.start) }))
        : scanUrls(main.url).map((h) => ({ ...h, method: commandMethod(main.url, h.start), start: root.start, end: root.end }));
      for (const hit of hits) out.push({ url: hit.url, start: hit.start, end: hit.end, method: hit.method.method, methodSource: hit.method.source, rebuilt: !single, literal: single ? true : undefined });
      return hits.length > 0;
    }
    const lead = single ? single.text.length - single.text.trimStart().length : 0;
    const start = single ? single.start + lead : root.start;
    const end = single ? single.start + lead + single.text.trim().length : root.end;
    const e = method();
    // A path finished in another function is rebuilt, however plain its own literal is.
    const plain = single && !onlyIfAnchoredIn && !joined;
    const c: Candidate = { url: main.url.trim(), start, end, method: e.method, methodSource: e.source, rebuilt: !plain, literal: plain ? true : undefined };
    // The finding points at the literal that holds the deprecated path when a construction spans lines.
    if (anchor && inRoot(root) && lineOf(text, anchor.start) !== lineOf(text, start)) c.at = anchor.start;
    if (other) {
      c.alternatives = [other.url.trim()];
      c.arityNote = main.why;
    }
    out.push(c);
    // A URL inside the URL (a badge's `?url=https%3A%2F%2Fhub…`): reported on its own, as written.
    if (single) for (const hit of scanUrls(text, single.start, single.end)) if (hit.start > start) out.push({ url: hit.url, start: hit.start, end: hit.end, method: 'GET', methodSource: 'default', rebuilt: false, literal: true });
    return true;
  };

  const roots = lowered.exprs.filter((root) => {
    if (isPart(root) || !isConstruction(root)) return false;
    // A client's base (`baseURL: 'https://…'`) is reported where requests join paths to it.
    if (root.use.kind === 'part' && root.use.of.kind === 'object' && [...root.use.of.fields].some(([k, v]) => v === root && BASE_KEYS.includes(k))) return false;
    // A name that is only ever a base for longer URLs is reported where those are built.
    return !(root.use.kind === 'def' && onlyABase(program, root.use.def));
  });
  const pending: Array<{ root: Expr; pieces: Pieces }> = [];
  /** Constructions finished with a call site's path: reported there, once per call site, not in the helper. */
  const finished = new Set<Expr>();
  for (const root of roots) {
    const pieces = ev.evaluate(root);
    const first = pieces[0];
    if (!(first && 'text' in first && HOST.test(first.text))) {
      // No host here: the value may be a path that one of this file's functions joins to a base.
      let completed = false;
      for (const done of completions(program, root)) {
        const own = ev.evaluate(done.root, done.trail.env);
        const full = done.base ? joinPieces('path', [originOf(ev.evaluate(done.base.expr, done.base.env), done.base.scheme), own], '/') : own;
        const head = full[0];
        if (!(head && 'text' in head && HOST.test(head.text))) continue;
        // Joined to a client's base, the path is the call site's whatever part of it the base holds.
        if (emit(root, full, () => methods.of(done.root, done.trail) ?? DEFAULT_GET, done.base ? undefined : root, done.base !== undefined)) {
          completed = true;
          if (!done.base) finished.add(done.root);
        }
      }
      if (completed) continue;
    }
    pending.push({ root, pieces });
  }
  for (const { root, pieces } of pending) {
    if (finished.has(root)) continue;
    const hosted = callerHosts(program, pieces);
    for (const full of hosted.length > 0 ? hosted : [pieces]) emit(root, full, () => methods.of(root) ?? DEFAULT_GET);
  }
  return dedupe(out);
}

/**
 * A path of a versioned API after a base (`/v2/…`), or a Hub path after a base that holds the
 * version (`${base}/users/login` with `base` = `https://hub.docker.com/v2`): a URL worth asking
 * the callers' files for its host.
 */
const API_PATH = /^\/(?:v\d+\/|repositories\/|users\/login)/;
/** Distinct hosts taken from other files' call sites for one URL. */
const MAX_CALLER_HOSTS = 4;

/**
 * A URL whose host is a parameter no call site of this file sets (`https://${host}/v2/…` in an
 * exported `listRepos(session, host, ns)`; `${this.base}/v2/…` with `this.base` a
 * constructor's parameter): the URL once per literal value the files that import the
 * function or class pass for it. Asked only for a versioned API path, so the cost follows the
 * sites that need a base; none known, nothing (the URL stays with its placeholder).
 */
function callerHosts(p: Program, pieces: Pieces): Pieces[] {
  const callArguments = p.project.callArguments?.bind(p.project);
  if (!callArguments) return [];
  // The first placeholder, with nothing before it but a scheme (`https://${host}`, `${this.base}`).
  const i = pieces.findIndex((x) => !('text' in x));
  const before = pieces.slice(0, i).map((x) => ('text' in x ? x.text : '')).join('');
  if (i < 0 || !/^(?:[a-z][a-z0-9+.-]*:\/\/)?$/i.test(before)) return [];
  const h = pieces[i];
  const after = pieces[i + 1];
  if (!h || 'text' in h || h.examples.length > 0 || !after || !('text' in after) || !API_PATH.test(after.text)) return [];
  const named = p.namesByName.get(h.hole)?.find((x) => x.start === h.start && x.end === h.end);
  const fn = named && p.paramScope(h.hole, named);
  const param = fn?.params.find((x) => x.name === h.hole);
  if (!fn || !param || param.index < 0) return [];
  // A constructor's parameter is passed to `new Class(…)`; a function's under the name it is exported by.
  const name = fn.name === 'constructor' ? fn.parent?.name : (fn.name ?? p.lowered.defs.find((d) => d.value.start === fn.start && d.value.end === fn.end)?.name);
  if (!name) return [];
  const hosts = [...new Set(callArguments({ file: p.file, language: p.lowered.language, name, index: param.index, param: param.name }).flatMap((v) => (v.text ? [v] : [])))];
  return hosts.slice(0, MAX_CALLER_HOSTS).map((v) => [
    ...pieces.slice(0, i),
    { text: v.text as string, start: h.start, end: h.end, foreign: true, origin: { file: v.file, start: v.start, end: v.end } },
    ...pieces.slice(i + 1),
  ]);
}

/** One candidate per range, URL and method: a construction reached by two routes counts once. */
function dedupe(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.start}:${c.end}:${c.url}:${c.method ?? ''}:${c.methodSource}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The base a client joins relative paths to, from the receiver a request is called on: the
 * call that made the client (or a chain on it: `nock(h).get(p).reply(200).post(q)`), through
 * names and fields (`const api = axios.create(...)`, `this.http`).
 */
interface ClientBase {
  expr: Expr;
  env: Env;
  /** The base is a bare host the client reaches with this scheme. */
  scheme?: string;
}

/** A bare host as the origin of the URLs a connection sends (`HTTPSConnection("hub.docker.com")`). */
function originOf(base: Pieces, scheme: string | undefined): Pieces {
  if (!scheme || !base.every((x) => 'text' in x) || base.length === 0) return base;
  const host = base.map((x) => ('text' in x ? x.text : '')).join('');
  return [{ text: `${scheme}://${host}`, start: base[0].start, end: base[base.length - 1].end, foreign: true }];
}

function clientBase(p: Program, e: Expr | undefined, env: Env, depth = 0): ClientBase | undefined {
  if (!e || depth > 8) return undefined;
  if (e.kind === 'name') {
    const def = p.defOf(e.name, e);
    return def && def.value !== e ? clientBase(p, def.value, env, depth + 1) : undefined;
  }
  if (e.kind !== 'call') return undefined;
  const c: Call = e.call;
  if (HOST_SCOPED.test(c.name) && c.args[0]) return { expr: c.args[0], env };
  if (HOST_CONNECTION.test(c.name) && c.args[0]) return { expr: c.args[0], env, scheme: c.name.startsWith('HTTPS') ? 'https' : 'http' };
  for (const key of BASE_KEYS) {
    const kw = c.keywords.get(key);
    if (kw) return { expr: kw, env };
    for (const a of c.args) {
      const o = objectOf(p, a, env);
      const f = o ? fieldOf(p, o.obj, o.env, key) : 'absent';
      if (typeof f === 'object') return f;
    }
  }
  return clientBase(p, c.receiver, env, depth + 1);
}

/** A redefinition of a parameter that still holds its value (`path = path.slice(1)`, `path += '/'`). */
function derivesFrom(p: Program, def: Def, name: string, depth = 0): boolean {
  if (depth > 6) return false;
  const stack: Expr[] = [def.value];
  while (stack.length > 0) {
    const e = stack.pop() as Expr;
    if (e.kind === 'name' && e.name === name) {
      const inner = p.defOf(name, e);
      if (!inner || (inner !== def && derivesFrom(p, inner, name, depth + 1))) return true;
    }
    if (e.kind === 'str') for (const part of e.parts) if ('expr' in part) stack.push(part.expr);
    if (e.kind === 'concat' || e.kind === 'join') stack.push(...e.items);
    if (e.kind === 'format') stack.push(e.template, ...e.args);
  }
  return false;
}

/** Part of a larger string (a field of an object literal is a value of its own). */
function isPart(e: Expr): boolean {
  return e.use.kind === 'part' && e.use.of.kind !== 'object';
}

/** How far a line is indented (tabs count as one column each: only compared within a file). */
function indentAt(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, at))![0].length;
}

/**
 * A name assigned in several branches (`if ...: suffix = "repositories/" + user` /
 * `elif ...: suffix = "namespaces/..."`) and joined to a base after them: the last assignment
 * is not the only one that reaches the join. An assignment nested deeper than a later use of
 * its name in the same function (inside an if, elif, else or case) is taken to reach that use
 * even where a later branch assigns the name again; the construction that uses it is then
 * evaluated with this assignment. A redefinition at the use's own depth (straight-line code)
 * does hide it.
 */
function branchUses(p: Program, def: Def, trail: Trail): Array<{ root: Expr; trail: Trail }> {
  const text = p.lowered.text;
  const depth = indentAt(text, def.value.start);
  const out: Array<{ root: Expr; trail: Trail }> = [];
  for (const u of p.namesByName.get(def.name) ?? []) {
    if (u.scope !== def.scope || u.start <= def.at) continue;
    const reads = p.defOf(def.name, u);
    if (!reads || reads === def || indentAt(text, reads.value.start) <= indentAt(text, u.start) || depth <= indentAt(text, u.start)) continue;
    let top = u;
    while (top.use.kind === 'part') top = top.use.of;
    if (top === u) continue;
    out.push({ root: top, trail: { env: { ...trail.env, defs: new Map([...(trail.env.defs ?? []), [def.name, def]]) }, via: trail.via } });
  }
  return out;
}

/** A definition whose every use builds a longer string (also through names that copy it). */
function onlyABase(p: Program, def: Def, depth = 0): boolean {
  const uses = p.usesOf(def);
  if (uses.length === 0 || depth > 4) return false;
  return uses.every((u) => isPart(u) || (u.use.kind === 'def' && onlyABase(p, u.use.def, depth + 1)));
}

/**
 * Where a path built here is finished: a function of this file that receives it (directly,
 * through a variable, or passed on to another function) and builds a longer string from it,
 * evaluated with the arguments of the calls on the way for its parameters.
 */
interface Completion {
  root: Expr;
  trail: Trail;
  /** A client's base the value is joined to (the value is the path a request is sent to). */
  base?: ClientBase;
}

function completions(p: Program, e: Expr, trail: Trail = TOP): Completion[] {
  if (trail.via.length > 4) return [];
  const use = e.use;
  if (use.kind === 'def') {
    const def = use.def;
    return [
      ...p
        .usesOf(def)
        .filter((u) => u.use.kind === 'arg')
        .flatMap((u) => completions(p, u, trail)),
      ...branchUses(p, def, trail),
    ];
  }
  if (use.kind !== 'arg') return [];
  const call = use.call;
  const out: Completion[] = [];
  const fns = p.targetsOf(call);
  // The path is the first argument, or the second after the method (`conn.request("POST", path)`).
  if (fns.length === 0 && !use.keyword && (use.index === 0 || (use.index === 1 && call.name === 'request'))) {
    // `api.get(path)` on a client; `hubGot(path)`, a client that is itself called.
    const made = call.receiver ? undefined : p.defsByName.get(call.callee)?.at(-1)?.value;
    const base = clientBase(p, call.receiver ?? made, trail.env);
    if (base) out.push({ root: e, trail, base });
  }
  for (const fn of fns) {
    const param = p.paramAt(call, fn, use.index, use.keyword);
    if (!param) continue;
    const inner: Trail = { env: bindCall(p, call, fn, trail.env), via: [...trail.via, { call, env: trail.env }] };
    for (const u of p.namesByName.get(param.name) ?? []) {
      if (!isInside(u.scope, fn)) continue;
      const redefined = p.defOf(param.name, u);
      if (redefined && !derivesFrom(p, redefined, param.name)) continue;
      let top = u;
      while (top.use.kind === 'part' && isPart(top)) top = top.use.of;
      if (top !== u && isConstruction(top)) out.push({ root: top, trail: inner });
      else if (top === u) out.push(...completions(p, u, inner));
    }
  }
  return out;
}
