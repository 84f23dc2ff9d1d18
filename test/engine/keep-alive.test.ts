import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DockerApiError, DockerEngineClient, KEEP_ALIVE_IDLE_MS } from '../../src/engine/index.js';
import { countingProxy, type CountingProxy } from './counting-proxy.js';
import { collectLogs, engineEnv, tempDir, transpileSources } from './helpers.js';

/**
 * Keep-alive against the real daemon: a byte pipe in front of its socket counts the
 * connections the client opens (the server side's view), for unix:// and tcp://. TLS is
 * tested in tls.test.ts against the --tlsverify daemon there.
 */

const proxies: CountingProxy[] = [];
afterEach(async () => {
  for (const proxy of proxies.splice(0)) await proxy.close();
});

async function proxy(listen: 'unix' | 'tcp' = 'unix'): Promise<CountingProxy> {
  const made = await countingProxy({ path: engineEnv().socketPath }, listen);
  proxies.push(made);
  return made;
}

/** Ten calls of every kind: JSON answers, empty 204s, a 304, a stream read to its end and a 404. */
async function tenCalls(client: DockerEngineClient): Promise<void> {
  const image = engineEnv().image;
  await client.version();
  await client.listContainers();
  await client.inspectImage(image);
  const { Id } = await client.createContainer({ Image: image, Cmd: ['sh', '-c', 'echo kept'] });
  try {
    await client.startContainer(Id);
    expect((await client.waitContainer(Id)).StatusCode).toBe(0);
    expect((await collectLogs(client.containerLogs(Id, { tty: false }))).stdout).toBe('kept\n');
    expect(await client.stopContainer(Id)).toEqual({ changed: false });
    const missing = await client.inspectContainer(`${Id}-none`).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(DockerApiError);
  } finally {
    await client.removeContainer(Id, { force: true });
  }
}

describe('keep-alive connections', () => {
  it('sends ten sequential calls over unix:// on one connection', async () => {
    const pipe = await proxy('unix');
    const client = new DockerEngineClient({ host: pipe.host, env: {} });
    await tenCalls(client);
    expect(pipe.connections()).toBe(1);
    expect(pipe.open()).toBe(1);
    client.close();
    await expect.poll(() => pipe.open()).toBe(0);
  });

  it('sends ten sequential calls over tcp:// on one connection', async () => {
    const pipe = await proxy('tcp');
    const client = new DockerEngineClient({ host: pipe.host, env: {} });
    await tenCalls(client);
    expect(pipe.connections()).toBe(1);
    client.close();
  });

  it('opens one connection per call with keepAlive: false (what it did before)', async () => {
    const pipe = await proxy('unix');
    const client = new DockerEngineClient({ host: pipe.host, env: {}, keepAlive: false });
    await tenCalls(client);
    // The ten calls, and the ping that negotiates the version.
    expect(pipe.connections()).toBe(11);
  });

  it('gives a hijacked attach its own connection; the calls around it share the kept one', async () => {
    const pipe = await proxy('unix');
    const client = new DockerEngineClient({ host: pipe.host, env: {} });
    const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['sh', '-c', 'echo attached'] });
    try {
      const attached = await client.attachContainer(Id, { stdout: true, stderr: true });
      await client.startContainer(Id);
      let out = '';
      for await (const runs of attached.output) for (const run of runs) out += run.data.toString();
      expect(out).toBe('attached\n');
      expect((await client.waitContainer(Id)).StatusCode).toBe(0);
      await client.inspectContainer(Id);
    } finally {
      await client.removeContainer(Id, { force: true });
    }
    expect(pipe.connections()).toBe(2);
    await expect.poll(() => pipe.open()).toBe(1);
    client.close();
  });

  it('opens more connections only for calls in flight at once, and reuses them afterwards', async () => {
    const pipe = await proxy('unix');
    const client = new DockerEngineClient({ host: pipe.host, env: {} });
    await client.ping();
    await Promise.all([client.version(), client.listContainers(), client.listImages()]);
    const after = pipe.connections();
    expect(after).toBeGreaterThanOrEqual(2);
    expect(after).toBeLessThanOrEqual(3);
    for (let i = 0; i < 5; i++) await client.version();
    expect(pipe.connections()).toBe(after);
    client.close();
  });

  it('closes a connection left idle longer than keepAliveIdleMs, but never one a silent call is using', async () => {
    const pipe = await proxy('unix');
    const client = new DockerEngineClient({ host: pipe.host, env: {}, keepAliveIdleMs: 300 });
    const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['sleep', '1.5'] });
    try {
      await client.startContainer(Id);
      // The daemon says nothing for 1.5 s, five times the pool's idle limit.
      expect((await client.waitContainer(Id)).StatusCode).toBe(0);
      expect(pipe.connections()).toBe(1);
      await expect.poll(() => pipe.open(), { timeout: 3_000 }).toBe(0);
      await client.inspectContainer(Id);
      expect(pipe.connections()).toBe(2);
    } finally {
      await client.removeContainer(Id, { force: true });
      client.close();
    }
  });

  it('lets the process exit at once with a kept connection open (idle sockets are unref’d), without close()', async () => {
    const pipe = await proxy('unix');
    const dir = tempDir('hl-keep-');
    const entry = join(transpileSources(dir), 'src/engine/index.js');
    const script = join(dir, 'calls.mjs');
    writeFileSync(
      script,
      `import { DockerEngineClient } from ${JSON.stringify(entry)};
const client = new DockerEngineClient({ host: process.argv[2], env: {} });
for (let i = 0; i < 5; i++) await client.version();
await client.listContainers();
const done = performance.now();
process.on('exit', () => console.log(Math.round(performance.now() - done)));
`,
    );
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [script, pipe.host], { env: { PATH: process.env.PATH }, timeout: 30_000 }, (_error, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(pipe.connections()).toBe(1);
    // From the last answer to the exit: the pool's own idle close (KEEP_ALIVE_IDLE_MS) is not
    // what ends it; nothing holds the event loop.
    const msToExit = Number(result.stdout.trim());
    expect(msToExit).toBeLessThan(Math.min(1_000, KEEP_ALIVE_IDLE_MS));
  });
});
