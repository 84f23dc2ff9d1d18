import type { PinCandidate, PinForm } from '../types.js';
import { allMatches, defined, fileKind, pinAt, ruleOf, type FileKind, type PinExtractor } from './match.js';

/**
 * Client libraries' pin calls (docs/engine-api.md §3). Each pattern captures the
 * version string in group 1; `detail` names the call. A file must mention Docker at all
 * before a generic name like `WithVersion(...)` counts (`docker: false` for names that
 * are Docker's alone).
 */
interface SdkPattern {
  form: PinForm;
  detail: string;
  re: RegExp;
  /** Only files of these kinds (default: any). */
  kinds?: FileKind[];
  /** false: the name is unambiguous, the file need not mention Docker. */
  docker?: false;
  /** Text every match contains (any of them): a file without it skips the regex. */
  needles: readonly string[];
}

const Q = String.raw`["'\`]`;
const V = String.raw`(v?\d+\.\d+)`;
/** Call arguments without leaving the call: one level of nested parentheses. */
const ARGS = String.raw`(?:[^()]|\([^()]*\))*?`;

export const SDK_PATTERNS: readonly SdkPattern[] = [
  // github.com/docker/docker/client and github.com/moby/moby/client
  { form: 'go', detail: 'client.WithVersion', re: new RegExp(String.raw`\bWithVersion\(\s*"${V}"`, 'gd'), needles: ['WithVersion('] },
  { form: 'go', detail: 'client.WithAPIVersion', re: new RegExp(String.raw`\bWithAPIVersion\(\s*"${V}"`, 'gd'), needles: ['WithAPIVersion('] },
  // deprecated client.NewClient(host, version, httpClient, headers)
  { form: 'go', detail: 'client.NewClient', re: new RegExp(String.raw`\bNewClient\(\s*[^,()]+,\s*"${V}"`, 'gd'), needles: ['NewClient('] },
  // fsouza/go-dockerclient NewVersionedClient(endpoint, "1.41"), …FromEnv("1.41"), …TLSClient(…, "1.41")
  { form: 'go', detail: 'docker.NewVersionedClient', re: new RegExp(String.raw`\bNewVersioned\w*Client\w*\(${ARGS}"${V}"`, 'gd'), needles: ['NewVersioned'] },
  // docker-py: DockerClient / APIClient / from_env / the old docker.Client; "auto" is not a version
  {
    form: 'python',
    detail: 'docker-py version=',
    re: new RegExp(String.raw`\b(?:DockerClient|APIClient|from_env|docker\.Client)\s*\(${ARGS}\bversion\s*=\s*${Q}${V}${Q}`, 'gd'),
    needles: ['DockerClient', 'APIClient', 'from_env', 'docker.Client'],
  },
  // dockerode / docker-modem: new Docker({ version: 'v1.25' })
  {
    form: 'node',
    detail: "dockerode { version: … }",
    re: new RegExp(String.raw`\bnew\s+(?:Docker|Dockerode|Modem|DockerModem)\s*\(\s*\{(?:[^{}]|\{[^{}]*\})*?\bversion\s*:\s*${Q}${V}${Q}`, 'gd'),
    needles: ['Docker', 'Modem'],
  },
  // docker-java
  { form: 'java', detail: 'withApiVersion', re: new RegExp(String.raw`\bwithApiVersion\(\s*"${V}"`, 'gd'), needles: ['withApiVersion('] },
  { form: 'java', detail: 'RemoteApiVersion.parseConfig', re: new RegExp(String.raw`\bRemoteApiVersion\.parseConfig\(\s*"${V}"`, 'gd'), needles: ['RemoteApiVersion.parseConfig('] },
  { form: 'java', detail: '-Dapi.version', re: new RegExp(String.raw`(?:^|\s|["'])-Dapi\.version=${V}`, 'gdm'), docker: false, needles: ['-Dapi.version='] },
  { form: 'java', detail: 'api.version', re: new RegExp(String.raw`^\s*api\.version\s*[=:]\s*${V}`, 'gdm'), kinds: ['properties'], docker: false, needles: ['api.version'] },
  // the same key in a Markdown code block (fenced or indented): a line that is only `api.version=…`
  { form: 'java', detail: 'api.version', re: new RegExp(String.raw`^[ \t]*api\.version[ \t]*=[ \t]*${V}[ \t]*$`, 'gdm'), kinds: ['markdown'], docker: false, needles: ['api.version'] },
  // the system property docker-java reads, set by a build (Gradle `systemProperty`) or in code
  {
    form: 'java',
    detail: 'api.version system property',
    re: new RegExp(String.raw`\b(?:systemProperty|setProperty)\(\s*"api\.version"\s*,\s*"${V}"`, 'gd'),
    needles: ['"api.version"'],
  },
  // Ansible inventories (INI) and rsyslog imdocker; YAML files go through the YAML walker
  { form: 'config', detail: 'docker_api_version', re: new RegExp(String.raw`\bdocker_api_version\s*[=:]\s*${Q}?${V}`, 'gd'), kinds: ['other', 'properties'], docker: false, needles: ['docker_api_version'] },
  { form: 'config', detail: 'rsyslog imdocker ApiVersionStr', re: new RegExp(String.raw`\bApiVersionStr\s*=\s*"${V}"`, 'gd'), kinds: ['other'], docker: false, needles: ['ApiVersionStr'] },
  // daemon.json; YAML files go through the YAML walker
  { form: 'daemon-min', detail: 'daemon.json min-api-version', re: new RegExp(String.raw`"min-api-version"\s*:\s*"${V}"`, 'gd'), kinds: ['other'], docker: false, needles: ['"min-api-version"'] },
];

/** Needs the name Docker (or moby) somewhere, so that other SDKs' `version=` calls stay silent. */
const MENTIONS_DOCKER = /docker|moby/i;

/**
 * Every needle of every pattern in one regex: one pass tells whether any pattern can apply.
 * On a big minified bundle the 17 `includes` calls and the Docker test cost ~20 ms; most
 * files have none of the needles.
 */
const ANY_NEEDLE = new RegExp([...new Set(SDK_PATTERNS.flatMap((p) => p.needles))].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

/**
 * Clients that take the version as two numbers, reported at the expression that holds both:
 * bollard (Rust) `ClientVersion { major_version: 1, minor_version: 44 }` handed to
 * Docker::connect_with_*, Docker.DotNet (C#) `config.CreateClient(new Version(1, 41))`.
 */
const TWO_NUMBERS: ReadonlyArray<{ re: RegExp; needle: string; detail: string }> = [
  { re: /\bClientVersion\s*\{(?:[ \t]*\/\/[^\n{}]*\n)?\s*major_version\s*:\s*(\d+)\s*,\s*minor_version\s*:\s*(\d+)/dg, needle: 'minor_version', detail: 'bollard ClientVersion' },
  { re: /\bCreateClient\(\s*new\s+(?:System\.)?Version\(\s*(\d+)\s*,\s*(\d+)\s*\)/dg, needle: 'CreateClient(', detail: 'Docker.DotNet CreateClient(new Version)' },
];

/** `negotiated(&ClientVersion {…})`, `let negotiated_version = …`: the daemon's answer, simulated. */
const NEGOTIATED = /negotiat/i;

function twoNumberPins(text: string): PinCandidate[] {
  return TWO_NUMBERS.filter((p) => text.includes(p.needle)).flatMap((p) =>
    allMatches(p.re, text)
      .filter((m) => !NEGOTIATED.test(text.slice(text.lastIndexOf('\n', m.index) + 1, m.index)))
      .map((m) => ({
        version: `${Number(m[1])}.${Number(m[2])}`,
        form: 'constant' as const,
        ruleId: ruleOf('constant'),
        start: m.index,
        end: m.indices![2][1],
        detail: p.detail,
      })),
  );
}

export const extractSdk: PinExtractor = (path, text) => {
  const numbers = twoNumberPins(text);
  if (!ANY_NEEDLE.test(text)) return numbers;
  const kind = fileKind(path);
  let docker: boolean | undefined;
  const mentionsDocker = () => (docker ??= MENTIONS_DOCKER.test(text));
  const applies = (p: SdkPattern) => (!p.kinds || p.kinds.includes(kind)) && p.needles.some((n) => text.includes(n)) && (p.docker === false || mentionsDocker());
  return [
    ...numbers,
    ...SDK_PATTERNS.filter(applies).flatMap((p) => defined(allMatches(p.re, text).map((m) => pinAt(m, 1, p.form, p.detail)))),
  ];
};
