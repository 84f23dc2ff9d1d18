import { statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { EngineConnectionError, EngineTimeoutError } from './errors.js';
import type { EngineEndpoint } from './host.js';

/**
 * One HTTP exchange with the daemon. The only place that touches sockets; everything
 * above it sees a status, headers and a body as an async iterable of chunks.
 */

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/**
 * Longest whole exchange (head and body) of a plain request. The idle limit alone lets a
 * daemon that sends one byte a second hold a request open for ever.
 */
export const DEFAULT_DEADLINE_MS = 300_000;

export interface TransportRequest {
  method: string;
  /** Path with version prefix and query string. Never carries credentials. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  connectTimeoutMs?: number;
  /** Longest silence allowed on the socket; 0 turns the limit off (wait, follow, pull). */
  idleTimeoutMs?: number;
  /** Longest whole exchange, until the body's end; 0 (the default) = none. */
  deadlineMs?: number;
  /**
   * With `upgrade`: the longest silence until the answer is whole (the 101's head, or a
   * refusal's whole body). The hijacked stream after a 101 may stay silent as long as the
   * container does; a daemon that stalls before that must not hold the caller for ever.
   */
  answerIdleTimeoutMs?: number;
  /**
   * Asks for the connection to be hijacked (`Connection: Upgrade`, `Upgrade: tcp`, as the
   * Engine API documents for attach): a 101 answer hands over the raw socket.
   */
  upgrade?: boolean;
  /**
   * A keep-alive agent from `keepAliveAgent(endpoint)`: the exchange takes a free connection
   * of it, and gives it back once the answer is read to its end. Without one, every exchange
   * opens its own connection (what an upgrade needs: its socket is handed over).
   */
  agent?: KeepAliveAgent;
}

/** http.Agent for unix:// and tcp://, https.Agent for TLS. */
export type KeepAliveAgent = http.Agent;

/**
 * How long a connection may sit unused in the pool before it is closed. The daemon keeps
 * idle connections for ever; a shorter life on our side means a request never picks up one
 * the daemon (or a proxy) has dropped meanwhile.
 */
export const KEEP_ALIVE_IDLE_MS = 15_000;

/**
 * A pool of kept-alive connections to one endpoint. Node unrefs pooled sockets, so they do
 * not keep the process alive; `agent.destroy()` closes them.
 */
export function keepAliveAgent(endpoint: EngineEndpoint, idleMs = KEEP_ALIVE_IDLE_MS): KeepAliveAgent {
  // `timeout` closes a socket that sits idle in the pool; on a socket in use it only emits
  // 'timeout', which nothing here listens to: a wait or a pull may stay silent for longer.
  const options = { keepAlive: true, timeout: idleMs, scheduling: 'lifo' as const };
  if (endpoint.kind === 'tcp' && endpoint.tls) {
    const https = createRequire(import.meta.url)('node:https') as typeof import('node:https');
    return new https.Agent(options);
  }
  return new http.Agent(options);
}

export interface TransportResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, chunk by chunk, with errors already turned into engine errors. */
  body: AsyncIterable<Buffer>;
  /** Stops reading and closes the connection (used when a caller stops iterating early). */
  close(): void;
  /**
   * After a 101 answer to an `upgrade` request: the raw connection, in both directions.
   * `body` reads from it; write to it, and `end()` it to half-close (stdin's EOF).
   */
  socket?: Duplex;
}

export async function sendRequest(endpoint: EngineEndpoint, request: TransportRequest): Promise<TransportResponse> {
  const { signal } = request;
  signal?.throwIfAborted();
  const connectTimeoutMs = request.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const idleTimeoutMs =
    request.upgrade && !(request.idleTimeoutMs ?? 0) ? (request.answerIdleTimeoutMs ?? 0) : (request.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
  const deadlineMs = request.deadlineMs ?? 0;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  if (request.upgrade) {
    headers.Connection = 'Upgrade';
    headers.Upgrade = 'tcp';
  }

  const common: http.RequestOptions = { method: request.method, path: request.path, headers, agent: (!request.upgrade && request.agent) || false };
  let req: http.ClientRequest;
  if (endpoint.kind === 'unix') {
    // Over a Unix socket the daemon ignores the Host header; the Go client sends "docker" too.
    req = http.request({ ...common, socketPath: endpoint.socketPath, host: 'docker' });
  } else if (endpoint.tls) {
    const { ca, cert, key, verify } = endpoint.tls;
    // Loaded only for TLS: https pulls in tls, ~1 MB of RSS a `unix://` run never needs.
    // require, not import(): the CLI bundle is compiled through the V8 code cache
    // (runtime/compile-cache.ts), where a dynamic import() has no loader and throws
    // ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING.
    const https = createRequire(import.meta.url)('node:https') as typeof import('node:https');
    req = https.request({ ...common, host: endpoint.hostname, port: endpoint.port, ca, cert, key, rejectUnauthorized: verify });
  } else {
    req = http.request({ ...common, host: endpoint.hostname, port: endpoint.port });
  }

  const describe = `${request.method} ${request.path}`;
  return new Promise<TransportResponse>((resolve, reject) => {
    let response: http.IncomingMessage | undefined;
    let settled = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const deadline =
      deadlineMs > 0
        ? setTimeout(() => {
            const error = new EngineTimeoutError(
              `The Docker daemon at ${endpoint.display} did not finish ${describe} within ${deadlineMs} ms`,
              'deadline',
              deadlineMs,
            );
            response?.destroy(error);
            req.destroy(error);
          }, deadlineMs)
        : undefined;
    deadline?.unref();

    const fail = (error: unknown): void => {
      clearTimeout(connectTimer);
      clearTimeout(deadline);
      if (!settled) {
        settled = true;
        reject(error);
      }
    };
    const onAbort = (): void => {
      const reason: unknown = signal?.reason;
      response?.destroy(reason as Error);
      req.destroy(reason as Error);
      fail(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = (): void => signal?.removeEventListener('abort', onAbort);

    req.on('socket', (socket: Socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        req.destroy(
          new EngineTimeoutError(
            `Connecting to the Docker daemon at ${endpoint.display} took longer than ${connectTimeoutMs} ms`,
            'connect',
            connectTimeoutMs,
          ),
        );
      }, connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    if (idleTimeoutMs > 0) {
      req.setTimeout(idleTimeoutMs, () => {
        const error = new EngineTimeoutError(
          `The Docker daemon at ${endpoint.display} sent nothing for ${idleTimeoutMs} ms during ${describe}`,
          'idle',
          idleTimeoutMs,
        );
        response?.destroy(error);
        req.destroy(error);
      });
    }
    req.on('error', (error) => {
      cleanup();
      fail(toEngineError(error, endpoint, describe, response !== undefined));
    });
    req.on('upgrade', (res, socket: Socket, head: Buffer) => {
      clearTimeout(connectTimer);
      clearTimeout(deadline);
      cleanup();
      // The hijacked stream may stay silent as long as the container does.
      socket.setTimeout(0);
      if (head.length > 0) socket.unshift(head);
      settled = true;
      const onAbort = (): void => {
        socket.destroy(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve({
        status: res.statusCode ?? 101,
        headers: res.headers,
        body: mapBodyErrors(socket, endpoint, describe, signal),
        close: () => socket.destroy(),
        socket,
      });
    });
    req.on('response', (res) => {
      clearTimeout(connectTimer);
      response = res;
      res.once('close', () => {
        clearTimeout(deadline);
        cleanup();
      });
      settled = true;
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: mapBodyErrors(res, endpoint, describe, signal),
        close: () => {
          res.destroy();
          req.destroy();
        },
      });
    });
    req.end(request.body);
  });
}

async function* mapBodyErrors(
  res: http.IncomingMessage | Socket,
  endpoint: EngineEndpoint,
  describe: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<Buffer> {
  let complete = false;
  try {
    for await (const chunk of res) yield chunk as Buffer;
    complete = true;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw toEngineError(error, endpoint, describe, true);
  } finally {
    // A consumer that stops early must not leave the connection open.
    if (!complete) res.destroy();
  }
}

/** Turns Node's socket errors into messages that name the socket and say what to do. */
export function toEngineError(error: unknown, endpoint: EngineEndpoint, describe: string, midResponse: boolean): unknown {
  if (error instanceof EngineTimeoutError || error instanceof EngineConnectionError) return error;
  if (typeof error !== 'object' || error === null) return error;
  const e = error as NodeJS.ErrnoException;
  if (e.name === 'AbortError') return error;
  const code = e.code ?? (e.message === 'socket hang up' ? 'ECONNRESET' : undefined);
  const where = endpoint.display;
  const what = endpoint.kind === 'unix' ? `the Docker socket ${endpoint.socketPath}` : `the Docker daemon at ${where}`;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new EngineConnectionError(`Cannot connect to the Docker daemon: ${what} does not exist`, where, {
        code,
        hint: 'Is dockerd running? Set DOCKER_HOST or -H/--host if it listens elsewhere.',
      });
    case 'ECONNREFUSED': {
      // Connecting to a path that is a file or a folder is refused like a dead socket.
      const path = endpoint.kind === 'unix' ? endpoint.socketPath : undefined;
      const kind = path === undefined ? undefined : notASocket(path);
      if (kind !== undefined) {
        return new EngineConnectionError(`Cannot connect to the Docker daemon: ${path} is not a socket but ${kind}`, where, {
          code,
          hint: 'Point DOCKER_HOST or -H/--host at the daemon\'s socket (usually unix:///var/run/docker.sock).',
        });
      }
      return new EngineConnectionError(`Cannot connect to the Docker daemon: connection to ${what} was refused`, where, {
        code,
        hint: 'Is dockerd running and listening there?',
      });
    }
    case 'EACCES':
    case 'EPERM':
      return new EngineConnectionError(`Permission denied while connecting to ${what}`, where, {
        code,
        hint: 'Run as a user in the socket\'s group (usually "docker") or as root.',
      });
    case 'ECONNRESET':
    case 'EPIPE':
      return new EngineConnectionError(
        midResponse
          ? `The connection to ${what} was reset while reading the answer to ${describe}`
          : `The connection to ${what} was reset before it answered ${describe}`,
        where,
        { code },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new EngineConnectionError(`Cannot resolve the Docker host name in ${where}`, where, { code });
    default:
      if (code !== undefined && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO|HOSTNAME|ERR_TLS/.test(code)) {
        return new EngineConnectionError(`TLS handshake with ${what} failed (${code})`, where, {
          code,
          hint: 'Check DOCKER_CERT_PATH (ca.pem, cert.pem, key.pem) and DOCKER_TLS_VERIFY.',
        });
      }
      return new EngineConnectionError(`Talking to ${what} failed during ${describe}: ${e.message}`, where, { code });
  }
}

/** What a path that should be a socket is instead ("a regular file"), or undefined. */
function notASocket(path: string): string | undefined {
  try {
    const stat = statSync(path);
    if (stat.isSocket()) return undefined;
    if (stat.isFile()) return 'a regular file';
    if (stat.isDirectory()) return 'a directory';
    return 'some other kind of file';
  } catch {
    return undefined;
  }
}
