import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { HublintError } from '../../src/core/errors.js';
import {
  DockerApiError,
  DockerEngineClient,
  EngineConnectionError,
  EngineError,
  EngineProtocolError,
  EngineTimeoutError,
  PullError,
  encodeRegistryAuth,
  type DockerEngineClientOptions,
  type PullProgress,
  type RegistryAuth,
} from '../../src/engine/index.js';
import { RestartableDaemon, chunk, closeFaultServers, head, rawDaemon, staleSocket, type RawRequest } from './fault-server.js';
import { engineRun } from '../../src/cli/commands/engine.js';
import { captureIo, tempDir } from './helpers.js';

/**
 * Engine faults beyond the client's own list (issue 8): the daemon going away and coming
 * back, a pull stream cut off, a socket path that is a plain file, an HTTP/1.0 answer,
 * and a server that closes right after the headers. Every failure must be an engine
 * error with a one-line message that names what failed, arrive quickly, and carry no
 * trace of the registry credentials the call was given.
 */

afterEach(closeFaultServers);

const PASSWORD = 'Hublint-Test-Pa55word-7f3e';
const REGISTRY = 'registry.example:5000';
const IMAGE = `${REGISTRY}/team/app`;
const SHOWN = `${IMAGE}:1`;
const PULL_PATH = '/v1.45/images/create?fromImage=registry.example%3A5000%2Fteam%2Fapp&tag=1';
const AUTH: RegistryAuth = { username: 'ci-bot', password: PASSWORD, serveraddress: REGISTRY };
const SENT_HEADER = encodeRegistryAuth(AUTH);
/** Every form the password travels or is stored in. */
const SECRET_FORMS = [
  PASSWORD,
  SENT_HEADER,
  Buffer.from(JSON.stringify(AUTH)).toString('base64'),
  Buffer.from(`ci-bot:${PASSWORD}`).toString('base64'),
];

const OPENING = '{"status":"Pulling from team/app","id":"1"}\n';
const LAYER = '{"status":"Pulling fs layer","id":"abc"}\n';
const DOWNLOADING = '{"status":"Downloading","id":"abc","progressDetail":{"current":5,"total":10},"progress":"[=>   ] 5B/10B"}\n';
const EXTRACTING = '{"status":"Extracting","id":"abc","progressDetail":{"current":3,"total":10},"progress":"[=>   ] 3B/10B"}\n';
const FINISH = [
  '{"status":"Pull complete","id":"abc"}\n',
  '{"status":"Digest: sha256:4f1d0e3c2b8a3f5e1d6c7b9a0e2f4d6c8b0a1e3f5d7c9b1a3e5f7d9c1b3a5e7f"}\n',
  `{"status":"Status: Downloaded newer image for ${SHOWN}"}\n`,
].join('');

interface Run {
  client: DockerEngineClient;
  debug: string[];
}

function clientFor(socket: string, options: DockerEngineClientOptions = {}): Run {
  const debug: string[] = [];
  const client = new DockerEngineClient({ host: `unix://${socket}`, env: {}, debug: (line) => debug.push(line), ...options });
  return { client, debug };
}

/** Runs a call that must fail, and answers its error and how long it took. */
async function failure(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const began = Date.now();
  try {
    await call();
  } catch (error) {
    return { error, ms: Date.now() - began };
  }
  throw new Error('the call succeeded; it was expected to fail');
}

/** An engine error (the library's own, not hublint's), one line, with no trace of the credentials anywhere it can surface. */
function expectCleanError(error: unknown, debug: string[]): asserts error is EngineError {
  expect(error).not.toBeInstanceOf(HublintError);
  expect(error).toBeInstanceOf(EngineError);
  const e = error as EngineError;
  expect(e.message).not.toBe('');
  expect(e.message).not.toContain('\n');
  if (e.hint !== undefined) expect(e.hint).not.toContain('\n');
  // The stack, the cause chain and every own property are in inspect's output.
  expectNoSecret([e.message, String(e), e.hint ?? '', inspect(e, { depth: 10 }), JSON.stringify(e), ...debug]);
}

function expectNoSecret(texts: string[]): void {
  for (const text of texts) {
    for (const secret of SECRET_FORMS) expect(text.includes(secret), `credential found in: ${text.slice(0, 200)}`).toBe(false);
  }
}

function pull(run: Run, options: { auth?: RegistryAuth | false; onProgress?: (m: PullProgress) => void } = {}): Promise<PullProgress | undefined> {
  return run.client.pullImageToEnd(IMAGE, { tag: '1', auth: AUTH, ...options });
}

/** A raw server's ping answer, so that negotiation works and the fault hits the call under test. */
function answerPing(request: RawRequest, conn: net.Socket): boolean {
  if (request.url !== '/_ping') return false;
  // It closes the connection, so it says so (RFC 9112 §9.6): the client keeps connections
  // alive, and a POST is never sent again on one that the daemon may have read it from.
  conn.end(head('HTTP/1.1 200 OK', { 'Api-Version': '1.45', 'Content-Type': 'text/plain', 'Content-Length': 2, Connection: 'close' }) + 'OK');
  return true;
}

describe('the daemon goes away and comes back between calls', () => {
  it('names the socket while the daemon is gone, and the same client works once it listens again', async () => {
    const daemon = await new RestartableDaemon((req, res) => {
      if (req.url?.startsWith('/v1.45/images/create')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(OPENING + LAYER + DOWNLOADING + FINISH);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[]');
    }).start();
    const run = clientFor(daemon.socket);
    expect(await run.client.listImages()).toEqual([]);

    await daemon.close();
    const down = `Cannot connect to the Docker daemon: the Docker socket ${daemon.socket} does not exist`;
    const listed = await failure(() => run.client.listImages());
    expectCleanError(listed.error, run.debug);
    expect(listed.error).toBeInstanceOf(EngineConnectionError);
    expect(listed.error).toMatchObject({ code: 'ENOENT', endpoint: `unix://${daemon.socket}`, message: down });
    expect(listed.ms).toBeLessThan(3_000);

    const pulled = await failure(() => pull(run));
    expectCleanError(pulled.error, run.debug);
    expect(pulled.error).toMatchObject({ code: 'ENOENT', message: down });

    await daemon.start();
    expect(await run.client.listImages()).toEqual([]);
    expect((await pull(run))?.status).toBe(`Status: Downloaded newer image for ${SHOWN}`);
    // The credentials did reach the daemon: the checks above are not vacuous.
    expect(daemon.requests.at(-1)).toMatchObject({ url: PULL_PATH, headers: { 'x-registry-auth': SENT_HEADER } });
    expect(run.debug.some((line) => line.includes('failed after'))).toBe(true);
    expectNoSecret(run.debug);
  });

  it('says "refused" for the socket a killed daemon left behind, and recovers when a new one replaces it', async () => {
    const socket = join(tempDir(), 'crashed.sock');
    await staleSocket(socket);
    // Credentials looked up in config.json, as a plain `hublint engine pull` would.
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [REGISTRY]: { auth: Buffer.from(`ci-bot:${PASSWORD}`).toString('base64') } } }));
    const run = clientFor(socket, { env: { DOCKER_CONFIG: config } });

    const refused = `Cannot connect to the Docker daemon: connection to the Docker socket ${socket} was refused`;
    for (const call of [() => run.client.version(), () => run.client.pullImageToEnd(IMAGE, { tag: '1' })]) {
      const { error, ms } = await failure(call);
      expectCleanError(error, run.debug);
      expect(error).toBeInstanceOf(EngineConnectionError);
      expect(error).toMatchObject({ code: 'ECONNREFUSED', message: refused });
      expect(ms).toBeLessThan(3_000);
    }

    // A restarted dockerd removes the stale file and listens on the same path.
    rmSync(socket);
    const daemon = await new RestartableDaemon((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(req.url?.startsWith('/v1.45/images/create') ? OPENING + FINISH : '{"Version":"27.0.0","ApiVersion":"1.45"}');
    }, socket).start();
    expect(await run.client.version()).toMatchObject({ ApiVersion: '1.45' });
    expect(await run.client.pullImageToEnd(IMAGE, { tag: '1' })).toMatchObject({ status: `Status: Downloaded newer image for ${SHOWN}` });
    // The failed negotiation was not remembered: the client asked the new daemon.
    expect(daemon.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /_ping', 'GET /v1.45/version', `POST ${PULL_PATH}`]);
    expect(daemon.requests[2]?.headers['x-registry-auth']).toBeDefined();
    expectNoSecret(run.debug);
  });
});

describe('a pull stream that stops mid-way', () => {
  it('ends cleanly after some progress, without a final status: the error names the image and the last progress', async () => {
    const daemon = await new RestartableDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(OPENING + LAYER);
      res.end(DOWNLOADING);
    }).start();
    const run = clientFor(daemon.socket);
    const seen: string[] = [];
    const { error, ms } = await failure(() => pull(run, { onProgress: (m) => seen.push(String(m.status)) }));
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(PullError);
    expect((error as Error).message).toBe(
      `Pulling ${SHOWN} failed: the progress stream ended before the pull finished (last progress: Downloading abc [=>   ] 5B/10B)`,
    );
    expect(error).toMatchObject({ image: SHOWN, lastProgress: 'Downloading abc [=>   ] 5B/10B' });
    expect(seen).toEqual(['Pulling from team/app', 'Pulling fs layer', 'Downloading']);
    expect(ms).toBeLessThan(3_000);
    expect(daemon.requests.at(-1)?.headers['x-registry-auth']).toBe(SENT_HEADER);
  });

  it('is cut off by the daemon dropping the connection: the error names the image, the socket and the last progress', async () => {
    const daemon = await new RestartableDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(OPENING + LAYER + DOWNLOADING + EXTRACTING, () => setTimeout(() => res.socket?.destroy(), 50));
    }).start();
    const run = clientFor(daemon.socket);
    const { error, ms } = await failure(() => pull(run));
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(PullError);
    expect((error as Error).message).toBe(
      `Pulling ${SHOWN} failed: the connection to the Docker socket ${daemon.socket} was reset while reading the answer to POST ${PULL_PATH} (last progress: Extracting abc [=>   ] 3B/10B)`,
    );
    const cause = (error as Error).cause;
    expect(cause).toBeInstanceOf(EngineConnectionError);
    expect(cause).toMatchObject({ code: 'ECONNRESET' });
    expect(ms).toBeLessThan(3_000);
    expect(daemon.requests.at(-1)?.headers['x-registry-auth']).toBe(SENT_HEADER);
  });

  it('still reads a whole stream, and one the consumer stops early, without complaint', async () => {
    const daemon = await new RestartableDaemon((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(OPENING + LAYER + DOWNLOADING + EXTRACTING + FINISH);
    }).start();
    const { client } = clientFor(daemon.socket);
    expect((await client.pullImageToEnd(IMAGE, { tag: '1', auth: AUTH }))?.status).toBe(`Status: Downloaded newer image for ${SHOWN}`);
    const firstTwo: string[] = [];
    for await (const message of client.pullImage(IMAGE, { tag: '1', auth: AUTH })) {
      firstTwo.push(String(message.status));
      if (firstTwo.length === 2) break;
    }
    expect(firstTwo).toEqual(['Pulling from team/app', 'Pulling fs layer']);
  });
});

describe('a socket path that is not a socket', () => {
  it('names a regular file as not a socket, at once', async () => {
    const path = join(tempDir(), 'docker.sock');
    writeFileSync(path, 'not a socket\n');
    const run = clientFor(path);
    for (const call of [() => run.client.ping(), () => pull(run)]) {
      const { error, ms } = await failure(call);
      expectCleanError(error, run.debug);
      expect(error).toBeInstanceOf(EngineConnectionError);
      expect(error).toMatchObject({ endpoint: `unix://${path}` });
      expect((error as Error).message).toBe(`Cannot connect to the Docker daemon: ${path} is not a socket but a regular file`);
      expect((error as EngineError).hint).toContain('DOCKER_HOST');
      expect(ms).toBeLessThan(3_000);
    }
  });

  it('names a directory as not a socket, and a path under a file as missing', async () => {
    const dir = tempDir();
    const folder = join(dir, 'docker.sock');
    mkdirSync(folder);
    const inFolder = await failure(() => clientFor(folder).client.ping());
    expectCleanError(inFolder.error, []);
    expect((inFolder.error as Error).message).toBe(`Cannot connect to the Docker daemon: ${folder} is not a socket but a directory`);

    const file = join(dir, 'plain');
    writeFileSync(file, '');
    const under = join(file, 'docker.sock');
    const below = await failure(() => clientFor(under).client.ping());
    expectCleanError(below.error, []);
    expect(below.error).toMatchObject({ code: 'ENOTDIR', message: `Cannot connect to the Docker daemon: the Docker socket ${under} does not exist` });
  });
});

describe('a server that answers HTTP/1.0', () => {
  // Decision: HTTP/1.0 answers are read like any other. Their bodies end where the
  // server closes the connection (or after Content-Length), so a pull stream cut off
  // mid-way looks like a clean end and is caught by its content.
  async function http10Daemon(pullBody: string): Promise<{ socket: string; requests: RawRequest[] }> {
    return rawDaemon((request, conn) => {
      const answer = (status: string, body: string, extra: Record<string, string | number> = {}): void =>
        void conn.end(head(`HTTP/1.0 ${status}`, { 'Content-Type': 'application/json', ...extra }) + body);
      if (request.url === '/_ping') return answer('200 OK', 'OK', { 'Api-Version': '1.45', 'Content-Length': 2 });
      if (request.url === '/v1.45/images/json') return answer('200 OK', '[{"Id":"sha256:aa","ParentId":""}]');
      if (request.url.startsWith('/v1.45/images/create')) return answer('200 OK', pullBody);
      answer('404 Not Found', '{"message":"No such container: abc"}', { 'Content-Length': 36 });
    });
  }

  it('reads plain answers, error answers and a whole pull stream', async () => {
    const { socket, requests } = await http10Daemon(OPENING + LAYER + DOWNLOADING + FINISH);
    const run = clientFor(socket);
    expect(await run.client.ping()).toMatchObject({ apiVersion: '1.45' });
    expect(await run.client.listImages()).toEqual([{ Id: 'sha256:aa', ParentId: '' }]);
    const progress: string[] = [];
    await pull(run, { onProgress: (m) => progress.push(String(m.status)) });
    expect(progress.at(-1)).toBe(`Status: Downloaded newer image for ${SHOWN}`);
    expect(requests.find((r) => r.url === PULL_PATH)?.headers['x-registry-auth']).toBe(SENT_HEADER);

    const { error } = await failure(() => run.client.inspectContainer('abc'));
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(DockerApiError);
    expect(error).toMatchObject({ status: 404, daemonMessage: 'No such container: abc' });
  });

  it('reports a pull whose HTTP/1.0 stream closes mid-way', async () => {
    const { socket } = await http10Daemon(OPENING + LAYER + DOWNLOADING);
    const run = clientFor(socket);
    const { error } = await failure(() => pull(run));
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(PullError);
    expect((error as Error).message).toBe(
      `Pulling ${SHOWN} failed: the progress stream ended before the pull finished (last progress: Downloading abc [=>   ] 5B/10B)`,
    );
  });

  it('names the socket when what answers is not HTTP at all', async () => {
    const { socket } = await rawDaemon((_request, conn) => void conn.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const run = clientFor(socket);
    const { error, ms } = await failure(() => pull(run));
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as Error).message).toMatch(new RegExp(`^Talking to the Docker socket ${socket} failed during GET /_ping: Parse Error`));
    expect(ms).toBeLessThan(3_000);
  });
});

describe('a server that closes right after the headers', () => {
  const chunkedHead = head('HTTP/1.1 200 OK', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });

  it('fails a ping whose chunked body never comes', async () => {
    const { socket } = await rawDaemon((_request, conn) => void conn.end(chunkedHead));
    const run = clientFor(socket);
    const { error, ms } = await failure(() => run.client.ping());
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect(error).toMatchObject({
      code: 'ECONNRESET',
      message: `The connection to the Docker socket ${socket} was reset while reading the answer to GET /_ping`,
    });
    expect(ms).toBeLessThan(3_000);
  });

  it('fails a JSON answer shorter than its Content-Length, after one retry of the GET', async () => {
    const { socket, requests } = await rawDaemon((request, conn) => {
      if (answerPing(request, conn)) return;
      conn.end(head('HTTP/1.1 200 OK', { 'Content-Type': 'application/json', 'Content-Length': 50 }) + '[{"Id":');
    });
    const run = clientFor(socket);
    const { error, ms } = await failure(() => run.client.listImages());
    expectCleanError(error, run.debug);
    expect(error).toMatchObject({
      code: 'ECONNRESET',
      message: `The connection to the Docker socket ${socket} was reset while reading the answer to GET /v1.45/images/json`,
    });
    expect(requests.filter((r) => r.url === '/v1.45/images/json')).toHaveLength(2);
    expect(ms).toBeLessThan(3_000);
  });

  it('fails a JSON answer whose body is empty because the connection closed', async () => {
    const { socket } = await rawDaemon((request, conn) => {
      if (answerPing(request, conn)) return;
      conn.end(head('HTTP/1.1 200 OK', { 'Content-Type': 'application/json', Connection: 'close' }));
    });
    const run = clientFor(socket);
    const { error } = await failure(() => run.client.listImages());
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(EngineProtocolError);
    expect((error as Error).message).toBe('The answer to GET /images/json is not JSON');
  });

  it('fails a pull that gets headers and no progress, either way the body ends', async () => {
    for (const [answer, expected] of [
      [chunkedHead, `the connection to the Docker socket SOCKET was reset while reading the answer to POST ${PULL_PATH}`],
      [head('HTTP/1.1 200 OK', { 'Content-Type': 'application/json', Connection: 'close' }), 'the progress stream ended before the pull finished'],
    ] as const) {
      const { socket, requests } = await rawDaemon((request, conn) => {
        if (answerPing(request, conn)) return;
        conn.end(answer);
      });
      const run = clientFor(socket);
      const { error, ms } = await failure(() => pull(run));
      expectCleanError(error, run.debug);
      expect(error).toBeInstanceOf(PullError);
      expect(error).toMatchObject({ image: SHOWN, lastProgress: undefined });
      expect((error as Error).message).toBe(`Pulling ${SHOWN} failed: ${expected.replace('SOCKET', socket)}`);
      expect(ms).toBeLessThan(3_000);
      expect(requests.at(-1)?.headers['x-registry-auth']).toBe(SENT_HEADER);
    }
  });

  it('fails a followed log stream that closes after the headers', async () => {
    const { socket } = await rawDaemon((request, conn) => {
      if (answerPing(request, conn)) return;
      conn.end(head('HTTP/1.1 200 OK', { 'Content-Type': 'application/vnd.docker.multiplexed-stream', 'Transfer-Encoding': 'chunked' }) + chunk(''.padEnd(3, 'x')));
    });
    const run = clientFor(socket);
    const { error, ms } = await failure(async () => {
      for await (const _chunk of run.client.containerLogs('abc', { follow: true })) {
        // Nothing whole ever arrives.
      }
    });
    expectCleanError(error, run.debug);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as Error).message).toBe(
      `The connection to the Docker socket ${socket} was reset while reading the answer to GET /v1.45/containers/abc/logs?stdout=1&stderr=1&follow=1`,
    );
    expect(ms).toBeLessThan(3_000);
  });
});

describe('hostile daemon answers (issue 33 row 11)', () => {
  for (const via of ['its own read buffer (engine run)', 'http.request']) {
    it(`gives up on an attach answered 500 with Content-Length 100, 13 bytes and then silence, after the idle limit (${via})`, async () => {
      const { socket } = await rawDaemon((request, conn) => {
        if (answerPing(request, conn)) return;
        // Never ends: 13 of the 100 bytes promised, then nothing.
        conn.write(head('HTTP/1.1 500 Internal Server Error', { 'Content-Type': 'application/json', 'Content-Length': 100 }) + '{"message":"x');
      });
      const run = clientFor(socket, { idleTimeoutMs: 300 });
      const readBuffer = via.startsWith('its own') ? Buffer.alloc(64 * 1024) : undefined;
      const { error, ms } = await failure(() => run.client.attachContainer('abc', { stdin: true, tty: false, readBuffer }));
      expectCleanError(error, run.debug);
      const what = 'POST /v1.45/containers/abc/attach?stream=1&stdin=1&stdout=1&stderr=1';
      if (readBuffer) {
        // The refusal is read whole before it is answered: the silence is the error.
        expect(error).toBeInstanceOf(EngineTimeoutError);
        expect(error).toMatchObject({ phase: 'idle', message: `The Docker daemon at unix://${socket} sent nothing for 300 ms during ${what}` });
      } else {
        // The status came; its body never did: the status is the error.
        expect(error).toBeInstanceOf(DockerApiError);
        expect(error).toMatchObject({ status: 500, message: `Docker daemon answered 500 to ${what}: (no message)` });
      }
      expect(ms).toBeLessThan(3_000);
    });
  }

  it('still lets an attached stream stay silent longer than the idle limit', async () => {
    const { socket } = await rawDaemon((request, conn) => {
      if (answerPing(request, conn)) return;
      conn.write('HTTP/1.1 101 UPGRADED\r\nContent-Type: application/vnd.docker.raw-stream\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n');
      setTimeout(() => conn.end('late\n'), 800);
    });
    const run = clientFor(socket, { idleTimeoutMs: 300 });
    const attached = await run.client.attachContainer('abc', { tty: true, readBuffer: Buffer.alloc(1024) });
    let text = '';
    for await (const runs of attached.output) for (const piece of runs) text += piece.data.toString();
    expect(text).toBe('late\n');
  });

  it('cuts a 5 KB error message to 200 characters in what it shows (SECURITY.md)', async () => {
    const said = `no such thing: ${'x'.repeat(5 * 1024)}`;
    const { socket } = await rawDaemon((request, conn) => {
      if (answerPing(request, conn)) return;
      const body = JSON.stringify({ message: said });
      conn.end(head('HTTP/1.1 500 Internal Server Error', { 'Content-Type': 'application/json', 'Content-Length': body.length }) + body);
    });
    const io = captureIo();
    expect(await engineRun('busybox', ['true'], { host: `unix://${socket}` }, io)).toBe(125);
    const lines = io.err().split('\n').filter(Boolean);
    expect(lines).toEqual([`hublint: Docker daemon answered 500 to POST /v1.45/containers/create: ${said.slice(0, 200)}…`]);
  });
});
