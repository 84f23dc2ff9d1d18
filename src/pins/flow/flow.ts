import { normalizeApiVersion } from '../../engine/versions.js';
import { Evaluator, fieldOf, objectOf, type Piece, type Program } from '../../extract/lower/evaluate.js';
import type { Call, Expr, Param, Scope } from '../../extract/lower/form.js';
import type { PinForm } from '../types.js';
import { memberDefs } from '../../extract/resolve/members.js';
import { isVersionBound } from './bounds.js';
import { DAEMON_ADDRESS, ENGINE_ROUTES, PIN_VARIABLE_FORMS, SINKS, VARIABLE_TARGET, type Sink } from './sinks.js';

/**
 * Pins by data flow (issue 16): from each place a Docker client takes a version (sinks.ts),
 * the value is followed back to its literal through names, parameters and their call sites,
 * object fields and other files' constants (the Hub resolver's evaluator and project lookup).
 * A pin stands at the literal; a constant of a library outside the scanned code
 * (`RemoteApiVersion.VERSION_1_44`) has no literal here and stands at the use.
 */
export interface FlowPin {
  /** The file the literal is in (the asking file, or the one that defines the constant). */
  file: string;
  start: number;
  end: number;
  version: string;
  form: PinForm;
  /** What takes the version: the sink's id. */
  sink: string;
  /** Where the client takes it. */
  use: { file: string; start: number };
  /** The literal stands at the use itself (no name between). */
  direct: boolean;
}

/** How many call sites one parameter is followed to, and how deep parameters chain. */
const MAX_CALLERS = 8;
const MAX_HOPS = 4;
/** The options of one conditional value followed (`c ? a : b`). */
const MAX_OPTIONS = 8;

const ROUTE_AFTER = new RegExp(String.raw`^\/(${ENGINE_ROUTES})(?![\w-])`);
const VERSION_NAME = /(?:^|\.)V(?:ERSION)?_?(\d+)_(\d+)$/;
const TWO_NUMBERS = /\bmajor_version\s*:\s*(\d+)\s*,\s*(?:\/\/[^\n]{0,160}\n\s*)?minor_version\s*:\s*(\d+)/;
const DOCKER = /docker|moby/i;
/** A file that speaks of a client, or of a server (whose default version is what it answers with). */
const CLIENT_FILE = /client/i;
const SERVER_FILE = /\bserver\b|\bserv(?:es|ed|ice)\b/i;
/** A file that names Docker or a daemon: a built path there may go to the Engine with the route a caller passes. */
const DOCKER_OR_DAEMON = /docker|moby|daemon/i;

type TextPiece = Extract<Piece, { text: string }>;
const isText = (p: Piece): p is TextPiece => 'text' in p;

class Search {
  readonly out: FlowPin[] = [];
  private readonly ev: Evaluator;

  constructor(
    private readonly p: Program,
    private readonly text: string,
  ) {
    this.ev = new Evaluator(p);
  }

  /** The version a value holds, followed to its literal(s). */
  value(e: Expr, sink: Sink, use: number, hops = 0): void {
    const pin = (file: string, start: number, end: number, raw: string, direct: boolean) => {
      const version = normalizeApiVersion(raw);
      // Engine API versions start at 1.0: a `0.0` is a placeholder filled in at run time.
      if (version === undefined || version.startsWith('0.')) return;
      this.out.push({ file, start, end, version, form: direct ? sink.form : 'constant', sink: sink.id, use: { file: this.p.file, start: use }, direct });
    };
    if (hops > MAX_HOPS) return;
    // A version chosen by a condition (`if (legacy) "1.24" else "1.41"`): each option is a pin.
    const options = this.optionsOf(e);
    if (options) {
      for (const o of options) this.value(o, sink, use, hops + 1);
      return;
    }
    if (e.kind === 'name' && this.everyDefinition(e, sink, use)) return;
    if (e.kind === 'name' && hops < MAX_HOPS && this.members(e, sink, use, hops)) return;
    // A parameter with a default (`def client(api_version=None)`): what each call site passes
    // (`client(api_version="1.41")`), besides the default, which the evaluator reads below.
    if (e.kind === 'name' && hops < MAX_HOPS) {
      const fn = this.p.paramScope(e.name, e);
      const param = fn?.params.find((x) => x.name === e.name);
      if (fn && param?.fallback && this.p.defOf(e.name, e)?.value === param.fallback) this.callersOf(fn, param, sink, use, hops);
    }
    // A configuration key read back (`viper.GetString("docker_api_version")`): its default in this file.
    if (e.kind === 'call' && /^Get(?:String)?$/.test(e.call.name) && e.call.args.length === 1) {
      const key = literalOf(e.call.args[0]);
      for (const c of this.p.callsByName.get('SetDefault') ?? []) if (key !== undefined && literalOf(c.args[0]) === key && c.args[1]) this.value(c.args[1], sink, use, hops + 1);
      return;
    }
    // An entry of a dict or map of versions read by key (`CHANNEL_API[channel]`): each of its entries.
    const keyed = e.kind === 'opaque' ? /^([A-Za-z_][\w.]*)\[[^\]]+\]$/.exec(e.text)?.[1] : undefined;
    if (keyed) {
      for (const d of this.p.lowered.defs) if (d.scope.kind !== 'function' && d.name.startsWith(`${keyed}.`)) this.value(d.value, sink, use, hops + 1);
      return;
    }
    // A version parsed from its text (C# `new Version("1.41")`, `Version.Parse("1.41")`, Java
    // `RemoteApiVersion.parseConfig("1.41")`): the text is the version.
    if (e.kind === 'call' && /^(?:Version|Parse|TryParse|parseConfig)$/.test(e.call.name) && e.call.args.length === 1 && hops < MAX_HOPS) return this.value(e.call.args[0], sink, use, hops + 1);
    const numbers = this.twoNumbers(e);
    if (numbers) return pin(this.p.file, numbers.start, numbers.end, numbers.version, e.start === use || numbers.start >= use);
    const pieces = this.ev.evaluate(e);
    if (pieces.length > 0 && pieces.every(isText)) {
      // The piece that holds the digits: `"v" + API` and `API` both point at API's literal.
      const at = pieces.find((x) => /\d/.test(x.text)) ?? pieces[0];
      const raw = pieces.map((x) => x.text).join('');
      if (at.origin) return pin(at.origin.file, at.origin.start, at.origin.end, raw, false);
      if (at.start < 0) return;
      return pin(this.p.file, at.start, at.end, raw, at.start >= e.start && at.end <= e.end);
    }
    if (pieces.length !== 1 || isText(pieces[0])) return;
    const hole = pieces[0];
    // A library's constant that names its version (`RemoteApiVersion.VERSION_1_44`): at the use.
    const named = VERSION_NAME.exec(hole.hole);
    if (named && !this.p.lowered.defs.some((d) => d.name === hole.hole)) return pin(this.p.file, hole.start, hole.end, `${Number(named[1])}.${Number(named[2])}`, true);
    // Ruby names no import: a constant (`Dockhand::API_VERSION`) comes from the files it requires.
    const required = this.required(hole);
    if (required) return pin(required.origin!.file, required.origin!.start, required.origin!.end, required.text, false);
    if (hops < MAX_HOPS) this.callers(hole, sink, use, hops);
  }

  /** The options of a value a condition chooses, written here or in the name's definition. */
  private optionsOf(e: Expr): Expr[] | undefined {
    if (e.kind === 'either') return e.options.slice(0, MAX_OPTIONS);
    if (e.kind !== 'name') return undefined;
    const def = this.p.defOf(e.name, e);
    return def?.value.kind === 'either' ? def.value.options.slice(0, MAX_OPTIONS) : undefined;
  }

  /** A literal another file holds (a constant, a call site's argument), reported there. */
  private foreignPin(at: { text: string; file: string; start: number; end: number }, sink: Sink, use: number): void {
    const version = normalizeApiVersion(at.text);
    if (version !== undefined && !version.startsWith('0.')) this.out.push({ file: at.file, start: at.start, end: at.end, version, form: 'constant', sink: sink.id, use: { file: this.p.file, start: use }, direct: false });
  }

  /** A field of an object another file defines, as a pin at its literal there. */
  private foreignField(e: Extract<Expr, { kind: 'name' }>, field: string, sink: Sink, use: number): void {
    const v = this.p.project.value({ file: this.p.file, language: this.p.lowered.language, imports: this.p.lowered.imports, name: `${e.name}.${field}` });
    const at = v?.pieces.length === 1 ? v.pieces[0] : undefined;
    if (!at || !('text' in at)) return;
    this.foreignPin(at, sink, use);
  }

  /** Ruby names no import: a constant (`Dockhand::API_VERSION`) comes from the files the file requires. */
  required(hole: Piece): TextPiece | undefined {
    if (isText(hole) || this.p.lowered.language !== 'ruby' || !/^[A-Z][A-Z0-9_]*$/.test(hole.hole)) return undefined;
    const v = this.p.project.value({ file: this.p.file, language: 'ruby', name: hole.hole });
    const at = v?.pieces.length === 1 ? v.pieces[0] : undefined;
    return at && 'text' in at ? { text: at.text, start: hole.start, end: hole.end, foreign: true, origin: { file: at.file, start: at.start, end: at.end } } : undefined;
  }

  /**
   * A name another file defines more than once (a Go constant per build tag): every literal.
   * True when it answered (two or more definitions); one definition goes the evaluator's way.
   */
  private everyDefinition(e: Extract<Expr, { kind: 'name' }>, sink: Sink, use: number): boolean {
    const project = this.p.project;
    if (!project.values || this.p.defOf(e.name, e) || this.p.paramScope(e.name, e) || !this.p.mayBeForeign(e.name)) return false;
    const all = project.values({ file: this.p.file, language: this.p.lowered.language, imports: this.p.lowered.imports, name: e.name });
    if (all.length < 2) return false;
    for (const v of all) {
      const at = v.pieces.length === 1 ? v.pieces[0] : undefined;
      if (!at || !('text' in at)) continue;
      this.foreignPin(at, sink, use);
    }
    return true;
  }

  /**
   * Go: a field read through a typed parameter or a method's receiver (`o.APIVersion` of
   * `func NewClient(o Options)`): every value the struct's field is given, in composite literals
   * (`NewClient(Options{APIVersion: "1.41"})`) and assignments, in this file or (through the
   * project) the module's others. Every one is a pin, not the one option the evaluator picks.
   * True when the field had values.
   */
  private members(e: Extract<Expr, { kind: 'name' }>, sink: Sink, use: number, hops: number): boolean {
    const m = this.p.lowered.language === 'go' ? /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(e.name) : null;
    if (!m || this.p.defOf(e.name, e)) return false;
    const owner = structOf(e.scope, m[1]);
    if (!owner) return false;
    const local = memberDefs(this.p.lowered, owner, m[2], true).filter((d) => d.value !== e);
    const from = this.out.length;
    for (const d of local.slice(0, MAX_CALLERS)) this.value(d.value, sink, use, hops + 1);
    // The literal stands in a struct literal, not at the use: reported as a constant used there.
    for (let i = from; i < this.out.length; i++) this.out[i] = { ...this.out[i], form: 'constant', direct: false };
    const foreign = this.p.project.memberValues?.({ file: this.p.file, language: 'go', owner, member: m[2] }) ?? [];
    for (const v of foreign.slice(0, MAX_CALLERS)) {
      const at = v.pieces.length === 1 ? v.pieces[0] : undefined;
      if (at && 'text' in at) this.foreignPin(at, sink, use);
    }
    return local.length > 0 || foreign.length > 0;
  }

  /** A parameter: the arguments its function's call sites pass, here and in the files that import it. */
  private callers(hole: Extract<Piece, { hole: string }>, sink: Sink, use: number, hops: number): void {
    const expr = this.p.namesByName.get(hole.hole)?.find((x) => x.start === hole.start && x.end === hole.end);
    const fn: Scope | undefined = expr && this.p.paramScope(hole.hole, expr);
    const param = fn?.params.find((x) => x.name === hole.hole);
    if (fn && param) this.callersOf(fn, param, sink, use, hops);
  }

  private callersOf(fn: Scope, param: Param, sink: Sink, use: number, hops: number): void {
    for (const call of this.p.callsOf(fn).slice(0, MAX_CALLERS)) {
      const arg = this.p.argFor(call, fn, param.name);
      if (arg) this.value(arg, sink, use, hops + 1);
    }
    const name = fn.name === 'constructor' ? fn.parent?.name : (fn.name ?? this.p.lowered.defs.find((d) => d.value.start === fn.start && d.value.end === fn.end)?.name);
    if (!name || param.index < 0 || !this.p.project.callArguments) return;
    for (const v of this.p.project.callArguments({ file: this.p.file, language: this.p.lowered.language, name, index: param.index, param: param.name }).slice(0, MAX_CALLERS)) {
      const at = v.pieces.length === 1 ? v.pieces[0] : undefined;
      if (!at || !('text' in at)) continue;
      this.foreignPin(at, sink, use);
    }
  }

  /**
   * A version given as two numbers: C# `new Version(1, 41)`, docker-java
   * `RemoteApiVersion.create(1, 43)`, Rust `ClientVersion { major_version: 1, minor_version: 41 }`
   * (written here or in a constant of this file). Reported at the expression that holds both.
   */
  private twoNumbers(e: Expr, depth = 0): { version: string; start: number; end: number } | undefined {
    if (depth > 4) return undefined;
    if (e.kind === 'call' && /^(?:Version|create)$/.test(e.call.name) && e.call.args.length === 2) {
      const [a, b] = e.call.args.map((x) => (x.kind === 'opaque' && /^\d+$/.test(x.text) ? x.text : undefined));
      return a !== undefined && b !== undefined ? { version: `${Number(a)}.${Number(b)}`, start: e.start, end: e.end } : undefined;
    }
    if (e.kind === 'opaque') {
      // The opaque text is cut short: read the source range.
      const source = this.text.slice(e.start, e.end);
      const m = TWO_NUMBERS.exec(source);
      if (!m) return undefined;
      // `negotiated(&ClientVersion {…})`: the daemon's answer, simulated.
      const lineStart = this.text.lastIndexOf('\n', e.start) + 1;
      if (/negotiat/i.test(this.text.slice(lineStart, e.start))) return undefined;
      return { version: `${Number(m[1])}.${Number(m[2])}`, start: e.start, end: e.start + m.index + m[0].length };
    }
    if (e.kind === 'name') {
      const def = this.p.defOf(e.name.replace(/^&/, ''), e);
      if (def && def.value !== e) return this.twoNumbers(def.value, depth + 1);
    }
    return undefined;
  }

  /** The expressions that carry the version at a call, per the sink's `at`. */
  argsOf(sink: Sink, call: Call): Expr[] {
    const at = sink.at;
    if ('keyword' in at) {
      const out: Expr[] = [];
      const kw = call.keywords.get(at.keyword);
      if (kw) out.push(kw);
      // `APIClient(**opts)`: the dict's keys are the client's keywords (`opts["version"] = …`, `opts = {"version": …}`).
      for (const a of call.args) {
        const dict = a.kind === 'opaque' ? /^\*\*([\w.]+)$/.exec(a.text)?.[1] : undefined;
        if (!dict) continue;
        const defs = this.p.defsByName.get(`${dict}.${at.keyword}`) ?? [];
        out.push(...defs.filter((d) => d.at <= call.start).map((d) => d.value));
      }
      return out;
    }
    if ('field' in at) {
      const arg = call.args[at.arg];
      // An options object another module exports (`new Docker(engineOptions)`): its field there.
      if (arg?.kind === 'name' && !this.p.defOf(arg.name, arg) && !this.p.paramScope(arg.name, arg) && this.p.mayBeForeign(arg.name)) this.foreignField(arg, at.field, sink, call.start);
      const obj = arg && objectOf(this.p, arg, {});
      const found = obj ? fieldOf(this.p, obj.obj, obj.env, at.field) : 'absent';
      return typeof found === 'object' ? [found.expr] : [];
    }
    if ('setting' in at) {
      const named = call.args[at.arg];
      if (!named) return [];
      const pieces = this.ev.evaluate(named);
      if (!pieces.every(isText)) return [];
      const text = pieces.map((x) => x.text).join('');
      if (at.setting.includes(text)) return call.args[at.arg + 1] ? [call.args[at.arg + 1]] : [];
      return [];
    }
    if ('any' in at) return call.args;
    const arg = at.arg < 0 ? call.args[call.args.length + at.arg] : call.args[at.arg];
    return arg ? [arg] : [];
  }

  /** `putenv("DOCKER_API_VERSION=1.41")`: the value inside the name argument. */
  inline(sink: Sink, call: Call): void {
    const at = sink.at;
    if (!('setting' in at) || !at.inline) return;
    const arg = call.args[at.arg];
    if (!arg || arg.kind !== 'str' || arg.parts.length !== 1 || !('text' in arg.parts[0])) return;
    const part = arg.parts[0];
    const m = /^(\w+)=(v?\d+\.\d+)$/.exec(part.text);
    if (!m || !at.setting.includes(m[1])) return;
    const start = part.start + m[1].length + 1;
    const version = normalizeApiVersion(m[2]);
    if (version) this.out.push({ file: this.p.file, start, end: start + m[2].length, version, form: PIN_VARIABLE_FORMS[m[1]] ?? sink.form, sink: m[1], use: { file: this.p.file, start: call.start }, direct: true });
  }

  /**
   * Engine request paths built from a name (`"/v" + API + "/containers/json"`, a prefix constant
   * `"/v1.41"` or a base `http://unix/v1.38` put before the route): the Engine serves `/vX.Y/` at
   * the root of its address. What follows is an Engine route, or (in a file that talks to a
   * daemon) the path a caller passes (`"/v#{API}#{path}"`, `$"/v{Level}/{route}"`).
   */
  paths(daemon: boolean): void {
    for (const e of this.p.lowered.exprs) {
      // The outermost construction only (a field of an options object is one).
      if ((e.use.kind === 'part' && e.use.of.kind !== 'object' && e.use.of.kind !== 'either') || (e.kind !== 'str' && e.kind !== 'concat' && e.kind !== 'format' && e.kind !== 'join')) continue;
      if (e.kind === 'str' && !e.parts.some((x) => 'expr' in x)) continue;
      const pieces = this.ev.evaluate(e).map((x) => this.required(x) ?? x);
      if (!pieces.some((x) => isText(x) && /\d\.\d/.test(x.text))) continue;
      // The pieces joined, a hole as U+E000 (no text holds it); `owner[i]` is the piece each character comes from.
      let joined = '';
      const owner: number[] = [];
      pieces.forEach((x, i) => {
        const t = isText(x) ? x.text : '\uE000';
        joined += t;
        for (let k = 0; k < t.length; k++) owner.push(i);
      });
      for (const m of joined.matchAll(ENGINE_VERSION_SEGMENT)) {
        const slash = m.index;
        const digits = slash + 2;
        const end = digits + m[1].length;
        const at = owner[digits];
        const piece = pieces[at];
        if (!isText(piece) || owner[end - 1] !== at) continue;
        const direct = !piece.origin && piece.start >= e.start && piece.end <= e.end;
        // A literal written in the path itself is the URL extractor's (pins/extract/url.ts), unless it is the version alone.
        if (direct && !/^v?\d+\.\d+$/.test(piece.text)) continue;
        const before = joined.slice(0, slash + 1);
        const after = joined.slice(end);
        // `Http::baseUrl('http://' . self::API)` over the socket: the version is the whole path base.
        const base = daemon && /^https?:\/\/(?:[^/]*\/)?$/.test(before) && after === '' && e.use.kind === 'arg' && /^base_?ur[il]$/i.test(e.use.call.name);
        // The root of an address: the path's start, after a host or a base; under another path
        // segment (`/api/v1.3/…`) it is another service's own API.
        if (!base && (!/(?:^|[^/:])\/$|\/\/[^/]+\/$/.test(before) || /(?:[^/:]\/|^|\uE000)[A-Za-z_][\w-]*\/$/.test(before))) continue;
        const route = ROUTE_AFTER.exec(after)?.[1];
        const callerPath = after.startsWith('\uE000') || after.startsWith('/\uE000');
        // Without a daemon named in the file: a route only the Engine serves, on a relative path or a local address.
        const local = before === '/' || before.endsWith('\uE000/') || LOCAL_ROOT.test(before);
        if (!base && !(route !== undefined && (daemon || (local && DISTINCT_ROUTE.test(route)))) && !(callerPath && daemon)) continue;
        const version = normalizeApiVersion(m[1]);
        if (version === undefined || !version.startsWith('1.')) continue;
        // The version with its `v` when the same piece holds both.
        const from = owner[slash + 1] === at ? slash + 1 : digits;
        const offset = from - owner.indexOf(at);
        const length = end - from;
        const [file, start] = piece.origin ? [piece.origin.file, piece.origin.start] : [this.p.file, piece.start];
        if (start < 0 || ((offset !== 0 || length !== piece.text.length) && !this.exact(piece))) continue;
        this.out.push({ file, start: start + offset, end: start + offset + length, version, form: direct ? 'url' : 'constant', sink: ENGINE_PATH_SINK, use: { file: this.p.file, start: e.start }, direct });
      }
    }
  }

  /** The piece's text is its source range as written (no escape between), so an offset in one is one in the other. */
  private exact(piece: TextPiece): boolean {
    if (piece.origin) return piece.origin.file !== this.p.file || this.text.slice(piece.origin.start, piece.origin.end) === piece.text || piece.origin.end - piece.origin.start === piece.text.length;
    return this.text.slice(piece.start, piece.end) === piece.text;
  }

  /**
   * `{ Version: '20.10.7', ApiVersion: '1.41', MinAPIVersion: '1.12', GitCommit: … }`: what a
   * daemon answers `/version` with (a fake daemon's reply, a captured response), not a setting.
   */
  private isDaemonAnswer(name: string): boolean {
    const dot = name.lastIndexOf('.');
    if (dot <= 0) return false;
    const owner = name.slice(0, dot + 1);
    return DAEMON_ANSWER_FIELDS.some((f) => this.p.defsByName.has(owner + f));
  }

  /**
   * A Docker client library's own default version, set where the library keeps its settings:
   * `DEFAULT_DOCKER_API_VERSION = "1.41"`, a property default `apiVersion: String = "1.41"`, a
   * field `self.api_version = "1.41"`, Ruby's `@api_version ||= "/v1.12"`. The library builds its
   * requests from it elsewhere (its users never write the version). A daemon's answer or a
   * library's bounds (`MIN_…`, `server_api_version`, a constant commented as the minimum or
   * only compared against: bounds.ts) are no setting.
   */
  defaults(): void {
    for (const d of this.p.lowered.defs) {
      const last = d.name.slice(d.name.lastIndexOf('.') + 1).replace(/^[@$]+/, '');
      if (!isDefaultVersionName(last) || NOT_A_SETTING.test(last)) continue;
      if (d.scope.kind === 'function' && !/^(?:self|this|@)\./.test(d.name)) continue;
      if (this.isDaemonAnswer(d.name) || isVersionBound(this.text, last, d.at)) continue;
      const v = d.value;
      if (v.kind !== 'str' || v.parts.length !== 1 || !('text' in v.parts[0])) continue;
      const part = v.parts[0];
      const m = /^\/?(v?(\d+\.\d+))$/.exec(part.text);
      if (!m || this.text.slice(part.start, part.end) !== part.text) continue;
      const version = normalizeApiVersion(m[1]);
      // Engine API versions the clients speak: 1.12 and later (a generic `apiVersion` of 1.2 is some other API's).
      if (version === undefined || !/^1\.(?:1[2-9]|[2-9]\d)$/.test(version)) continue;
      const start = part.start + part.text.length - m[1].length;
      this.out.push({ file: this.p.file, start, end: part.end, version, form: 'constant', sink: `client default ${last}`, use: { file: this.p.file, start: d.at }, direct: true });
    }
  }
}

/** The sink id of an Engine request path built from a name (Search.paths). */
export const ENGINE_PATH_SINK = 'Engine request path /v…';
/** `/v1.41` in a joined path, ended by a path character, a hole or the end. */
const ENGINE_VERSION_SEGMENT = /\/v(\d+\.\d+)(?=[/?#\uE000]|$)/g;
/** Routes no other service's versioned API is likely to serve: enough without a daemon address in the file. */
const DISTINCT_ROUTE = /^(?:containers|images|networks|volumes|exec|_ping|swarm|distribution)$/;
/** A path's start at the local daemon's address: a socket's placeholder host (`http://unix/`), the loopback, its ports. */
const LOCAL_ROOT = /\/\/(?:localhost|127\.0\.0\.1|\[::1\]|unix|docker|dockerd|[^/]*:237[56])\/$/;
/** Names of a client's own default version (the last name of a definition). */
const DEFAULT_VERSION_NAME = /^(?:(?:default|DEFAULT)_?)?(?:(?:docker|engine|DOCKER|ENGINE|Docker|Engine)_?)?(?:(?:default|DEFAULT|Default)_?)?(?:api|API|Api)_?(?:version|VERSION|Version)(?:_?(?:default|DEFAULT|Default))?$/;
/** Fields of the daemon's `/version` answer besides its `ApiVersion`. */
const DAEMON_ANSWER_FIELDS = ['MinAPIVersion', 'GitCommit', 'GoVersion', 'KernelVersion', 'BuildTime'];
/** Or any name that says it is the default API version (`LIBRARY_DEFAULT_API_VERSION`, `defaultRemoteApiVersion`). */
function isDefaultVersionName(last: string): boolean {
  if (DEFAULT_VERSION_NAME.test(last)) return true;
  const flat = last.replace(/_/g, '').toLowerCase();
  return flat.endsWith('apiversion') && flat.includes('default');
}
const NOT_A_SETTING = /min|max|server|daemon|negotiat|supported|latest/i;

/** The struct type a Go name has as a parameter or the receiver of an enclosing function. */
function structOf(scope: Scope | null, name: string): string | undefined {
  for (let s = scope; s; s = s.parent) {
    const param = s.params.find((x) => x.name === name || x.name === `recv:${name}`);
    if (param) return param.name.startsWith('recv:') ? s.receiver : param.type;
  }
  return undefined;
}

/** The literal text of a plain string expression. */
function literalOf(e: Expr | undefined): string | undefined {
  if (!e || e.kind !== 'str' || e.parts.length !== 1 || !('text' in e.parts[0])) return undefined;
  return e.parts[0].text;
}

/** The pin variable a value reads from the environment (`os.Getenv("DOCKER_API_VERSION")`), if any. */
function readsVariable(e: Expr): string | undefined {
  const name = e.kind === 'env' ? e.name : e.kind === 'call' && /^(?:Getenv|getenv|LookupEnv)$/.test(e.call.name) ? literalOf(e.call.args[0]) : undefined;
  return name !== undefined && PIN_VARIABLE_FORMS[name] ? name : undefined;
}

/**
 * The file's pins by data flow: every sink it calls, every pin variable it sets, every Engine path
 * it builds. `around`: the text a snippet stands in (a README around its code block).
 */
export function flowPins(p: Program, text: string, around: string = text): FlowPin[] {
  const s = new Search(p, text);
  const language = p.lowered.language;
  let docker: boolean | undefined;
  for (const call of p.lowered.calls) {
    for (const sink of SINKS) {
      if (!sink.languages.includes(language) || !sink.name.test(call.name) || (sink.callee && !sink.callee.test(call.callee))) continue;
      // A snippet of documentation names Docker in its prose (`around`), not always in its code.
      if (sink.docker && !(docker ??= DOCKER.test(around))) continue;
      s.inline(sink, call);
      const setting = 'setting' in sink.at ? call.args[sink.at.arg] : undefined;
      const settingName = setting?.kind === 'str' && setting.parts.length === 1 && 'text' in setting.parts[0] ? setting.parts[0].text : undefined;
      const bound = settingName !== undefined && PIN_VARIABLE_FORMS[settingName] ? { ...sink, id: settingName, form: PIN_VARIABLE_FORMS[settingName] } : sink;
      for (const e of s.argsOf(sink, call)) s.value(e, bound, call.start);
    }
  }
  for (const d of p.lowered.defs) {
    // `v := os.Getenv("DOCKER_API_VERSION"); if v == "" { v = "1.37" }`: the default every client built from v gets.
    const read = readsVariable(d.value);
    if (read) {
      const sink: Sink = { id: `${read} (default of ${d.name})`, languages: [], name: /$^/, at: { arg: 0 }, form: PIN_VARIABLE_FORMS[read], needles: [] };
      for (const other of p.defsByName.get(d.name) ?? []) if (other !== d && other.scope === d.scope && other.value.kind === 'str') s.value(other.value, sink, other.value.start);
    }
    const m = VARIABLE_TARGET.exec(d.name);
    if (!m) continue;
    const sink: Sink = { id: m[1], languages: [], name: /$^/, at: { arg: 0 }, form: PIN_VARIABLE_FORMS[m[1]], needles: [] };
    s.value(d.value, sink, d.value.start);
  }
  const daemon = DAEMON_ADDRESS.test(text) || DOCKER_OR_DAEMON.test(text);
  s.paths(daemon);
  // A client's defaults, not a Docker-compatible server's (the version it answers a request that names none with).
  if (DOCKER.test(text) && (DAEMON_ADDRESS.test(text) || (CLIENT_FILE.test(text) && !SERVER_FILE.test(text)))) s.defaults();
  // A literal found twice (a default that is also a built path's prefix) is one pin.
  const seen = new Set<string>();
  return s.out.filter((pin) => {
    const key = `${pin.file}\0${pin.start}\0${pin.end}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}
