import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { engineRun, engineVersion } from '../../src/cli/commands/engine.js';
import {
  DockerEngineClient,
  EngineConfigError,
  EngineProtocolError,
  EngineTimeoutError,
  RegistryCredentialsError,
  lookupRegistryAuth,
  runCredentialHelper,
} from '../../src/engine/index.js';
import { closeFaultServers, rawDaemon, RestartableDaemon } from '../engine/fault-server.js';
import { captureIo, tempDir } from '../engine/helpers.js';

/**
 * Issue 17's hostile inputs that reach the Engine client: a daemon that never finishes its
 * answer or trickles it, a credential helper that ignores SIGTERM, a config.json that is a
 * FIFO or huge, and answers of the wrong shape (`/version` null or [], a wait StatusCode
 * that is no exit status, a create answer without Id). Each ends in one clear line and a
 * documented exit code, within a bound.
 */

afterEach(closeFaultServers);

async function elapsed<T>(work: () => Promise<T>): Promise<{ error?: unknown; value?: T; ms: number }> {
  const began = Date.now();
  try {
    return { value: await work(), ms: Date.now() - began };
  } catch (error) {
    return { error, ms: Date.now() - began };
  }
}

describe('a daemon that never finishes /_ping', () => {
  it('cuts an endless body at a size cap', async () => {
    const { socket } = await rawDaemon((_req, conn) => {
      conn.write('HTTP/1.1 200 OK\r\nApi-Version: 1.41\r\nTransfer-Encoding: chunked\r\n\r\n');
      const piece = `${(64 * 1024).toString(16)}\r\n${'O'.repeat(64 * 1024)}\r\n`;
      const pump = (): void => {
        while (!conn.destroyed && conn.write(piece));
        if (!conn.destroyed) conn.once('drain', pump);
      };
      pump();
    });
    const result = await elapsed(() => new DockerEngineClient({ host: `unix://${socket}`, env: {} }).ping());
    expect(result.error).toBeInstanceOf(EngineProtocolError);
    expect((result.error as Error).message).toMatch(/answer to GET \/_ping is larger than \d+ bytes/);
    expect(result.ms).toBeLessThan(5_000);
  });

  it('stops a body sent one byte at a time at the total deadline, though no read is ever idle', async () => {
    const { socket } = await rawDaemon((_req, conn) => {
      conn.write('HTTP/1.1 200 OK\r\nApi-Version: 1.41\r\nContent-Length: 1000\r\n\r\n');
      const timer = setInterval(() => (conn.destroyed ? clearInterval(timer) : conn.write('O')), 100);
    });
    const client = new DockerEngineClient({ host: `unix://${socket}`, env: {}, idleTimeoutMs: 1_000, deadlineMs: 1_500 });
    const result = await elapsed(() => client.ping());
    expect(result.error).toBeInstanceOf(EngineTimeoutError);
    expect((result.error as EngineTimeoutError).phase).toBe('deadline');
    expect((result.error as Error).message).toMatch(/did not finish GET \/_ping within 1500 ms/);
    expect(result.ms).toBeGreaterThanOrEqual(1_400);
    expect(result.ms).toBeLessThan(4_000);
  });

  it('stops headers sent one byte at a time at the deadline, and endless headers at the parser limit', async () => {
    const slow = await rawDaemon((_req, conn) => {
      const text = `HTTP/1.1 200 OK\r\nX-Slow: ${'a'.repeat(1000)}`;
      let i = 0;
      const timer = setInterval(() => (conn.destroyed || i >= text.length ? clearInterval(timer) : conn.write(text[i++])), 100);
    });
    const trickled = await elapsed(() => new DockerEngineClient({ host: `unix://${slow.socket}`, env: {}, idleTimeoutMs: 1_000, deadlineMs: 1_500 }).ping());
    expect(trickled.error).toBeInstanceOf(EngineTimeoutError);
    expect(trickled.ms).toBeLessThan(4_000);

    const endless = await rawDaemon((_req, conn) => {
      conn.write('HTTP/1.1 200 OK\r\n');
      const pump = (): void => {
        while (!conn.destroyed && conn.write(`X-More: ${'b'.repeat(1000)}\r\n`));
        if (!conn.destroyed) conn.once('drain', pump);
      };
      pump();
    });
    const flooded = await elapsed(() => new DockerEngineClient({ host: `unix://${endless.socket}`, env: {} }).ping());
    expect((flooded.error as Error).message).toMatch(/^Talking to the Docker socket .* failed during GET \/_ping: /);
    expect(flooded.ms).toBeLessThan(5_000);
  });
});

describe('credentials', () => {
  it('kills a credential helper that ignores SIGTERM with SIGKILL after the grace period', async () => {
    const bin = tempDir('hl-helper-');
    const pidFile = join(bin, 'pid');
    writeFileSync(join(bin, 'docker-credential-stubborn'), `#!/bin/sh\necho $$ > ${pidFile}\ntrap '' TERM\nwhile :; do sleep 1; done\n`);
    chmodSync(join(bin, 'docker-credential-stubborn'), 0o755);
    const env = { PATH: `${bin}:${process.env.PATH}` };
    const result = await elapsed(() => runCredentialHelper('stubborn', 'registry.example', env, undefined, { timeoutMs: 500, graceMs: 500 }));
    expect(result.error).toBeInstanceOf(RegistryCredentialsError);
    expect((result.error as Error).message).toBe('Credential helper docker-credential-stubborn did not answer within 500 ms for registry.example; it was killed');
    expect(result.ms).toBeLessThan(4_000);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('refuses a config.json that is a FIFO at once, and one past the size cap', async () => {
    const config = tempDir('hl-fifo-');
    execFileSync('mkfifo', [join(config, 'config.json')]);
    const fifo = await elapsed(() => lookupRegistryAuth('registry.example', { env: { DOCKER_CONFIG: config } }));
    expect(fifo.error).toBeInstanceOf(EngineConfigError);
    expect((fifo.error as Error).message).toBe(`${join(config, 'config.json')} is not a regular file`);
    expect(fifo.ms).toBeLessThan(2_000);

    const big = tempDir('hl-big-');
    writeFileSync(join(big, 'config.json'), `{"auths":{},"x":"${'a'.repeat(5 * 1024 * 1024)}"}`);
    const huge = await elapsed(() => lookupRegistryAuth('registry.example', { env: { DOCKER_CONFIG: big } }));
    expect((huge.error as Error).message).toMatch(/config\.json is larger than \d+ bytes$/);
    expect(existsSync(join(big, 'config.json'))).toBe(true);
  });
});

/** A daemon that runs `engine run`'s sequence (create, attach, wait, start) with a chosen answer. */
async function scriptedDaemon(answers: { create?: string; wait?: string; version?: string }): Promise<string> {
  const daemon = new RestartableDaemon((req, res) => {
    const url = String(req.url);
    const reply = (status: number, body = ''): void => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    };
    if (url.includes('/containers/create')) return reply(201, answers.create ?? '{"Id":"c0ffee","Warnings":[]}');
    if (url.includes('/wait')) return reply(200, answers.wait ?? '{"StatusCode":0}');
    if (url.includes('/start')) return reply(204);
    if (url.includes('/version')) return reply(200, answers.version ?? '{}');
    if (req.method === 'DELETE') return reply(204);
    return reply(404, '{"message":"not scripted"}');
  });
  await daemon.start();
  return daemon.socket;
}

describe('answers of the wrong shape', () => {
  it('says so in one line when /version answers null or [] (exit 2, no stack, no "undefined")', async () => {
    for (const body of ['null', '[]', '{"Version":7}']) {
      const socket = await scriptedDaemon({ version: body });
      const io = captureIo();
      expect(await engineVersion({ host: `unix://${socket}` }, io)).toBe(2);
      expect(io.err()).toMatch(/^hublint: The answer to GET \/version (is not a JSON object|has no Version)[^\n]*\n$/);
      expect(io.out()).toBe('');
      await closeFaultServers();
    }
  });

  it('exits 125 in one line for a wait StatusCode that is no exit status ("abc", 2.5, 1e10, null)', async () => {
    for (const code of ['"abc"', '2.5', '1e10', 'null']) {
      const socket = await scriptedDaemon({ wait: `{"StatusCode":${code}}` });
      const io = captureIo();
      expect(await engineRun('img', ['true'], { host: `unix://${socket}` }, io), code).toBe(125);
      expect(io.err()).toMatch(/^hublint: The answer to POST \/containers\/\{id\}\/wait has StatusCode .*, not an exit status \(an integer 0-255\)\n$/);
      await closeFaultServers();
    }
  });

  it('exits 125 in one line for a create answer without Id', async () => {
    const socket = await scriptedDaemon({ create: '{"Warnings":[]}' });
    const io = captureIo();
    expect(await engineRun('img', ['true'], { host: `unix://${socket}` }, io)).toBe(125);
    expect(io.err()).toBe('hublint: The answer to POST /containers/create has no container Id\n');
  });
});

