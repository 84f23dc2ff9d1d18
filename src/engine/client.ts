import { encodeRegistryAuth, lookupRegistryAuth, type RegistryAuth } from './auth.js';
import {
  ApiVersionRejectedError,
  DockerApiError,
  EngineConfigError,
  EngineConnectionError,
  EngineProtocolError,
  PullError,
  PushError,
  RegistryAuthError,
} from './errors.js';
import { checkArray, checkCreate, checkId, checkObject, checkVersion, checkWait } from './answers.js';
import { demuxFrameRuns, demuxLogFrames, rawLogChunks, type LogChunk } from './frames.js';
import { resolveEndpoint, type EngineEndpoint } from './host.js';
import { parseJsonLines } from './json-lines.js';
import { negotiateApiVersion, parseVersionRejection } from './negotiate.js';
import { OPERATIONS, buildQuery, fillPath, operation, type MoreOperationName, type OperationName, type QueryValue } from './operations.js';
import { registryOfImage, splitImageReference } from './reference.js';
import { canHijackInto, hijackInto } from './hijack.js';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_DEADLINE_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  keepAliveAgent,
  sendRequest,
  type KeepAliveAgent,
  type TransportResponse,
} from './transport.js';
import type {
  CommitResponse,
  ContainerCreateRequest,
  ContainerCreateResponse,
  ContainerSummary,
  ContainerWaitResponse,
  EngineVersion,
  Filters,
  ImageDeleteItem,
  ImageSummary,
  PingResult,
  PullProgress,
  StateChange,
} from './types.js';
import type {
  ContainerPruneResponse,
  ContainerStats,
  ContainerTop,
  ContainerUpdateRequest,
  ContainerUpdateResponse,
  EngineEvent,
  ExecCreateRequest,
  ExecInspect,
  IdResponse,
  ImageInspect,
  NetworkCreateRequest,
  NetworkCreateResponse,
  NetworkInspect,
  PushProgress,
  SystemDf,
  Volume,
  VolumeCreateRequest,
  VolumeList,
  VolumePruneResponse,
} from './types.js';
import { compareApiVersions, normalizeApiVersionSetting } from './versions.js';

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
  /**
   * Longest silence on plain requests, and before an attach's answer; wait, follow logs,
   * pull and an attached stream have none.
   */
  idleTimeoutMs?: number;
  /** Longest whole exchange of a plain request (head and body); 0 = none. Default 300 s. */
  deadlineMs?: number;
  /** Receives one line per request (method, path, status, time); never headers or bodies. */
  debug?: (line: string) => void;
  /**
   * Reuse connections between requests (default true): one socket serves call after call.
   * Idle sockets never keep the process alive; `close()` drops them at once.
   */
  keepAlive?: boolean;
  /** How long a kept connection may sit unused before it is closed (default 15 s). */
  keepAliveIdleMs?: number;
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

export interface AttachOptions extends CallOptions {
  /** Send standard input: the stream is writable, `end()` half-closes it (EOF in the container). */
  stdin?: boolean;
  stdout?: boolean;
  stderr?: boolean;
  /** Also replay what the container printed before the attach. */
  logs?: boolean;
  /** The key sequence after which the daemon detaches a TTY's stdin (`ctrl-p,ctrl-q` unless given). */
  detachKeys?: string;
  /** Whether the container has a TTY (raw stream) or not (8-byte frames); asked when absent. */
  tty?: boolean;
  /**
   * Read the stream into this one buffer instead of a new one per read (no garbage while
   * streaming; plain `unix://` and `tcp://` endpoints). Each chunk of `output` is then a view
   * into it, valid only until the next chunk is asked for: copy what you keep.
   */
  readBuffer?: Buffer;
}

/**
 * A hijacked attach connection. `output` yields the container's output as it arrives,
 * a chunk at a time (runs of one stream joined); `write`/`end` feed its stdin.
 */
export interface AttachedStream {
  output: AsyncIterable<LogChunk[]>;
  /** Resolves once the data is handed to the socket (backpressure). */
  write(data: Buffer | string): Promise<void>;
  /** Half-closes: the container sees EOF on stdin; its output keeps coming. */
  end(): void;
  /** Drops the connection. */
  close(): void;
}

export type WaitCondition = 'not-running' | 'next-exit' | 'removed';

/** A wait the daemon has registered; `result` settles when the condition is met. */
export interface RegisteredWait {
  result: Promise<ContainerWaitResponse>;
}

type AnyOperation = OperationName | MoreOperationName;

interface CallArgs extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  json?: unknown;
  /** A body that is not JSON (a tar archive), with its Content-Type. */
  raw?: { body: Buffer; type: string };
  headers?: Record<string, string>;
  /** Overrides the operation's idle limit (0 = none). */
  idleTimeoutMs?: number;
  /** Asks for a hijacked connection (attach). */
  upgrade?: boolean;
  /** With `upgrade`: read the hijacked stream into this one buffer (see hijack.ts). */
  readBuffer?: Buffer;
  /** Overrides the deadline of a plain request (0 = none). */
  deadlineMs?: number;
}

const ERROR_BODY_LIMIT = 64 * 1024;
const PING_BODY_LIMIT = 64 * 1024;
const JSON_BODY_LIMIT = 64 * 1024 * 1024;
/** Progress statuses after which more must come: the opening line and layers in flight. */
const PULL_IN_FLIGHT = /^(Pulling from|Pulling fs layer|Waiting|Downloading|Verifying Checksum|Extracting|Retrying in)\b/;
const AUTH_FAILURE = /no basic auth credentials|unauthorized|authentication required|denied|incorrect username or password/i;

/**
 * A small client for the Engine API operations hublint and its users need. Every method returns a
 * promise or an async iterable and takes an AbortSignal; streams are never buffered.
 */
export class DockerEngineClient {
  readonly #options: DockerEngineClientOptions;
  readonly #env: NodeJS.ProcessEnv;
  readonly #pinned?: string;
  #endpoint?: Promise<EngineEndpoint>;
  #negotiated?: Promise<string>;
  /** Made at the first request, for the endpoint it goes to; dropped by close(). */
  #agent?: { endpoint: EngineEndpoint; agent: KeepAliveAgent };

  constructor(options: DockerEngineClientOptions = {}) {
    this.#options = options;
    this.#env = options.env ?? process.env;
    const pin = options.apiVersion ?? (this.#env.DOCKER_API_VERSION || undefined);
    if (pin !== undefined) {
      const normalized = normalizeApiVersionSetting(pin);
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
    // The body is "OK"; a daemon that sends more, or sends it forever, is cut off.
    const res = await this.#retrying('ping', options.signal, async () => {
      const answer = await this.#call('ping', options);
      await readText(answer.body, PING_BODY_LIMIT, 'GET /_ping');
      return answer;
    });
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
    return this.#json('version', checkVersion, options);
  }

  createContainer(config: ContainerCreateRequest, options: CallOptions & { name?: string; platform?: string } = {}): Promise<ContainerCreateResponse> {
    return this.#json('createContainer', checkCreate, {
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

  waitContainer(id: string, options: CallOptions & { condition?: WaitCondition } = {}): Promise<ContainerWaitResponse> {
    return this.#json('waitContainer', checkWait, {
      signal: options.signal,
      params: { id },
      query: { condition: options.condition },
    });
  }

  /**
   * Registers a wait and resolves once the daemon has (it sends the answer's head at
   * once, API 1.30+), so a `next-exit` wait made before start cannot miss a quick exit:
   * what `docker run` does. The exit status comes later through `result`.
   */
  async registerWait(id: string, options: CallOptions & { condition?: WaitCondition } = {}): Promise<RegisteredWait> {
    const what = `${OPERATIONS.waitContainer.method} ${OPERATIONS.waitContainer.path}`;
    const res = await this.#call('waitContainer', { signal: options.signal, params: { id }, query: { condition: options.condition } });
    const result = readJson(res, what).then((value) => checkWait(value, what));
    // A caller that never looks at the result must not see an unhandled rejection.
    result.catch(() => undefined);
    return { result };
  }

  inspectContainer(id: string, options: CallOptions = {}): Promise<ContainerInspect> {
    return this.#json('inspectContainer', checkObject<ContainerInspect>, { signal: options.signal, params: { id } });
  }

  /**
   * Attaches to the container's streams on a hijacked connection (`Upgrade: tcp`, answered
   * 101). Attach before start to see every byte; output comes as the container writes it.
   */
  async attachContainer(id: string, options: AttachOptions = {}): Promise<AttachedStream> {
    const { signal } = options;
    const res = await this.#call('attachContainer', {
      signal,
      params: { id },
      query: {
        stream: true,
        stdin: options.stdin ?? false,
        stdout: options.stdout ?? true,
        stderr: options.stderr ?? true,
        logs: options.logs,
        detachKeys: options.detachKeys,
      },
      upgrade: true,
      readBuffer: options.readBuffer,
    });
    let tty = options.tty;
    if (tty === undefined) {
      const type = String(res.headers['content-type'] ?? '');
      tty = type.includes('multiplexed-stream') ? false : (await this.inspectContainer(id, { signal })).Config?.Tty === true;
    }
    return attachedStream(res, tty, `the attach connection of ${id}`);
  }

  /** Sends a signal (`SIGINT`, `SIGTERM`, `9`, …) to the container's main process. */
  async killContainer(id: string, signalName = 'SIGKILL', options: CallOptions = {}): Promise<void> {
    const res = await this.#call('killContainer', { signal: options.signal, params: { id }, query: { signal: signalName } });
    await drain(res.body);
  }

  /** Sets the size of the container's TTY. */
  async resizeContainer(id: string, size: { rows: number; columns: number }, options: CallOptions = {}): Promise<void> {
    const res = await this.#call('resizeContainer', { signal: options.signal, params: { id }, query: { h: size.rows, w: size.columns } });
    await drain(res.body);
  }

  /**
   * The container's output as chunks tagged stdout/stderr. With `follow` it ends when
   * the container stops; without, when the stored log is read.
   */
  async *containerLogs(id: string, options: LogsOptions = {}): AsyncGenerator<LogChunk> {
    const { signal } = options;
    const res = await this.#retrying('containerLogs', signal, () => this.#call('containerLogs', {
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
      // The reader sets the pace of a long log: no deadline.
      deadlineMs: 0,
    }));
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
    return this.#json('listContainers', checkArray<ContainerSummary>, {
      signal: options.signal,
      query: { all: options.all, limit: options.limit, size: options.size, filters: options.filters },
    });
  }

  /** `t`: seconds the daemon waits before killing; 0 = at once. */
  async stopContainer(id: string, options: CallOptions & { t?: number } = {}): Promise<StateChange> {
    const t = options.t;
    const res = await this.#call('stopContainer', {
      signal: options.signal,
      params: { id },
      query: { t },
      // The daemon answers only after up to t seconds (or never for t = -1).
      idleTimeoutMs: this.#idleWithGrace(t),
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
    return this.#json('listImages', checkArray<ImageSummary>, {
      signal: options.signal,
      query: { all: options.all, filters: options.filters, digests: options.digests },
    });
  }

  /** Removes an image (or one of its tags); answers what the daemon untagged and deleted. */
  removeImage(name: string, options: CallOptions & { force?: boolean; noprune?: boolean } = {}): Promise<ImageDeleteItem[]> {
    return this.#json('removeImage', checkArray<ImageDeleteItem>, {
      signal: options.signal,
      params: { name },
      query: { force: options.force, noprune: options.noprune },
    });
  }

  /** Tags an image: `tagImage('sha256:…', { repo: 'acme/web', tag: '1' })`. */
  async tagImage(name: string, options: CallOptions & { repo: string; tag?: string }): Promise<void> {
    const res = await this.#call('tagImage', { signal: options.signal, params: { name }, query: { repo: options.repo, tag: options.tag } });
    await drain(res.body);
  }

  /** Extracts a tar archive into the container at `path` (a directory that exists in it). */
  async putContainerArchive(id: string, tar: Buffer, options: CallOptions & { path: string }): Promise<void> {
    const res = await this.#call('putContainerArchive', { signal: options.signal, params: { id }, query: { path: options.path }, raw: { body: tar, type: 'application/x-tar' } });
    await drain(res.body);
  }

  /** Image operations grouped as in dockerode's README: `client.images.pull(…)`. */
  get images(): {
    list: DockerEngineClient['listImages'];
    pull: DockerEngineClient['pullImage'];
    remove: DockerEngineClient['removeImage'];
    tag: DockerEngineClient['tagImage'];
    inspect: DockerEngineClient['inspectImage'];
    push: DockerEngineClient['pushImage'];
  } {
    return {
      list: (options) => this.listImages(options),
      pull: (image, options) => this.pullImage(image, options),
      remove: (name, options) => this.removeImage(name, options),
      tag: (name, options) => this.tagImage(name, options),
      inspect: (name, options) => this.inspectImage(name, options),
      push: (image, options) => this.pushImage(image, options),
    };
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
    return this.#json('commitContainer', checkId, {
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

  // ── Issue 33's library rows: exec, events, image inspect/push, networks, volumes,
  // container top/stats/restart/rename/update/prune, `system df`. ──

  /** Creates an exec instance in a running container; start it with `startExec`. */
  createExec(id: string, config: ExecCreateRequest, options: CallOptions = {}): Promise<IdResponse> {
    return this.#json('createExec', checkId<IdResponse>, { signal: options.signal, params: { id }, json: { AttachStdout: true, AttachStderr: true, ...config } });
  }

  /**
   * Starts an exec attached, on a hijacked connection: `output` yields its stdout and stderr
   * apart (tagged chunks, as `attachContainer`), `write`/`end` feed its stdin when it was
   * created with `AttachStdin`. `tty` must match the exec's own `Tty`; asked when absent.
   */
  async startExec(execId: string, options: CallOptions & { tty?: boolean; readBuffer?: Buffer } = {}): Promise<AttachedStream> {
    const { signal } = options;
    const tty = options.tty ?? (await this.inspectExec(execId, { signal })).ProcessConfig?.tty === true;
    const res = await this.#call('startExec', { signal, params: { id: execId }, json: { Detach: false, Tty: tty }, upgrade: true, readBuffer: options.readBuffer });
    return attachedStream(res, tty, `the exec connection of ${execId}`);
  }

  /** Starts an exec in the background; its exit code is read later with `inspectExec`. */
  async startExecDetached(execId: string, options: CallOptions & { tty?: boolean } = {}): Promise<void> {
    const res = await this.#call('startExec', { signal: options.signal, params: { id: execId }, json: { Detach: true, Tty: options.tty ?? false } });
    await drain(res.body);
  }

  inspectExec(execId: string, options: CallOptions = {}): Promise<ExecInspect> {
    return this.#json('inspectExec', checkObject<ExecInspect>, { signal: options.signal, params: { id: execId } });
  }

  /** Sets the size of an exec's TTY (it must be running). */
  async resizeExec(execId: string, size: { rows: number; columns: number }, options: CallOptions = {}): Promise<void> {
    const res = await this.#call('resizeExec', { signal: options.signal, params: { id: execId }, query: { h: size.rows, w: size.columns } });
    await drain(res.body);
  }

  /**
   * The daemon's events as they happen. `since`/`until` are dates or seconds since the epoch
   * (with `since` the daemon replays what it kept first). The stream ends at `until`, or when
   * `signal` aborts: the stream has no other end, so an abort ends the loop quietly.
   */
  events(options: CallOptions & { filters?: Filters; since?: Date | number; until?: Date | number } = {}): AsyncGenerator<EngineEvent> {
    const query = { since: epochSeconds(options.since), until: epochSeconds(options.until), filters: options.filters };
    return this.#live('events', { signal: options.signal, query }, 'event stream', (value) => checkObject<EngineEvent>(value, 'GET /events'));
  }

  /**
   * A stream of JSON lines with no end of its own (events, stats): read until the daemon
   * ends it or the caller stops; an abort of the caller's signal ends it without an error.
   */
  async *#live<T>(name: AnyOperation, args: CallArgs, what: string, check: (value: unknown) => T): AsyncGenerator<T> {
    const { signal } = args;
    if (signal?.aborted) return;
    try {
      const res = await this.#call(name, { ...args, deadlineMs: 0 });
      try {
        for await (const value of parseJsonLines(res.body, what)) yield check(value);
      } finally {
        res.close();
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
  }

  inspectImage(name: string, options: CallOptions = {}): Promise<ImageInspect> {
    return this.#json('inspectImage', checkObject<ImageInspect>, { signal: options.signal, params: { name } });
  }

  /**
   * Pushes an image (`registry/repo:tag`) with the credentials given, or else those the Docker
   * config holds for its registry. The registry's refusal arrives inside the progress stream:
   * thrown as a PushError, as is a stream that ends before the registry named the digest.
   */
  async *pushImage(image: string, options: CallOptions & { tag?: string; auth?: RegistryAuth | false } = {}): AsyncGenerator<PushProgress> {
    const { signal } = options;
    const ref = splitImageReference(image);
    const tag = ref.tag ?? options.tag;
    const shown = tag === undefined ? ref.name : `${ref.name}:${tag}`;
    const auth = options.auth === undefined ? await lookupRegistryAuth(registryOfImage(ref.name), { env: this.#env, signal }) : options.auth;
    // The daemon wants the header even without credentials (an empty one): without it,
    // it reads credentials from the body and answers 400.
    const headers = { 'X-Registry-Auth': encodeRegistryAuth(auth || {}) };
    const res = await this.#call('pushImage', { signal, params: { name: ref.name }, query: { tag }, headers });
    let last: string | undefined;
    let digest = false;
    try {
      for await (const value of parseJsonLines(res.body, `push progress stream of ${shown}`)) {
        const message = checkObject<PushProgress>(value, `push progress stream of ${shown}`);
        if (message.error !== undefined || message.errorDetail !== undefined) {
          const said = message.errorDetail?.message ?? message.error ?? 'unknown error';
          throw new PushError(shown, said, last, AUTH_FAILURE.test(said));
        }
        last = describeProgress(message) ?? last;
        digest ||= typeof message.aux?.Digest === 'string';
        yield message;
      }
    } finally {
      res.close();
    }
    if (!digest) throw new PushError(shown, 'the progress stream ended before the registry named the pushed digest', last, false);
  }

  /** Reads a push to its end and answers the digest the registry gave it. */
  async pushImageToEnd(image: string, options: CallOptions & { tag?: string; auth?: RegistryAuth | false; onProgress?: (message: PushProgress) => void } = {}): Promise<string> {
    let digest = '';
    for await (const message of this.pushImage(image, options)) {
      options.onProgress?.(message);
      digest = message.aux?.Digest ?? digest;
    }
    return digest;
  }

  createNetwork(config: NetworkCreateRequest, options: CallOptions = {}): Promise<NetworkCreateResponse> {
    return this.#json('createNetwork', checkId<NetworkCreateResponse>, { signal: options.signal, json: { CheckDuplicate: true, ...config } });
  }

  listNetworks(options: CallOptions & { filters?: Filters } = {}): Promise<NetworkInspect[]> {
    return this.#json('listNetworks', checkArray<NetworkInspect>, { signal: options.signal, query: { filters: options.filters } });
  }

  inspectNetwork(id: string, options: CallOptions & { verbose?: boolean } = {}): Promise<NetworkInspect> {
    return this.#json('inspectNetwork', checkObject<NetworkInspect>, { signal: options.signal, params: { id }, query: { verbose: options.verbose } });
  }

  async removeNetwork(id: string, options: CallOptions = {}): Promise<void> {
    await drain((await this.#call('removeNetwork', { signal: options.signal, params: { id } })).body);
  }

  /** Connects a container; `EndpointConfig` (aliases, a fixed address) passes through. */
  async connectNetwork(id: string, container: string, options: CallOptions & { endpointConfig?: Record<string, unknown> } = {}): Promise<void> {
    const json = { Container: container, EndpointConfig: options.endpointConfig };
    await drain((await this.#call('connectNetwork', { signal: options.signal, params: { id }, json })).body);
  }

  async disconnectNetwork(id: string, container: string, options: CallOptions & { force?: boolean } = {}): Promise<void> {
    const json = { Container: container, Force: options.force ?? false };
    await drain((await this.#call('disconnectNetwork', { signal: options.signal, params: { id }, json })).body);
  }

  createVolume(config: VolumeCreateRequest = {}, options: CallOptions = {}): Promise<Volume> {
    return this.#json('createVolume', checkObject<Volume>, { signal: options.signal, json: config });
  }

  listVolumes(options: CallOptions & { filters?: Filters } = {}): Promise<VolumeList> {
    return this.#json('listVolumes', checkObject<VolumeList>, { signal: options.signal, query: { filters: options.filters } });
  }

  inspectVolume(name: string, options: CallOptions = {}): Promise<Volume> {
    return this.#json('inspectVolume', checkObject<Volume>, { signal: options.signal, params: { name } });
  }

  async removeVolume(name: string, options: CallOptions & { force?: boolean } = {}): Promise<void> {
    await drain((await this.#call('removeVolume', { signal: options.signal, params: { name }, query: { force: options.force } })).body);
  }

  /** Removes unused volumes; `filters` (`label`) narrow what goes (API 1.41 takes named ones too). */
  pruneVolumes(options: CallOptions & { filters?: Filters } = {}): Promise<VolumePruneResponse> {
    return this.#json('pruneVolumes', checkObject<VolumePruneResponse>, { signal: options.signal, query: { filters: options.filters } });
  }

  /** The container's processes, as `ps` shows them (`psArgs`: `-ef` unless given). */
  topContainer(id: string, options: CallOptions & { psArgs?: string } = {}): Promise<ContainerTop> {
    return this.#json('topContainer', checkObject<ContainerTop>, { signal: options.signal, params: { id }, query: { ps_args: options.psArgs } });
  }

  /**
   * One sample of the container's resource use. The daemon takes a second to fill
   * `precpu_stats` (for a CPU percentage); `oneShot` answers at once without it.
   */
  containerStats(id: string, options: CallOptions & { oneShot?: boolean } = {}): Promise<ContainerStats> {
    return this.#json('containerStats', checkObject<ContainerStats>, {
      signal: options.signal,
      params: { id },
      query: { stream: false, 'one-shot': options.oneShot },
    });
  }

  /**
   * A sample a second for as long as the caller reads: the daemon goes on (with empty
   * samples) after the container stops, so `break` or the signal ends it, an abort quietly.
   */
  containerStatsStream(id: string, options: CallOptions = {}): AsyncGenerator<ContainerStats> {
    const what = `stats stream of ${id}`;
    return this.#live('containerStats', { signal: options.signal, params: { id }, query: { stream: true }, idleTimeoutMs: 0 }, what, (value) => checkObject<ContainerStats>(value, what));
  }

  /** `t`: seconds the daemon waits for the stop before it kills. */
  async restartContainer(id: string, options: CallOptions & { t?: number } = {}): Promise<void> {
    const res = await this.#call('restartContainer', { signal: options.signal, params: { id }, query: { t: options.t }, idleTimeoutMs: this.#idleWithGrace(options.t) });
    await drain(res.body);
  }

  async renameContainer(id: string, name: string, options: CallOptions = {}): Promise<void> {
    await drain((await this.#call('renameContainer', { signal: options.signal, params: { id }, query: { name } })).body);
  }

  /** Changes resources (memory, CPU shares, …) and the restart policy of a container. */
  updateContainer(id: string, update: ContainerUpdateRequest, options: CallOptions = {}): Promise<ContainerUpdateResponse> {
    return this.#json('updateContainer', checkObject<ContainerUpdateResponse>, { signal: options.signal, params: { id }, json: update });
  }

  /** Removes stopped containers; `filters` (`label`, `until`) narrow what goes. */
  pruneContainers(options: CallOptions & { filters?: Filters } = {}): Promise<ContainerPruneResponse> {
    return this.#json('pruneContainers', checkObject<ContainerPruneResponse>, { signal: options.signal, query: { filters: options.filters } });
  }

  /** What `docker system df` shows: images, containers, volumes and the build cache, with sizes. */
  systemDf(options: CallOptions = {}): Promise<SystemDf> {
    return this.#json('systemDf', checkObject<SystemDf>, { signal: options.signal });
  }

  /** Network operations grouped as dockerode's `docker.createNetwork`/`network.inspect` are. */
  get networks(): {
    create: DockerEngineClient['createNetwork'];
    list: DockerEngineClient['listNetworks'];
    inspect: DockerEngineClient['inspectNetwork'];
    remove: DockerEngineClient['removeNetwork'];
    connect: DockerEngineClient['connectNetwork'];
    disconnect: DockerEngineClient['disconnectNetwork'];
  } {
    return {
      create: (config, options) => this.createNetwork(config, options),
      list: (options) => this.listNetworks(options),
      inspect: (id, options) => this.inspectNetwork(id, options),
      remove: (id, options) => this.removeNetwork(id, options),
      connect: (id, container, options) => this.connectNetwork(id, container, options),
      disconnect: (id, container, options) => this.disconnectNetwork(id, container, options),
    };
  }

  get volumes(): {
    create: DockerEngineClient['createVolume'];
    list: DockerEngineClient['listVolumes'];
    inspect: DockerEngineClient['inspectVolume'];
    remove: DockerEngineClient['removeVolume'];
    prune: DockerEngineClient['pruneVolumes'];
  } {
    return {
      create: (config, options) => this.createVolume(config, options),
      list: (options) => this.listVolumes(options),
      inspect: (name, options) => this.inspectVolume(name, options),
      remove: (name, options) => this.removeVolume(name, options),
      prune: (options) => this.pruneVolumes(options),
    };
  }

  /**
   * Drops the kept-alive connections. Not needed for the process to exit (idle sockets do not
   * hold it), but a long-lived program that is done with the daemon frees them so.
   */
  close(): void {
    this.#agent?.agent.destroy();
    this.#agent = undefined;
  }

  /** The idle limit of a call the daemon may hold `t` seconds (stop, restart). */
  #idleWithGrace(t: number | undefined): number {
    const base = this.#options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    if (t === undefined) return base;
    return t < 0 || base === 0 ? 0 : base + t * 1000;
  }

  /** One keep-alive agent per client and endpoint (a client may be given a new endpoint). */
  #agentFor(endpoint: EngineEndpoint): KeepAliveAgent | undefined {
    if (this.#options.keepAlive === false) return undefined;
    if (this.#agent?.endpoint !== endpoint) {
      this.#agent?.agent.destroy();
      this.#agent = { endpoint, agent: keepAliveAgent(endpoint, this.#options.keepAliveIdleMs) };
    }
    return this.#agent.agent;
  }

  /** A request whose whole (JSON) answer is read and checked; GETs get one retry after a reset. */
  async #json<T>(name: AnyOperation, check: (value: unknown, what: string) => T, args: CallArgs): Promise<T> {
    const spec = operation(name);
    const what = `${spec.method} ${spec.path}`;
    const value = await this.#retrying(name, args.signal, async () => readJson(await this.#call(name, args), what));
    return check(value, what);
  }

  /**
   * The one retry of the client: an idempotent GET whose connection was reset (before or
   * during the answer) is sent once more; anything else fails at once.
   */
  async #retrying<T>(name: AnyOperation, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    const spec = operation(name);
    try {
      return await attempt();
    } catch (error) {
      if (spec.method !== 'GET' || !isReset(error) || signal?.aborted) throw error;
      this.#debug(`${spec.method} ${spec.path}: connection reset, retrying once`);
      return attempt();
    }
  }

  /** Sends one operation; answers the response for expected statuses, throws otherwise. */
  async #call(name: AnyOperation, args: CallArgs): Promise<TransportResponse> {
    const spec = operation(name);
    const endpoint = await raceAbort(this.endpoint(), args.signal);
    const version = spec.versioned ? await this.apiVersion({ signal: args.signal }) : undefined;
    const path = `${version === undefined ? '' : `/v${version}`}${fillPath(spec.path, args.params)}${buildQuery(args.query)}`;
    const headers: Record<string, string> = { 'User-Agent': 'hublint', ...args.headers };
    let body: string | Buffer | undefined;
    if (args.json !== undefined) {
      body = JSON.stringify(args.json);
      headers['Content-Type'] = 'application/json';
    } else if (args.raw !== undefined) {
      body = args.raw.body;
      headers['Content-Type'] = args.raw.type;
    }
    const plain = spec.timeout !== 'none' && args.idleTimeoutMs !== 0;
    const idle = args.idleTimeoutMs ?? (plain ? (this.#options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS) : 0);
    const deadline = plain ? (args.deadlineMs ?? this.#options.deadlineMs ?? DEFAULT_DEADLINE_MS) : 0;
    const started = Date.now();
    let res: TransportResponse;
    try {
      const request = {
        method: spec.method,
        path,
        headers,
        body,
        signal: args.signal,
        connectTimeoutMs: this.#options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        idleTimeoutMs: idle,
        // A stop may take its `t` seconds before the answer: the deadline grows with the idle limit.
        deadlineMs: deadline > 0 && args.idleTimeoutMs !== undefined && args.idleTimeoutMs > 0 ? Math.max(deadline, args.idleTimeoutMs * 2) : deadline,
        upgrade: args.upgrade,
        // An attach's answer (not its stream) is held to the plain idle limit.
        answerIdleTimeoutMs: args.upgrade ? (this.#options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS) : undefined,
      };
      res =
        args.upgrade && args.readBuffer && canHijackInto(endpoint)
          ? await hijackInto(endpoint, request, args.readBuffer)
          : await sendRequest(endpoint, { ...request, agent: args.upgrade ? undefined : this.#agentFor(endpoint) });
    } catch (error) {
      this.#debug(`${spec.method} ${path} failed after ${Date.now() - started} ms: ${(error as Error).message}`);
      throw error;
    }
    this.#debug(`${spec.method} ${path} -> ${res.status} (${Date.now() - started} ms)`);
    const allowed: readonly number[] = spec.ok;
    const noChange: readonly number[] = spec.noChange ?? [];
    if (allowed.includes(res.status) || noChange.includes(res.status)) return res;
    const error = await apiError(res, spec.method, path, version);
    // Go's TLS server answers plain HTTP with this 400: the daemon wants TLS.
    if (error.status === 400 && /HTTP request to an HTTPS server/i.test(error.daemonMessage) && endpoint.kind === 'tcp' && !endpoint.tls) {
      throw new EngineConnectionError(`The Docker daemon at ${endpoint.display} speaks TLS, but hublint connected without TLS`, endpoint.display, {
        hint: 'TLS may be needed: set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH (ca.pem, cert.pem, key.pem), as for the docker CLI.',
      });
    }
    throw error;
  }

  #debug(line: string): void {
    this.#options.debug?.(line);
  }
}

/**
 * A hijacked attach or exec connection as the caller sees it: output split into stdout and
 * stderr (8-byte frames) or raw (a TTY), stdin through `write`/`end`.
 */
function attachedStream(res: TransportResponse, tty: boolean, what: string): AttachedStream {
  const socket = res.socket;
  const runs = async function* (body: AsyncIterable<Buffer>): AsyncGenerator<LogChunk[]> {
    for await (const data of body) yield [{ stream: 'stdout', data }];
  };
  return {
    output: tty ? runs(res.body) : demuxFrameRuns(res.body),
    write: (data) =>
      new Promise<void>((resolve, reject) => {
        if (!socket) return reject(new EngineProtocolError(`The daemon did not hijack ${what}: stdin cannot be sent`));
        socket.write(data, (error) => (error ? reject(error) : resolve()));
      }),
    end: () => socket?.end(),
    close: () => res.close(),
  };
}

/** A `since`/`until` as the daemon reads it: seconds since the epoch. */
function epochSeconds(value: Date | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const seconds = value instanceof Date ? value.getTime() / 1000 : value;
  return seconds.toFixed(3);
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

async function readJson(res: TransportResponse, what: string): Promise<unknown> {
  const text = await readText(res.body, JSON_BODY_LIMIT, what);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EngineProtocolError(`The answer to ${what} is not JSON`);
  }
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
