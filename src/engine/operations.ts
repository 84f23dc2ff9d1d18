/**
 * The Engine API operations the client uses, as data: method, path template, the
 * statuses that mean success, and how long the daemon may stay silent. Paths follow the
 * Engine API reference's paths; statuses follow the Engine API reference (docs.docker.com/reference/api/engine).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationSpec {
  readonly method: HttpMethod;
  /** `{id}` is replaced by the percent-encoded container id (full or abbreviated). */
  readonly path: string;
  readonly ok: readonly number[];
  /** Statuses that mean "already in the wanted state": resolved as `{ changed: false }`. */
  readonly noChange?: readonly number[];
  /** false for `/_ping`, which is answered the same on every version. */
  readonly versioned: boolean;
  /** 'none' when the daemon legitimately stays silent for long (wait, pull, follow). */
  readonly timeout: 'idle' | 'none';
}

export const OPERATIONS = {
  ping: { method: 'GET', path: '/_ping', ok: [200], versioned: false, timeout: 'idle' },
  version: { method: 'GET', path: '/version', ok: [200], versioned: true, timeout: 'idle' },
  createContainer: { method: 'POST', path: '/containers/create', ok: [201], versioned: true, timeout: 'idle' },
  startContainer: { method: 'POST', path: '/containers/{id}/start', ok: [204], noChange: [304], versioned: true, timeout: 'idle' },
  waitContainer: { method: 'POST', path: '/containers/{id}/wait', ok: [200], versioned: true, timeout: 'none' },
  // Follow mode switches the timeout off per call.
  containerLogs: { method: 'GET', path: '/containers/{id}/logs', ok: [200], versioned: true, timeout: 'idle' },
  inspectContainer: { method: 'GET', path: '/containers/{id}/json', ok: [200], versioned: true, timeout: 'idle' },
  listContainers: { method: 'GET', path: '/containers/json', ok: [200], versioned: true, timeout: 'idle' },
  // The daemon may take `t` seconds before answering; the call adds `t` to the idle limit.
  stopContainer: { method: 'POST', path: '/containers/{id}/stop', ok: [204], noChange: [304], versioned: true, timeout: 'idle' },
  removeContainer: { method: 'DELETE', path: '/containers/{id}', ok: [204], versioned: true, timeout: 'idle' },
  listImages: { method: 'GET', path: '/images/json', ok: [200], versioned: true, timeout: 'idle' },
  pullImage: { method: 'POST', path: '/images/create', ok: [200], versioned: true, timeout: 'none' },
  commitContainer: { method: 'POST', path: '/commit', ok: [201], versioned: true, timeout: 'idle' },
  // Hijacked (101) when asked with `Upgrade: tcp`; the stream lasts as long as the container.
  attachContainer: { method: 'POST', path: '/containers/{id}/attach', ok: [101, 200], versioned: true, timeout: 'none' },
  killContainer: { method: 'POST', path: '/containers/{id}/kill', ok: [204], versioned: true, timeout: 'idle' },
  resizeContainer: { method: 'POST', path: '/containers/{id}/resize', ok: [200], versioned: true, timeout: 'idle' },
  // `{name}` may hold slashes and a tag: the daemon's router matches the rest of the path.
  removeImage: { method: 'DELETE', path: '/images/{name}', ok: [200], versioned: true, timeout: 'idle' },
  tagImage: { method: 'POST', path: '/images/{name}/tag', ok: [201], versioned: true, timeout: 'idle' },
  // A tar archive extracted at `path` in the container (`engine run --use-api-socket` copies its config.json so).
  putContainerArchive: { method: 'PUT', path: '/containers/{id}/archive', ok: [200], versioned: true, timeout: 'idle' },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

/** Fills `{name}` holes, percent-encoding each value as one path segment. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`path parameter "${name}" is missing`);
    return encodeURIComponent(value);
  });
}

export type QueryValue = string | number | boolean | undefined | Record<string, readonly string[]>;

/** Booleans as `1`/`0` (the daemon's own form), objects as JSON (`filters`), undefined dropped. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') params.set(key, value ? '1' : '0');
    else if (typeof value === 'object') params.set(key, JSON.stringify(value));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Issue 33's library rows, appended apart from OPERATIONS so that the run options (another
 * branch) and these merge without touching the same lines. `client.ts` reads both through
 * `operation()`.
 */
export const MORE_OPERATIONS = {
  inspectImage: { method: 'GET', path: '/images/{name}/json', ok: [200], versioned: true, timeout: 'idle' },
  // Silent while a layer uploads: no idle limit, as for a pull.
  pushImage: { method: 'POST', path: '/images/{name}/push', ok: [200], versioned: true, timeout: 'none' },
  createExec: { method: 'POST', path: '/containers/{id}/exec', ok: [201], versioned: true, timeout: 'idle' },
  // Hijacked (101) when attached; 200 with an empty body when detached.
  startExec: { method: 'POST', path: '/exec/{id}/start', ok: [101, 200], versioned: true, timeout: 'none' },
  inspectExec: { method: 'GET', path: '/exec/{id}/json', ok: [200], versioned: true, timeout: 'idle' },
  // 201 in the API reference up to 1.41, 200 from the daemon itself.
  resizeExec: { method: 'POST', path: '/exec/{id}/resize', ok: [200, 201], versioned: true, timeout: 'idle' },
  // Lasts until `until` or the caller's AbortSignal.
  events: { method: 'GET', path: '/events', ok: [200], versioned: true, timeout: 'none' },
  createNetwork: { method: 'POST', path: '/networks/create', ok: [201], versioned: true, timeout: 'idle' },
  listNetworks: { method: 'GET', path: '/networks', ok: [200], versioned: true, timeout: 'idle' },
  inspectNetwork: { method: 'GET', path: '/networks/{id}', ok: [200], versioned: true, timeout: 'idle' },
  removeNetwork: { method: 'DELETE', path: '/networks/{id}', ok: [204], versioned: true, timeout: 'idle' },
  connectNetwork: { method: 'POST', path: '/networks/{id}/connect', ok: [200], versioned: true, timeout: 'idle' },
  disconnectNetwork: { method: 'POST', path: '/networks/{id}/disconnect', ok: [200], versioned: true, timeout: 'idle' },
  createVolume: { method: 'POST', path: '/volumes/create', ok: [201], versioned: true, timeout: 'idle' },
  listVolumes: { method: 'GET', path: '/volumes', ok: [200], versioned: true, timeout: 'idle' },
  inspectVolume: { method: 'GET', path: '/volumes/{name}', ok: [200], versioned: true, timeout: 'idle' },
  removeVolume: { method: 'DELETE', path: '/volumes/{name}', ok: [204], versioned: true, timeout: 'idle' },
  pruneVolumes: { method: 'POST', path: '/volumes/prune', ok: [200], versioned: true, timeout: 'idle' },
  topContainer: { method: 'GET', path: '/containers/{id}/top', ok: [200], versioned: true, timeout: 'idle' },
  // A stream (one sample a second) switches the idle limit and the deadline off per call.
  containerStats: { method: 'GET', path: '/containers/{id}/stats', ok: [200], versioned: true, timeout: 'idle' },
  // Like stop: the daemon may take `t` seconds before answering.
  restartContainer: { method: 'POST', path: '/containers/{id}/restart', ok: [204], versioned: true, timeout: 'idle' },
  renameContainer: { method: 'POST', path: '/containers/{id}/rename', ok: [204], versioned: true, timeout: 'idle' },
  updateContainer: { method: 'POST', path: '/containers/{id}/update', ok: [200], versioned: true, timeout: 'idle' },
  pruneContainers: { method: 'POST', path: '/containers/prune', ok: [200], versioned: true, timeout: 'idle' },
  systemDf: { method: 'GET', path: '/system/df', ok: [200], versioned: true, timeout: 'idle' },
} as const satisfies Record<string, OperationSpec>;

export type MoreOperationName = keyof typeof MORE_OPERATIONS;

/** Every operation by name, the first table's and the appended one's. */
export function operation(name: OperationName | MoreOperationName): OperationSpec {
  return name in OPERATIONS ? OPERATIONS[name as OperationName] : MORE_OPERATIONS[name as MoreOperationName];
}
