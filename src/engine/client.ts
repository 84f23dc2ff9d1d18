import { encodeRegistryAuth, lookupRegistryAuth, type RegistryAuth } from './auth.js';
import {
  ApiVersionRejectedError,
  DockerApiError,
  EngineConfigError,
  EngineConnectionError,
  EngineProtocolError,
  PullError,
  RegistryAuthError,
} from './errors.js';
import { demuxLogFrames, rawLogChunks, type LogChunk } from './frames.js';
import { resolveEndpoint, type EngineEndpoint } from './host.js';
import { parseJsonLines } from './json-lines.js';
import { negotiateApiVersion, parseVersionRejection } from './negotiate.js';
import { OPERATIONS, buildQuery, fillPath, type OperationName, type QueryValue } from './operations.js';
import { registryOfImage, splitImageReference } from './reference.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, sendRequest, type TransportResponse } from './transport.js';
import type {
  CommitResponse,
  ContainerCreateRequest,
  ContainerCreateResponse,
  ContainerSummary,
  ContainerWaitResponse,
  EngineVersion,
  Filters,
  ImageSummary,
  PingResult,
  PullProgress,
  StateChange,
} from './types.js';
import { compareApiVersions, normalizeApiVersion } from './versions.js';

export interface DockerEngineClientOptions {
  /** `unix:///path`, `tcp://host:port`: wins over DOCKER_HOST and contexts (`-H`). */
  host?: string;
  /** A Docker context name: wins over DOCKER_HOST. */
  context?: string;
  /** An already resolved endpoint; skips host resolution. */
  endpoint?: EngineEndpoint;
  /** Pins the API version; otherwise DOCKER_API_VERSION; otherwise negotiation via /_ping. */
  apiVersion?: string;
  /** Environment to read DOCKER_* from; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  connectTimeoutMs?: number;
  /** Longest silence on plain requests; wait, follow logs and pull have none. */
  idleTimeoutMs?: number;
  /** Receives one line per request (method, path, status, time); never headers or bodies. */
  debug?: (line: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface LogsOptions extends CallOptions {
  stdout?: boolean;
  stderr?: boolean;
  follow?: boolean;
  timestamps?: boolean;
  tail?: number | 'all';
  since?: number;
  /**
   * Whether the container has a TTY. When not given, the answer's Content-Type tells
   * (API ≥ 1.42), else the client asks the daemon (inspect).
   */
  tty?: boolean;
}

export interface PullOptions extends CallOptions {
  /** Tag (or digest) when the reference carries none; defaults to `latest`. */
  tag?: string;
  /**
   * Explicit credentials; `false` sends none; when absent they are looked up in the
   * Docker config for the image's registry.
   */
  auth?: RegistryAuth | false;
  platform?: string;
}

export interface CommitOptions extends CallOptions {
  container: string;
  repo?: string;
  tag?: string;
  comment?: string;
  author?: string;
  pause?: boolean;
  /** Dockerfile instructions to apply (`CMD ["sh"]`). */
  changes?: string[];
  /** Container config for the image (the request body). */
  config?: Record<string, unknown>;
}

export interface ContainerInspect {
  Id: string;
  Config?: { Tty?: boolean; [field: string]: unknown };
  State?: { Running?: boolean; ExitCode?: number; Status?: string; [field: string]: unknown };
  [field: string]: unknown;
}

interface CallArgs extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  json?: unknown;
  headers?: Record<string, string>;
  /** Overrides the operation's idle limit (0 = none). */
  idleTimeoutMs?: number;
  /** Whether an idempotent GET may be sent again after a reset before the answer. */
  retry?: boolean;
}

const ERROR_BODY_LIMIT = 64 * 1024;
const JSON_BODY_LIMIT = 64 * 1024 * 1024;
/** Progress statuses after which more must come: the opening line and layers in flight. */
const PULL_IN_FLIGHT = /^(Pulling from|Pulling fs layer|Waiting|Downloading|Verifying Checksum|Extracting|Retrying in)\b/;
const AUTH_FAILURE = /no basic auth credentials|unauthorized|authentication required|denied|incorrect username or password/i;

/**
 * A small client for the Engine API operations in the seed. Every method returns a
 * promise or an async iterable and takes an AbortSignal; streams are never buffered.
 */
export class DockerEngineClient {
  readonly #options: DockerEngineClientOptions;
  readonly #env: NodeJS.ProcessEnv;
  readonly #pinned?: string;
  #endpoint?: Promise<EngineEndpoint>;
  #negotiated?: Promise<string>;

  constructor(options: DockerEngineClientOptions = {}) {
    this.#options = options;
    this.#env = options.env ?? process.env;
    const pin = options.apiVersion ?? (this.#env.DOCKER_API_VERSION || undefined);
    if (pin !== undefined) {
      const normalized = normalizeApiVersion(pin);
      if (normalized === undefined) {
        const from = options.apiVersion !== undefined ? 'the API version option' : 'DOCKER_API_VERSION';
        throw new EngineConfigError(`${from} "${pin}" is not an API version like 1.41`);
      }
      this.#pinned = normalized;
    }
    if (options.endpoint) this.#endpoint = Promise.resolve(options.endpoint);
  }

  /** The pinned version, or undefined when the client negotiates. */
  get pinnedApiVersion(): string | undefined {
    return this.#pinned;
  }

  /** Where the daemon is, resolved once from the options, DOCKER_HOST and contexts. */
  endpoint(): Promise<EngineEndpoint> {
    this.#endpoint ??= resolveEndpoint({ host: this.#options.host, context: this.#options.context, env: this.#env });
    return this.#endpoint;
  }

  /** The version in request paths: the pin, or the negotiated one (asked once). */
  async apiVersion(options: CallOptions = {}): Promise<string> {
    if (this.#pinned !== undefined) return this.#pinned;
    if (this.#negotiated === undefined) {
      // Not tied to one caller's signal: other callers may share the answer.
      const attempt = this.ping().then((ping) => negotiateApiVersion(ping.apiVersion));
      this.#negotiated = attempt;
      attempt.catch(() => {
        if (this.#negotiated === attempt) this.#negotiated = undefined;
      });
    }
    return raceAbort(this.#negotiated, options.signal);
  }

  async ping(options: CallOptions = {}): Promise<PingResult> {
    const res = await this.#call('ping', { ...options, retry: true });
    await drain(res.body);
    const header = (name: string): string | undefined => {
      const value = res.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return {
      apiVersion: header('api-version'),
      osType: header('ostype'),
      experimental: header('docker-experimental') === 'true',
    };
  }

  version(options: CallOptions = {}): Promise<EngineVersion> {
    return this.#json<EngineVersion>('version', options);
  }

  createContainer(config: ContainerCreateRequest, options: CallOptions & { name?: string; platform?: string } = {}): Promise<ContainerCreateResponse> {
    return this.#json<ContainerCreateResponse>('createContainer', {
      signal: options.signal,
      query: { name: options.name, platform: options.platform },
      json: config,
    });
  }

  async startContainer(id: string, options: CallOptions = {}): Promise<StateChange> {
    const res = await this.#call('startContainer', { signal: options.signal, params: { id } });
    await drain(res.body);
    return { changed: res.status !== 304 };
  }

  waitContainer(id: string, options: CallOptions & { condition?: 'not-running' | 'next-exit' | 'removed' } = {}): Promise<ContainerWaitResponse> {
    return this.#json<ContainerWaitResponse>('waitContainer', {
      signal: options.signal,
      params: { id },
      query: { condition: options.condition },
    });
  }

  inspectContainer(id: string, options: CallOptions = {}): Promise<ContainerInspect> {
    return this.#json<ContainerInspect>('inspectContainer', { signal: options.signal, params: { id } });
  }

  /**
   * The container's output as chunks tagged stdout/stderr. With `follow` it ends when
   * the container stops; without, when the stored log is read.
   */
  async *containerLogs(id: string, options: LogsOptions = {}): AsyncGenerator<LogChunk> {
    const { signal } = options;
    const res = await this.#call('containerLogs', {
      signal,
      params: { id },
      query: {
        stdout: options.stdout ?? true,
        stderr: options.stderr ?? true,
        follow: options.follow,
        timestamps: options.timestamps,
        tail: options.tail,
        since: options.since,
      },
      idleTimeoutMs: options.follow ? 0 : undefined,
      retry: true,
    });
    try {
      let tty = options.tty;
      if (tty === undefined) {
        const type = String(res.headers['content-type'] ?? '');
        if (type.includes('multiplexed-stream')) tty = false;
        else if (type.includes('raw-stream') && compareApiVersions(await this.apiVersion({ signal }), '1.42') >= 0) tty = true;
        else tty = (await this.inspectContainer(id, { signal })).Config?.Tty === true;
      }
      yield* tty ? rawLogChunks(res.body) : demuxLogFrames(res.body);
    } finally {
      res.close();
    }
  }

  listContainers(options: CallOptions & { all?: boolean; filters?: Filters; limit?: number; size?: boolean } = {}): Promise<ContainerSummary[]> {
    return this.#json<ContainerSummary[]>('listContainers', {
      signal: options.signal,
      query: { all: options.all, limit: options.limit, size: options.size, filters: options.filters },
    });
  }

  /** `t`: seconds the daemon waits before killing; 0 = at once. */
  async stopContainer(id: string, options: CallOptions & { t?: number } = {}): Promise<StateChange> {
    const base = this.#options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const t = options.t;
    const res = await this.#call('stopContainer', {
      signal: options.signal,
      params: { id },
      query: { t },
      // The daemon answers only after up to t seconds (or never for t = -1).
      idleTimeoutMs: t === undefined ? base : t < 0 || base === 0 ? 0 : base + t * 1000,
    });
    await drain(res.body);
    return { changed: res.status !== 304 };
  }

  async removeContainer(id: string, options: CallOptions & { force?: boolean; volumes?: boolean } = {}): Promise<void> {
    const res = await this.#call('removeContainer', {
      signal: options.signal,
      params: { id },
      query: { force: options.force, v: options.volumes },
    });
    await drain(res.body);
  }

  listImages(options: CallOptions & { all?: boolean; filters?: Filters; digests?: boolean } = {}): Promise<ImageSummary[]> {
    return this.#json<ImageSummary[]>('listImages', {
      signal: options.signal,
      query: { all: options.all, filters: options.filters, digests: options.digests },
    });
  }

  /**
   * Pulls an image; the daemon finishes only when its progress stream is read to the end.
   * An `error` message in the stream is thrown as a PullError naming the image.
   */
  async *pullImage(image: string, options: PullOptions = {}): AsyncGenerator<PullProgress> {
    const { signal } = options;
    const ref = splitImageReference(image);
    const tag = ref.digest ?? ref.tag ?? options.tag ?? 'latest';
    const shown = ref.digest ? `${ref.name}@${tag}` : `${ref.name}:${tag}`;
    const headers: Record<string, string> = {};
    const auth = options.auth === undefined ? await lookupRegistryAuth(registryOfImage(ref.name), { env: this.#env, signal }) : options.auth;
    if (auth) headers['X-Registry-Auth'] = encodeRegistryAuth(auth);

    let res: TransportResponse;
    try {
      res = await this.#call('pullImage', {
        signal,
        query: { fromImage: ref.name, tag, platform: options.platform },
        headers,
      });
    } catch (error) {
      if (error instanceof DockerApiError && AUTH_FAILURE.test(error.daemonMessage)) {
        throw new RegistryAuthError(shown, registryOfImage(ref.name), error, auth !== undefined && auth !== false);
      }
      throw error;
    }
    let last: string | undefined;
    let finished = false;
    try {
      for await (const value of parseJsonLines(res.body, `pull progress stream of ${shown}`)) {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          throw new EngineProtocolError(`The pull progress stream of ${shown} carried a value that is not an object`);
        }
        const message = value as PullProgress;
        if (message.error !== undefined || message.errorDetail !== undefined) {
          const said = message.errorDetail?.message ?? message.error ?? 'unknown error';
          throw new PullError(shown, said, last);
        }
        last = describeProgress(message) ?? last;
        if (message.status !== undefined) finished = !PULL_IN_FLIGHT.test(message.status);
        yield message;
      }
    } catch (error) {
      // A stream that breaks off is a failed pull: say which image and how far it got.
      if (error instanceof EngineConnectionError) throw new PullError(shown, lowerFirst(error.message), last, { cause: error });
      throw error;
    } finally {
      res.close();
    }
    // The daemon ends a pull with "Digest:"/"Status:" lines (or an error); a stream that
    // ends cleanly on a layer still in flight, or carries nothing, was cut off.
    if (!finished) throw new PullError(shown, 'the progress stream ended before the pull finished', last);
  }

  /** Reads a pull to its end and answers its last progress message. */
  async pullImageToEnd(image: string, options: PullOptions & { onProgress?: (message: PullProgress) => void } = {}): Promise<PullProgress | undefined> {
    let last: PullProgress | undefined;
    for await (const message of this.pullImage(image, options)) {
      options.onProgress?.(message);
      last = message;
    }
    return last;
  }

  commitContainer(options: CommitOptions): Promise<CommitResponse> {
    return this.#json<CommitResponse>('commitContainer', {
      signal: options.signal,
      query: {
        container: options.container,
        repo: options.repo,
        tag: options.tag,
        comment: options.comment,
        author: options.author,
        pause: options.pause,
        changes: options.changes?.join('\n'),
      },
      json: options.config ?? {},
    });
  }

  /** A request whose whole (JSON) answer is read; GETs get one retry after a reset. */
  async #json<T>(name: OperationName, args: CallArgs): Promise<T> {
    const spec = OPERATIONS[name];
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.#call(name, { ...args, retry: false });
        const text = await readText(res.body, JSON_BODY_LIMIT, `${spec.method} ${spec.path}`);
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new EngineProtocolError(`The answer to ${spec.method} ${spec.path} is not JSON`);
        }
      } catch (error) {
        if (attempt === 0 && spec.method === 'GET' && isReset(error) && !args.signal?.aborted) {
          this.#debug(`${spec.method} ${spec.path}: connection reset, retrying once`);
          continue;
        }
        throw error;
      }
    }
  }

  /** Sends one operation; answers the response for expected statuses, throws otherwise. */
  async #call(name: OperationName, args: CallArgs): Promise<TransportResponse> {
    const spec = OPERATIONS[name];
    const endpoint = await raceAbort(this.endpoint(), args.signal);
    const version = spec.versioned ? await this.apiVersion({ signal: args.signal }) : undefined;
    const path = `${version === undefined ? '' : `/v${version}`}${fillPath(spec.path, args.params)}${buildQuery(args.query)}`;
    const headers: Record<string, string> = { 'User-Agent': 'hublint', ...args.headers };
    let body: string | undefined;
    if (args.json !== undefined) {
      body = JSON.stringify(args.json);
      headers['Content-Type'] = 'application/json';
    }
    const idle = args.idleTimeoutMs ?? (spec.timeout === 'none' ? 0 : (this.#options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS));
    const started = Date.now();
    let res: TransportResponse;
    for (let attempt = 0; ; attempt++) {
      try {
        res = await sendRequest(endpoint, {
          method: spec.method,
          path,
          headers,
          body,
          signal: args.signal,
          connectTimeoutMs: this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          idleTimeoutMs: idle,
        });
        break;
      } catch (error) {
        if (attempt === 0 && args.retry && spec.method === 'GET' && isReset(error) && !args.signal?.aborted) {
          this.#debug(`${spec.method} ${path}: connection reset before the answer, retrying once`);
          continue;
        }
        this.#debug(`${spec.method} ${path} failed after ${Date.now() - started} ms: ${(error as Error).message}`);
        throw error;
      }
    }
    this.#debug(`${spec.method} ${path} -> ${res.status} (${Date.now() - started} ms)`);
    const allowed: readonly number[] = spec.ok;
    const noChange: readonly number[] = 'noChange' in spec ? spec.noChange : [];
    if (allowed.includes(res.status) || noChange.includes(res.status)) return res;
    throw await apiError(res, spec.method, path, version);
  }

  #debug(line: string): void {
    this.#options.debug?.(line);
  }
}

async function apiError(res: TransportResponse, method: string, path: string, version: string | undefined): Promise<DockerApiError> {
  let text = '';
  try {
    text = await readText(res.body, ERROR_BODY_LIMIT, `${method} ${path}`);
  } catch {
    // The status alone still says what went wrong.
  }
  const daemonMessage = messageOf(text);
  const init = { status: res.status, daemonMessage, method, path };
  const rejection = res.status === 400 ? parseVersionRejection(daemonMessage) : undefined;
  if (rejection) return new ApiVersionRejectedError(init, version ?? rejection.requested, rejection.direction, rejection.limit);
  return new DockerApiError(init);
}

/** The daemon's `{"message": …}`, or its plain-text body (20.10 answers "too old" so). */
function messageOf(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON after all: fall through to the plain text.
    }
  }
  return trimmed.length > 2000 ? `${trimmed.slice(0, 2000)}…` : trimmed;
}

function describeProgress(message: PullProgress): string | undefined {
  if (message.status === undefined) return undefined;
  return [message.status, message.id, message.progress].filter((part) => part !== undefined && part !== '').join(' ');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

async function readText(body: AsyncIterable<Buffer>, limit: number, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new EngineProtocolError(`The answer to ${what} is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function drain(body: AsyncIterable<Buffer>): Promise<void> {
  for await (const _chunk of body) {
    // Reading to the end lets the connection close cleanly.
  }
}

function isReset(error: unknown): boolean {
  return error instanceof EngineConnectionError && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
