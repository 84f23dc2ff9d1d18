import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';

/**
 * The value parsers of `docker run`'s options (docker 28: cli/command/container/opts.go, the
 * cli's opts/ package, go-units and go-connections/nat), each one function from the option's
 * value(s) to the create request's field. run-options.ts names one per option. Their errors
 * start as docker's pflag errors do (`invalid argument "V" for "--flag"`) or say docker's words.
 * No pattern here can backtrack: values are split, not matched.
 */

export type OptionValue = string | string[] | boolean;

const items = (value: OptionValue): string[] => [value].flat().map(String);
const last = (value: OptionValue): string => String(Array.isArray(value) ? value[value.length - 1] : value);

function invalid(value: string, flag: string, why: string): UsageError {
  return new UsageError(`invalid argument "${value}" for "${flag}": ${why}`);
}

/** Cuts at the first `sep`: [before, after, found] (Go's strings.Cut). */
function cut(text: string, sep: string): [string, string, boolean] {
  const at = text.indexOf(sep);
  return at === -1 ? [text, '', false] : [text.slice(0, at), text.slice(at + sep.length), true];
}

const DIGITS = (text: string): boolean => text.length > 0 && [...text].every((c) => c >= '0' && c <= '9');

export const text = (value: OptionValue): unknown => last(value);
export const list = (value: OptionValue): unknown => items(value);
/** A switch: `--x`, `--x=true` → true; `--x=false` → false (commander's `--no-x`). */
export const on = (value: OptionValue): unknown => value === true;

/** Go's strconv.ParseInt(value, 10, 64) within the JavaScript safe range. */
export function integer(value: OptionValue, flag: string): number {
  const textValue = last(value);
  const body = textValue.startsWith('-') || textValue.startsWith('+') ? textValue.slice(1) : textValue;
  const n = Number(textValue);
  if (!DIGITS(body) || !Number.isSafeInteger(n)) throw invalid(textValue, flag, 'not an integer');
  return n;
}

/** An unsigned integer of at most `max` (Go's ParseUint with a bit size). */
function unsigned(max: number) {
  return (value: OptionValue, flag: string): number => {
    const textValue = last(value);
    const n = Number(textValue);
    if (!DIGITS(textValue) || n > max) throw invalid(textValue, flag, `not an integer from 0 to ${max}`);
    return n;
  };
}
export const uint16 = unsigned(65535);
export const uint64 = unsigned(Number.MAX_SAFE_INTEGER);

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };

/** go-units RAMInBytes: `512m`, `1.5g`, `64 MiB`, `1024`, binary units, `i` and `b` optional. */
export function sizeInBytes(textValue: string): number | undefined {
  let rest = textValue.toLowerCase();
  if (rest.endsWith('b')) rest = rest.slice(0, -1);
  if (rest.endsWith('i')) rest = rest.slice(0, -1);
  let unit = '';
  if (rest.length > 0 && UNITS[rest[rest.length - 1]] !== undefined && !DIGITS(rest[rest.length - 1])) {
    unit = rest[rest.length - 1];
    rest = rest.slice(0, -1);
  }
  if (rest.endsWith(' ')) rest = rest.slice(0, -1);
  const [whole, fraction, dotted] = cut(rest, '.');
  if (!DIGITS(whole) || (dotted && !DIGITS(fraction))) return undefined;
  return Math.floor(Number(rest) * UNITS[unit]);
}

export function bytes(value: OptionValue, flag: string): number {
  const textValue = last(value);
  const n = sizeInBytes(textValue);
  if (n === undefined) throw invalid(textValue, flag, 'not a size like 512m');
  return n;
}

/** `--memory-swap`: a size, or -1 for unlimited swap. */
export const memorySwap = (value: OptionValue, flag: string): number => (last(value) === '-1' ? -1 : bytes(value, flag));

/** `--memory-swappiness`: -1 (the default) or 0 to 100, as docker checks it. */
export function swappiness(value: OptionValue, flag: string): number {
  const n = integer(value, flag);
  if (n !== -1 && (n < 0 || n > 100)) throw new UsageError(`invalid value: ${n}. Valid memory swappiness range is 0-100`);
  return n;
}

/**
 * `--cpus`: a rational number (`1.5`, `3/2`, `2e-1`) as NanoCpus, exact (docker's ParseCPUs,
 * big.Rat): "value is too precise" when it is not a whole number of nano CPUs.
 */
export function cpus(value: OptionValue, flag: string): number {
  const textValue = last(value);
  const parsed = rational(textValue);
  if (parsed === undefined) throw invalid(textValue, flag, `failed to parse ${textValue} as a rational number`);
  const [num, den] = parsed;
  const nano = num * 1_000_000_000n;
  if (den === 0n || nano % den !== 0n) throw invalid(textValue, flag, den === 0n ? `failed to parse ${textValue} as a rational number` : 'value is too precise');
  return Number(nano / den);
}

/** `a/b` or a decimal with an optional exponent, as a fraction of BigInts. */
function rational(textValue: string): [bigint, bigint] | undefined {
  let rest = textValue;
  let sign = 1n;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1n;
    rest = rest.slice(1);
  }
  const [top, bottom, slashed] = cut(rest, '/');
  if (slashed) return DIGITS(top) && DIGITS(bottom) ? [sign * BigInt(top), BigInt(bottom)] : undefined;
  const lower = rest.toLowerCase();
  const [mantissa, exponentText, hasExponent] = cut(lower, 'e');
  let exponent = 0;
  if (hasExponent) {
    const body = exponentText.startsWith('-') || exponentText.startsWith('+') ? exponentText.slice(1) : exponentText;
    if (!DIGITS(body) || body.length > 4) return undefined;
    exponent = Number(exponentText);
  }
  const [whole, fraction] = cut(mantissa, '.');
  if ((whole === '' && fraction === '') || (whole !== '' && !DIGITS(whole)) || (fraction !== '' && !DIGITS(fraction))) return undefined;
  let num = BigInt(`${whole}${fraction}` || '0');
  let den = 10n ** BigInt(fraction.length);
  if (exponent > 0) num *= 10n ** BigInt(exponent);
  else if (exponent < 0) den *= 10n ** BigInt(-exponent);
  return [sign * num, den];
}

const DURATION_UNITS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** A Go duration (`30s`, `1m30s`, `500ms`, `1.5h`, `0`) in nanoseconds (time.ParseDuration). */
export function duration(value: OptionValue, flag: string): number {
  const textValue = last(value);
  let rest = textValue;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  let total = 0;
  let i = 0;
  if (rest === '') throw invalid(textValue, flag, 'not a duration like 30s');
  while (i < rest.length) {
    let j = i;
    while (j < rest.length && ((rest[j] >= '0' && rest[j] <= '9') || rest[j] === '.')) j++;
    const number = rest.slice(i, j);
    let k = j;
    while (k < rest.length && !((rest[k] >= '0' && rest[k] <= '9') || rest[k] === '.')) k++;
    const unit = rest.slice(j, k);
    const [whole, fraction] = cut(number, '.');
    if ((whole === '' && fraction === '') || (whole !== '' && !DIGITS(whole)) || (fraction !== '' && !DIGITS(fraction)) || DURATION_UNITS[unit] === undefined) {
      throw invalid(textValue, flag, 'not a duration like 30s');
    }
    total += Number(number) * DURATION_UNITS[unit];
    i = k;
  }
  return sign * Math.round(total);
}

/** `KEY=VALUE` values as a map; `KEY` alone maps to "" (docker's ConvertKVStringsToMap). */
export function keyValueMap(value: OptionValue): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items(value)) {
    const [key, val] = cut(item, '=');
    out[key] = val;
  }
  return out;
}

const SYSCTL_NAMES = new Set(['kernel.msgmax', 'kernel.msgmnb', 'kernel.msgmni', 'kernel.sem', 'kernel.shmall', 'kernel.shmmax', 'kernel.shmmni', 'kernel.shm_rmid_forced']);

/** `--sysctl KEY=VALUE`: only the namespaced ones docker allows (opts.ValidateSysctl). */
export function sysctls(value: OptionValue, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items(value)) {
    const [key, val, ok] = cut(item, '=');
    if (!ok || key === '' || !(SYSCTL_NAMES.has(key) || key.startsWith('net.') || key.startsWith('fs.mqueue.'))) {
      throw invalid(item, flag, `sysctl '${item}' is not allowed`);
    }
    out[key] = val;
  }
  return out;
}

/** `--storage-opt size=10G`: KEY=VALUE, the `=` required. */
export function storageOpts(value: OptionValue, flag: string): Record<string, string> {
  for (const item of items(value)) if (!item.includes('=')) throw invalid(item, flag, 'invalid storage option');
  return keyValueMap(value);
}

/** `no`, `always`, `unless-stopped`, `on-failure[:N]` (opts.ParseRestartPolicy, the daemon checks the name). */
export function restartPolicy(value: OptionValue, flag: string): { Name: string; MaximumRetryCount: number } {
  const textValue = last(value);
  const [name, count, colon] = cut(textValue, ':');
  if (colon && name === '') throw invalid(textValue, flag, 'invalid restart policy format: no policy provided before colon');
  if (count !== '' && !DIGITS(count.startsWith('-') ? count.slice(1) : count)) {
    throw invalid(textValue, flag, 'invalid restart policy format: maximum retry count must be an integer');
  }
  if (!['no', 'always', 'unless-stopped', 'on-failure'].includes(name) || (count !== '' && name !== 'on-failure')) {
    throw new UsageError(`invalid restart policy "${textValue}" for "${flag}"`);
  }
  return { Name: name, MaximumRetryCount: count === '' ? 0 : Number(count) };
}

const ULIMIT_NAMES = new Set(['core', 'cpu', 'data', 'fsize', 'locks', 'memlock', 'msgqueue', 'nice', 'nofile', 'nproc', 'rss', 'rtprio', 'rttime', 'sigpending', 'stack']);

/** `nofile=1024[:2048]` (go-units ParseUlimit); one per name, the last wins, sorted by name as docker sends them. */
export function ulimits(value: OptionValue, flag: string): { Name: string; Hard: number; Soft: number }[] {
  const byName = new Map<string, { Name: string; Hard: number; Soft: number }>();
  for (const item of items(value)) {
    const [name, limits, ok] = cut(item, '=');
    if (!ok) throw invalid(item, flag, `invalid ulimit argument: ${item}`);
    if (!ULIMIT_NAMES.has(name)) throw invalid(item, flag, `invalid ulimit type: ${name}`);
    const parts = limits.split(':');
    if (parts.length > 2) throw invalid(item, flag, `too many limit value arguments - ${limits}, can only have up to two, \`soft[:hard]\``);
    const [soft, hard] = [integer(parts[0], flag), parts.length === 2 ? integer(parts[1], flag) : integer(parts[0], flag)];
    if (soft > hard) throw invalid(item, flag, `ulimit soft limit must be less than or equal to hard limit: ${soft} > ${hard}`);
    byName.set(name, { Name: name, Hard: hard, Soft: soft });
  }
  return [...byName.values()].sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));
}

/** `/run[:OPTIONS]` as a map of mount point to options. */
export function tmpfs(value: OptionValue): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items(value)) {
    const [path, options] = cut(item, ':');
    out[path] = options;
  }
  return out;
}

/** go-connections' ParsePortRange: `80` or `8000-8010`, each 0..65535, the end not below the start. */
function portRange(textValue: string): [number, number] | undefined {
  const [startText, endText, dashed] = cut(textValue, '-');
  const ok = (t: string): boolean => DIGITS(t) && Number(t) <= 65535;
  if (!ok(startText) || (dashed && !ok(endText.split('-')[0]))) return undefined;
  const start = Number(startText);
  const end = dashed ? Number(endText.split('-')[0]) : start;
  return end < start ? undefined : [start, end];
}

/** `80/udp` → ['udp', '80'] (nat.SplitProtoPort: tcp when none). */
function protoPort(textValue: string): [string, string] {
  const parts = textValue.split('/');
  if (textValue === '' || parts[0] === '') return ['', ''];
  return parts.length === 1 || parts[1] === '' ? ['tcp', parts[0]] : [parts[1], parts[0]];
}

const portKey = (start: number, end: number, proto: string): string => `${start === end ? start : `${start}-${end}`}/${proto}`;

/** `--expose 80`, `53/udp`, `8000-8010`: every port of the range as ExposedPorts. */
export function exposed(value: OptionValue, flag: string): Record<string, object> {
  const out: Record<string, object> = {};
  for (const item of items(value)) {
    if (item.includes(':')) throw new UsageError(`invalid port format for --expose: ${item}`);
    const [proto, port] = protoPort(item);
    const range = portRange(port);
    if (range === undefined || !['tcp', 'udp', 'sctp'].includes(proto.toLowerCase())) throw invalid(item, flag, 'not PORT[-PORT][/PROTOCOL]');
    for (let p = range[0]; p <= range[1]; p++) out[portKey(p, p, proto.toLowerCase())] = {};
  }
  return out;
}

export interface PortBinding {
  HostIp: string;
  HostPort: string;
}

/**
 * `-p [ip:][hostPort[-end]:]containerPort[-end][/proto]` or the long form
 * `published=8080,target=80[,protocol=udp]` (nat.ParsePortSpecs after docker's
 * convertToStandardNotation): the bindings, and the ports they expose.
 */
export function publish(value: OptionValue, flag: string): { bindings: Record<string, PortBinding[]>; exposed: Record<string, object> } {
  const bindings: Record<string, PortBinding[]> = {};
  const ports: Record<string, object> = {};
  for (const raw of items(value)) {
    const spec = raw.includes('=') ? standardNotation(raw, flag) : raw;
    const parts = spec.split(':');
    const containerPart = parts[parts.length - 1];
    const hostPort = parts.length >= 2 ? parts[parts.length - 2] : '';
    let ip = parts.length >= 3 ? parts.slice(0, parts.length - 2).join(':') : '';
    const [proto, containerPort] = protoPort(containerPart);
    if (ip.startsWith('[')) {
      if (!ip.endsWith(']')) throw invalid(raw, flag, `invalid IP address ${ip}`);
      ip = ip.slice(1, -1);
    }
    if (ip !== '' && isIP(ip) === 0) throw invalid(raw, flag, `invalid IP address: ${ip}`);
    if (containerPort === '') throw invalid(raw, flag, `no port specified: ${raw}<empty>`);
    const range = portRange(containerPort);
    if (range === undefined) throw invalid(raw, flag, `invalid containerPort: ${containerPort}`);
    const hostRange = hostPort === '' ? [0, 0] : portRange(hostPort);
    if (hostRange === undefined) throw invalid(raw, flag, `invalid hostPort: ${hostPort}`);
    if (hostPort !== '' && range[1] - range[0] !== hostRange[1] - hostRange[0] && range[1] !== range[0]) {
      throw invalid(raw, flag, `invalid ranges specified for container and host Ports: ${containerPort} and ${hostPort}`);
    }
    const protocol = proto.toLowerCase();
    if (!['tcp', 'udp', 'sctp'].includes(protocol)) throw invalid(raw, flag, `invalid proto: ${proto}`);
    for (let i = 0; i <= range[1] - range[0]; i++) {
      const key = portKey(range[0] + i, range[0] + i, protocol);
      let host = hostPort === '' ? '' : String(hostRange[0] + i);
      // One container port to a host range: the daemon picks a free one of them.
      if (range[0] === range[1] && hostRange[0] !== hostRange[1]) host = `${hostRange[0]}-${hostRange[1]}`;
      ports[key] = {};
      (bindings[key] ??= []).push({ HostIp: ip, HostPort: host });
    }
  }
  return { bindings, exposed: ports };
}

function standardNotation(spec: string, flag: string): string {
  const params: Record<string, string> = { protocol: 'tcp' };
  for (const param of spec.split(',')) {
    const [key, val, ok] = cut(param, '=');
    if (!ok || key === '') throw invalid(spec, flag, `invalid publish opts format (should be name=value but got '${param}')`);
    params[key] = val;
  }
  return `${params.published ?? ''}:${params.target ?? ''}/${params.protocol}`;
}

/**
 * One CSV record as Go's encoding/csv reads it (the `--mount`, `--gpus`, `--network`
 * values): fields split at commas, a field that starts with `"` runs to its closing quote
 * (`""` inside is a quote). One pass over the text.
 */
export function csvFields(textValue: string, flag: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (textValue[i] === '"') {
      i++;
      for (;;) {
        if (i >= textValue.length) throw invalid(textValue, flag, 'extraneous or missing " in quoted-field');
        if (textValue[i] === '"') {
          if (textValue[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += textValue[i++];
      }
      if (i < textValue.length && textValue[i] !== ',') throw invalid(textValue, flag, 'extraneous or missing " in quoted-field');
    } else {
      const end = textValue.indexOf(',', i);
      field = textValue.slice(i, end === -1 ? textValue.length : end);
      if (field.includes('"')) throw invalid(textValue, flag, 'bare " in non-quoted-field');
      i = end === -1 ? textValue.length : end;
    }
    fields.push(field);
    if (i >= textValue.length) return fields;
    i++;
  }
}

function parseBool(textValue: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(textValue)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(textValue)) return false;
  return undefined;
}

type Mount = Record<string, unknown> & { Type: string; Target?: string; ReadOnly?: boolean };

/** `--mount type=bind,src=/a,dst=/b,readonly` and the rest of opts/mount.go's keys. */
export function mounts(value: OptionValue, flag: string): Mount[] {
  return items(value).map((item) => mountOf(item, flag));
}

function mountOf(item: string, flag: string): Mount {
  const mount: Mount = { Type: 'volume' };
  const bad = (why: string): UsageError => invalid(item, flag, why);
  const sub = (key: string): Record<string, unknown> => (mount[key] ??= {}) as Record<string, unknown>;
  const volume = (): Record<string, unknown> => {
    const options = (mount.VolumeOptions ??= { Labels: {} }) as Record<string, unknown>;
    options.DriverConfig ??= {};
    return options;
  };
  const boolOf = (key: string, val: string): boolean => {
    const b = parseBool(val);
    if (b === undefined) throw bad(`invalid value for ${key}: ${val}`);
    return b;
  };
  for (const field of csvFields(item, flag)) {
    const [rawKey, val, withValue] = cut(field, '=');
    const key = rawKey.toLowerCase();
    if (!withValue) {
      if (key === 'readonly' || key === 'ro') mount.ReadOnly = true;
      else if (key === 'volume-nocopy') volume().NoCopy = true;
      else if (key === 'bind-nonrecursive') sub('BindOptions').NonRecursive = true;
      else throw bad(`invalid field '${field}' must be a key=value pair`);
      continue;
    }
    switch (key) {
      case 'type':
        mount.Type = val.toLowerCase();
        break;
      case 'source':
      case 'src':
        mount.Source = !isAbsolute(val) && val.startsWith('.') ? resolve(val) : val;
        break;
      case 'target':
      case 'dst':
      case 'destination':
        mount.Target = val;
        break;
      case 'readonly':
      case 'ro':
        mount.ReadOnly = boolOf(key, val);
        break;
      case 'consistency':
        mount.Consistency = val.toLowerCase();
        break;
      case 'bind-propagation':
        sub('BindOptions').Propagation = val.toLowerCase();
        break;
      case 'bind-nonrecursive':
        sub('BindOptions').NonRecursive = boolOf(key, val);
        break;
      case 'bind-recursive':
        if (val === 'disabled') sub('BindOptions').NonRecursive = true;
        else if (val === 'writable') sub('BindOptions').ReadOnlyNonRecursive = true;
        else if (val === 'readonly') sub('BindOptions').ReadOnlyForceRecursive = true;
        else if (val === 'enabled') sub('BindOptions');
        else throw bad(`invalid value for ${key}: ${val} (must be "enabled", "disabled", "writable", or "readonly")`);
        break;
      case 'volume-subpath':
        volume().Subpath = val;
        break;
      case 'volume-nocopy':
        volume().NoCopy = boolOf(key, val);
        break;
      case 'volume-label': {
        const [k, v] = cut(val, '=');
        if (k !== '') (volume().Labels as Record<string, string>)[k] = v;
        break;
      }
      case 'volume-driver':
        (volume().DriverConfig as Record<string, unknown>).Name = val;
        break;
      case 'volume-opt': {
        const driver = volume().DriverConfig as Record<string, unknown>;
        const [k, v] = cut(val, '=');
        if (k !== '') ((driver.Options ??= {}) as Record<string, string>)[k] = v;
        break;
      }
      case 'image-subpath':
        sub('ImageOptions').Subpath = val;
        break;
      case 'tmpfs-size': {
        const size = sizeInBytes(val);
        if (size === undefined) throw bad(`invalid value for ${key}: ${val}`);
        sub('TmpfsOptions').SizeBytes = size;
        break;
      }
      case 'tmpfs-mode':
        if (val === '' || ![...val].every((c) => c >= '0' && c <= '7') || Number.parseInt(val, 8) > 0xffffffff) throw bad(`invalid value for ${key}: ${val}`);
        sub('TmpfsOptions').Mode = Number.parseInt(val, 8);
        break;
      default:
        throw bad(`unexpected key '${key}' in '${field}'`);
    }
  }
  if (mount.Type === '') throw bad('type is required');
  if (mount.Target === undefined || mount.Target === '') throw bad('target is required');
  for (const [options, type] of [['VolumeOptions', 'volume'], ['ImageOptions', 'image'], ['BindOptions', 'bind'], ['TmpfsOptions', 'tmpfs']] as const) {
    if (mount[options] !== undefined && mount.Type !== type) throw bad(`cannot mix '${type}-*' options with mount type '${mount.Type}'`);
  }
  const bind = mount.BindOptions as Record<string, unknown> | undefined;
  if (bind?.ReadOnlyNonRecursive && !mount.ReadOnly) throw bad("option 'bind-recursive=writable' requires 'readonly' to be specified in conjunction");
  if (bind?.ReadOnlyForceRecursive && !mount.ReadOnly) throw bad("option 'bind-recursive=readonly' requires 'readonly' to be specified in conjunction");
  if (bind?.ReadOnlyForceRecursive && bind.Propagation !== 'rprivate') throw bad("option 'bind-recursive=readonly' requires 'bind-propagation=rprivate' to be specified in conjunction");
  return mount;
}

function countOf(textValue: string, flag: string, item: string): number {
  if (textValue === 'all') return -1;
  const body = textValue.startsWith('-') || textValue.startsWith('+') ? textValue.slice(1) : textValue;
  if (!DIGITS(body)) throw invalid(item, flag, `invalid count (${textValue}): value must be either "all" or an integer: invalid syntax`);
  return Number(textValue);
}

/** `--gpus all`, `count=2`, `device=0,1`, `"capabilities=compute,utility"`, `driver=`, `options=` (opts/gpus.go). */
export function gpus(value: OptionValue, flag: string): Record<string, unknown>[] {
  return items(value).map((item) => {
    const request: Record<string, unknown> = { Driver: '', Count: 0, DeviceIDs: null, Capabilities: null, Options: null };
    const seen = new Set<string>();
    for (const field of csvFields(item, flag)) {
      const [key, val, withValue] = cut(field, '=');
      if (seen.has(key)) throw invalid(item, flag, `gpu request key '${key}' can be specified only once`);
      seen.add(key);
      if (!withValue) {
        seen.add('count');
        request.Count = countOf(key, flag, item);
        continue;
      }
      if (key === 'driver') request.Driver = val;
      else if (key === 'count') request.Count = countOf(val, flag, item);
      else if (key === 'device') request.DeviceIDs = val.split(',');
      else if (key === 'capabilities') request.Capabilities = [[...val.split(','), 'gpu']];
      else if (key === 'options') request.Options = keyValueMap(csvFields(val, flag));
      else throw invalid(item, flag, `unexpected key '${key}' in '${field}'`);
    }
    if (!seen.has('count') && request.DeviceIDs === null) request.Count = 1;
    request.Options ??= {};
    request.Capabilities ??= [['gpu']];
    return request;
  });
}

function deviceMode(mode: string): boolean {
  return mode !== '' && mode.length <= 3 && new Set(mode).size === mode.length && [...mode].every((c) => c === 'r' || c === 'w' || c === 'm');
}

/** A CDI device name (`vendor.com/class=name`), which docker sends as a `cdi` device request. */
function isCdiName(device: string): boolean {
  const [kind, name, ok] = cut(device, '=');
  const [vendor, klass, slashed] = cut(kind, '/');
  return ok && slashed && vendor !== '' && klass !== '' && name !== '' && !device.includes(':');
}

/**
 * `--device /dev/x[:/dev/y][:rwm]` for a Linux daemon (validateLinuxPath, parseLinuxDevice):
 * the mappings, and CDI names as one device request.
 */
export function devices(value: OptionValue, flag: string): { mappings: Record<string, string>[]; cdi: string[] } {
  const mappings: Record<string, string>[] = [];
  const cdi: string[] = [];
  for (const item of items(value)) {
    if (isCdiName(item)) {
      cdi.push(item);
      continue;
    }
    const split = item.split(':');
    if (split.length > 3 || split[0] === '') throw invalid(item, flag, `bad format for path: ${item}`);
    let src = split[0];
    let dst = '';
    let permissions = 'rwm';
    if (split.length === 2) {
      if (deviceMode(split[1])) permissions = split[1];
      else dst = split[1];
    } else if (split.length === 3) {
      if (!deviceMode(split[2])) throw invalid(item, flag, `bad mode specified: ${split[2]}`);
      dst = split[1];
      permissions = split[2];
    }
    const inContainer = dst === '' ? src : dst;
    if (!inContainer.startsWith('/')) throw invalid(item, flag, `${inContainer} is not an absolute path`);
    if (split.length === 1) src = cleanPath(src);
    mappings.push({ PathOnHost: src, PathInContainer: dst === '' ? src : cleanPath(dst), CgroupPermissions: permissions });
  }
  return { mappings, cdi };
}

/** Go's path.Clean for an absolute path: no `.`, `..`, or doubled slashes. */
function cleanPath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `${path.startsWith('/') ? '/' : ''}${out.join('/')}` || '.';
}

/** `--device-cgroup-rule 'c 1:3 mr'`: type, major:minor (or *), access. */
export function deviceCgroupRules(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    const parts = item.split(' ');
    const [major, minor, colon] = parts.length === 3 ? cut(parts[1], ':') : ['', '', false];
    const number = (t: string): boolean => t === '*' || DIGITS(t);
    if (parts.length !== 3 || !['a', 'b', 'c'].includes(parts[0]) || !colon || !number(major) || !number(minor) || parts[2].length > 3 || ![...parts[2]].every((c) => 'rwm'.includes(c)) || parts[2] === '') {
      throw invalid(item, flag, `invalid device cgroup format '${item}'`);
    }
    return item;
  });
}

function devicePath(item: string, flag: string): [string, string] {
  const [path, rest, ok] = cut(item, ':');
  if (!ok || path === '') throw invalid(item, flag, `bad format: ${item}`);
  if (!path.startsWith('/dev/')) throw invalid(item, flag, `bad format for device path: ${item}`);
  return [path, rest];
}

/** `--blkio-weight-device /dev/sda:200` (10 to 1000, or 0). */
export function weightDevices(value: OptionValue, flag: string): { Path: string; Weight: number }[] {
  return items(value).map((item) => {
    const [path, weightText] = devicePath(item, flag);
    const weight = Number(weightText);
    if (!DIGITS(weightText) || weight > 65535 || (weight > 0 && (weight < 10 || weight > 1000))) throw invalid(item, flag, `invalid weight for device: ${item}`);
    return { Path: path, Weight: weight };
  });
}

/** `--device-read-bps /dev/sda:1mb` (a size). */
export function throttleBps(value: OptionValue, flag: string): { Path: string; Rate: number }[] {
  return items(value).map((item) => {
    const [path, rateText] = devicePath(item, flag);
    const rate = sizeInBytes(rateText);
    if (rate === undefined) throw invalid(item, flag, `invalid rate for device: ${item}. The correct format is <device-path>:<number>[<unit>]. Number must be a positive integer. Unit is optional and can be kb, mb, or gb`);
    return { Path: path, Rate: rate };
  });
}

/** `--device-read-iops /dev/sda:1000` (a whole number). */
export function throttleIops(value: OptionValue, flag: string): { Path: string; Rate: number }[] {
  return items(value).map((item) => {
    const [path, rateText] = devicePath(item, flag);
    if (!DIGITS(rateText)) throw invalid(item, flag, `invalid rate for device: ${item}. The correct format is <device-path>:<number>. Number must be a positive integer`);
    return { Path: path, Rate: Number(rateText) };
  });
}

/** `--dns 10.0.0.53`: an IP address (opts.ValidateIPAddress). */
export function ipAddresses(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    const ip = item.trim();
    if (isIP(ip) === 0) throw invalid(item, flag, `IP address is not correctly formatted: ${item}`);
    return ip;
  });
}

/** `--add-host db:10.0.0.2`, `db=10.0.0.2`, `db:[::1]`, `host-gateway` (opts.ValidateExtraHost); sent as `name:ip`. */
export function extraHosts(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    let [name, address, ok] = cut(item, '=');
    if (!ok) [name, address, ok] = cut(item, ':');
    if (!ok || name === '' || name.includes(':')) throw invalid(item, flag, `bad format for add-host: "${item}"`);
    if (address !== 'host-gateway') {
      const bare = address.length > 2 && address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
      if (isIP(bare.trim()) === 0) throw invalid(item, flag, `invalid IP address in add-host: "${bare}"`);
    }
    return `${name}:${address}`;
  });
}

/** `-l KEY=VALUE`: a name without white space (opts.ValidateLabel). */
export function label(item: string, flag: string): string {
  const name = cut(item, '=')[0].replace(/^[ \t]+/, '');
  if (name === '') throw invalid(item, flag, `invalid label '${item}': empty name`);
  if (name.includes(' ') || name.includes('\t')) throw invalid(item, flag, `label '${name}' contains whitespaces`);
  return item;
}

/** `--link name[:alias]` (opts.ValidateLink). */
export function links(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    const parts = item.split(':');
    if (item === '' || parts.length > 2 || parts.some((p) => p === '')) throw invalid(item, flag, `bad format for links: ${item}`);
    return item;
  });
}

/** `--mac-address`: six hex octets (net.ParseMAC's common form; the daemon checks the rest). */
export function macAddress(value: OptionValue): string {
  const textValue = last(value);
  const octets = textValue.trim().split(textValue.includes('-') ? '-' : ':');
  const hex = (t: string): boolean => t.length === 2 && [...t.toLowerCase()].every((c) => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  if (![6, 8, 20].includes(octets.length) || !octets.every(hex)) throw new UsageError(`${textValue} is not a valid mac address`);
  return textValue;
}

/** `-a stdin|stdout|stderr` (any case). */
export function attachStreams(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    const stream = item.toLowerCase();
    if (stream !== 'stdin' && stream !== 'stdout' && stream !== 'stderr') throw invalid(item, flag, 'valid streams are STDIN, STDOUT and STDERR');
    return stream;
  });
}

/** `--cap-add net_admin` → `CAP_NET_ADMIN`, as docker's client sends capabilities (`ALL` stays). */
export function capabilities(value: OptionValue): string[] {
  return items(value).map((item) => {
    const upper = item.toUpperCase();
    return upper === 'ALL' || upper.startsWith('CAP_') ? upper : `CAP_${upper}`;
  });
}

/** `--pid`, `--uts`, `--userns`, `--cgroupns`: the modes docker accepts before asking the daemon. */
export function namespaceMode(allowed: readonly string[], what: string, containerMode = false) {
  return (value: OptionValue, flag: string): string => {
    const mode = last(value);
    const [kind, target, colon] = cut(mode, ':');
    const ok = mode === '' || allowed.includes(mode) || (containerMode && colon && kind === 'container' && target !== '');
    if (!ok) throw new UsageError(`${flag}: invalid ${what} mode`);
    return mode;
  };
}

/** `--security-opt`: `KEY=VALUE` or `KEY:VALUE`, `no-new-privileges` alone (parseSecurityOpts). */
export function securityOpts(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    let [key, val, ok] = cut(item, '=');
    if (!ok && key !== 'no-new-privileges') [key, val, ok] = cut(item, ':');
    if ((!ok || val === '') && key !== 'no-new-privileges') throw new UsageError(`Invalid ${flag}: "${item}"`);
    return item;
  });
}

/** `--dns-search example.test` or `.` (opts.ValidateDNSSearch). */
export function dnsSearch(value: OptionValue, flag: string): string[] {
  return items(value).map((item) => {
    let [start, end] = [0, item.length];
    while (item[start] === ' ') start++;
    while (end > start && item[end - 1] === ' ') end--;
    const domain = item.slice(start, end);
    const letters = [...domain].some((c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
    if (domain !== '.' && (!letters || domain.startsWith('.') || domain.startsWith('-') || domain.length >= 255)) throw invalid(item, flag, `${item} is not a valid domain`);
    return domain.endsWith('.') && domain !== '.' ? domain.slice(0, -1) : domain;
  });
}

/** The `--network` value: a name, or `name=N,alias=A,ip=…,ip6=…,mac-address=…,link-local-ip=…,driver-opt=K=V,gw-priority=N`. */
export interface NetworkAttachment {
  target: string;
  aliases: string[];
  driverOpts?: Record<string, string>;
  ipv4?: string;
  ipv6?: string;
  linkLocalIps: string[];
  mac?: string;
  gwPriority: number;
}

export function networks(value: OptionValue, flag: string): NetworkAttachment[] {
  return items(value).map((item) => {
    const attachment: NetworkAttachment = { target: item, aliases: [], linkLocalIps: [], gwPriority: 0 };
    if (!longNetworkSyntax(item)) return attachment;
    attachment.target = '';
    for (const field of csvFields(item, flag)) {
      const [rawKey, rawVal, ok] = cut(field.toLowerCase(), '=');
      if (!ok || rawKey === '') throw invalid(item, flag, `invalid field ${field}`);
      const key = rawKey.trim();
      const val = rawVal.trim();
      if (key === 'name') attachment.target = val;
      else if (key === 'alias') attachment.aliases.push(val);
      else if (key === 'ip') attachment.ipv4 = val;
      else if (key === 'ip6') attachment.ipv6 = val;
      else if (key === 'mac-address') attachment.mac = val;
      else if (key === 'link-local-ip') attachment.linkLocalIps.push(val);
      else if (key === 'driver-opt') {
        const [k, v, kv] = cut(val, '=');
        if (!kv || k.trim() === '') throw invalid(item, flag, 'invalid key value pair format in driver options');
        (attachment.driverOpts ??= {})[k.trim()] = v.trim();
      } else if (key === 'gw-priority') {
        if (!DIGITS(val.startsWith('-') ? val.slice(1) : val)) throw invalid(item, flag, `invalid gw-priority (${val}): invalid syntax`);
        attachment.gwPriority = Number(val);
      } else throw invalid(item, flag, `invalid field key ${key}`);
    }
    if (attachment.target === '') throw invalid(item, flag, 'network name/id is not specified');
    return attachment;
  });
}

/** Docker takes a value for the long syntax when it has a `word=word` in it (`\w+=\w+`). */
function longNetworkSyntax(item: string): boolean {
  const word = (c: string | undefined): boolean => c !== undefined && (c === '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
  for (let i = 1; i < item.length - 1; i++) if (item[i] === '=' && word(item[i - 1]) && word(item[i + 1])) return true;
  return false;
}
