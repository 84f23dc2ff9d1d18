import { UsageError } from '../../core/errors.js';
import { compareApiVersions } from '../../engine/index.js';
import * as v from './run-option-values.js';

/**
 * Every `docker run` option of docker 28 as data (the way the rules are): the option, the
 * create-request field it fills (Config, `HostConfig.*`, `NetworkingConfig.*`) or what hublint
 * does with it client-side, the parser of its value (run-option-values.ts, after docker's
 * cli/command/container/opts.go) and the first Engine API version that has it. engine.ts
 * registers the options from this table; run-config.ts applies it; an option the daemon's
 * API lacks is refused in one line before anything is created.
 *
 * A row with `parse` sets its one field generically. A row marked `built` fills fields that
 * other options fill too (Env from --env-file and -e, the endpoint from --network, --ip and
 * --network-alias, …): run-config.ts builds those, with the row's parser.
 * test/engine/docker28-run-help.txt is docker 28's `docker run --help`; a test checks that
 * every option in it is a row here.
 */
export interface RunOptionRow {
  flag: `--${string}`;
  short?: `-${string}`;
  /** The value's name in the help (`<name>`); absent for a switch. */
  value?: string;
  /** Given more than once, every value counts (a list or a map). */
  repeatable?: boolean;
  description: string;
  /** The default shown in the help (and used when the option is absent). */
  defaultValue?: string | boolean;
  /** Where it goes in the create request: `Hostname`, `HostConfig.Memory`; none for a client-side option. */
  field?: string;
  /** The field's value from the option's value(s) (one string, all strings, or a switch's boolean). */
  parse?: (value: v.OptionValue, flag: string) => unknown;
  /** The field is built in run-config.ts together with other options' values. */
  built?: true;
  /** A client-side option (or the client-side half of one): what hublint itself does with it. */
  client?: string;
  /** The first Engine API version with the field (none: every version hublint speaks). */
  minApi?: string;
  /** docker's client leaves the field out from this API version on (it was retired there). */
  droppedFromApi?: string;
  /** Only a daemon on this OS takes it; docker refuses it for another one. */
  daemonOs?: 'windows';
}

const windowsOnly = (what: string): string => `${what} (a Windows daemon only)`;

export const RUN_OPTIONS: readonly RunOptionRow[] = [
  { flag: '--add-host', value: '<host:ip>', repeatable: true, description: 'add a custom host-to-IP mapping (host:ip or host=ip); repeatable', field: 'HostConfig.ExtraHosts', parse: v.extraHosts },
  { flag: '--annotation', value: '<key=value>', repeatable: true, description: 'add an annotation for the OCI runtime; repeatable', field: 'HostConfig.Annotations', parse: v.keyValueMap, minApi: '1.43' },
  { flag: '--attach', short: '-a', value: '<stream>', repeatable: true, description: 'attach to STDIN, STDOUT or STDERR; repeatable', field: 'AttachStdin, AttachStdout, AttachStderr', built: true, client: 'only the named streams are attached and copied' },
  { flag: '--blkio-weight', value: '<weight>', description: 'block IO relative weight, 10 to 1000 (0: off)', field: 'HostConfig.BlkioWeight', parse: v.uint16 },
  { flag: '--blkio-weight-device', value: '<device:weight>', repeatable: true, description: 'block IO weight of a device; repeatable', field: 'HostConfig.BlkioWeightDevice', parse: v.weightDevices },
  { flag: '--cap-add', value: '<cap>', repeatable: true, description: 'add a Linux capability; repeatable', field: 'HostConfig.CapAdd', parse: v.capabilities },
  { flag: '--cap-drop', value: '<cap>', repeatable: true, description: 'drop a Linux capability; repeatable', field: 'HostConfig.CapDrop', parse: v.capabilities },
  { flag: '--cgroup-parent', value: '<path>', description: 'parent cgroup', field: 'HostConfig.CgroupParent', parse: v.text },
  { flag: '--cgroupns', value: '<mode>', description: 'cgroup namespace (host, private)', field: 'HostConfig.CgroupnsMode', parse: v.namespaceMode(['host', 'private'], 'CGROUP'), minApi: '1.41' },
  { flag: '--cidfile', value: '<file>', description: 'write the container id to a file (which must not exist)', client: 'the id written once the container exists' },
  { flag: '--cpu-count', value: '<number>', description: windowsOnly('CPU count'), field: 'HostConfig.CpuCount', parse: v.integer, daemonOs: 'windows' },
  { flag: '--cpu-percent', value: '<number>', description: windowsOnly('CPU percent'), field: 'HostConfig.CpuPercent', parse: v.integer, daemonOs: 'windows' },
  { flag: '--cpu-period', value: '<µs>', description: 'CFS period', field: 'HostConfig.CpuPeriod', parse: v.integer },
  { flag: '--cpu-quota', value: '<µs>', description: 'CFS quota', field: 'HostConfig.CpuQuota', parse: v.integer },
  { flag: '--cpu-rt-period', value: '<µs>', description: 'real-time period', field: 'HostConfig.CpuRealtimePeriod', parse: v.integer, minApi: '1.25' },
  { flag: '--cpu-rt-runtime', value: '<µs>', description: 'real-time runtime', field: 'HostConfig.CpuRealtimeRuntime', parse: v.integer, minApi: '1.25' },
  { flag: '--cpu-shares', short: '-c', value: '<number>', description: 'relative CPU weight', field: 'HostConfig.CpuShares', parse: v.integer },
  { flag: '--cpus', value: '<number>', description: 'number of CPUs (1.5)', field: 'HostConfig.NanoCpus', parse: v.cpus, minApi: '1.25' },
  { flag: '--cpuset-cpus', value: '<list>', description: 'CPUs to run on (0-3, 0,1)', field: 'HostConfig.CpusetCpus', parse: v.text },
  { flag: '--cpuset-mems', value: '<list>', description: 'memory nodes to use (0-3, 0,1)', field: 'HostConfig.CpusetMems', parse: v.text },
  { flag: '--detach', short: '-d', description: 'run in the background and print the container id', field: 'AttachStdin, AttachStdout, AttachStderr, StdinOnce', built: true, client: 'nothing attached; the id printed once the container exists' },
  { flag: '--detach-keys', value: '<keys>', description: 'the keys that detach from an -it container and leave it running (default ctrl-p,ctrl-q)', client: 'watched on stdin and sent with the attach' },
  { flag: '--device', value: '<host[:container][:rwm]>', repeatable: true, description: 'add a host device (or a CDI device, vendor/class=name); repeatable', field: 'HostConfig.Devices, HostConfig.DeviceRequests', built: true },
  { flag: '--device-cgroup-rule', value: '<rule>', repeatable: true, description: "add a rule to the cgroup's allowed devices ('c 1:3 mr'); repeatable", field: 'HostConfig.DeviceCgroupRules', parse: v.deviceCgroupRules },
  { flag: '--device-read-bps', value: '<device:rate>', repeatable: true, description: 'limit the read rate (bytes per second) from a device; repeatable', field: 'HostConfig.BlkioDeviceReadBps', parse: v.throttleBps },
  { flag: '--device-read-iops', value: '<device:rate>', repeatable: true, description: 'limit the read rate (IO per second) from a device; repeatable', field: 'HostConfig.BlkioDeviceReadIOps', parse: v.throttleIops },
  { flag: '--device-write-bps', value: '<device:rate>', repeatable: true, description: 'limit the write rate (bytes per second) to a device; repeatable', field: 'HostConfig.BlkioDeviceWriteBps', parse: v.throttleBps },
  { flag: '--device-write-iops', value: '<device:rate>', repeatable: true, description: 'limit the write rate (IO per second) to a device; repeatable', field: 'HostConfig.BlkioDeviceWriteIOps', parse: v.throttleIops },
  { flag: '--disable-content-trust', description: 'skip image verification (the default: hublint verifies no signatures; =false is refused)', defaultValue: true, client: 'accepted; =false (Notary verification) refused in one line' },
  { flag: '--dns', value: '<ip>', repeatable: true, description: 'DNS server; repeatable', field: 'HostConfig.Dns', parse: v.ipAddresses },
  { flag: '--dns-option', value: '<option>', repeatable: true, description: 'DNS option; repeatable', field: 'HostConfig.DnsOptions', parse: v.list },
  { flag: '--dns-search', value: '<domain>', repeatable: true, description: 'DNS search domain; repeatable', field: 'HostConfig.DnsSearch', parse: v.dnsSearch },
  { flag: '--domainname', value: '<name>', description: 'container NIS domain name', field: 'Domainname', parse: v.text },
  { flag: '--entrypoint', value: '<command>', description: "override the image's entrypoint (\"\": none)", field: 'Entrypoint', built: true },
  { flag: '--env', short: '-e', value: '<KEY=VALUE>', repeatable: true, description: 'set an environment variable (KEY alone: take it from here); repeatable', field: 'Env', built: true },
  { flag: '--env-file', value: '<file>', repeatable: true, description: 'read environment variables from a file; repeatable', field: 'Env', built: true, client: 'the file read here; its variables before those of -e' },
  { flag: '--expose', value: '<port>', repeatable: true, description: 'expose a port or a range (PORT[-PORT][/PROTOCOL]); repeatable', field: 'ExposedPorts', built: true },
  { flag: '--gpus', value: '<request>', repeatable: true, description: "GPUs to add (all, count=N, device=ID[,ID], capabilities=…, driver=…); repeatable", field: 'HostConfig.DeviceRequests', built: true, minApi: '1.40' },
  { flag: '--group-add', value: '<group>', repeatable: true, description: 'additional group to join; repeatable', field: 'HostConfig.GroupAdd', parse: v.list },
  { flag: '--health-cmd', value: '<command>', description: 'command (run by the shell) that checks health', field: 'Healthcheck.Test', parse: (value) => ['CMD-SHELL', value] },
  { flag: '--health-interval', value: '<duration>', description: 'time between health checks (30s)', field: 'Healthcheck.Interval', parse: v.duration },
  { flag: '--health-retries', value: '<number>', description: 'failures in a row that make the container unhealthy', field: 'Healthcheck.Retries', parse: v.integer },
  { flag: '--health-start-interval', value: '<duration>', description: 'time between health checks during the start period', field: 'Healthcheck.StartInterval', parse: v.duration, minApi: '1.44' },
  { flag: '--health-start-period', value: '<duration>', description: 'time before failed health checks count', field: 'Healthcheck.StartPeriod', parse: v.duration, minApi: '1.29' },
  { flag: '--health-timeout', value: '<duration>', description: 'longest time one health check may take', field: 'Healthcheck.Timeout', parse: v.duration },
  { flag: '--help', description: 'print the usage', client: "commander's help option (without -h, which is --hostname as in docker)" },
  { flag: '--hostname', short: '-h', value: '<name>', description: 'container host name', field: 'Hostname', parse: v.text },
  { flag: '--init', description: 'run an init inside the container that forwards signals and reaps processes', field: 'HostConfig.Init', parse: v.on, minApi: '1.25' },
  { flag: '--interactive', short: '-i', description: 'keep stdin open and send it to the container', field: 'OpenStdin, AttachStdin, StdinOnce', built: true, client: 'stdin copied to the container, half-closed at its end' },
  { flag: '--io-maxbandwidth', value: '<bytes>', description: windowsOnly('IO bandwidth limit of the system drive'), field: 'HostConfig.IOMaximumBandwidth', parse: v.bytes, daemonOs: 'windows' },
  { flag: '--io-maxiops', value: '<number>', description: windowsOnly('IOps limit of the system drive'), field: 'HostConfig.IOMaximumIOps', parse: v.uint64, daemonOs: 'windows' },
  { flag: '--ip', value: '<address>', description: 'IPv4 address on the network', field: 'NetworkingConfig.EndpointsConfig.*.IPAMConfig.IPv4Address', built: true },
  { flag: '--ip6', value: '<address>', description: 'IPv6 address on the network', field: 'NetworkingConfig.EndpointsConfig.*.IPAMConfig.IPv6Address', built: true },
  { flag: '--ipc', value: '<mode>', description: 'IPC mode (none, private, shareable, host, container:NAME)', field: 'HostConfig.IpcMode', parse: v.text },
  { flag: '--isolation', value: '<technology>', description: 'isolation technology (default; process and hyperv on Windows)', field: 'HostConfig.Isolation', parse: v.text },
  { flag: '--kernel-memory', value: '<bytes>', description: 'kernel memory limit (API 1.40 and 1.41 only; newer APIs drop it, as docker does)', field: 'HostConfig.KernelMemory', parse: v.bytes, minApi: '1.40', droppedFromApi: '1.42' },
  { flag: '--label', short: '-l', value: '<KEY=VALUE>', repeatable: true, description: 'set a label; repeatable', field: 'Labels', built: true },
  { flag: '--label-file', value: '<file>', repeatable: true, description: 'read labels (KEY=VALUE lines) from a file; repeatable', field: 'Labels', built: true, client: 'the file read here; its labels before those of -l' },
  { flag: '--link', value: '<name[:alias]>', repeatable: true, description: 'link to another container (an alias on a user-defined network); repeatable', field: 'HostConfig.Links or NetworkingConfig.EndpointsConfig.*.Links', built: true },
  { flag: '--link-local-ip', value: '<address>', repeatable: true, description: 'link-local address on the network; repeatable', field: 'NetworkingConfig.EndpointsConfig.*.IPAMConfig.LinkLocalIPs', built: true },
  { flag: '--log-driver', value: '<driver>', description: "the container's log driver (json-file, local, none, …); output is attached either way", field: 'HostConfig.LogConfig.Type', built: true },
  { flag: '--log-opt', value: '<key=value>', repeatable: true, description: 'log driver option; repeatable', field: 'HostConfig.LogConfig.Config', built: true },
  { flag: '--mac-address', value: '<address>', description: 'MAC address on the network (92:d0:c6:0a:29:33)', field: 'NetworkingConfig.EndpointsConfig.*.MacAddress', built: true, minApi: '1.44' },
  { flag: '--memory', short: '-m', value: '<bytes>', description: 'memory limit (512m, 1g)', field: 'HostConfig.Memory', parse: v.bytes },
  { flag: '--memory-reservation', value: '<bytes>', description: 'memory soft limit (32m)', field: 'HostConfig.MemoryReservation', parse: v.bytes },
  { flag: '--memory-swap', value: '<bytes>', description: 'memory plus swap limit (-1: unlimited swap)', field: 'HostConfig.MemorySwap', parse: v.memorySwap },
  { flag: '--memory-swappiness', value: '<0-100>', description: 'memory swappiness (-1: the default)', field: 'HostConfig.MemorySwappiness', parse: v.swappiness },
  { flag: '--mount', value: '<mount>', repeatable: true, description: 'attach a mount (type=bind|volume|tmpfs|image,src=…,dst=…,readonly,…); repeatable', field: 'HostConfig.Mounts', parse: v.mounts },
  { flag: '--name', value: '<name>', description: 'container name', client: 'the create request\'s name parameter' },
  { flag: '--network', value: '<network>', repeatable: true, description: 'network (none, host, bridge, a name, or name=…,alias=…,ip=…); repeatable', field: 'HostConfig.NetworkMode, NetworkingConfig.EndpointsConfig', built: true },
  { flag: '--network-alias', value: '<alias>', repeatable: true, description: 'network-scoped alias (user-defined networks); repeatable', field: 'NetworkingConfig.EndpointsConfig.*.Aliases', built: true },
  { flag: '--no-healthcheck', description: "disable the image's health check", field: 'Healthcheck.Test', parse: (value) => (value === true ? ['NONE'] : undefined) },
  { flag: '--oom-kill-disable', description: 'disable the OOM killer for this container', field: 'HostConfig.OomKillDisable', parse: v.on },
  { flag: '--oom-score-adj', value: '<number>', description: "the OOM killer's score adjustment (-1000 to 1000)", field: 'HostConfig.OomScoreAdj', parse: v.integer },
  { flag: '--pid', value: '<mode>', description: 'PID namespace (host, container:NAME)', field: 'HostConfig.PidMode', parse: v.namespaceMode(['host'], 'PID', true) },
  { flag: '--pids-limit', value: '<number>', description: 'process limit (-1: none)', field: 'HostConfig.PidsLimit', parse: v.integer },
  { flag: '--platform', value: '<platform>', description: 'platform (os[/arch[/variant]]) to pull and create for', client: "the create request's platform parameter, and the pull's" },
  { flag: '--privileged', description: 'give extended privileges to this container', field: 'HostConfig.Privileged', parse: v.on },
  { flag: '--publish', short: '-p', value: '<[ip:][host:]container[/proto]>', repeatable: true, description: "publish a container's port(s) to the host (ranges: 8080-8081:80-81); repeatable", field: 'HostConfig.PortBindings, ExposedPorts', built: true },
  { flag: '--publish-all', short: '-P', description: 'publish every exposed port to a random host port', field: 'HostConfig.PublishAllPorts', parse: v.on },
  { flag: '--pull', value: '<policy>', description: 'pull the image: missing, always or never', defaultValue: 'missing', client: 'pull before the create (always), after a 404 (missing), or never' },
  { flag: '--quiet', short: '-q', description: 'print nothing of a pull', client: 'no pull progress on stderr' },
  { flag: '--read-only', description: "mount the container's root filesystem as read only", field: 'HostConfig.ReadonlyRootfs', parse: v.on },
  { flag: '--restart', value: '<policy>', description: 'restart policy: no, always, unless-stopped, on-failure[:N]', field: 'HostConfig.RestartPolicy', parse: v.restartPolicy },
  { flag: '--rm', description: 'remove the container when it exits', field: 'HostConfig.AutoRemove', built: true, client: 'also removed here when the run fails before the daemon could' },
  { flag: '--runtime', value: '<name>', description: 'OCI runtime', field: 'HostConfig.Runtime', parse: v.text },
  { flag: '--security-opt', value: '<option>', repeatable: true, description: 'security option (seccomp=FILE is read here); repeatable', field: 'HostConfig.SecurityOpt, HostConfig.MaskedPaths, HostConfig.ReadonlyPaths', built: true },
  { flag: '--shm-size', value: '<bytes>', description: 'size of /dev/shm (64m)', field: 'HostConfig.ShmSize', parse: v.bytes },
  { flag: '--sig-proxy', description: 'forward received signals to the container (=false: do not)', defaultValue: true, client: 'signals forwarded to the container, or left to hublint' },
  { flag: '--stop-signal', value: '<signal>', description: 'signal to stop the container', field: 'StopSignal', parse: v.text },
  { flag: '--stop-timeout', value: '<seconds>', description: 'seconds to wait before killing the container on stop', field: 'StopTimeout', parse: v.integer, minApi: '1.25' },
  { flag: '--storage-opt', value: '<key=value>', repeatable: true, description: 'storage driver option (size=10G); repeatable', field: 'HostConfig.StorageOpt', parse: v.storageOpts },
  { flag: '--sysctl', value: '<key=value>', repeatable: true, description: 'namespaced kernel parameter; repeatable', field: 'HostConfig.Sysctls', parse: v.sysctls },
  { flag: '--tmpfs', value: '<path[:options]>', repeatable: true, description: 'mount a tmpfs; repeatable', field: 'HostConfig.Tmpfs', parse: v.tmpfs },
  { flag: '--tty', short: '-t', description: 'allocate a pseudo-TTY (output is not split into stdout and stderr)', field: 'Tty', built: true, client: 'raw terminal, resized with ours' },
  { flag: '--ulimit', value: '<name=soft[:hard]>', repeatable: true, description: 'ulimit; repeatable', field: 'HostConfig.Ulimits', parse: v.ulimits },
  { flag: '--use-api-socket', description: "bind mount the daemon's socket at /var/run/docker.sock (a unix socket only), with the registry credentials", field: 'HostConfig.Mounts', built: true, client: 'the socket of the daemon hublint talks to (refused for a tcp:// daemon); the credentials copied in as /run/secrets/docker/config.json, DOCKER_CONFIG set' },
  { flag: '--user', short: '-u', value: '<user>', description: 'user[:group] or uid[:gid] to run as', field: 'User', parse: v.text },
  { flag: '--userns', value: '<mode>', description: 'user namespace (host)', field: 'HostConfig.UsernsMode', parse: v.namespaceMode(['host'], 'USER') },
  { flag: '--uts', value: '<mode>', description: 'UTS namespace (host)', field: 'HostConfig.UTSMode', parse: v.namespaceMode(['host'], 'UTS') },
  { flag: '--volume', short: '-v', value: '<src:dst[:opts]>', repeatable: true, description: 'bind mount a host path, a named volume, or an anonymous one (a path alone); repeatable', field: 'HostConfig.Binds, Volumes', built: true },
  { flag: '--volume-driver', value: '<driver>', description: 'volume driver for the volumes of -v', field: 'HostConfig.VolumeDriver', parse: v.text },
  { flag: '--volumes-from', value: '<container[:ro|rw]>', repeatable: true, description: "mount another container's volumes; repeatable", field: 'HostConfig.VolumesFrom', parse: v.list },
  { flag: '--workdir', short: '-w', value: '<dir>', description: 'working directory inside the container (absolute)', field: 'WorkingDir', built: true },
];

/** Names docker 28 still takes but hides from its help (opts.go: MarkHidden), for the options they stand for. */
export const HIDDEN_ALIASES: Readonly<Record<string, `--${string}`>> = { '--net': '--network', '--net-alias': '--network-alias', '--dns-opt': '--dns-option' };

/** The flags object key commander gives an option: `--shm-size` → `shmSize`, `--no-healthcheck` → `healthcheck`. */
export function optionKey(row: RunOptionRow): string {
  return row.flag.slice(row.flag.startsWith('--no-') ? 5 : 2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The option's value in commander's flags, undefined when it was not given. Commander reads
 * a lone `--no-x` as x's negation (x: true unless given), so such a row is given when false.
 */
export function optionValue(row: RunOptionRow, flags: Record<string, unknown>): v.OptionValue | undefined {
  const value = flags[optionKey(row)] as v.OptionValue | undefined;
  if (row.flag.startsWith('--no-')) return value === false ? true : undefined;
  return value;
}

export function runOption(flag: string): RunOptionRow {
  const row = RUN_OPTIONS.find((r) => r.flag === flag);
  if (row === undefined) throw new Error(`no run option ${flag}`);
  return row;
}

/** The given value of `flag`, parsed by its row's parser. */
export function parsedOption<T>(flags: Record<string, unknown>, flag: string, parse: (value: v.OptionValue, flag: string) => T): T | undefined {
  const row = runOption(flag);
  const value = optionValue(row, flags);
  return value === undefined ? undefined : parse(value, row.flag);
}

/** Sets each given option's one field in `config` (rows with `parse`); answers the rows that were given. */
export function applyRunOptions(flags: Record<string, unknown>, config: Record<string, unknown>): RunOptionRow[] {
  const given: RunOptionRow[] = [];
  for (const row of RUN_OPTIONS) {
    const value = optionValue(row, flags);
    if (value === undefined || row.field === undefined || row.parse === undefined) continue;
    given.push(row);
    const parsed = row.parse(value, row.flag);
    if (parsed === undefined) continue;
    const path = row.field.split('.');
    let target = config;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]] = parsed;
  }
  return given;
}

/** The rows given in `flags` that have an API version bound. */
function versionedRows(flags: Record<string, unknown>): RunOptionRow[] {
  return RUN_OPTIONS.filter((row) => (row.minApi !== undefined || row.droppedFromApi !== undefined) && optionValue(row, flags) !== undefined && optionValue(row, flags) !== false);
}

/** The given options that only a daemon on another OS than `os` takes. */
export function refuseForDaemonOs(flags: Record<string, unknown>, os: string | undefined): void {
  for (const row of RUN_OPTIONS) {
    if (row.daemonOs === undefined || optionValue(row, flags) === undefined || os === undefined || os === row.daemonOs) continue;
    throw new UsageError(`"${row.flag}" is only supported on a Docker daemon running on ${row.daemonOs}, but the Docker daemon is running on ${os}`);
  }
}

/** Whether an option that only one daemon OS takes was given. */
export function needsDaemonOs(flags: Record<string, unknown>): boolean {
  return RUN_OPTIONS.some((row) => row.daemonOs !== undefined && optionValue(row, flags) !== undefined);
}

/** Whether the API version matters for these flags (so that it is asked for only then). */
export function needsApiVersion(flags: Record<string, unknown>): boolean {
  return versionedRows(flags).length > 0;
}

/**
 * As docker: an option whose field the daemon's API version lacks is refused, before
 * anything is created; a field that API retired is left out of `config`, as docker's
 * client leaves it out.
 */
export function fitToApiVersion(flags: Record<string, unknown>, config: Record<string, unknown>, version: string): void {
  for (const row of versionedRows(flags)) {
    if (row.minApi !== undefined && compareApiVersions(version, row.minApi) < 0) {
      throw new UsageError(`"${row.flag}" requires API version ${row.minApi}, but the Docker daemon API version is ${version}`);
    }
    if (row.droppedFromApi !== undefined && compareApiVersions(version, row.droppedFromApi) >= 0 && row.field !== undefined) {
      const path = row.field.split('.');
      const parent = path.slice(0, -1).reduce<Record<string, unknown> | undefined>((at, part) => at?.[part] as Record<string, unknown> | undefined, config);
      if (parent) delete parent[path[path.length - 1]];
    }
  }
}
