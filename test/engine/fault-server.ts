import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { tempDir } from './helpers.js';

/**
 * In-test daemons for fault tests: an HTTP server on a Unix socket that can be stopped
 * and started again on the same path, and a raw socket server that writes whatever bytes
 * a test wants (HTTP/1.0, headers and nothing more, garbage). Call `closeFaultServers()`
 * after each test.
 */

export type FaultHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

const open = new Set<{ close(): Promise<void> }>();

export async function closeFaultServers(): Promise<void> {
  for (const server of [...open]) await server.close();
}

/** Answers /_ping like a daemon on API 1.45 and an attach upgrade with an empty stream; everything else goes to the handler. */
export class RestartableDaemon {
  readonly socket: string;
  readonly requests: SeenRequest[] = [];
  #server?: http.Server;
  readonly #handler: FaultHandler;

  constructor(handler: FaultHandler, socket = join(tempDir(), 'fault.sock')) {
    this.#handler = handler;
    this.socket = socket;
  }

  get listening(): boolean {
    return this.#server !== undefined;
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      this.requests.push({ method: String(req.method), url: String(req.url), headers: req.headers });
      if (req.url === '/_ping') {
        res.writeHead(200, { 'Api-Version': '1.45', 'Content-Type': 'text/plain' });
        res.end('OK');
        return;
      }
      this.#handler(req, res);
    });
    // An attach asks to hijack the connection: answer 101 and an empty stream, as for a
    // container that prints nothing.
    server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
      this.requests.push({ method: String(req.method), url: String(req.url), headers: req.headers });
      socket.end('HTTP/1.1 101 UPGRADED\r\nContent-Type: application/vnd.docker.multiplexed-stream\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.socket, () => resolve());
    });
    this.#server = server;
    open.add(this);
    return this;
  }

  /** Stops like a daemon shutting down: connections dropped, socket file removed. */
  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    open.delete(this);
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A parsed request head, as a raw server sees it. */
export interface RawRequest {
  method: string;
  url: string;
  version: string;
  headers: Record<string, string>;
}

export type RawResponder = (request: RawRequest, socket: net.Socket) => void;

/**
 * A server that reads one request head per connection and leaves the answer, byte for
 * byte, to `respond` (which also decides whether and when the connection closes).
 */
export async function rawDaemon(respond: RawResponder): Promise<{ socket: string; requests: RawRequest[] }> {
  const socket = join(tempDir(), 'raw.sock');
  const requests: RawRequest[] = [];
  const connections = new Set<net.Socket>();
  const server = net.createServer((conn) => {
    connections.add(conn);
    conn.on('close', () => connections.delete(conn));
    conn.on('error', () => undefined);
    let head = '';
    const onData = (data: Buffer): void => {
      head += data.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      conn.off('data', onData);
      const [requestLine = '', ...lines] = head.slice(0, end).split('\r\n');
      const [method = '', url = '', version = ''] = requestLine.split(' ');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const request = { method, url, version, headers };
      requests.push(request);
      respond(request, conn);
    };
    conn.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  const handle = {
    close: async (): Promise<void> => {
      open.delete(handle);
      for (const conn of connections) conn.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  open.add(handle);
  return { socket, requests };
}

/** An HTTP answer head; `headers` in order, each `Name: value`. */
export function head(statusLine: string, headers: Record<string, string | number>): string {
  return `${statusLine}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
}

/** One chunk of a chunked body. */
export function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/**
 * Leaves a socket file nobody listens on, the way a daemon that was killed does:
 * a child listens on it and kills itself.
 */
export async function staleSocket(path: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    child.on('exit', () => resolve());
  });
}
