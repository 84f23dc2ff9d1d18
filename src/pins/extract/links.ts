import type { PinCandidate } from '../types.js';
import { assignments, isMarkup } from './constant.js';
import { normalizeApiVersion } from '../../engine/versions.js';
import { allMatches, pinAt, ruleOf, type PinExtractor } from './match.js';
import { adapterNameFor } from '../../extract/registry.js';

/**
 * Pins across files (issue 16): a Docker client's version given as a name that the file does
 * not define (`APIClient(version=DEFAULT_ENGINE_API)` after `from harbor.settings import …`,
 * `"/v#{Dockhand::API_VERSION}#{path}"` on the daemon socket, a Go constant of the package
 * defined in another file behind a build tag) flows back to the version literal assigned to
 * that name in another file of the scan. Each file contributes the names it hands to a
 * client (`uses`) and the version literals it assigns to names (`defs`); the scan joins them
 * (pins/links-join.ts) and reports the literal, once, naming where it is used.
 */

/** A version literal assigned to a name: a pin if some other file hands the name to a client. */
export interface VersionDef {
  name: string;
  pin: PinCandidate;
}

/** A name handed to a Docker client's version in this file. */
export interface ClientUse {
  /** The last segment of the name as written (`API_VERSION` of `Dockhand::API_VERSION`). */
  name: string;
  /** What takes it: `APIClient(version=)`, `client.WithVersion`. */
  sink: string;
  /** 1-based line of the use. */
  line: number;
  /** The module the file imports the name from (`harbor.settings`), when it says. */
  from?: string;
  /** What the name is read through (`DockerDefaults` of `DockerDefaults.API_VERSION`). */
  qualifier?: string;
}

export interface PinLinks {
  defs: VersionDef[];
  uses: ClientUse[];
}

/** A name as code writes it: dotted (`constants.X`, `self.X`), Ruby/C++ scoped (`Mod::X`). */
const NAME = String.raw`((?:[A-Za-z_][\w]*(?:\.|::))*[A-Za-z_]\w*)`;
/** Call arguments without leaving the call: one level of nested parentheses. */
const ARGS = String.raw`(?:[^()]|\([^()]*\))*?`;
/** The name ends the argument: no call, index or further member follows. */
const END_ARG = String.raw`(?=\s*[,)}\]\n])`;
/** An entry of a map or dict of versions read by key (`VERSIONS[channel]`, `versions["stable"]`). */
const KEY = String.raw`(?:\[[^\]\n]{1,80}\])?`;

/**
 * Where a Docker client takes its version, as a name (docs/engine-api.md §3). The same sinks
 * as the literal forms of sdk.ts and env.ts; group 1 is the name.
 */
const SINKS: ReadonlyArray<{ sink: string; re: RegExp; needle: string; socket?: boolean; unpacked?: boolean; docker?: boolean }> = [
  // docker-py: APIClient / DockerClient / from_env / docker.Client
  { sink: 'docker-py version=', re: new RegExp(String.raw`\b(?:DockerClient|APIClient|from_env|docker\.Client)\s*\(${ARGS}\bversion\s*=\s*${NAME}${KEY}${END_ARG}`, 'gd'), needle: 'version' },
  // `kwargs["version"] = X` then `APIClient(**kwargs)`: only a dict the file unpacks into a client
  {
    sink: 'docker-py version= (keyword dict)',
    re: new RegExp(String.raw`\b(\w+)\[\s*["']version["']\s*\]\s*=\s*${NAME}\s*$`, 'gdm'),
    needle: '(**',
    unpacked: true,
  },
  // Go (docker/moby client, fsouza/go-dockerclient)
  { sink: 'client.WithVersion', re: new RegExp(String.raw`\bWith(?:API)?Version\(\s*${NAME}${KEY}\s*\)`, 'gd'), needle: 'Version(' },
  { sink: 'docker.NewVersionedClient', re: new RegExp(String.raw`\bNewVersioned\w*Client\w*\(${ARGS}${NAME}\s*\)`, 'gd'), needle: 'NewVersioned' },
  // docker-java
  // (Kubernetes builders have a withApiVersion too: the file must name Docker)
  { sink: 'withApiVersion', re: new RegExp(String.raw`\bwithApiVersion\(\s*${NAME}${KEY}\s*\)`, 'gd'), needle: 'withApiVersion(', docker: true },
  // dockerode / docker-modem
  { sink: 'dockerode { version: … }', re: new RegExp(String.raw`\bnew\s+(?:Docker|Dockerode|Modem|DockerModem)\s*\(\s*\{(?:[^{}]|\{[^{}]*\})*?\bversion\s*:\s*${NAME}${END_ARG}`, 'gd'), needle: 'new ' },
  // the variable the Docker CLI and SDKs read, set from a name
  {
    sink: 'DOCKER_API_VERSION',
    re: new RegExp(String.raw`(?:\b(?:Setenv|setenv|putenv|SetDefault|environment)\(\s*["']DOCKER_API_VERSION["']\s*,\s*|(?:environ\[["']|process\.env\.|ENV\[["'])DOCKER_API_VERSION(?:["']\])?\s*=\s*)${NAME}${END_ARG}`, 'gd'),
    needle: 'DOCKER_API_VERSION',
  },
  // An Engine request path `/v#{X}…`, `/v${X}…`, `"/v" + X`, `f"/v{X}/…"` in a file that
  // talks to the daemon's socket or port: the Engine serves /vX.Y/ at the root of its address.
  { sink: 'Engine request path /v…', re: new RegExp(String.raw`["'\`]\/v(?:#\{|\$\{|\{|["'\`]\s*[+.]\s*)${NAME}`, 'gd'), needle: '/v', socket: true },
];

const DAEMON = /docker\.sock|unix:\/\/|:237[56](?!\d)|Excon\.new|UnixSocket/;

/** `APIClient(**kwargs)`, `docker.DockerClient(base_url=u, **kwargs)`: the dict's keys are the client's keywords. */
function unpackedIntoClient(dict: string, text: string): boolean {
  return new RegExp(String.raw`\b(?:DockerClient|APIClient|from_env|docker\.Client)\s*\([^()]*\*\*${dict}\b`).test(text);
}

/** JS `import { X, Y as Z } from './m.js'`, `const { X } = require('./m')`. */
const JS_IMPORT = /\b(?:import|const|let|var)\s*\{([^}]*)\}\s*(?:from\s*|=\s*require\(\s*)["']([^"']+)["']/g;

/**
 * A name given the environment's value or a version when unset: `process.env.X || 'v1.44'`,
 * `process.env.X ?? "1.41"`, `os.environ.get("X", "1.41")`, `os.getenv("X", "1.41")`. The
 * default is what every client built from the name gets where the variable is not set.
 */
const ENV_DEFAULT =
  /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]]+\s*)?=\s*(?:process\.env(?:\.\w+|\[\s*["']\w+["']\s*\])\s*(?:\|\||\?\?)|os\.(?:environ\.get|getenv)\(\s*["']\w+["']\s*,)\s*(["'`])(v?\d+\.\d+)\2/dg;

/** A dict or map literal assigned to a name: `VERSIONS = {`, `var versions = map[string]string{`. */
const MAP_OPEN = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?::=|=)\s*(?:map\[string\]string\s*)?\{/g;
/** One `"key": "1.41"` / `key: 'v1.41'` entry of it. */
// (No back-reference to the opening quote, and no start inside a word: both keep it linear.)
const MAP_ENTRY = /(?<![\w.-])["'`]?[\w.-]+["'`]?\s*:\s*(["'`])(v?\d+\.\d+)["'`]/dg;

/**
 * The version entries of dicts and maps of versions, each as a definition of the dict's
 * name (captures shaped as an assignment's: 1 the name, 3 the version), for a client
 * factory that reads one by key.
 */
function mapEntries(text: string): VersionDef[] {
  const out: VersionDef[] = [];
  if (!text.includes('{')) return out;
  for (const open of text.matchAll(MAP_OPEN)) {
    const from = open.index + open[0].length;
    const close = text.indexOf('}', from);
    if (close === -1 || close - from > 2000 || text.slice(from, close).includes('{')) continue;
    for (const e of allMatches(MAP_ENTRY, text.slice(from, close))) {
      const version = normalizeApiVersion(e[2]);
      const [start, end] = e.indices![2];
      if (version !== undefined) out.push({ name: open[1], pin: { version, form: 'constant', ruleId: ruleOf('constant'), start: from + start, end: from + end, detail: `constant ${open[1]}` } });
    }
  }
  return out;
}

/** Python `from a.b import X`, `from .b import (X, Y)`: the module each name comes from. */
const PY_FROM = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)/gm;

function importsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!text.includes('import')) return out;
  for (const m of text.matchAll(PY_FROM)) {
    for (const part of m[2].replace(/[()]/g, '').split(',')) {
      const names = part.trim().split(/\s+as\s+/);
      const local = names[names.length - 1]?.trim();
      if (local && /^\w+$/.test(local)) out.set(local, m[1]);
    }
  }
  for (const m of text.matchAll(JS_IMPORT)) {
    for (const part of m[1].split(',')) {
      const names = part.trim().split(/(?<!\s)\s+as\s+|(?<!\s)\s*:\s*/);
      const local = names[names.length - 1]?.trim();
      if (local && /^[\w$]+$/.test(local)) out.set(local, m[2]);
    }
  }
  return out;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const GO_LOCAL = (name: string) => new RegExp(String.raw`(?<![\w.])${name}\s*(?::=|,[\w\s,]*:=)|\b(?:var|func)\s+(?:\([^)]*\)\s*)?${name}\b|[(,]\s*${name}\s+\*?[\w.]+\s*[,)]`);

/**
 * Whether a name at a client may be another file's constant. A constant is named like one
 * (an upper-case letter: `DEFAULT_API`, `MinAPI`, `Dockhand::API_VERSION`) or imported by name;
 * an instance's field (`self.version`) or a lower-case local (`version=version`, a parameter)
 * is the function's business. Go: any package-level name, unless the file declares it
 * (`v :=`, `var v`, a parameter).
 */
function linkable(written: string, name: string, from: string | undefined, path: string, text: string): boolean {
  if (/^(?:self|this|cls|opts|options|kwargs|args|params|config|cfg)$/.test(written.split(/\.|::/)[0]) && !from) return false;
  if (from) return true;
  if (adapterNameFor(path) === 'go') return !GO_LOCAL(name).test(text);
  return /[A-Z]/.test(name);
}

/**
 * The file's side of the cross-file flow: the version literals it assigns to names, and the
 * names it hands to a client without defining them.
 */
export function pinLinksOf(path: string, text: string): PinLinks {
  if (isMarkup(path)) return { defs: [], uses: [] };
  const defs: VersionDef[] = [];
  const local = new Set<string>();
  const found = assignments(text);
  if (text.includes('env')) found.push(...allMatches(ENV_DEFAULT, text));
  for (const m of found) {
    local.add(m[1]);
    const pin = pinAt(m, 3, 'constant', `constant ${m[1]}`);
    if (pin) defs.push({ name: m[1].replace(/^\$/, ''), pin });
  }
  for (const d of mapEntries(text)) {
    local.add(d.name);
    defs.push(d);
  }
  const uses: ClientUse[] = [];
  let daemon: boolean | undefined;
  let docker: boolean | undefined;
  let imports: Map<string, string> | undefined;
  for (const s of SINKS) {
    if (!text.includes(s.needle)) continue;
    if (s.socket && !(daemon ??= DAEMON.test(text))) continue;
    if (s.docker && !(docker ??= /docker/i.test(text))) continue;
    for (const m of allMatches(s.re, text)) {
      if (s.unpacked && !unpackedIntoClient(m[1], text)) continue;
      const at = s.unpacked ? 2 : 1;
      const written = m[at];
      const name = written.split(/\.|::/).pop()!;
      imports ??= importsOf(text);
      const head = written.split(/\.|::/)[0];
      const module = imports.get(head);
      // `from pkg import constants` then `constants.X`: X lives in the module pkg.constants.
      const from = module !== undefined && head !== written && !module.includes('/') ? `${module.replace(/\.$/, '')}.${head}` : module;
      // Defined here: the join reads this file's definition first.
      if (!local.has(name) && !linkable(written, name, from, path, text)) continue;
      const qualifier = written.split(/\.|::/).slice(-2, -1)[0];
      uses.push({ name, sink: s.sink, line: lineOf(text, m.indices![at][0]), ...(from ? { from } : {}), ...(qualifier ? { qualifier } : {}) });
    }
  }
  return { defs, uses };
}

/** `opts["version"] = "1.30"`, `opts = {"version": "1.30", …}`, `opts = dict(version="1.30")`. */
const DICT_VERSION = [
  /\b(\w+)\[\s*["']version["']\s*\]\s*=\s*(["'])(v?\d+\.\d+)\2/dg,
  /(?<![\w.])(\w+)\s*=\s*\{[^{}]{0,400}?["']version["']\s*:\s*(["'])(v?\d+\.\d+)\2/dg,
  /(?<![\w.])(\w+)\s*=\s*dict\([^()]{0,400}?\bversion\s*=\s*(["'])(v?\d+\.\d+)\2/dg,
];

/**
 * A version put into the keyword dict a file unpacks into a docker-py client
 * (`APIClient(**opts)`): the client's `version=`, written a step away.
 */
export const extractDictVersion: PinExtractor = (_path, text) => {
  if (!text.includes('(**') || !text.includes('version')) return [];
  return DICT_VERSION.flatMap((re) =>
    allMatches(re, text).flatMap((m) => {
      const pin = unpackedIntoClient(m[1], text) ? pinAt(m, 3, 'python', 'docker-py version= (keyword dict)') : undefined;
      return pin ? [pin] : [];
    }),
  );
};
