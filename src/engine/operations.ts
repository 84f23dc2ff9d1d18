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
