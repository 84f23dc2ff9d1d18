import { UsageError } from '../../core/errors.js';

/**
 * `docker run` options that are one field of POST /containers/create, as data (the way the
 * rules are): the option, the field it fills, the parser of its value (docker's
 * cli/command/container/opts.go) and the first API version that has the field. engine.ts
 * registers the options from this table and run-config.ts applies it; an option the
 * daemon's API lacks is refused before anything is created.
 * The options with more to them (-e/--env-file, -v, -w, -l, -i, -t, --rm, …) are in
 * run-config.ts; docker's -h stays commander's help here (--hostname is the long form).
 */
export interface RunOptionRow {
  flag: `--${string}`;
  short?: `-${string}`;
  /** The value's name in the help (`<name>`); absent for a switch. */
  value?: string;
  /** Given more than once, every value counts (a list or a map). */
  repeatable?: boolean;
  description: string;
  /** Where it goes in the create request: `Hostname`, `HostConfig.Memory`; none for a client-side option. */
  field?: string;
  /** The field's value from the option's value(s) (one string, all strings, or true). */
  parse?: (value: string | string[] | true, flag: string) => unknown;
  /** A client-side option: what hublint itself does with it (in engine-run.ts or run-config.ts). */
  client?: string;
  /** The first Engine API version with the field (none: every version hublint speaks). */
  minApi?: string;
}

const text = (value: string | string[] | true): unknown => value;
const on = (): unknown => true;
const list = (value: string | string[] | true): unknown => value;

function integer(value: string | string[] | true, flag: string): number {
  const n = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(n)) throw new UsageError(`invalid argument "${String(value)}" for "${flag}": not an integer`);
  return n;
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** `512m`, `1g`, `1024`: docker's RAMInBytes (binary units, an optional trailing `b`). */
function bytes(value: string | string[] | true, flag: string): number {
  const m = typeof value === 'string' ? /^(\d+(?:\.\d+)?)\s*([kmgt]?)b?$/i.exec(value) : null;
  if (!m) throw new UsageError(`invalid argument "${String(value)}" for "${flag}": not a size like 512m`);
  return Math.floor(Number(m[1]) * UNITS[m[2].toLowerCase()]);
}

/** `1.5` CPUs as NanoCpus, as docker's NanoCPUs. */
function cpus(value: string | string[] | true, flag: string): number {
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`invalid argument "${String(value)}" for "${flag}": not a number of CPUs`);
  return Math.round(n * 1e9);
}

/** `KEY=VALUE` values as a map (`--sysctl`). */
function keyValues(value: string | string[] | true, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of [value].flat()) {
    const eq = String(item).indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid argument "${String(item)}" for "${flag}": not KEY=VALUE`);
    out[String(item).slice(0, eq)] = String(item).slice(eq + 1);
  }
  return out;
}

/** `no`, `always`, `unless-stopped`, `on-failure[:N]`. */
function restartPolicy(value: string | string[] | true, flag: string): { Name: string; MaximumRetryCount: number } {
  const m = typeof value === 'string' ? /^(no|always|unless-stopped|on-failure)(?::(\d+))?$/.exec(value) : null;
  if (!m || (m[2] !== undefined && m[1] !== 'on-failure')) throw new UsageError(`invalid restart policy "${String(value)}" for "${flag}"`);
  return { Name: m[1], MaximumRetryCount: m[2] === undefined ? 0 : Number(m[2]) };
}

/** `nofile=1024[:2048]`. */
function ulimits(value: string | string[] | true, flag: string): { Name: string; Soft: number; Hard: number }[] {
  return [value].flat().map((item) => {
    const m = /^([a-z]+)=(-?\d+)(?::(-?\d+))?$/.exec(String(item));
    if (!m) throw new UsageError(`invalid argument "${String(item)}" for "${flag}": not NAME=SOFT[:HARD]`);
    return { Name: m[1], Soft: Number(m[2]), Hard: Number(m[3] ?? m[2]) };
  });
}

/** `/run[:OPTIONS]` as a map of mount point to options. */
function tmpfs(value: string | string[] | true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of [value].flat()) {
    const colon = String(item).indexOf(':');
    out[colon === -1 ? String(item) : String(item).slice(0, colon)] = colon === -1 ? '' : String(item).slice(colon + 1);
  }
  return out;
}

/** `80`, `53/udp` as ExposedPorts (`{"80/tcp": {}}`). */
function exposed(value: string | string[] | true, flag: string): Record<string, object> {
  const out: Record<string, object> = {};
  for (const item of [value].flat()) {
    const m = /^(\d{1,5})(?:\/(tcp|udp|sctp))?$/.exec(String(item));
    if (!m || Number(m[1]) > 65535) throw new UsageError(`invalid argument "${String(item)}" for "${flag}": not PORT[/PROTOCOL]`);
    out[`${m[1]}/${m[2] ?? 'tcp'}`] = {};
  }
  return out;
}

const DURATION_UNITS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** A Go duration (`30s`, `1m30s`, `500ms`) in nanoseconds, as the healthcheck fields take it. */
function duration(value: string | string[] | true, flag: string): number {
  const text = String(value);
  if (!/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(text)) throw new UsageError(`invalid argument "${text}" for "${flag}": not a duration like 30s`);
  let total = 0;
  // A number starts after no digit: a match tried inside a run of digits is quadratic.
  for (const [, n, unit] of text.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(n) * DURATION_UNITS[unit];
  return Math.round(total);
}

export const RUN_OPTIONS: readonly RunOptionRow[] = [
  { flag: '--hostname', value: '<name>', description: 'container host name', field: 'Hostname', parse: text },
  { flag: '--domainname', value: '<name>', description: 'container NIS domain name', field: 'Domainname', parse: text },
  { flag: '--stop-signal', value: '<signal>', description: 'signal to stop the container', field: 'StopSignal', parse: text },
  { flag: '--stop-timeout', value: '<seconds>', description: 'seconds to wait before killing the container on stop', field: 'StopTimeout', parse: integer, minApi: '1.25' },
  { flag: '--expose', value: '<port>', repeatable: true, description: 'expose a port (PORT[/PROTOCOL]); repeatable', field: 'ExposedPorts', parse: exposed },
  { flag: '--init', description: 'run an init inside the container that forwards signals and reaps processes', field: 'HostConfig.Init', parse: on, minApi: '1.25' },
  { flag: '--privileged', description: 'give extended privileges to this container', field: 'HostConfig.Privileged', parse: on },
  { flag: '--read-only', description: "mount the container's root filesystem as read only", field: 'HostConfig.ReadonlyRootfs', parse: on },
  { flag: '--cap-add', value: '<cap>', repeatable: true, description: 'add a Linux capability; repeatable', field: 'HostConfig.CapAdd', parse: list },
  { flag: '--cap-drop', value: '<cap>', repeatable: true, description: 'drop a Linux capability; repeatable', field: 'HostConfig.CapDrop', parse: list },
  { flag: '--add-host', value: '<host:ip>', repeatable: true, description: 'add a line to /etc/hosts; repeatable', field: 'HostConfig.ExtraHosts', parse: list },
  { flag: '--dns', value: '<ip>', repeatable: true, description: 'DNS server; repeatable', field: 'HostConfig.Dns', parse: list },
  { flag: '--dns-search', value: '<domain>', repeatable: true, description: 'DNS search domain; repeatable', field: 'HostConfig.DnsSearch', parse: list },
  { flag: '--dns-option', value: '<option>', repeatable: true, description: 'DNS option; repeatable', field: 'HostConfig.DnsOptions', parse: list },
  { flag: '--group-add', value: '<group>', repeatable: true, description: 'additional group to join; repeatable', field: 'HostConfig.GroupAdd', parse: list },
  { flag: '--security-opt', value: '<option>', repeatable: true, description: 'security option; repeatable', field: 'HostConfig.SecurityOpt', parse: list },
  { flag: '--sysctl', value: '<key=value>', repeatable: true, description: 'namespaced kernel parameter; repeatable', field: 'HostConfig.Sysctls', parse: keyValues },
  { flag: '--ulimit', value: '<name=soft[:hard]>', repeatable: true, description: 'ulimit; repeatable', field: 'HostConfig.Ulimits', parse: ulimits },
  { flag: '--tmpfs', value: '<path[:options]>', repeatable: true, description: 'mount a tmpfs; repeatable', field: 'HostConfig.Tmpfs', parse: tmpfs },
  { flag: '--restart', value: '<policy>', description: 'restart policy: no, always, unless-stopped, on-failure[:N]', field: 'HostConfig.RestartPolicy', parse: restartPolicy },
  { flag: '--memory', short: '-m', value: '<bytes>', description: 'memory limit (512m, 1g)', field: 'HostConfig.Memory', parse: bytes },
  { flag: '--shm-size', value: '<bytes>', description: 'size of /dev/shm (64m)', field: 'HostConfig.ShmSize', parse: bytes },
  { flag: '--cpus', value: '<number>', description: 'number of CPUs (1.5)', field: 'HostConfig.NanoCpus', parse: cpus, minApi: '1.25' },
  { flag: '--pids-limit', value: '<number>', description: 'process limit (-1: none)', field: 'HostConfig.PidsLimit', parse: integer },
  { flag: '--oom-score-adj', value: '<number>', description: "the OOM killer's score adjustment", field: 'HostConfig.OomScoreAdj', parse: integer },
  { flag: '--ipc', value: '<mode>', description: 'IPC mode (none, private, shareable, host, container:NAME)', field: 'HostConfig.IpcMode', parse: text },
  { flag: '--pid', value: '<mode>', description: 'PID namespace (host, container:NAME)', field: 'HostConfig.PidMode', parse: text },
  { flag: '--uts', value: '<mode>', description: 'UTS namespace (host)', field: 'HostConfig.UTSMode', parse: text },
  { flag: '--cgroupns', value: '<mode>', description: 'cgroup namespace (host, private)', field: 'HostConfig.CgroupnsMode', parse: text, minApi: '1.41' },
  { flag: '--userns', value: '<mode>', description: 'user namespace (host)', field: 'HostConfig.UsernsMode', parse: text },
  { flag: '--cgroup-parent', value: '<path>', description: 'parent cgroup', field: 'HostConfig.CgroupParent', parse: text },
  { flag: '--runtime', value: '<name>', description: 'OCI runtime', field: 'HostConfig.Runtime', parse: text },
  { flag: '--cpu-shares', value: '<number>', description: 'relative CPU weight', field: 'HostConfig.CpuShares', parse: integer },
  { flag: '--cpu-period', value: '<µs>', description: 'CFS period', field: 'HostConfig.CpuPeriod', parse: integer },
  { flag: '--cpu-quota', value: '<µs>', description: 'CFS quota', field: 'HostConfig.CpuQuota', parse: integer },
  { flag: '--cpuset-cpus', value: '<list>', description: 'CPUs to run on (0-3, 0,1)', field: 'HostConfig.CpusetCpus', parse: text },
  { flag: '--cpuset-mems', value: '<list>', description: 'memory nodes to use (0-3, 0,1)', field: 'HostConfig.CpusetMems', parse: text },
  { flag: '--memory-reservation', value: '<bytes>', description: 'memory soft limit (32m)', field: 'HostConfig.MemoryReservation', parse: bytes },
  { flag: '--oom-kill-disable', description: "disable the OOM killer for this container", field: 'HostConfig.OomKillDisable', parse: on },
  { flag: '--health-cmd', value: '<command>', description: 'command (run by the shell) that checks health', field: 'Healthcheck.Test', parse: (value) => ['CMD-SHELL', value] },
  { flag: '--health-interval', value: '<duration>', description: 'time between health checks (30s)', field: 'Healthcheck.Interval', parse: duration },
  { flag: '--health-timeout', value: '<duration>', description: 'longest time one health check may take', field: 'Healthcheck.Timeout', parse: duration },
  { flag: '--health-start-period', value: '<duration>', description: 'time before failed health checks count', field: 'Healthcheck.StartPeriod', parse: duration, minApi: '1.29' },
  { flag: '--health-retries', value: '<number>', description: 'failures in a row that make the container unhealthy', field: 'Healthcheck.Retries', parse: integer },
  { flag: '--no-healthcheck', description: "disable the image's health check", field: 'Healthcheck.Test', parse: () => ['NONE'] },
  { flag: '--quiet', short: '-q', description: 'print nothing of a pull', client: 'no pull progress on stderr' },
  { flag: '--cidfile', value: '<file>', description: 'write the container id to a file (which must not exist)', client: 'the id written once the container exists' },
  { flag: '--label-file', value: '<file>', repeatable: true, description: 'read labels (KEY=VALUE lines) from a file; repeatable', client: 'Labels, the files first, -l after' },
];

/** The flags object key commander gives an option: `--shm-size` → `shmSize`. */
export function optionKey(row: RunOptionRow): string {
  return row.flag.slice(2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Sets each given option's field in `config`; answers the rows that were given. */
export function applyRunOptions(flags: Record<string, unknown>, config: Record<string, unknown>): RunOptionRow[] {
  const given: RunOptionRow[] = [];
  for (const row of RUN_OPTIONS) {
    const value = flags[optionKey(row)] as string | string[] | true | undefined;
    if (value === undefined || row.field === undefined || row.parse === undefined) continue;
    given.push(row);
    const path = row.field.split('.');
    let target = config;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]] = row.parse(value, row.flag);
  }
  return given;
}
