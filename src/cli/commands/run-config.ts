import { resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { readSmallFile } from '../../engine/read-file.js';
import { readFileSync } from 'node:fs';
import { applyRunOptions, optionValue, parsedOption, runOption } from './run-options.js';
import * as v from './run-option-values.js';

/**
 * `engine run`'s docker-style options turned into the body of POST /containers/create,
 * the way the docker CLI builds it (cli/command/container/opts.go): the same option names,
 * the same defaults, the same errors for malformed values.
 */

export interface RunFlags {
  [option: string]: unknown;
  env?: string[];
  envFile?: string[];
  workdir?: string;
  user?: string;
  entrypoint?: string;
  label?: string[];
  labelFile?: string[];
  volume?: string[];
  interactive?: boolean;
  tty?: boolean;
  network?: string[];
  logDriver?: string;
  logOpt?: string[];
  rm?: boolean;
  detach?: boolean;
  attach?: string[];
}

export interface CreateConfig {
  [field: string]: unknown;
  Env?: string[];
  WorkingDir?: string;
  User?: string;
  Entrypoint?: string[];
  Labels?: Record<string, string>;
  OpenStdin?: boolean;
  StdinOnce?: boolean;
  AttachStdin?: boolean;
  AttachStdout?: boolean;
  AttachStderr?: boolean;
  HostConfig: {
    [field: string]: unknown;
    Binds?: string[];
    NetworkMode?: string;
    AutoRemove?: boolean;
    LogConfig?: { Type: string; Config: Record<string, string> };
  };
  NetworkingConfig?: { EndpointsConfig: Record<string, Record<string, unknown>> };
}

/** What createConfigOf needs from outside: hublint's environment and the daemon's socket (--use-api-socket). */
export interface CreateContext {
  env: NodeJS.ProcessEnv;
  /** The daemon's unix socket path, when hublint talks to one over a unix socket. */
  socketPath?: string;
}

/** Builds the create body (everything but Image, Cmd and Tty) from the flags. */
export async function createConfigOf(flags: RunFlags, context: NodeJS.ProcessEnv | CreateContext): Promise<CreateConfig> {
  const { env, socketPath } = 'env' in context && typeof context.env === 'object' ? (context as CreateContext) : { env: context as NodeJS.ProcessEnv, socketPath: undefined };
  const config: CreateConfig = { HostConfig: {} };
  const vars: string[] = [];
  // As docker: --env-file first, then -e, so that -e wins for a name set in both.
  for (const file of flags.envFile ?? []) vars.push(...(await readEnvFile(file, env)));
  for (const item of flags.env ?? []) {
    const value = envItem(item, env, '-e');
    if (value !== undefined) vars.push(value);
  }
  if (vars.length > 0) config.Env = vars;
  if (flags.workdir !== undefined) {
    // The daemon wants an absolute path in the container; docker says so before asking it.
    if (!flags.workdir.startsWith('/')) throw new UsageError(`the working directory '${flags.workdir}' is invalid, it needs to be an absolute path`);
    config.WorkingDir = flags.workdir;
  }
  // `--entrypoint ""` clears the image's entrypoint, as in docker.
  if (flags.entrypoint !== undefined) config.Entrypoint = [flags.entrypoint];
  // As docker: --label-file first, then -l, so that -l wins for a key set in both.
  const labels: string[] = [];
  for (const file of flags.labelFile ?? []) labels.push(...(await readKeyValueFile(file, '--label-file')).map(({ line }) => line));
  labels.push(...(flags.label ?? []).map((item) => v.label(item, '--label')));
  if (labels.length > 0) config.Labels = v.keyValueMap(labels);
  volumesOf(flags, config);
  networkOf(flags, config);
  logConfigOf(flags, config);
  // --rm: the daemon removes the container once it has exited, whatever happens to hublint.
  if (flags.rm) {
    config.HostConfig.AutoRemove = true;
    const restart = parsedOption(flags, '--restart', v.restartPolicy);
    if (restart !== undefined && restart.Name !== 'no') throw new UsageError('conflicting options: cannot specify both --restart and --rm');
  }
  attachOf(flags, config);
  applyRunOptions(flags, config);
  portsOf(flags, config);
  devicesOf(flags, config);
  securityOf(flags, config);
  healthcheckOf(flags, config);
  if (flags.useApiSocket === true) apiSocketOf(socketPath, config);
  return config;
}

/**
 * -i, -a, -d: which streams are attached (docker's parse and runContainer). Without -a,
 * stdout and stderr; -i adds stdin; StdinOnce when stdin is both open and attached; -d
 * attaches nothing and conflicts with -a.
 */
function attachOf(flags: RunFlags, config: CreateConfig): void {
  const streams = parsedOption(flags, '--attach', v.attachStreams) ?? [];
  if (flags.detach && streams.length > 0) throw new UsageError('conflicting options: cannot specify both --attach and --detach');
  const detached = flags.detach === true;
  if (flags.interactive) config.OpenStdin = true;
  const stdin = !detached && (flags.interactive === true || streams.includes('stdin'));
  if (stdin) config.AttachStdin = true;
  config.AttachStdout = !detached && (streams.length === 0 || streams.includes('stdout'));
  config.AttachStderr = !detached && (streams.length === 0 || streams.includes('stderr'));
  // StdinOnce: the container's stdin closes when the attached client half-closes (EOF).
  if (flags.interactive && stdin) config.StdinOnce = true;
}

/** -v: a bind or a named volume to Binds; a container path alone is an anonymous volume (Volumes). */
function volumesOf(flags: RunFlags, config: CreateConfig): void {
  const binds: string[] = [];
  const volumes: Record<string, object> = {};
  for (const spec of flags.volume ?? []) {
    const bind = bindOf(spec);
    if (bind.includes(':') && !/^[a-zA-Z]:[\\/]/.test(bind)) binds.push(bind);
    else volumes[bind] = {};
  }
  if (binds.length > 0) config.HostConfig.Binds = binds;
  if (Object.keys(volumes).length > 0) config.Volumes = volumes;
}

/** --log-driver and --log-opt: one LogConfig; `none` takes no options (parseLoggingOpts). */
function logConfigOf(flags: RunFlags, config: CreateConfig): void {
  const options = flags.logOpt ?? [];
  if (flags.logDriver === 'none' && options.length > 0) throw new UsageError(`invalid logging opts for driver ${flags.logDriver}`);
  if (flags.logDriver !== undefined || options.length > 0) config.HostConfig.LogConfig = { Type: flags.logDriver ?? '', Config: v.keyValueMap(options) };
}

/** -p and --expose: PortBindings, and ExposedPorts of both (the published ports are exposed too). */
function portsOf(flags: RunFlags, config: CreateConfig): void {
  const published = parsedOption(flags, '--publish', v.publish);
  const exposed = { ...published?.exposed, ...parsedOption(flags, '--expose', v.exposed) };
  if (published !== undefined) config.HostConfig.PortBindings = published.bindings;
  if (Object.keys(exposed).length > 0) config.ExposedPorts = exposed;
}

/** --device and --gpus: device mappings, and the device requests of the GPUs and the CDI names. */
function devicesOf(flags: RunFlags, config: CreateConfig): void {
  const devices = parsedOption(flags, '--device', v.devices);
  const requests: unknown[] = [...(parsedOption(flags, '--gpus', v.gpus) ?? [])];
  if (devices !== undefined && devices.mappings.length > 0) config.HostConfig.Devices = devices.mappings;
  if (devices !== undefined && devices.cdi.length > 0) requests.push({ Driver: 'cdi', Count: 0, DeviceIDs: devices.cdi, Capabilities: null, Options: null });
  if (requests.length > 0) config.HostConfig.DeviceRequests = requests;
}

/**
 * --security-opt: checked as docker does; `systempaths=unconfined` is the client's own (no
 * masked or read-only paths, not sent as an option); `seccomp=FILE` sends the file's JSON.
 */
function securityOf(flags: RunFlags, config: CreateConfig): void {
  const options = parsedOption(flags, '--security-opt', v.securityOpts);
  if (options === undefined) return;
  const sent: string[] = [];
  for (const option of options) {
    if (option === 'systempaths=unconfined') {
      config.HostConfig.MaskedPaths = [];
      config.HostConfig.ReadonlyPaths = [];
      continue;
    }
    sent.push(seccompOf(option));
  }
  config.HostConfig.SecurityOpt = sent;
}

function seccompOf(option: string): string {
  const [key, value] = option.includes('=') ? [option.slice(0, option.indexOf('=')), option.slice(option.indexOf('=') + 1)] : [option.slice(0, option.indexOf(':')), option.slice(option.indexOf(':') + 1)];
  if (key !== 'seccomp' || value === 'builtin' || value === 'unconfined') return option;
  let profile: string;
  try {
    profile = JSON.stringify(JSON.parse(readFileSync(value, 'utf8')));
  } catch (error) {
    throw new UsageError(`opening seccomp profile (${value}) failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return `seccomp=${profile}`;
}

/** --no-healthcheck conflicts with the --health-* options; negative durations are refused. */
function healthcheckOf(flags: RunFlags, config: CreateConfig): void {
  const check = config.Healthcheck as Record<string, unknown> | undefined;
  if (check === undefined) return;
  const settings = ['--health-cmd', '--health-interval', '--health-timeout', '--health-start-period', '--health-retries', '--health-start-interval'];
  if (flags.healthcheck === false && settings.some((flag) => optionValue(runOption(flag), flags) !== undefined)) {
    throw new UsageError('--no-healthcheck conflicts with --health-* options');
  }
  for (const [field, flag] of [['Interval', '--health-interval'], ['Timeout', '--health-timeout'], ['Retries', '--health-retries'], ['StartPeriod', '--health-start-period'], ['StartInterval', '--health-start-interval']]) {
    if (typeof check[field] === 'number' && (check[field] as number) < 0) throw new UsageError(`${flag} cannot be negative`);
  }
}

/** --use-api-socket: the socket of the daemon hublint talks to, bind-mounted where docker puts it. */
function apiSocketOf(socketPath: string | undefined, config: CreateConfig): void {
  if (socketPath === undefined) throw new UsageError('flag --use-api-socket can only be used with unix sockets');
  const mounts = (config.HostConfig.Mounts ??= []) as unknown[];
  mounts.push({ Type: 'bind', Source: socketPath, Target: '/var/run/docker.sock', BindOptions: {} });
}

/**
 * --network (one or more, each a name or `name=…,alias=…`) with --network-alias, --ip,
 * --ip6, --link, --link-local-ip and --mac-address, as docker's parseNetworkOpts: the first
 * network takes the single-network options; an endpoint with nothing in it is not sent.
 */
function networkOf(flags: RunFlags, config: CreateConfig): void {
  const attachments = parsedOption(flags, '--network', v.networks) ?? [];
  const aliases = (flags.networkAlias as string[] | undefined) ?? [];
  const linkNames = parsedOption(flags, '--link', v.links) ?? [];
  const ipv4 = flags.ip as string | undefined;
  const ipv6 = flags.ip6 as string | undefined;
  const linkLocal = (flags.linkLocalIp as string[] | undefined) ?? [];
  const mac = parsedOption(flags, '--mac-address', v.macAddress);
  const userDefined = (name: string): boolean => !['default', 'bridge', 'host', 'none'].includes(name) && !name.startsWith('container:');
  const first = attachments[0] ?? { target: 'default', aliases: [], linkLocalIps: [], gwPriority: 0 };
  const conflict = (what: string): never => {
    throw new UsageError(`conflicting options: cannot specify both ${what}`);
  };
  if (first.aliases.length > 0 && aliases.length > 0) conflict('--network-alias and per-network alias');
  if (first.ipv4 !== undefined && ipv4 !== undefined) conflict('--ip and per-network IPv4 address');
  if (first.ipv6 !== undefined && ipv6 !== undefined) conflict('--ip6 and per-network IPv6 address');
  if (first.mac !== undefined && mac !== undefined) conflict('--mac-address and per-network MAC address');
  if (first.linkLocalIps.length > 0 && linkLocal.length > 0) conflict('--link-local-ip and per-network link-local IP addresses');
  const merged = {
    ...first,
    aliases: aliases.length > 0 ? aliases : first.aliases,
    ipv4: ipv4 ?? first.ipv4,
    ipv6: ipv6 ?? first.ipv6,
    mac: mac ?? first.mac,
    linkLocalIps: linkLocal.length > 0 ? linkLocal : first.linkLocalIps,
  };
  // On the default bridge a link is a legacy link; on a user-defined network an alias.
  const endpointLinks = userDefined(merged.target) ? linkNames : [];
  if (linkNames.length > 0) config.HostConfig.Links = linkNames;
  const endpoints: Record<string, Record<string, unknown>> = {};
  const all = attachments.length > 0 ? [merged, ...attachments.slice(1)] : [merged];
  let user = false;
  let builtin = false;
  all.forEach((attachment, i) => {
    if (attachment.target.trim() === '') throw new UsageError('no name set for network');
    if (userDefined(attachment.target)) user = true;
    else builtin = true;
    const links = i === 0 ? endpointLinks : [];
    if (!userDefined(attachment.target) && attachment.aliases.length > 0) throw new UsageError('network-scoped aliases are only supported for user-defined networks');
    if (endpoints[attachment.target] !== undefined) throw new UsageError(`network "${attachment.target}" is specified multiple times`);
    const endpoint: Record<string, unknown> = {};
    if (attachment.aliases.length > 0) endpoint.Aliases = attachment.aliases;
    if (links.length > 0) endpoint.Links = links;
    if (attachment.driverOpts !== undefined) endpoint.DriverOpts = attachment.driverOpts;
    if (attachment.gwPriority !== 0) endpoint.GwPriority = attachment.gwPriority;
    if (attachment.ipv4 !== undefined || attachment.ipv6 !== undefined || attachment.linkLocalIps.length > 0) {
      endpoint.IPAMConfig = { IPv4Address: attachment.ipv4 ?? '', IPv6Address: attachment.ipv6 ?? '', LinkLocalIPs: attachment.linkLocalIps.length > 0 ? attachment.linkLocalIps : null };
    }
    if (attachment.mac !== undefined) endpoint.MacAddress = v.macAddress(attachment.mac);
    if (Object.keys(endpoint).length > 0) endpoints[attachment.target] = endpoint;
  });
  if (user && builtin) throw new UsageError('conflicting options: cannot attach both user-defined and non-user-defined network-modes');
  if (attachments.length > 0) config.HostConfig.NetworkMode = attachments[0].target;
  if (Object.keys(endpoints).length > 0) config.NetworkingConfig = { EndpointsConfig: endpoints };
}

/**
 * `-v SRC:DST[:OPTS]`. A host path must be absolute for the daemon; like newer docker
 * CLIs, `./x` and `../x` are made absolute here (a bare name is a named volume).
 */
function bindOf(spec: string): string {
  if (spec === '') throw new UsageError('invalid empty volume spec');
  const parts = spec.split(':');
  if (parts.length > 3) throw new UsageError(`invalid volume specification: '${spec}'`);
  const [source] = parts;
  if (parts.length >= 2 && (source === '.' || source === '..' || source.startsWith('./') || source.startsWith('../'))) {
    parts[0] = resolve(source);
  }
  return parts.join(':');
}

/** `KEY=VALUE` as given; `KEY` alone takes the value from hublint's environment, or is dropped. */
function envItem(item: string, env: NodeJS.ProcessEnv, where: string): string | undefined {
  const eq = item.indexOf('=');
  const name = eq === -1 ? item : item.slice(0, eq);
  // `=VALUE` names no variable; the value is not repeated (an env file holds secrets).
  if (name === '') throw new UsageError(`${where}: invalid environment variable: no name before '='`);
  if (eq !== -1) return item;
  const value = env[name];
  return value === undefined ? undefined : `${name}=${value}`;
}

/**
 * docker's env-file format: one `KEY=VALUE` (or `KEY`) a line, `#` comments, blank lines
 * skipped, the value taken as written (no quotes removed); a name with whitespace is an error.
 */
async function readEnvFile(file: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const out: string[] = [];
  for (const { line, where } of await readKeyValueFile(file, '--env-file')) {
    const value = envItem(line, env, where);
    if (value !== undefined) out.push(value);
  }
  return out;
}

/**
 * The lines of an env-file or label-file (docker's parseKeyValueFile): `#` comments and
 * blank lines skipped, leading white space dropped, a name with white space an error.
 */
async function readKeyValueFile(file: string, option: string): Promise<{ line: string; where: string }[]> {
  let text: string;
  try {
    text = (await readSmallFile(file, 16 * 1024 * 1024)).toString('utf8');
  } catch (error) {
    throw new UsageError(`${option}: ${(error as Error).message}`);
  }
  const out: { line: string; where: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const name = eq === -1 ? line : line.slice(0, eq);
    // Named by its line only: without an `=`, the "name" is the whole line, a value included.
    if (/\s/.test(name)) throw new UsageError(`${option} ${file}:${index + 1}: the variable name contains whitespace`);
    out.push({ line, where: `${option} ${file}:${index + 1}` });
  });
  return out;
}
