import type { PinForm } from '../types.js';
import { MENTIONS_DOCKER } from './keys.js';
import { allMatches, defined, fileKind, pinAt, type FileKind, type PinExtractor } from './match.js';

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

export const SDK_PATTERNS: readonly SdkPattern[] = [
  // Code goes through the data flow on the lowered form (pins/flow/); what stays here is
  // settings outside code, and the ones a build or a shell line hands to a JVM.
  { form: 'java', detail: '-Dapi.version', re: new RegExp(String.raw`(?:^|\s|["'])-Dapi\.version=${V}`, 'gdm'), docker: false, needles: ['-Dapi.version='] },
  // A property commented out (`#api.version=1.23`, `! docker.api.version=1.40`) is a pin put aside,
  // reported like any pin in a comment (a template of docker-java.properties ships it so).
  { form: 'java', detail: 'api.version', re: new RegExp(String.raw`^\s*(?:[#!][ \t]*)?api\.version\s*[=:]\s*${V}`, 'gdm'), kinds: ['properties'], docker: false, needles: ['api.version'] },
  // a namespaced key of an application's own settings (`docker.api.version=1.40`, `engine.api-version: 1.41`)
  { form: 'config', detail: 'api version key', re: new RegExp(String.raw`^[ \t]*(?:[#!][ \t]*)?[\w.-]*(?:docker|engine)[\w-]*[.-]api[._-]?version[ \t]*[=:][ \t]*${V}`, 'gdmi'), kinds: ['properties'], docker: false, needles: ['.api.version', '.api-version', '.api_version', '.apiVersion', '.apiversion'] },
  // the same key in a Markdown code block (fenced or indented): a line that is only `api.version=…`
  { form: 'java', detail: 'api.version', re: new RegExp(String.raw`^[ \t]*api\.version[ \t]*=[ \t]*${V}[ \t]*$`, 'gdm'), kinds: ['markdown'], docker: false, needles: ['api.version'] },
  // Groovy build scripts are not lowered for pins: the system property docker-java reads, set
  // by a build (`systemProperty("api.version", "1.44")`), and the builder's literal stay
  // patterns there (Kotlin and .kts go through pins/flow/ like Java).
  {
    form: 'java',
    detail: 'api.version system property',
    re: new RegExp(String.raw`\b(?:systemProperty|setProperty)(?:\(|[ \t]+)\s*${Q}api\.version${Q}\s*,\s*${Q}${V}${Q}`, 'gd'),
    kinds: ['unlowered'],
    docker: false,
    needles: ['"api.version"', "'api.version'"],
  },
  { form: 'java', detail: 'withApiVersion', re: new RegExp(String.raw`\bwithApiVersion\(\s*${Q}${V}${Q}`, 'gd'), kinds: ['unlowered'], needles: ['withApiVersion('] },
  // A client call commented out in code the data flow reads (it sees no comments): a pin put
  // aside, reported like a pin in any comment (`// .withApiVersion("1.26")`, `# DockerClient(version="1.41")`).
  {
    form: 'java',
    detail: 'withApiVersion (commented out)',
    re: new RegExp(String.raw`^[ \t]*(?:\/\/|\/\*|\*|#)[^\n]*?\bwithApiVersion\(\s*${Q}${V}${Q}`, 'gdm'),
    kinds: ['other'],
    needles: ['withApiVersion('],
  },
  {
    form: 'go',
    detail: 'client.WithVersion (commented out)',
    re: new RegExp(String.raw`^[ \t]*(?:\/\/|\/\*|\*)[^\n]*?\bWith(?:API)?Version\(\s*${Q}${V}${Q}`, 'gdm'),
    kinds: ['other'],
    needles: ['WithVersion(', 'WithAPIVersion('],
  },
  {
    form: 'python',
    detail: 'docker-py version= (commented out)',
    re: new RegExp(String.raw`^[ \t]*#[^\n]*?\b(?:DockerClient|APIClient|from_env|Client)\([^\n)]*?\bversion\s*=\s*${Q}${V}${Q}`, 'gdm'),
    kinds: ['other'],
    needles: ['version='],
  },
  // Clojure (no grammar): an option map's keyword, in code, a `(comment …)` form or a README's example
  { form: 'config', detail: ':api-version', re: /:api-version\s+"(v?1\.\d\d)"/dg, kinds: ['clojure', 'markdown'], needles: [':api-version'] },
  { form: 'config', detail: ':version', re: /:version\s+"(v1\.\d\d)"/dg, kinds: ['clojure', 'markdown'], needles: [':version'] },
  // Ansible inventories (INI) and rsyslog imdocker; YAML files go through the YAML walker
  { form: 'config', detail: 'docker_api_version', re: new RegExp(String.raw`\bdocker_api_version\s*[=:]\s*${Q}?${V}`, 'gd'), kinds: ['other', 'properties'], docker: false, needles: ['docker_api_version'] },
  { form: 'config', detail: 'rsyslog imdocker ApiVersionStr', re: new RegExp(String.raw`\bApiVersionStr\s*=\s*"${V}"`, 'gd'), kinds: ['other'], docker: false, needles: ['ApiVersionStr'] },
  // daemon.json; YAML files go through the YAML walker
  { form: 'daemon-min', detail: 'daemon.json min-api-version', re: new RegExp(String.raw`"min-api-version"\s*:\s*"${V}"`, 'gd'), kinds: ['other'], docker: false, needles: ['"min-api-version"'] },
];


/**
 * Every needle of every pattern in one regex: one pass tells whether any pattern can apply.
 * On a big minified bundle the 17 `includes` calls and the Docker test cost ~20 ms; most
 * files have none of the needles.
 */
const ANY_NEEDLE = new RegExp([...new Set(SDK_PATTERNS.flatMap((p) => p.needles))].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

export const extractSdk: PinExtractor = (path, text) => {
  if (!ANY_NEEDLE.test(text)) return [];
  const kind = fileKind(path);
  let docker: boolean | undefined;
  const mentionsDocker = () => (docker ??= MENTIONS_DOCKER.test(text));
  const applies = (p: SdkPattern) => (!p.kinds || p.kinds.includes(kind)) && p.needles.some((n) => text.includes(n)) && (p.docker === false || mentionsDocker());
  return SDK_PATTERNS.filter(applies).flatMap((p) => defined(allMatches(p.re, text).map((m) => pinAt(m, 1, p.form, p.detail))));
};
