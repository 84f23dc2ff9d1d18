import { spend } from '../../runtime/work-budget.js';
import type { Candidate } from '../../core/types.js';
import { LineIndex } from '../../core/position.js';
import { escapeRegExp } from '../../core/escape-regexp.js';
import { HUB_V2_HOSTS } from '../../core/hub-hosts.js';
import { scanUrls } from '../scan-urls.js';
import { commentCandidates } from '../comments.js';
import type { AdapterContext } from '../types.js';
import { DEFAULT_GET, HTTP_METHODS, explicit, type Evidence } from '../langs/method-evidence.js';
import { HUB_HOST_PATTERN, HUB_PATH_PATTERN } from '../prefilter.js';
import { commandMethod } from './command-method.js';
import { Evaluator, MAX_OPTIONS, Program, bindCall, joinPieces, literalMatching, programOf, type Piece, type Pieces } from './evaluate.js';
import type { Call, Def, Expr, Lowered, Scope } from './form.js';
import { MAX_CROSSINGS, foreignTargets } from './foreign.js';
import { MethodResolver, TOP, type Trail } from './method.js';
import { BASE_KEYS, isClientBase, joinToBase, pathArgIndex, requestBase, type ClientBase } from './client-base.js';
import { readingsOf, type Rendered } from './readings.js';
import { withCallerNames } from './caller-names.js';
import { superBindings } from './super-call.js';
import { pageLinkField, printedOnly } from './printed.js';

const HOST = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]+|^(?:[\w-]+\.)+[a-z]{2,}(?=\/)/i;

/** The literal text a value starts with, over pieces (`"https" + "://" + host` of a URL struct): where a host is looked for. */
function hasHost(pieces: Pieces): boolean {
  let head = '';
  for (const x of pieces) {
    if (!('text' in x)) break;
    head += x.text;
  }
  return HOST.test(head);
}

/** Readings of one construction with its conditional values fixed, at most this many. */
const MAX_READINGS = 8;

/**
 * A construction that reads values a condition chooses (`either`), once per combination of
 * their options (the first three conditionals, at most MAX_READINGS readings): the resolver's
 * own reading picks the option that names the Hub, and these find the routes the others build.
 */
function choiceReadings(ev: Evaluator, root: Expr): Pieces[] {
  const eithers = ev.eithersOf(root).slice(0, 3);
  if (eithers.length === 0) return [];
  let combos: Array<Map<number, number>> = [new Map()];
  for (const x of eithers) {
    const n = Math.min(x.options.length, MAX_OPTIONS);
    combos = combos.flatMap((c) => Array.from({ length: n }, (_, i) => new Map([...c, [x.id, i]]))).slice(0, MAX_READINGS);
  }
  return combos.map((choices) => ev.evaluate(root, { choices }));
}

/** Where a reading's path is written (the literal that holds its first segment), as a key. */
function anchorKey(pieces: Pieces): string | undefined {
  const at = anchorOf(readingsOf(pieces).main.rendered);
  return at ? `${at.start}:${at.end}` : undefined;
}

/** A construction: an expression that builds a string, as opposed to one that names it. */
function isConstruction(e: Expr): boolean {
  if (e.kind === 'str') return e.parts.some((p) => 'text' in p && p.text !== '') || e.parts.length > 1;
  // A cut value is a new string (`root.slice(0, -1)` sends what `root` only begins).
  if (e.kind === 'cut') return true;
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
  let lines: LineIndex | undefined;
  const lineOf = (at: number) => (lines ??= new LineIndex(text)).position(at).line;

  out.push(...commentCandidates(text, lowered.comments));

  /** Adds the candidate(s) of one construction; false when it builds nothing URL-like. */
  const emit = (root: Expr, built: Pieces, method: () => Evidence[], onlyIfAnchoredIn?: Expr, joined = false, guessed = false, reading = false): boolean => {
    const flat = built.map((p) => ('text' in p ? p.text : 'x')).join('');
    // A lone separator (`path += '/'`) builds nothing.
    if (!/\/|%2f/i.test(flat) || !/[^/\s]/.test(flat)) return false;
    const pieces = withCallerNames(program, built);
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
        : scanUrls(main.url)
            // A URL built by a construction reported on its own, then put in a message (`puts "GET #{url}"`): that construction's finding.
            .filter((h) => !main.rendered.at.some((x) => x.from < h.end && x.to > h.start && 'text' in x.piece && !x.piece.foreign && reportedElsewhere(root, x.piece.start)))
            .map((h) => ({ ...h, method: commandMethod(main.url, h.start), start: root.start, end: root.end }));
      for (const hit of hits) out.push({ url: hit.url, start: hit.start, end: hit.end, method: hit.method.method, methodSource: hit.method.source, rebuilt: !single, literal: single ? true : undefined });
      return hits.length > 0;
    }
    const lead = single ? single.text.length - single.text.trimStart().length : 0;
    const start = single ? single.start + lead : root.start;
    const end = single ? single.start + lead + single.text.trim().length : root.end;
    // A path finished in another function is rebuilt, however plain its own literal is.
    const plain = single && !onlyIfAnchoredIn && !joined;
    const chosen = pieces.filter((p): p is Extract<Piece, { text: string }> => 'text' in p && p.chosen === true);
    let urls: string[] | undefined;
    const choiceUrls = () => (urls ??= [...new Set(choiceReadings(ev, root).map((r) => readingsOf(withCallerNames(program, r)).main.url.trim()))]);
    // One candidate per method the URL is sent with (`exists()` HEADs what `read()` GETs).
    const sent = method();
    for (const e of sent.length > 0 ? sent : [DEFAULT_GET]) {
      const c: Candidate = { url: main.url.trim(), start, end, method: e.method, methodSource: e.source, rebuilt: !plain, literal: plain ? true : undefined };
      // The finding points at the literal that holds the deprecated path when a construction spans lines.
      if (anchor && (inRoot(root) || readOnlyHere(program, root, anchor)) && (reading || lineOf(anchor.start) !== lineOf(start))) c.at = anchor.start;
      if (other) {
        c.alternatives = [other.url.trim()];
        c.arityNote = main.why;
      }
      if (guessed) c.baseGuessed = true;
      if (chosen.length > 0 && chosen.every((p) => p.chosenHost)) {
        c.chosenRanges = chosen.filter((p) => !p.foreign).map((p) => ({ start: p.start, end: p.end }));
        c.chosenUrls = choiceUrls();
      } else if (chosen.length > 0) c.chosenBranch = true;
      out.push(c);
    }
    // A URL inside the URL (a badge's `?url=https%3A%2F%2Fhub…`): reported on its own, as written.
    if (single) for (const hit of scanUrls(text, single.start, single.end)) if (hit.start > start) out.push({ url: hit.url, start: hit.start, end: hit.end, method: 'GET', methodSource: 'default', rebuilt: false, literal: true });
    return true;
  };

  /** Whether the literal at `at` belongs to another construction that is reported itself. */
  const reportedElsewhere = (root: Expr, at: number): boolean => {
    const top = constructionAt(lowered, at);
    return top !== undefined && top !== root && reported.has(top);
  };
  const roots = lowered.exprs.filter((root) => {
    if (isPart(root) || !isConstruction(root)) return false;
    // A message (`print("GET " + url)`, `echo "curl -s https://…"`): shown to a person, not sent.
    if (printedOnly(program, root) || pageLinkField(program, root)) return false;
    // A client's base (`baseURL: 'https://…'`, `Faraday.new(url: …)`) is reported where requests join paths to it.
    const whole = chooserOf(root);
    if (isClientBase(root) || isClientBase(whole)) return false;
    // A name that is only ever a base for longer URLs is reported where those are built; so is
    // a function's result that every call extends (`repo_url(ns, name) + "tags"`).
    return !(whole.use.kind === 'def' && onlyABase(program, whole.use.def)) && !onlyAPrefix(program, whole);
  });
  const reported = new Set(roots);
  const pending: Array<{ root: Expr; pieces: Pieces }> = [];
  /** Constructions finished with a call site's path: reported there, once per call site, not in the helper. */
  const finished = new Set<Expr>();
  for (const root of roots) {
    const pieces = ev.evaluate(root);
    if (!hasHost(pieces)) {
      // No host here: the value may be a path that one of this file's functions joins to a base.
      let completed = false;
      for (const done of completions(program, ev, root)) {
        const at = done.guest?.ev ?? ev;
        const own = at.evaluate(done.root, done.trail.env);
        const based = done.base !== undefined || done.joined !== undefined;
        const full = done.base
          ? joinToBase(done.base, at.evaluate(done.base.expr, done.base.env), own)
          : done.joined
            ? joinPieces('path', [done.joined.base, own], '/')
            : own;
        if (!hasHost(full)) continue;
        const method = (): Evidence[] => {
          if (done.joined) return [done.joined.method];
          // The wrapper's body states no method: the call that hands it the path may (`api('users/login', { verb: 'POST' })`).
          if (!done.guest) {
            const inside = methods.all(done.root, done.trail);
            return inside.length > 0 ? inside : methods.all(root);
          }
          const there = done.guest.methods.all(done.root, done.trail);
          return there.length > 0 ? there : methods.all(done.guest.call.result);
        };
        // Joined to a client's base, the path is the call site's whatever part of it the base holds.
        if (emit(root, full, method, based ? undefined : root, based)) {
          completed = true;
          if (!based) finished.add(done.root);
        }
      }
      if (completed) continue;
    } else {
      // A URL assigned in a branch (`if …: page = "…/{}"` / `else: page = "…/library/{}"`) and
      // used after it (`page.format(name)`): read as that use builds it, reported here.
      const def = branchOnly(program, root);
      let read = false;
      for (const done of def ? branchUses(program, def, TOP) : []) {
        if (emit(root, ev.evaluate(done.root, done.trail.env), () => methods.all(done.root, done.trail), root)) read = true;
      }
      if (read) continue;
    }
    pending.push({ root, pieces });
  }
  for (const { root, pieces } of pending) {
    if (finished.has(root)) continue;
    const hosted = callerHosts(program, pieces);
    if (hosted.length === 0) hosted.push(...exampleHosts(pieces));
    const guessed = hosted.length === 0 ? hubHostGuess(program, pieces, root.kind === 'str' && root.chain === true) : undefined;
    if (guessed) emit(root, guessed, () => methods.all(root), undefined, false, true);
    else for (const full of hosted.length > 0 ? hosted : [pieces]) emit(root, full, () => methods.all(root));
    // A construction that reads a value a condition chooses: the other options' readings too,
    // each once per literal that holds its path (`HUB + ("/v2/users/" if u else "/v2/repositories/")`).
    if (guessed || hosted.length > 0) continue;
    const anchors = new Set([anchorKey(pieces)]);
    for (const reading of choiceReadings(ev, root)) {
      const key = anchorKey(reading);
      if (key === undefined || anchors.has(key)) continue;
      anchors.add(key);
      emit(root, reading, () => methods.all(root), undefined, false, false, true);
    }
  }
  return dedupe(out);
}

/**
 * A path of a versioned API after a base (`/v2/…`), or a Hub path after a base that holds the
 * version (`${base}/users/login` with `base` = `https://hub.docker.com/v2`), also without the
 * slash (Retrofit's `v2/users/login` after its base URL): a URL worth asking the callers' files for its host.
 */
const API_PATH = /^\/?(?:v\d+\/|repositories\/|users\/login)/;
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
  const at = unknownHost(pieces);
  if (!callArguments || !at) return [];
  const { i, h } = at;
  const named = p.namesByName.get(h.hole)?.find((x) => x.start === h.start && x.end === h.end);
  const fn = named && p.paramScope(h.hole, named);
  const param = fn?.params.find((x) => x.name === h.hole);
  if (!fn || !param || param.index < 0) return [];
  // A constructor's parameter is passed to `new Class(…)`; a function's under the name it is exported by.
  const name = fn.name === 'constructor' || fn.name === '__init__' ? fn.parent?.name : (fn.name ?? p.lowered.defs.find((d) => d.value.start === fn.start && d.value.end === fn.end)?.name);
  if (!name) return [];
  // A Python constructor's or method's `self` is never passed: `Remote("https://…")` gives `__init__(self, endpoint)` its `endpoint`.
  const index = /^(?:self|cls)$/.test(fn.params[0]?.name ?? '') && fn.parent?.kind === 'class' ? param.index - 1 : param.index;
  const hosts = [...new Set(callArguments({ file: p.file, language: p.lowered.language, name, index, param: param.name }).flatMap((v) => (v.text ? [v] : [])))];
  return hosts.slice(0, MAX_CALLER_HOSTS).map((v) => [
    ...pieces.slice(0, i),
    { text: v.text as string, start: h.start, end: h.end, foreign: true, origin: { file: v.file, start: v.start, end: v.end } },
    ...pieces.slice(i + 1),
  ]);
}

/**
 * A URL whose host is a parameter this file's calls (or its default) give literal bases
 * (`listPage(user, baseUrl)` after `const baseUrl = 'https://hub.docker.com/v2'`): the URL once
 * per base so given, for a versioned API path. A call that gives another server is another URL.
 */
function exampleHosts(pieces: Pieces): Pieces[] {
  const i = pieces.findIndex((x) => !('text' in x));
  const h = pieces[i];
  if (i < 0 || !h || 'text' in h || h.examples.length === 0) return [];
  const before = pieces.slice(0, i).map((x) => ('text' in x ? x.text : '')).join('');
  const bare = /^[a-z][a-z0-9+.-]*:\/\/$/i.test(before);
  if (before !== '' && !bare) return [];
  let path = '';
  for (let k = i + 1; k < pieces.length && 'text' in pieces[k]; k++) path += (pieces[k] as { text: string }).text;
  if (!API_PATH.test(path)) return [];
  // A whole base (`https://hub.docker.com/v2`) where the code writes none; a bare host after a written scheme.
  const fits = (v: string) => !/\s/.test(v) && (bare ? v.split('/')[0].includes('.') && !v.includes('@') : /^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(v));
  const bases = [...new Set(h.examples.filter(fits))].slice(0, MAX_CALLER_HOSTS);
  return bases.map((text) => [...pieces.slice(0, i), { text, start: h.start, end: h.end, foreign: true }, ...pieces.slice(i + 1)]);
}

/**
 * The first placeholder of a URL when it stands for the host (nothing before it but a
 * scheme: `https://${host}`, `${this.base}`), no value of it is known, and a versioned API
 * path follows it.
 */
function unknownHost(pieces: Pieces): { i: number; h: Extract<Piece, { hole: string }>; path: string } | undefined {
  const i = pieces.findIndex((x) => !('text' in x));
  const before = pieces.slice(0, i).map((x) => ('text' in x ? x.text : '')).join('');
  if (i < 0 || !/^(?:[a-z][a-z0-9+.-]*:\/\/)?$/i.test(before)) return undefined;
  const h = pieces[i];
  // The text up to the next placeholder, over as many pieces as spell it (a chain's `/v2` `/users`).
  let path = '';
  for (let k = i + 1; k < pieces.length; k++) {
    const next = pieces[k];
    if (!('text' in next)) break;
    path += next.text;
  }
  if (!h || 'text' in h || h.examples.length > 0 || !API_PATH.test(path)) return undefined;
  return { i, h, path };
}

/** Paths no server but Docker Hub answers (the registry API's are `/v2/<name>/…`, `/v2/_catalog`). */
const HUB_ONLY_PATH = /^\/v2\/(?:repositories|users)\//;
/** A string literal naming a host of the Hub's v2 API: the host, in group 1 (literals only: no repetition). */
const HUB_HOST_LITERAL = new RegExp(`^(?:https?://)?(${HUB_V2_HOSTS.map(escapeRegExp).join('|')})(?:[/:]|$)`, 'i');

/**
 * A URL whose host is a placeholder nothing resolves (`https://${host}/v2/repositories/${ns}/`
 * in an exported function no file of the project calls) on a path only Docker Hub serves, in
 * a file that names a Hub host in a string literal, itself or in a file it imports (`const
 * HUB_HOST = 'hub.docker.com'` beside a `Session.host`): the URL on that host, marked
 * guessed (low confidence, never fixed). Without such evidence the placeholder may be any
 * server (a private registry, Harbor, a mirror) and nothing is reported; a registry API path
 * (`/v2/<name>/tags/list`) is never one only the Hub serves.
 */
function hubHostGuess(p: Program, pieces: Pieces, chain: boolean): Pieces | undefined {
  const at = unknownHost(pieces);
  // The code writes the scheme and leaves only the host name open (`https://${host}/v2/…`); a
  // whole base from the caller (`base + "/v2/…"`) may be any server's, proxies included. A REST
  // wrapper's chain (`api.v2.users.login.post()`, path-chain.ts) names no scheme: its client is the
  // whole base, and a wrapper configured with a host and a scheme flag reaches it over HTTPS.
  const scheme = pieces[0];
  const open = chain ? at?.i === 0 : at?.i === 1 && !!scheme && 'text' in scheme && /^[a-z]+:\/\/$/i.test(scheme.text);
  if (!at || !open || !HUB_ONLY_PATH.test(at.path)) return undefined;
  const evidence =
    literalMatching(p.lowered, HUB_HOST_LITERAL) ?? p.project.mentions?.({ file: p.file, language: p.lowered.language, imports: p.lowered.imports }, HUB_HOST_LITERAL, HUB_HOST_PATTERN);
  const host = evidence === undefined ? undefined : HUB_HOST_LITERAL.exec(evidence)?.[1];
  if (!host) return undefined;
  return [...pieces.slice(0, at.i), { text: `${chain ? 'https://' : ''}${host.toLowerCase()}`, start: at.h.start, end: at.h.end, foreign: true }, ...pieces.slice(at.i + 1)];
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
    if (e.kind === 'cut') stack.push(e.of);
  }
  return false;
}

/**
 * Part of a larger string (a field of an object literal is a value of its own, and so is one
 * option of a value a condition chooses: `c ? 'https://…/a' : 'https://…/b'` is two URLs).
 */
function isPart(e: Expr): boolean {
  return e.use.kind === 'part' && e.use.of.kind !== 'object' && e.use.of.kind !== 'either';
}

/** The value an option of a conditional stands for (`c ? a : b` for `a`), through nested conditionals; else itself. */
function chooserOf(e: Expr): Expr {
  let x = e;
  while (x.use.kind === 'part' && x.use.of.kind === 'either') x = x.use.of;
  return x;
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
  const lines = p.lines;
  const depth = lines.indentAt(def.value.start);
  const out: Array<{ root: Expr; trail: Trail }> = [];
  for (const u of p.namesByName.get(def.name) ?? []) {
    if (u.scope !== def.scope || u.start <= def.at) continue;
    const reads = p.defOf(def.name, u);
    if (!reads || reads === def) continue;
    const other = lines.indentAt(reads.value.start);
    const deeper = other > lines.indentAt(u.start) && depth > lines.indentAt(u.start);
    // `if …: x = a` / `else: x = b` (a line less indented between them), and the use after the
    // second branch (a line less indented than it before the use: `try:` around the use).
    const siblings = reads.at > def.at && lines.dedentBetween(def.value.end, reads.value.start, depth) && lines.dedentBetween(reads.value.end, u.start, other);
    if (!deeper && !siblings) continue;
    let top = u;
    while (top.use.kind === 'part') top = top.use.of;
    if (top === u) continue;
    out.push({ root: top, trail: { env: { ...trail.env, defs: new Map([...(trail.env.defs ?? []), [def.name, def]]) }, via: trail.via } });
  }
  return out;
}

/** The definition a value is assigned by when no read reaches it but from after the branch it stands in (branchUses). */
function branchOnly(p: Program, root: Expr): Def | undefined {
  return root.use.kind === 'def' && p.usesOf(root.use.def).length === 0 ? root.use.def : undefined;
}

/**
 * A definition whose every use builds a longer string (also through names that copy it), beside
 * uses that only look at a text (`url.replace(BASE, '')`, `url.startswith(BASE)`,
 * `strings.TrimPrefix(u, base)`): those send nothing, so a base completed into tags routes alone is
 * no call (`REPOS = "…/v2/repositories/library"`, then `f"{REPOS}/{name}/tags"`).
 */
function onlyABase(p: Program, def: Def, depth = 0): boolean {
  const uses = p.usesOf(def);
  if (uses.length === 0 || depth > 4) return false;
  const extended = (u: Expr): boolean => isPart(u) || (u.use.kind === 'def' && onlyABase(p, u.use.def, depth + 1));
  return uses.some(extended) && uses.every((u) => extended(u) || onlyLooksAt(u));
}

/** Calls that read or cut a text and send nothing: string replacement, prefix and suffix tests and trims, searches. */
const TEXT_OPS = /^(?:replace|replaceAll|Replace|ReplaceAll|startswith|endswith|startsWith|endsWith|start_with\?|end_with\?|removeprefix|removesuffix|delete_prefix|delete_suffix|HasPrefix|HasSuffix|TrimPrefix|TrimSuffix|CutPrefix|CutSuffix|Contains|contains|includes|indexOf|index|find|sub|gsub|str_replace|str_starts_with|str_contains|lstrip|rstrip|strip)$/;

/** A use of a value as an argument or receiver of a text operation (TEXT_OPS). */
function onlyLooksAt(u: Expr): boolean {
  return (u.use.kind === 'arg' || u.use.kind === 'receiver') && TEXT_OPS.test(u.use.call.name);
}

/**
 * The literal holding the route stands before the construction, in the same function, in a
 * value nothing else reads (`path := "/repositories/" + ns` then `u := base + path`; `u = u +
 * "/repositories/"` then `u = u + name`): the finding belongs on its line, as for one expression
 * over several lines. A value read by several constructions keeps each finding on its own.
 */
function readOnlyHere(p: Program, root: Expr, anchor: Piece): boolean {
  if (!('text' in anchor) || anchor.foreign) return false;
  const top = constructionAt(p.lowered, anchor.start);
  if (!top || top.scope !== root.scope || top.end > root.start) return false;
  return top.use.kind === 'def' && p.usesOf(top.use.def).length === 1;
}

/** The outermost string-building expression around the literal at `at`. */
function constructionAt(lowered: Lowered, at: number): Expr | undefined {
  const holder = lowered.exprs.find((e) => e.kind === 'str' && e.start <= at && at < e.end);
  let top = holder;
  while (top && top.use.kind === 'part') top = top.use.of;
  return top;
}

/**
 * A function's returned value whose every call (and every read, for a property) in this file
 * builds a longer string from it, directly or through names that are only bases.
 */
function onlyAPrefix(p: Program, e: Expr): boolean {
  if (e.use.kind !== 'return') return false;
  const scope = e.use.scope;
  const uses = [...p.callsOf(scope).map((c) => c.result), ...p.getterReads(scope)];
  return uses.length > 0 && uses.every((u) => isPart(u) || (u.use.kind === 'def' && onlyABase(p, u.use.def)));
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
  /** A base known as pieces, with the method the request's call states (inheritedBases). */
  joined?: { base: Pieces; method: Evidence };
  /**
   * Finished in another file's function (foreign.ts): `root` is that file's, evaluated by its
   * guest evaluator; its method resolver decides, else where this file's `call` sends its result.
   */
  guest?: { ev: Evaluator; methods: MethodResolver; call: Call };
}

function completions(p: Program, ev: Evaluator, e: Expr, trail: Trail = TOP): Completion[] {
  spend();
  if (trail.via.length > 4) return [];
  const use = e.use;
  if (use.kind === 'def') {
    const def = use.def;
    return [
      ...p
        .usesOf(def)
        .filter((u) => u.use.kind === 'arg')
        .flatMap((u) => completions(p, ev, u, trail)),
      ...branchUses(p, def, trail),
    ];
  }
  if (use.kind === 'part' && use.of.kind === 'object') return inOptions(p, e, use.of, trail);
  if (use.kind !== 'arg') return [];
  const call = use.call;
  const out: Completion[] = [];
  const fns = p.targetsOf(call);
  if (fns.length === 0 && use.index === pathArgIndex(call) && !use.keyword) {
    // `api.get(path)`, `$client->request('POST', path)` on a client; `hubGot(path)`, a client that is itself called.
    const base = requestBase(p, call, trail.env);
    if (base) out.push({ root: e, trail, base });
    else for (const joined of inheritedBases(p, ev, call)) out.push({ root: e, trail, joined });
  }
  for (const fn of fns) {
    const param = p.paramAt(call, fn, use.index, use.keyword);
    if (!param) continue;
    const env = bindCall(p, call, fn, trail.env);
    // A base class's method run on `this` from a subclass: its constructor took the subclass's `super(…)` arguments.
    const cls = fn.parent?.kind === 'class' ? fn.parent : undefined;
    if (cls) for (const [key, binding] of superBindings(p, call, { program: p, cls }, trail.env)) env.bindings?.set(key, binding);
    const inner: Trail = { env, via: [...trail.via, { call, env: trail.env }], crossed: trail.crossed };
    out.push(...intoFunction(p, ev, fn, param.name, inner));
  }
  const crossed = trail.crossed ?? 0;
  if (fns.length === 0 && out.length === 0 && crossed < MAX_CROSSINGS && mayBeHubPath(ev.evaluate(e, trail.env))) {
    for (const t of foreignTargets(p, ev, call, trail.env)) {
      const param = t.program.paramAt(call, t.fn, use.index, use.keyword);
      if (!param) continue;
      const guest = { ev: t.ev, methods: new MethodResolver(t.program, t.ev, crossed + 1), call };
      for (const done of intoFunction(t.program, t.ev, t.fn, param.name, { env: t.env, via: [], crossed: crossed + 1 })) out.push(done.guest ? done : { ...done, guest });
    }
  }
  return out;
}

/** Keys of a request's options object that hold the path sent (`client.request({ method, url: path })`). */
const PATH_KEY = /^(?:url|uri|path)$/;

/**
 * A path given as the URL field of the options of a request on a client (`this.http.request({
 * method, url: path })` with `this.http = axios.create({ baseURL })`): joined to the client's base.
 */
function inOptions(p: Program, e: Expr, obj: Extract<Expr, { kind: 'object' }>, trail: Trail): Completion[] {
  const key = [...obj.fields].find(([, v]) => v === e)?.[0];
  if (key === undefined || !PATH_KEY.test(key) || obj.use.kind !== 'arg' || p.targetsOf(obj.use.call).length > 0) return [];
  const base = requestBase(p, obj.use.call, trail.env);
  return base ? [{ root: e, trail, base }] : [];
}

/** Where a function's parameter goes in its body: the constructions that hold it, or further calls. */
function intoFunction(p: Program, ev: Evaluator, fn: Scope, name: string, inner: Trail): Completion[] {
  const out: Completion[] = [];
  for (const u of p.paramReads(name, fn)) {
    spend();
    const redefined = p.defOf(name, u);
    if (redefined && !derivesFrom(p, redefined, name)) continue;
    let top = u;
    while (top.use.kind === 'part' && isPart(top)) top = top.use.of;
    if (top !== u && isConstruction(top)) out.push({ root: top, trail: inner });
    else if (top === u) out.push(...completions(p, ev, u, inner));
  }
  return out;
}

/** Values worth following into another file: they may hold a Hub path (the cost follows such sites). */
function mayBeHubPath(pieces: Pieces): boolean {
  return HUB_PATH_PATTERN.test(pieces.map((x) => ('text' in x ? x.text : '/x')).join(''));
}

/** Words of a method name (`http_post`, `postJSON`, `doGet`) that name an HTTP verb: the method it sends with. */
function verbInName(name: string): string | undefined {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_]+/).filter(Boolean);
  const verbs = words.map((w) => w.toUpperCase()).filter((w) => HTTP_METHODS.has(w));
  return verbs.length === 1 ? verbs[0] : undefined;
}

/** Constructor arguments asked of a class's `new` sites for its endpoint. */
const MAX_CONSTRUCTOR_ARGS = 3;

/**
 * A REST resource class: it extends a base class of a package outside the project (whose
 * constructor, inherited or called through `super(url)`, takes the endpoint) and calls the
 * base's verb-named request methods on `this` with a path relative to that endpoint
 * (`this.http_post('users/login/')`). Its base is the URL-valued argument the `new` sites of
 * the files importing the class pass (`new Auth(endpoint)`); the method is the name's verb.
 * A class that sets the base itself (`this.baseURL = 'https://…'` in its constructor, as
 * Apollo's RESTDataSource subclasses do) uses that one. A base class of the project is read
 * instead (its method is a function of a file we have).
 */
function inheritedBases(p: Program, ev: Evaluator, call: Call): Array<{ base: Pieces; method: Evidence }> {
  const verb = verbInName(call.name);
  if (!verb || call.receiver?.kind !== 'name' || call.receiver.name !== 'this') return [];
  let cls: Scope | null = call.scope;
  while (cls && cls.kind !== 'class') cls = cls.parent;
  const head = cls?.base?.split('.')[0];
  const from = head && p.lowered.imports.find((i) => i.local === head)?.module;
  if (!cls?.name || !from || from.startsWith('.') || from.startsWith('/')) return [];
  // The class sets the base the outside class reads itself (Apollo's RESTDataSource: `this.baseURL = '…'`).
  const own = BASE_KEYS.flatMap((k) => p.defsByName.get(`this.${k}`) ?? []).filter((d) => d.scope === cls || d.scope.parent === cls);
  const set = own.length > 0 ? ev.evaluate(own[own.length - 1].value) : undefined;
  const first = set?.[0];
  if (set && first && 'text' in first && HOST.test(first.text)) return [{ base: set, method: explicit(verb) }];
  if (!p.project.callArguments) return [];
  const out: Array<{ base: Pieces; method: Evidence }> = [];
  const seen = new Set<string>();
  for (let index = 0; index < MAX_CONSTRUCTOR_ARGS; index++) {
    for (const v of p.project.callArguments({ file: p.file, language: p.lowered.language, name: cls.name, index })) {
      if (v.text === undefined || !HOST.test(v.text) || seen.has(v.text)) continue;
      seen.add(v.text);
      out.push({ base: [{ text: v.text, start: -1, end: -1, foreign: true, origin: { file: v.file, start: v.start, end: v.end } }], method: explicit(verb) });
    }
  }
  return out;
}
