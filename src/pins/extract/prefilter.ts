import { isVendoredPath } from './context.js';

/**
 * The pin prefilter: a test that every pin form must pass somewhere in the file, so
 * that files without it never reach the extractors. Each alternative is a token that an
 * extractor's own pattern needs (the comment names the extractor); together they pass a
 * superset of the files any extractor finds a pin in: 93 of the 23,041 files of the
 * benchmark corpus (0.4%; the old `version\s*[=:]` / `"1.x"` test passed 1,498, 7%).
 *
 * Speed: V8 tries an alternation at every position of the text, at a cost set by the
 * characters the alternatives can start with. So each alternative starts with a rare
 * character or literal (`V`, `W`, `N`, `R`, `k`, `x`, `_`, `/`, `:`, a quote before a digit)
 * and, where the distinctive part comes before it, checks that part afterwards with a
 * lookbehind (`VERSION(?<=API_VERSION)`). A lookbehind here runs only where the rare part
 * already matched, never at every position (the old `constant` regex opened with one), and
 * backtracks over no more than a run of whitespace or a name. `ws` stands for `\s`, so
 * that the byte form can widen it.
 *
 * The alternatives are tested as three regexes, not one: past a size V8's irregexp no longer
 * skips ahead on an alternation, and the one regex cost 2.6x as much as these three on the
 * Docker-heavy benchmark corpus (765 against 292 ms over 120 MB, no answer different;
 * `node bench/pin-gate.mjs` measures it and tries other groupings).
 *
 * Case-sensitive: every extractor pattern is (YAML keys compare exactly).
 */
function pinPrefilterGroups(ws: string): string[] {
  const lit = String.raw`["'\`]v?\d+\.\d+["'\`]`;
  const names = [
    // sdk (Go): WithVersion(, WithAPIVersion(, NewClient(, NewVersioned…Client(
    String.raw`W(?:ith(?:API)?Version)`,
    String.raw`New(?:Client|Versioned)`,
    // sdk (Java): withApiVersion(, RemoteApiVersion.parseConfig(; remote-api-version: RemoteApiVersion.VERSION_1_32
    String.raw`withApiVersion`,
    String.raw`RemoteApiVersion`,
    // sdk (Rust): bollard ClientVersion { major_version, minor_version }
    String.raw`minor_version`,
    // env + YAML keys: DOCKER_API_VERSION, COMPOSE_API_VERSION, DOCKER_MIN_API_VERSION; sdk: rsyslog ApiVersionStr;
    // xml: the docker-maven-plugin's <apiVersion>; flow (Go): a project's APIVersion("1.40") option
    String.raw`V(?:ERSION(?<=API_VERSION)|ersionStr(?<=ApiVersionStr)|ersion(?<=\.apiVersion|<apiVersion)|ersion\((?<=A(?:PI|pi)Version\())`,
    // YAML/sdk: api_version, docker_api_version; sdk (Java): api.version, -Dapi.version; daemon-min: min-api-version;
    // sdk: a namespaced key (engine.api-version=1.41, docker.apiVersion=1.40 above), Clojure's :api-version
    String.raw`[_.-]version(?<=api_version|api\.version|api-version)`,
    // cli-image + YAML image: docker:24.0; url: a docker.sock line
    String.raw`ker(?::\d(?<=docker:\d)|\.sock(?<=docker\.sock))`,
    // url: /v1.41/…; links: an Engine path built from a name, `/v#{X}`, `/v${X}`, `/v{X}`, `"/v" + X`
    String.raw`\/v(?:\d+\.\d|[#$]?\{|["'\`]${ws}*[+.])`,
    // links (docker-py): from_env(…)
    String.raw`_env${ws}*\((?<=from_env${ws}*\()`,
    // flow (dockerode): new Docker({ version: NAME }), new Docker(opts)
    String.raw`k(?:er|erode)${ws}*\((?<=Docker(?:ode)?${ws}*\()`,
    // flow (bollard): Docker::connect_with_socket(…, API_DEFAULT_VERSION), (…, &VERSION)
    String.raw`_with_(?<=connect_with_)`,
    // url (PHP): a cURL handle on the daemon's socket whose path takes a version another file defines
    String.raw`_SOCKET_PATH(?<=CURLOPT_UNIX_SOCKET_PATH)`,
    // url: a line with --unix-socket or unix://
    String.raw`x(?:-socket(?<=unix-socket)|:\/\/(?<=unix:\/\/))`,
  ];
  // Each opens with a literal of several characters, which V8 searches for by skipping: with
  // `:` first (on every line of an object literal) this group took 102 ms on the first
  // corpus's 85 MB against 75 ms now, the same files passing.
  const calls = [
    // sdk (C#): Docker.DotNet CreateClient(new Version(1, 41)); links (docker-py):
    // APIClient(version=NAME), DockerClient(…), docker.Client(…)
    String.raw`Client(?:\((?<=CreateClient\()|${ws}*\((?<=(?:APIClient|DockerClient|docker\.Client)${ws}*\())`,
    // url: a line with :2375 / :2376
    String.raw`237[56](?<=:237[56])`,
  ];
  // A version literal after `=` (constant: NAME = "1.41", NAME := "1.41"; sdk Python:
  // version="1.41"), after `version:` (sdk Node: new Docker({ version: 'v1.25' })) or as
  // the value of define('NAME', 'v1.41') (constant). Anchored on the literal, which is
  // rarer than `=` or `:`; the lookbehind runs only where a literal matched.
  // fallback: the default of either value (`version ?? 'v1.24'`, `|| 'v1.24'`, `or "1.41"`, `?:`, Perl's `//`),
  // an option `"version": 'v1.12'`, Clojure's `:version "v1.40"`.
  const literal = String.raw`${lit}(?<=(?:=|\?\?|\|\||\?:|\bor|\/\/|version["']?${ws}*:|:version${ws}|define\(${ws}*["'][A-Za-z_]\w*["']${ws}*,)${ws}*${lit})`;
  return [names.join('|'), calls.join('|'), literal];
}

const PREFILTERS = pinPrefilterGroups(String.raw`\s`).map((source) => new RegExp(source));

/**
 * The prefilter for the raw bytes of a file viewed as Latin-1 (scan/read/byte-prefilter.ts's
 * `patterns`): passes at least every file whose UTF-8 decoding the text prefilter passes.
 * Every token is ASCII, which UTF-8 keeps byte for byte; the one difference is whitespace,
 * where `\s` also matches non-ASCII spaces (U+00A0 is C2 A0, U+3000 is E3 80 80), so `\s` is
 * widened to `[\s\x80-\xff]`. Test the text with mayHoldPins after decoding.
 */
export const PIN_BYTE_PATTERNS: readonly RegExp[] = pinPrefilterGroups(String.raw`[\s\x80-\xff]`).map((source) => new RegExp(source));

/** True when a file's bytes, viewed as Latin-1, may hold a pin (PIN_BYTE_PATTERNS). */
export function bytesMayHoldPins(latin1: string): boolean {
  return PIN_BYTE_PATTERNS.some((re) => re.test(latin1));
}

/** False when no extractor can find a pin in the text: skip lintPinsText for it. */
export function mayHoldPins(text: string): boolean {
  return PREFILTERS.some((re) => re.test(text));
}

/**
 * False for files whose pins are never reported, so that no gate, extractor or parser spends
 * time on them: files that never run, TypeScript declarations (.d.ts, .d.mts, .d.cts) and
 * source maps, which are also a third of the bytes of a node_modules tree; and vendored
 * trees (context.ts: another project's code, its SDK's default version is not a setting of
 * the code scanned). The pin prefilter is the costliest pass over the raw bytes of a big
 * scan: on the first benchmark corpus, a node_modules tree, ~320 ms of CPU for no pin.
 * A project's own file still reads a vendored file's value through the project lookup.
 */
export function mayPinIn(path: string): boolean {
  return !/\.d\.[cm]?ts$|\.map$/i.test(path) && !isVendoredPath(path);
}
