import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiVersionRejectedError,
  DockerApiError,
  DockerEngineClient,
  EngineConnectionError,
  EngineProtocolError,
  EngineTimeoutError,
  PullError,
  type DockerEngineClientOptions,
} from '../../src/engine/index.js';
import { collectLogs, tempDir } from './helpers.js';

/**
 * Faults a real daemon cannot be made to produce, from a small HTTP server on a Unix
 * socket. It answers /_ping like a daemon so that negotiation works as usual.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function fakeDaemon(handler: Handler): Promise<{ socket: string; requests: string[] }> {
  const socket = join(tempDir(), 'fake.sock');
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url === '/_ping') {
      res.writeHead(200, { 'Api-Version': '1.45', 'Content-Type': 'text/plain' });
      res.end('OK');
      return;
    }
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return { socket, requests };
}

function clientFor(socket: string, options: DockerEngineClientOptions = {}): DockerEngineClient {
  return new DockerEngineClient({ host: `unix://${socket}`, env: {}, ...options });
}

function frame(stream: number, payload: Buffer | string): Buffer {
  const data = Buffer.from(payload);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(data.length, 4);
  return Buffer.concat([header, data]);
}

describe('daemon errors', () => {
  it('turns a 500 with a JSON message into a DockerApiError', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"message":"boom: disk full"}');
    });
    const error = await clientFor(socket).listImages().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DockerApiError);
    expect(error).toMatchObject({ status: 500, daemonMessage: 'boom: disk full', method: 'GET', path: '/v1.45/images/json' });
    expect((error as Error).message).toBe('Docker daemon answered 500 to GET /v1.45/images/json: boom: disk full');
  });

  it('reads a plain-text "too old" refusal like Engine 20.10 sends it', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('client version 1.19 is too old. Minimum supported API version is 1.24, please upgrade your client to a newer version\n');
    });
    const error = await clientFor(socket, { apiVersion: '1.19' }).version().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiVersionRejectedError);
    expect((error as Error).message).toBe(
      'The Docker daemon rejected API version 1.19: it is too old. The oldest version this daemon accepts is 1.24.',
    );
  });

  it('negotiates down to its own maximum when the daemon is newer', async () => {
    const { socket, requests } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[]');
    });
    const client = clientFor(socket, { debug: () => undefined });
    expect(await client.apiVersion()).toBe('1.45');
    await client.listContainers({ all: true, filters: { status: ['exited'] } });
    expect(requests.at(-1)).toBe('GET /v1.45/containers/json?all=1&filters=%7B%22status%22%3A%5B%22exited%22%5D%7D');
  });
});

describe('broken connections', () => {
  it('retries an idempotent GET once after a reset before the answer', async () => {
    let calls = 0;
    const { socket } = await fakeDaemon((req, res) => {
      calls++;
      if (calls === 1) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[{"Id":"sha256:aa","ParentId":""}]');
    });
    const images = await clientFor(socket).listImages();
    expect(images).toEqual([{ Id: 'sha256:aa', ParentId: '' }]);
    expect(calls).toBe(2);
  });

  it('does not retry a POST after a reset, and says what happened', async () => {
    let calls = 0;
    const { socket } = await fakeDaemon((req) => {
      calls++;
      req.socket.destroy();
    });
    const error = await clientFor(socket).startContainer('abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as EngineConnectionError).code).toBe('ECONNRESET');
    expect((error as Error).message).toContain(`the Docker socket ${socket} was reset before it answered POST /v1.45/containers/abc/start`);
    expect(calls).toBe(1);
  });

  it('reports a reset in the middle of a log stream after passing on what came before', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.docker.multiplexed-stream' });
      res.write(frame(1, 'first\n'), () => setTimeout(() => res.socket?.destroy(), 50));
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of clientFor(socket).containerLogs('abc', { follow: true })) seen.push(chunk.data.toString());
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['first\n']);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as Error).message).toContain('was reset while reading the answer to GET /v1.45/containers/abc/logs');
  });

  it('rejects a log stream that ends inside a frame', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.docker.multiplexed-stream' });
      const whole = frame(2, 'a complete line\n');
      const cut = frame(1, 'x'.repeat(100)).subarray(0, 8 + 10);
      res.end(Buffer.concat([whole, cut]));
    });
    const chunks: string[] = [];
    const error = await (async () => {
      for await (const chunk of clientFor(socket).containerLogs('abc')) chunks.push(`${chunk.stream}:${chunk.data.length}`);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineProtocolError);
    expect((error as Error).message).toBe('Log stream ended inside frame 2: 90 bytes of its stdout payload are missing');
    expect(chunks).toEqual(['stderr:16', 'stdout:10']);
  });

  it('demultiplexes frames split at every byte boundary', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.docker.multiplexed-stream' });
      const bytes = Buffer.concat([frame(1, 'out\n'), frame(2, 'err\n'), frame(1, ''), frame(1, 'more\n')]);
      let i = 0;
      const next = (): void => {
        if (i >= bytes.length) return void res.end();
        res.write(bytes.subarray(i, i + 1), () => setImmediate(next));
        i++;
      };
      next();
    });
    const logs = await collectLogs(clientFor(socket).containerLogs('abc'));
    expect(logs.stdout).toBe('out\nmore\n');
    expect(logs.stderr).toBe('err\n');
  });
});

describe('pull streams', () => {
  it('rejects a line that is not JSON, naming its number, after the good lines', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"Pulling from team/app","id":"1"}\n{"status":"Pulling fs layer","id":"abc"}\n{"status": oops}\n');
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const m of clientFor(socket).pullImage('team/app:1', { auth: false })) seen.push(String(m.status));
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['Pulling from team/app', 'Pulling fs layer']);
    expect(error).toBeInstanceOf(EngineProtocolError);
    expect((error as Error).message).toBe('Line 3 of the pull progress stream of team/app:1 is not JSON: "{\\"status\\": oops}"');
  });

  it('throws the error message of the stream, naming the image and the last progress', async () => {
    const { socket, requests } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"status":"Pulling from team/app","id":"2"}\r\n');
      res.write('{"status":"Downloading","id":"abc","progressDetail":{"current":5,"total":10},"progress":"[=>   ] 5B/10B"}\r\n');
      res.end('{"errorDetail":{"message":"read tcp: connection reset"},"error":"read tcp: connection reset"}\r\n');
    });
    const error = await clientFor(socket).pullImageToEnd('registry.example:5000/team/app', { tag: '2', auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PullError);
    expect((error as Error).message).toBe(
      'Pulling registry.example:5000/team/app:2 failed: read tcp: connection reset (last progress: Downloading abc [=>   ] 5B/10B)',
    );
    expect(requests.at(-1)).toBe('POST /v1.45/images/create?fromImage=registry.example%3A5000%2Fteam%2Fapp&tag=2');
  });

  it('sends X-Registry-Auth as URL-safe Base64 with padding, never in the URL', async () => {
    let header = '';
    let url = '';
    const { socket } = await fakeDaemon((req, res) => {
      header = String(req.headers['x-registry-auth']);
      url = String(req.url);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"done"}\n');
    });
    // This password's JSON encodes to Base64 with '+', '/' and padding in the standard alphabet.
    const auth = { username: 'u', password: '>>>???~~~', serveraddress: 'r.example' };
    await clientFor(socket).pullImageToEnd('r.example/a:b', { auth });
    const standard = Buffer.from(JSON.stringify(auth)).toString('base64');
    expect(standard).toMatch(/[+/]/);
    expect(header).toBe(standard.replace(/\+/g, '-').replace(/\//g, '_'));
    expect(header.length % 4).toBe(0);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject(auth);
    expect(url).not.toContain('???');
  });
});

describe('silence, timeouts and aborts', () => {
  it('gives up on a plain request after the idle timeout', async () => {
    const { socket } = await fakeDaemon(() => undefined);
    const began = Date.now();
    const error = await clientFor(socket, { idleTimeoutMs: 300 }).listContainers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect((error as EngineTimeoutError).phase).toBe('idle');
    expect((error as Error).message).toContain('sent nothing for 300 ms during GET /v1.45/containers/json');
    expect(Date.now() - began).toBeLessThan(3_000);
  });

  it('lets wait stay silent longer than the idle timeout', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"StatusCode":5}');
      }, 700);
    });
    expect(await clientFor(socket, { idleTimeoutMs: 200 }).waitContainer('abc')).toEqual({ StatusCode: 5, Error: null });
  });

  it('aborts a request to a server that never answers', async () => {
    const { socket } = await fakeDaemon(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const began = Date.now();
    const error = await clientFor(socket).waitContainer('abc', { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - began).toBeLessThan(3_000);
  });

  it('aborts a follow-logs stream in the middle', async () => {
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.docker.multiplexed-stream' });
      res.write(frame(1, 'tick\n'));
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of clientFor(socket).containerLogs('abc', { follow: true, signal: controller.signal })) {
        seen.push(chunk.data.toString());
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['tick\n']);
    expect((error as Error).name).toBe('AbortError');
  });

  it('rejects at once with an already aborted signal', async () => {
    const { socket, requests } = await fakeDaemon(() => undefined);
    const error = await clientFor(socket).ping({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(requests).toEqual([]);
  });
});

describe('unreachable daemons', () => {
  it('gives up connecting after the connect timeout', async () => {
    // A listener that never accepts: once its small backlog is full the kernel drops
    // further SYNs, so a connect hangs the way it does to a firewalled host.
    const child = spawn(process.execPath, [
      '-e',
      `const s = require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
         console.log(s.address().port); setTimeout(() => { for (;;); }, 100); })`,
    ]);
    try {
      const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const fillers = Array.from({ length: 4 }, () => net.connect(port, '127.0.0.1').on('error', () => undefined));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const began = Date.now();
      const error = await new DockerEngineClient({ host: `tcp://127.0.0.1:${port}`, env: {}, connectTimeoutMs: 400 }).ping().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineTimeoutError);
      expect(error).toMatchObject({ phase: 'connect', timeoutMs: 400 });
      expect((error as Error).message).toBe(`Connecting to the Docker daemon at tcp://127.0.0.1:${port} took longer than 400 ms`);
      expect(Date.now() - began).toBeLessThan(2_000);
      for (const filler of fillers) filler.destroy();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('names a socket that does not exist', async () => {
    const socket = join(tempDir(), 'missing.sock');
    const error = await clientFor(socket).ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect(error).toMatchObject({ code: 'ENOENT', endpoint: `unix://${socket}` });
    expect((error as Error).message).toBe(`Cannot connect to the Docker daemon: the Docker socket ${socket} does not exist`);
  });

  it('names a socket nobody listens on (connection refused)', async () => {
    const socket = join(tempDir(), 'stale.sock');
    // A process that dies while listening leaves its socket file behind.
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`]);
      child.on('exit', () => resolve());
    });
    expect(existsSync(socket)).toBe(true);
    const error = await clientFor(socket).ping().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect((error as Error).message).toBe(`Cannot connect to the Docker daemon: connection to the Docker socket ${socket} was refused`);
  });

  it('names a TCP address nobody listens on', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as net.AddressInfo;
        s.close(() => resolve(p));
      });
    });
    const error = await new DockerEngineClient({ host: `tcp://127.0.0.1:${port}`, env: {} }).ping().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', endpoint: `tcp://127.0.0.1:${port}` });
  });
});

describe('200 MB of logs', () => {
  it('streams them with bounded memory', async () => {
    const total = 200 * 1024 * 1024;
    const frameSize = 64 * 1024;
    const payload = Buffer.alloc(frameSize - 8, 0x61);
    const one = frame(1, payload);
    const { socket } = await fakeDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.docker.multiplexed-stream' });
      let sent = 0;
      const pump = (): void => {
        while (sent < total) {
          sent += one.length;
          if (!res.write(one)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of clientFor(socket).containerLogs('big')) {
      bytes += chunk.data.length;
      if (++chunks % 256 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(bytes).toBe((total / frameSize) * (frameSize - 8));
    // Buffering the stream whole would add at least 200 MB.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});
