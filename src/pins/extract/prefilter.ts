/**
 * The pin prefilter: one regex that every pin form must match somewhere in the file, so
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
 * Case-sensitive: every extractor pattern is (YAML keys compare exactly).
 */
function pinPrefilterSource(ws: string): string {
  const lit = String.raw`["'\`]v?\d+\.\d+["'\`]`;
  return [
    // sdk (Go): WithVersion(, WithAPIVersion(, NewClient(, NewVersioned…Client(
    String.raw`W(?:ith(?:API)?Version)`,
    String.raw`New(?:Client|Versioned)`,
    // sdk (Java): withApiVersion(, RemoteApiVersion.parseConfig(; remote-api-version: RemoteApiVersion.VERSION_1_32
    String.raw`withApiVersion`,
    String.raw`RemoteApiVersion`,
    // sdk (Rust): bollard ClientVersion { major_version, minor_version }
    String.raw`minor_version`,
    // sdk (C#): Docker.DotNet CreateClient(new Version(1, 41))
    String.raw`CreateClient\(`,
    // env + YAML keys: DOCKER_API_VERSION, COMPOSE_API_VERSION, DOCKER_MIN_API_VERSION; sdk: rsyslog ApiVersionStr
    String.raw`V(?:ERSION(?<=API_VERSION)|ersionStr(?<=ApiVersionStr))`,
    // YAML/sdk: api_version, docker_api_version; sdk (Java): api.version, -Dapi.version; daemon-min: min-api-version
    String.raw`[_.-]version(?<=api_version|api\.version|min-api-version)`,
    // A version literal after `=` (constant: NAME = "1.41", NAME := "1.41"; sdk Python:
    // version="1.41"), after `version:` (sdk Node: new Docker({ version: 'v1.25' })) or as
    // the value of define('NAME', 'v1.41') (constant). Anchored on the literal, which is
    // rarer than `=` or `:`; the lookbehind runs only where a literal matched.
    String.raw`${lit}(?<=(?:=|version${ws}*:|define\(${ws}*["'][A-Za-z_]\w*["']${ws}*,)${ws}*${lit})`,
    // cli-image + YAML image: docker:24.0; url: a docker.sock line
    String.raw`ker(?::\d(?<=docker:\d)|\.sock(?<=docker\.sock))`,
    // url: /v1.41/…; links: an Engine path built from a name, `/v#{X}`, `/v${X}`, `/v{X}`, `"/v" + X`
    String.raw`\/v(?:\d+\.\d|[#$]?\{|["'\`]${ws}*[+.])`,
    // links (docker-py): APIClient(version=NAME), DockerClient(…), from_env(…), docker.Client(…)
    String.raw`Client${ws}*\((?<=(?:APIClient|DockerClient|docker\.Client)${ws}*\()`,
    String.raw`_env${ws}*\((?<=from_env${ws}*\()`,
    // flow (dockerode): new Docker({ version: NAME }), new Docker(opts)
    String.raw`k(?:er|erode)${ws}*\((?<=Docker(?:ode)?${ws}*\()`,
    // flow (bollard): Docker::connect_with_socket(…, API_DEFAULT_VERSION), (…, &VERSION)
    String.raw`_with_(?<=connect_with_)`,
    // url: old curl's http:/containers/json; a line with :2375 / :2376
    String.raw`:(?:\/[a-z_](?<=http:\/.)|237[56])`,
    // url: a line with --unix-socket or unix://
    String.raw`x(?:-socket(?<=unix-socket)|:\/\/(?<=unix:\/\/))`,
  ].join('|');
}

const PREFILTER = new RegExp(pinPrefilterSource(String.raw`\s`));

/**
 * PREFILTER for the raw bytes of a file viewed as Latin-1 (scan/read/byte-prefilter.ts's
 * `patterns`): passes at least every file whose UTF-8 decoding PREFILTER passes. Every
 * token is ASCII, which UTF-8 keeps byte for byte; the one difference is whitespace, where
 * `\s` also matches non-ASCII spaces (U+00A0 is C2 A0, U+3000 is E3 80 80), so `\s` is
 * widened to `[\s\x80-\xff]`. Test the text with mayHoldPins after decoding.
 */
export const PIN_BYTE_PATTERN: RegExp = new RegExp(pinPrefilterSource(String.raw`[\s\x80-\xff]`));

/** False when no extractor can find a pin in the text: skip lintPinsText for it. */
export function mayHoldPins(text: string): boolean {
  return PREFILTER.test(text);
}

/**
 * False for files that never run, so pin nothing: TypeScript declarations (.d.ts, .d.mts,
 * .d.cts) and source maps. They are also a third of the bytes of a node_modules tree, and
 * the pin prefilter is the costliest pass over the raw bytes of a big scan.
 */
export function mayPinIn(path: string): boolean {
  return !/\.d\.[cm]?ts$|\.map$/i.test(path);
}
