import net from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { EngineConnectionError, EngineProtocolError, EngineTimeoutError } from './errors.js';
import type { EngineEndpoint } from './host.js';
import { toEngineError, type TransportRequest, type TransportResponse } from './transport.js';

/**
 * The attach request on a plain socket that reads into one caller-given buffer (the
 * `onread` option of net.Socket), with the `Upgrade: tcp` handshake written and parsed here.
 * http.request's upgrade path reads into a new 64 KB buffer per read, and those wait for
 * V8's next GC: streaming 200 MB held ~20 MB of them. Here the socket pauses after each
 * read until the consumer asks for the next chunk, so one buffer serves the whole stream.
 * Each chunk of `body` is a view into that buffer: valid until the next one is asked for.
 */

const HEAD_LIMIT = 64 * 1024;
const ERROR_BODY_LIMIT = 1024 * 1024;

/** Whether `hijackInto` can serve this endpoint (TLS sockets take no `onread`). */
export function canHijackInto(endpoint: EngineEndpoint): boolean {
  return endpoint.kind === 'unix' || !endpoint.tls;
}

export function hijackInto(endpoint: EngineEndpoint, request: TransportRequest, buffer: Buffer): Promise<TransportResponse> {
  const { signal } = request;
  signal?.throwIfAborted();
  const describe = `${request.method} ${request.path}`;
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  const headers: Record<string, string> = {
    Host: endpoint.kind === 'unix' ? 'docker' : `${endpoint.hostname}:${endpoint.port}`,
    ...request.headers,
    'Content-Length': String(body.length),
    Connection: 'Upgrade',
    Upgrade: 'tcp',
  };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;

  return new Promise<TransportResponse>((resolve, reject) => {
    let settled = false;
    // The answer's head, gathered until its blank line (copied: the buffer is reused).
    let headBytes: Buffer | undefined = Buffer.alloc(0);
    let answer: { status: number; headers: IncomingHttpHeaders } | undefined;
    // A non-101 answer: its body, gathered whole (an error message).
    let errorBody: Buffer[] | undefined;
    let errorLength = 0;
    let expected: number | undefined;
    let chunked = false;
    // After 101: the one chunk handed to the consumer, and who waits for the next.
    let pending: Buffer | undefined;
    let ended = false;
    let failure: unknown;
    let wake: (() => void) | undefined;

    // Silence before the answer is whole (head, or a refusal's body) has a limit; the
    // hijacked stream after a 101 has none (the container may print nothing for hours).
    const answerIdleMs = request.answerIdleTimeoutMs ?? 0;
    let answerTimer: NodeJS.Timeout | undefined;
    const answerWaits = (): void => {
      clearTimeout(answerTimer);
      if (answerIdleMs <= 0 || settled) return;
      answerTimer = setTimeout(() => {
        socket.destroy();
        fail(new EngineTimeoutError(`The Docker daemon at ${endpoint.display} sent nothing for ${answerIdleMs} ms during ${describe}`, 'idle', answerIdleMs));
      }, answerIdleMs);
    };

    const fail = (error: unknown): void => {
      clearTimeout(connectTimer);
      clearTimeout(answerTimer);
      if (!settled) {
        settled = true;
        reject(error);
      } else {
        failure ??= error;
        wake?.();
      }
    };

    const finishError = (): void => {
      if (!answer || settled) return;
      settled = true;
      clearTimeout(answerTimer);
      let data: Buffer = Buffer.concat(errorBody ?? []);
      if (chunked) data = dechunk(data);
      socket.destroy();
      const content = data;
      resolve({
        status: answer.status,
        headers: answer.headers,
        body: (async function* () {
          if (content.length > 0) yield content;
        })(),
        close: () => undefined,
      });
    };

    const onread = (n: number, buf: Buffer): boolean => {
      try {
        if (!settled) answerWaits();
        return take(n, buf);
      } catch (error) {
        socket.destroy();
        fail(error);
        return false;
      }
    };
    const take = (n: number, buf: Buffer): boolean => {
      let data = buf.subarray(0, n);
      if (headBytes !== undefined) {
        const all = Buffer.concat([headBytes, data]);
        const end = all.indexOf('\r\n\r\n');
        if (end < 0) {
          if (all.length > HEAD_LIMIT) fail(new EngineProtocolError(`The daemon's answer to ${describe} has a head over ${HEAD_LIMIT} bytes`));
          headBytes = all;
          return true;
        }
        headBytes = undefined;
        answer = parseHead(all.subarray(0, end).toString('latin1'), describe);
        clearTimeout(connectTimer);
        const rest = all.subarray(end + 4);
        if (answer.status === 101) {
          settled = true;
          clearTimeout(answerTimer);
          signal?.removeEventListener('abort', onAbort);
          signal?.addEventListener('abort', onAbortLater, { once: true });
          resolve({ status: 101, headers: answer.headers, body: reads(), close: () => socket.destroy(), socket });
          if (rest.length === 0) return true;
          // `rest` is a copy (concat): it may be handed on as it is.
          pending = rest;
          wake?.();
          return false;
        }
        const length = answer.headers['content-length'];
        expected = length === undefined ? undefined : Number(length);
        chunked = /chunked/i.test(String(answer.headers['transfer-encoding'] ?? ''));
        errorBody = [];
        data = rest;
      }
      if (errorBody !== undefined) {
        errorBody.push(Buffer.from(data));
        errorLength += data.length;
        const whole = Buffer.concat(errorBody);
        if (
          (expected !== undefined && errorLength >= expected) ||
          (chunked && whole.subarray(-5).toString('latin1') === '0\r\n\r\n') ||
          (expected === undefined && !chunked) ||
          errorLength > ERROR_BODY_LIMIT
        ) {
          finishError();
        }
        return true;
      }
      pending = data;
      wake?.();
      return false;
    };

    const socket =
      endpoint.kind === 'unix'
        ? net.connect({ path: endpoint.socketPath, onread: { buffer, callback: onread } })
        : net.connect({ host: endpoint.hostname, port: endpoint.port, onread: { buffer, callback: onread } });
    const connectTimeoutMs = request.connectTimeoutMs ?? 5_000;
    const connectTimer = setTimeout(() => {
      socket.destroy(
        new EngineTimeoutError(`Connecting to the Docker daemon at ${endpoint.display} took longer than ${connectTimeoutMs} ms`, 'connect', connectTimeoutMs),
      );
    }, connectTimeoutMs);
    const onAbort = (): void => {
      socket.destroy();
      fail(signal?.reason);
    };
    const onAbortLater = (): void => {
      socket.destroy();
      failure ??= signal?.reason;
      wake?.();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('error', (error) => fail(toEngineError(error, endpoint, describe, answer !== undefined)));
    const onEnd = (): void => {
      ended = true;
      if (errorBody !== undefined) finishError();
      if (!settled) fail(new EngineConnectionError(`The Docker daemon at ${endpoint.display} closed the connection before it answered ${describe}`, endpoint.display));
      wake?.();
    };
    socket.on('end', onEnd);
    socket.on('close', () => {
      signal?.removeEventListener('abort', onAbort);
      signal?.removeEventListener('abort', onAbortLater);
      onEnd();
    });
    // Flowing, so that EOF reaches 'end' (the data itself never enters the stream's buffer).
    socket.resume();
    socket.setNoDelay?.(true);
    socket.write(head);
    if (body.length > 0) socket.write(body);
    socket.once('connect', answerWaits);

    async function* reads(): AsyncGenerator<Buffer> {
      let complete = false;
      try {
        for (;;) {
          if (pending !== undefined) {
            const chunk = pending;
            pending = undefined;
            yield chunk;
            // The consumer is done with `chunk`: the buffer may take the next read.
            socket.resume();
            continue;
          }
          if (failure !== undefined) throw failure;
          if (ended) break;
          await new Promise<void>((w) => (wake = w));
          wake = undefined;
        }
        complete = true;
      } finally {
        if (!complete) socket.destroy();
      }
    }
  });
}

function parseHead(text: string, describe: string): { status: number; headers: IncomingHttpHeaders } {
  const [statusLine, ...lines] = text.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) throw new EngineProtocolError(`The daemon's answer to ${describe} is not HTTP/1.1: ${JSON.stringify(statusLine.slice(0, 80))}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers };
}

/** A chunked body (RFC 9112 §7.1), read whole: size line, data, CRLF, until size 0. */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
