import { DAEMON_ADDRESS } from '../flow/sinks.js';
import type { PinCandidate } from '../types.js';
import { adapterNameFor } from '../../extract/registry.js';
import { ENGINE_VERSION } from './keys.js';
import { allMatches, defined, fileKind, pinAt, type PinExtractor } from './match.js';

/**
 * Versions a client library keeps for a caller who names none, written where the data flow does
 * not reach them (the value goes on into a constructor or a field it reads later). Text forms,
 * the same in every language; the file must talk to the Engine (a daemon's address, an Engine
 * route, or the name Docker) so that other APIs' versions stay silent.
 */

/**
 * An Engine route in a string, or an Engine client library by name: the file speaks to the Engine
 * (the name Docker alone is not enough: a CI script pins its tools' `v1.54` beside `docker build`).
 */
const ENGINE_FILE = /["'`/](?:containers|images)\/(?:json|create)\b|\/_ping\b|dockerode|docker-modem|docker-remote-api|docker_client|dockerjava|DockerClient|Docker Engine API/;
/** Around an option `version: 'v1.12'`: the other options of an Engine client (its socket, host, port). */
const CLIENT_OPTIONS = /socket|host|port|protocol|docker|modem|daemon/i;

/**
 * The default of "either value": `version ?? 'v1.24'` (Dart, Swift, C#, JS, PHP), `opts.version ||
 * 'v1.24'` (JS, Ruby's `||=`), `version or "1.41"` (Python, Lua), `version ?: "1.41"` (Kotlin,
 * Groovy), `$v // '1.41'` (Perl). The left side's last name says it is a version, or the default
 * has the `v` of a path segment.
 */
const EITHER_DEFAULT = /(?:\?\?=?|\|\|=?|\?:|\bor\b|\/\/=?)[ \t]*(["'`])\/?(v?\d+\.\d+)\1/dg;
const VERSION_NAME = /version/i;

/**
 * The default of a lookup by key: `opts.get("version", "1.41")` (Python), `System.getProperty(
 * "docker.api.version", "1.40")` and `getOrDefault("apiVersion", "1.41")` (JVM), `fetch(:api_version,
 * "1.41")` (Ruby), `config('docker.version', 'v1.41')` (PHP): the key names a version.
 */
const KEYED_DEFAULT = /\b(?:get|getOrDefault|fetch|getProperty|GetValueOrDefault|config|env|getString)\(\s*:?["']?([\w.-]+)["']?\s*,\s*["'](v?\d+\.\d+)["']/dg;

/**
 * A string that is only a version prefix, `'/v1.40'` (a PSR-17 `createUri('/v1.40')`, a prefix
 * constant put before each request path): the Engine serves `/vX.Y/` at the root of its address.
 */
const PREFIX_ALONE = /(["'`])\/(v\d+\.\d+)\1/dg;

/**
 * An Engine client's option object that names the version with its `v` (dockerode, docker-modem,
 * docker-remote-api: `{ version: 'v1.12' }`): the client puts it in front of every path.
 */
const VERSION_OPTION = /(?:^|[{,(\s])["']?version["']?\s*[:=]>?\s*(["'])(v\d+\.\d+)\1/dgm;

/** The last name of the operand that ends at `end` (`opts.version`, `version)`, `$v`): a loop, no backtracking. */
function nameBefore(text: string, end: number): string {
  let i = end;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (i > 0 && (text[i - 1] === ']' || text[i - 1] === ')' || text[i - 1] === "'" || text[i - 1] === '"')) i--;
  if (i > 0 && (text[i - 1] === "'" || text[i - 1] === '"')) i--;
  const to = i;
  while (i > 0 && to - i < 64 && /[\w$]/.test(text[i - 1])) i--;
  return text.slice(i, to);
}

export const extractFallback: PinExtractor = (path, text) => {
  // Code only: a workflow's `version: 'v1.54'` is a tool's, and Markdown's code blocks go through the data flow.
  const kind = fileKind(path);
  if ((kind !== 'other' && kind !== 'unlowered') || adapterNameFor(path) === 'json') return [];
  if (!ENGINE_FILE.test(text) && !DAEMON_ADDRESS.test(text)) return [];
  const out: Array<PinCandidate | undefined> = [];
  for (const m of allMatches(EITHER_DEFAULT, text)) {
    const left = nameBefore(text, m.index);
    // A `v1.24` is an Engine path's own segment whatever the name holding it (`data.client ?? 'v1.24'`).
    if ((VERSION_NAME.test(left) || m[2].startsWith('v')) && ENGINE_VERSION.test(m[2])) out.push(pinAt(m, 2, 'constant', `default of ${left || 'a value'}`));
  }
  for (const m of allMatches(KEYED_DEFAULT, text)) if (VERSION_NAME.test(m[1]) && ENGINE_VERSION.test(m[2])) out.push(pinAt(m, 2, 'constant', `default of ${m[1]}`));
  for (const m of allMatches(PREFIX_ALONE, text)) if (ENGINE_VERSION.test(m[2])) out.push(pinAt(m, 2, 'url', `/${m[2]} prefix of Engine paths`));
  for (const m of allMatches(VERSION_OPTION, text)) if (ENGINE_VERSION.test(m[2]) && CLIENT_OPTIONS.test(text.slice(Math.max(0, m.index - 240), m.index + 240))) out.push(pinAt(m, 2, 'node', 'version option of an Engine client'));
  return defined(out).map((pin) => ({ ...pin, yieldsToFlow: true }));
};
