import type { PinForm } from '../types.js';

/**
 * Where a Docker client takes its API version (docs/engine-api.md §3), as data: one entry per
 * client API. The pin search (flow.ts) matches these on the lowered form of every language
 * (extract/lower/form.ts) and follows the version argument back to its literal with the same
 * resolver as Hub URLs, across files. A version that reaches none of these is not a pin.
 *
 * Languages are the lowered form's `language` (`js` covers TypeScript, `bash` the shell).
 * Kotlin reaches docker-java through the same calls as Java: its entries apply as soon as a
 * Kotlin lowering registers (until then Kotlin files are not lowered and find nothing here).
 */
export interface Sink {
  /** What takes the version, as the message names it: `client.WithVersion`, `docker-py version=`. */
  id: string;
  languages: readonly string[];
  /** The call's last name (`WithVersion` of `client.WithVersion`; `Docker` of `new Docker(…)`). */
  name: RegExp;
  /** The whole callee as written, when the last name alone is too common (`docker.Client`). */
  callee?: RegExp;
  /** Where the version is in the call. */
  at: VersionAt;
  form: PinForm;
  /** The file must name Docker (or moby): a generic name (`NewClient`, `withApiVersion`) of another SDK stays silent. */
  docker?: boolean;
  /** Text the file must contain for this sink to apply (the cheap prefilter before any parse). */
  needles: readonly string[];
  /** And this, when the needle is a common name (a docker-py client called without `version=` pins nothing). */
  also?: RegExp;
}

export type VersionAt =
  /** The argument at this position (-1: the last one). */
  | { arg: number }
  /** Whichever argument holds a version (each is followed; only a version value pins). */
  | { any: true }
  /** A keyword argument, or that key of a dict unpacked into the call (`APIClient(**opts)`). */
  | { keyword: string }
  /** A field of the object literal at this position (`new Docker({ version })`). */
  | { field: string; arg: number }
  /**
   * A setter of a named setting: the argument at `arg` names it (one of `names`), the next one
   * is the value (`os.Setenv("DOCKER_API_VERSION", v)`); with `inline`, the name argument may
   * hold the value itself (`putenv("DOCKER_API_VERSION=1.41")`).
   */
  | { setting: readonly string[]; arg: number; inline?: boolean };

/** The environment variables that pin a client (the Docker CLI, compose v1) or lower the daemon's minimum. */
export const PIN_VARIABLE_FORMS: Readonly<Record<string, PinForm>> = {
  DOCKER_API_VERSION: 'env',
  COMPOSE_API_VERSION: 'env',
  DOCKER_MIN_API_VERSION: 'daemon-min',
};
const VARIABLES = Object.keys(PIN_VARIABLE_FORMS);

/** A docker-py version keyword or dict key: `version=`, `"version":`, `["version"]`. */
const PY_VERSION = /\bversion\s*=[^=]|["']version["']/;

const ALL = ['python', 'go', 'js', 'java', 'kotlin', 'csharp', 'rust', 'ruby', 'php', 'bash', 'powershell', 'perl', 'swift', 'scala', 'dart', 'elixir', 'lua', 'r'] as const;
// Scala reaches docker-java through the same builder (`.withApiVersion("1.26")`).
const JVM = ['java', 'kotlin', 'scala'] as const;

export const SINKS: readonly Sink[] = [
  // docker-py: DockerClient / APIClient / from_env / the old docker.Client; "auto" is no version
  { id: 'docker-py version=', languages: ['python'], name: /^(?:DockerClient|APIClient|from_env)$/, at: { keyword: 'version' }, form: 'python', needles: ['DockerClient', 'APIClient', 'from_env'], also: PY_VERSION },
  { id: 'docker-py version=', languages: ['python'], name: /^Client$/, callee: /(?:^|\.)docker\.Client$/, at: { keyword: 'version' }, form: 'python', needles: ['docker.Client'], also: PY_VERSION },
  // github.com/docker/docker/client, github.com/moby/moby/client
  { id: 'client.WithVersion', languages: ['go'], name: /^WithVersion$/, at: { arg: 0 }, form: 'go', needles: ['WithVersion('] },
  { id: 'client.WithAPIVersion', languages: ['go'], name: /^WithAPIVersion$/, at: { arg: 0 }, form: 'go', needles: ['WithAPIVersion('] },
  // a project's own functional option over the Docker client (`NewTLSClient(Host(…), APIVersion("1.40"))`)
  { id: 'APIVersion option', languages: ['go'], name: /^(?:Docker)?A(?:PI|pi)Version$/, at: { arg: 0 }, form: 'go', docker: true, needles: ['APIVersion(', 'ApiVersion('] },
  // the deprecated client.NewClient(host, version, httpClient, headers)
  { id: 'client.NewClient', languages: ['go'], name: /^NewClient$/, at: { arg: 1 }, form: 'go', docker: true, needles: ['NewClient('] },
  // fsouza/go-dockerclient: NewVersionedClient(endpoint, v), …FromEnv(v), …TLSClient(…, v): the last argument
  { id: 'docker.NewVersionedClient', languages: ['go'], name: /^(?=NewVersioned\w*$)\w*Client/, at: { arg: -1 }, form: 'go', needles: ['NewVersioned'] },
  // docker-java (Java, Kotlin): the config builder; Kubernetes builders have a withApiVersion too
  { id: 'withApiVersion', languages: JVM, name: /^withApiVersion$/, at: { arg: 0 }, form: 'java', docker: true, needles: ['withApiVersion('] },
  // the Gradle Docker plugin's extension in the Kotlin DSL: `docker { apiVersion.set("1.41") }`
  { id: 'apiVersion.set', languages: ['kotlin'], name: /^set$/, callee: /(?:^|\.)apiVersion\.set$/, at: { arg: 0 }, form: 'config', docker: true, needles: ['apiVersion.set('] },
  { id: 'RemoteApiVersion.parseConfig', languages: JVM, name: /^parseConfig$/, callee: /RemoteApiVersion\.parseConfig$/, at: { arg: 0 }, form: 'java', needles: ['RemoteApiVersion.parseConfig('] },
  // the system property docker-java reads, set in code or by a build (Gradle `systemProperty`)
  { id: 'api.version system property', languages: JVM, name: /^(?:setProperty|systemProperty)$/, at: { setting: ['api.version'], arg: 0 }, form: 'java', needles: ['"api.version"'] },
  // dockerode / docker-modem: new Docker({ version: 'v1.25' }) (the `v` is part of the path)
  { id: 'dockerode { version: … }', languages: ['js'], name: /^(?:Docker|Dockerode|Modem|DockerModem)$/, at: { field: 'version', arg: 0 }, form: 'node', needles: ['Docker(', 'Dockerode(', 'Modem('] },
  // Docker.DotNet: new DockerClientConfiguration(…).CreateClient(new Version(1, 41))
  { id: 'Docker.DotNet CreateClient(new Version)', languages: ['csharp'], name: /^CreateClient$/, at: { arg: 0 }, form: 'constant', docker: true, needles: ['CreateClient('] },
  // bollard: Docker::connect_with_*(…, &ClientVersion { major_version: 1, minor_version: 41 }, …): its
  // place differs per transport (third for http/socket/ssh, sixth for ssl, fourth for mock)
  { id: 'bollard ClientVersion', languages: ['rust'], name: /^connect_with_\w+$/, at: { any: true }, form: 'constant', needles: ['connect_with_'] },
  // stevedore (R): docker_client(api_version = "1.29"); "auto" and NULL are no version
  { id: 'stevedore docker_client(api_version =)', languages: ['r'], name: /^docker_client$/, at: { keyword: 'api_version' }, form: 'constant', needles: ['docker_client'] },
  // The variable the Docker CLI and the SDKs read, set in code: Go os.Setenv and viper's
  // default of the key, Gradle's environment(...), C# Environment.SetEnvironmentVariable,
  // Rust std::env::set_var, PHP putenv("X=v"), Python os.putenv.
  {
    id: 'DOCKER_API_VERSION',
    languages: ALL,
    name: /^(?:Setenv|setenv|putenv|SetDefault|environment|SetEnvironmentVariable|set_var)$/,
    at: { setting: VARIABLES, arg: 0, inline: true },
    form: 'env',
    needles: ['_API_VERSION'],
  },
];

/**
 * Assignments that set a pin variable in code, by the name the lowered form gives the target:
 * `os.environ["X"] = v` (Python), `process.env.X = v` (JS), `ENV["X"] = v` (Ruby),
 * `$env:X = v` (PowerShell), `export X=v` (shell: the name itself).
 */
export const VARIABLE_TARGET = new RegExp(String.raw`^(?:(?:os\.environ|process\.env|ENV|env|\$env)[.:])?(${VARIABLES.join('|')})$`);

/**
 * An Engine request path `/v1.41/containers/json` built from a name, in a file that talks to
 * the daemon's socket or TCP port: the Engine serves `/vX.Y/` at the root of its address.
 */
export const ENGINE_ROUTES = 'containers|images|version|_ping|info|networks|volumes|exec|system|events|build|commit|auth|swarm|services|nodes|tasks|secrets|configs|plugins|distribution|session';
export const DAEMON_ADDRESS = /docker\.sock|unix:\/\/|:237[56](?!\d)|Excon\.new|UnixSocket|CURLOPT_UNIX_SOCKET_PATH|socketPath|--unix-socket/;

/** Whether some sink may apply to the text: a file for which none does is never parsed for pins. */
export function mayCallASink(text: string): boolean {
  return SINKS.some((s) => s.needles.some((n) => text.includes(n)) && (!s.also || s.also.test(text)));
}
