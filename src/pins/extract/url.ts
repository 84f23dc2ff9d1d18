import { DAEMON_ADDRESS } from '../flow/sinks.js';
import type { PinCandidate } from '../types.js';
import { allMatches, pinAt, type PinExtractor } from './match.js';

/** Top-level Engine API routes (docs.docker.com/reference/api/engine): what follows /vX.Y/. */
const ROUTES = 'containers|images|version|_ping|info|networks|volumes|exec|system|events|build|commit|auth|swarm|services|nodes|tasks|secrets|configs|plugins|distribution|session';
const ENGINE_ROUTE = new RegExp(String.raw`^/(?:${ROUTES})(?![\w-])`);
/** A line that talks to a daemon: a socket, or the daemon's TCP ports. */
const DAEMON_LINE = /--unix-socket|unix:\/\/|docker\.sock|:237[56](?!\d)/;

// `/v1.41` followed by the end of the path segment; `/v1/` (Hub) and `/v2/` (registry)
// have no minor and never match.
// A splice may follow (`/v1.41${path}`, `#{path}`, `\(path)`, `{path}`).
const VERSIONED = /\/(v\d+\.\d+)(?=[/?#"'`\s)\]]|[$#]\{|\\\(|\{|$)/gdm;
/**
 * The text before `/vX.Y` ends in a path segment, not a host (`//host`, `//host:2375`): one
 * after a slash (`/api`), or one that starts a relative path after a quote, a splice or an
 * operator (`root + 'api`, `${root}metrics`); a host name's own characters (`.`, `-`, `@`)
 * or a shell variable's `$` (`$DOCKER_IP`) before a name keep it a host.
 */
const UNDER_SEGMENT = /(?:[^/:]\/|[^/\w:.@$-])[A-Za-z_][\w-]*$/;

/** An address a client reaches the local daemon at: a socket's placeholder host, the loopback, or the daemon's ports. */
const DAEMON_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\]|unix|docker|dockerd)$|^[^/\s"'`]*:237[56]$/;

/** Whether `before` (the text up to a URL's path) ends in `scheme://` and a daemon's address. */
function endsAtDaemonHost(before: string): boolean {
  const at = before.lastIndexOf('://');
  return at > 0 && /[a-z]/i.test(before[at - 1]) && DAEMON_HOST.test(before.slice(at + 3));
}

function lineAround(text: string, offset: number): string {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  const to = text.indexOf('\n', offset);
  return text.slice(from, to === -1 ? undefined : to);
}

/**
 * An Engine URL is one that goes to a daemon socket or port 2375/2376, uses old curl's
 * one-slash `http:/v1.24/…`, or continues with an Engine route after the version (docs/engine-api.md §4).
 */
function isEngineUrl(text: string, versionStart: number, versionEnd: number): boolean {
  if (DAEMON_LINE.test(lineAround(text, versionStart))) return true;
  // The Engine serves /vX.Y/ at the root of its address; behind a path segment
  // (`/api/v1.3/containers`, `/monitor/v2.0/version`) it is another service's own API.
  if (UNDER_SEGMENT.test(text.slice(Math.max(0, versionStart - 61), versionStart - 1))) return false;
  if (ENGINE_ROUTE.test(text.slice(versionEnd, versionEnd + 20))) return true;
  // A base URL that ends at the version (`'http://localhost/v1.41'`, a Guzzle `base_uri` or an
  // HTTP client's base address) in a file that reaches a daemon's socket or port: every request
  // path the client sends goes below it.
  if (/^\/?["'`]/.test(text.slice(versionEnd, versionEnd + 2)) && endsAtDaemonHost(text.slice(Math.max(0, versionStart - 80), versionStart - 1)) && DAEMON_ADDRESS.test(text)) return true;
  if (/(?:^|[^/])\bhttp:$/.test(text.slice(Math.max(0, versionStart - 8), versionStart - 1))) return true;
  return isEngineBase(text, versionStart, versionEnd);
}

/** A splice of a template (`${path}`, `#{path}`, `\\(path)`, `{path}`): what a caller passes. */
const SPLICE = /^(?:[$#]?\{[^}\n]*\}|\\\([^)\n]*\))/;

/** A host given by names, and a port: `${host}:${port}`, `#{host}`, `\\(host):\\(port)`, `{host}.local:2375`. */
function isSplicedHost(host: string): boolean {
  let spliced = false;
  let i = 0;
  while (i < host.length) {
    const m = SPLICE.exec(host.slice(i));
    if (m) {
      spliced = true;
      i += m[0].length;
    } else if (/[\w.:-]/.test(host[i])) i++;
    else return false;
  }
  return spliced;
}

/** The names generated clients and HTTP clients give the base every request path goes below. */
const BASE_NAME = /\b(?:base_?path|BASE_PATH|base_?ur[il]|BASE_UR[IL]|baseU(?:rl|RL|ri|RI)|BaseAddress|BasePath|BaseUrl)\b/i;
/** Engine clients speak 1.12 and later. */
const ENGINE_VERSION = /^v1\.(?:1[2-9]|[2-9]\d)$/;

/**
 * The version as the whole start of the request path in a file that talks to the daemon, or the
 * base of a generated Engine client: `/v1.41${path}` at the start of a template, a base that
 * joins a host and a port given by names (`http://${host}:${port}/v1.41`), a base named as one
 * (`basePath = "http://localhost/v1.41"`, the default of clients generated from the Engine spec).
 */
function isEngineBase(text: string, versionStart: number, versionEnd: number): boolean {
  if (!ENGINE_VERSION.test(text.slice(versionStart, versionEnd))) return false;
  const before = text.slice(Math.max(0, versionStart - 120), versionStart - 1);
  const after = text.slice(versionEnd, versionEnd + 84);
  const daemon = DAEMON_ADDRESS.test(text);
  const atStart = /["'`]$/.test(before);
  const at = before.lastIndexOf('://');
  const host = at > 0 && /[a-z]/i.test(before[at - 1]) ? before.slice(at + 3) : undefined;
  if (daemon && atStart && SPLICE.test(after)) return true;
  if (host === undefined || !/^\/?["'`]/.test(after)) return false;
  if (daemon && isSplicedHost(host)) return true;
  return endsAtDaemonHost(before) && (BASE_NAME.test(lineAround(text, versionStart)) || /\bdocker\b/i.test(text) || givenAsBase(text, lineAround(text, versionStart)));
}

/** What may stand before a name read as a member or constant: `self::`, `static::`, `$this->`, `this.`, `$`. */
const MEMBER_READ = /(?:self::|static::|\$this->|this\.|self\.|\$)$/;

/** The text before an assignment's or a key's separator (`=`, `=>`, `:`) that ends `before`, else undefined. Plain scans: no backtracking. */
function keyBeforeSeparator(before: string): string | undefined {
  const t = before.trimEnd();
  const sep = t.endsWith('=>') ? 2 : t.endsWith('=') || t.endsWith(':') ? 1 : 0;
  if (sep === 0) return undefined;
  const key = t.slice(0, -sep).trimEnd();
  return key.endsWith('"') || key.endsWith("'") ? key.slice(0, -1) : key;
}

/** The name a line assigns a quoted value to (`private const ENGINE = '…'`, `'root' => '…'`), its last part. */
function assignedName(line: string): string | undefined {
  for (let q = 0; q < line.length; q++) {
    if (line[q] !== '"' && line[q] !== "'" && line[q] !== '`') continue;
    const key = keyBeforeSeparator(line.slice(0, q));
    if (key === undefined) return undefined;
    let i = key.length;
    while (i > 0 && /\w/.test(key[i - 1])) i--;
    return i < key.length && /[A-Za-z_]/.test(key[i]) ? key.slice(i) : undefined;
  }
  return undefined;
}

/**
 * A constant or property given to a client as its base elsewhere in the file (`private const
 * ENGINE = 'http://localhost/v1.41'`, then `new Client(['base_uri' => self::ENGINE])`): its URL
 * is the base every request path goes below, as a base written in place is.
 */
function givenAsBase(text: string, line: string): boolean {
  const name = assignedName(line);
  if (!name) return false;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (/\w/.test(text[at + name.length] ?? '') || /\w/.test(text[at - 1] ?? '')) continue;
    const from = text.lastIndexOf('\n', at - 1) + 1;
    const key = keyBeforeSeparator(text.slice(from, at).replace(MEMBER_READ, ''));
    if (key !== undefined && BASE_NAME.test(key.slice(-40))) return true;
  }
  return false;
}

/**
 * A versioned Engine URL. One without `/vX.Y` (`http://localhost:2375/containers/json`) pins
 * nothing: the daemon serves it at its own current version, as it would a negotiating client.
 */
export const extractUrl: PinExtractor = (_path, text) => {
  const out: PinCandidate[] = [];
  for (const m of allMatches(VERSIONED, text)) {
    const [start, end] = m.indices![1];
    if (!isEngineUrl(text, start, end)) continue;
    const pin = pinAt(m, 1, 'url', `/${m[1]}/ in an Engine API URL`);
    if (pin) out.push(pin);
  }
  return out;
};
