import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ApiVersionRejectedError,
  DockerApiError,
  DockerEngineClient,
  runContainer,
  runContainerDetached,
} from '../../src/engine/index.js';
import { collectLogs, engineEnv, tempDir, testClient, uniqueName } from './helpers.js';

const created: string[] = [];
const client = testClient();

const committedImages: string[] = [];

afterAll(async () => {
  for (const id of created) await client.removeContainer(id, { force: true }).catch(() => undefined);
  // The client has no image removal (src/engine/operations.ts lists what it does); Debian's CLI does it.
  if (committedImages.length > 0) {
    execFileSync('/usr/bin/docker', ['-H', engineEnv().dockerHost, 'rmi', ...committedImages], { env: { PATH: process.env.PATH }, stdio: 'ignore' });
  }
});

async function create(cmd: string[], extra: { Tty?: boolean; name?: string } = {}): Promise<string> {
  const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: cmd, Tty: extra.Tty ?? false }, { name: extra.name });
  created.push(Id);
  return Id;
}

describe('versions against the real daemon', () => {
  it('negotiates the lower of its maximum and the daemon’s from /_ping', async () => {
    const ping = await client.ping();
    expect(ping.apiVersion).toBe('1.41');
    expect(await client.apiVersion()).toBe('1.41');
  });

  it('reads ApiVersion and MinAPIVersion from /version', async () => {
    const version = await client.version();
    expect(version.ApiVersion).toBe('1.41');
    expect(version.MinAPIVersion).toBe('1.12');
    expect(version.Version).toMatch(/^20\.10\./);
  });

  it('uses a pinned version from DOCKER_API_VERSION in every path', async () => {
    const lines: string[] = [];
    const pinned = new DockerEngineClient({
      host: engineEnv().dockerHost,
      env: { DOCKER_API_VERSION: '1.40' },
      debug: (line) => lines.push(line),
    });
    expect(await pinned.apiVersion()).toBe('1.40');
    await pinned.listContainers();
    expect(lines.some((line) => line.startsWith('GET /v1.40/containers/json'))).toBe(true);
    expect(lines.some((line) => line.includes('/_ping'))).toBe(false);
  });

  it('explains a too-new version in plain words with both numbers (daemon answers JSON)', async () => {
    const error = await testClient({ apiVersion: '1.99' }).version().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiVersionRejectedError);
    const rejected = error as ApiVersionRejectedError;
    expect(rejected.status).toBe(400);
    expect(rejected.direction).toBe('too-new');
    expect(rejected.daemonLimit).toBe('1.41');
    expect(rejected.message).toBe(
      'The Docker daemon rejected API version 1.99: it is too new. The newest version this daemon accepts is 1.41.',
    );
  });

  it('explains a too-old version in plain words with both numbers (daemon answers plain text)', async () => {
    const error = await testClient({ apiVersion: '1.11' }).listContainers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiVersionRejectedError);
    const rejected = error as ApiVersionRejectedError;
    expect(rejected.direction).toBe('too-old');
    expect(rejected.daemonLimit).toBe('1.12');
    expect(rejected.method).toBe('GET');
    expect(rejected.path).toBe('/v1.11/containers/json');
    expect(rejected.message).toContain('1.11');
    expect(rejected.message).toContain('1.12');
    expect(rejected.message).toContain('too old');
  });

  it('refuses a malformed pinned version before any request', () => {
    expect(() => new DockerEngineClient({ host: engineEnv().dockerHost, apiVersion: '1.4x' })).toThrow(/not an API version/);
  });
});

describe('finding the daemon', () => {
  it('follows DOCKER_HOST', async () => {
    const viaEnv = new DockerEngineClient({ env: { DOCKER_HOST: engineEnv().dockerHost } });
    expect((await viaEnv.endpoint()).display).toBe(engineEnv().dockerHost);
    expect((await viaEnv.ping()).apiVersion).toBe('1.41');
  });

  it('follows the current context of $DOCKER_CONFIG/config.json', async () => {
    const config = tempDir();
    const name = 'hublint-test';
    const metaDir = join(config, 'contexts', 'meta', createHash('sha256').update(name).digest('hex'));
    mkdirSync(metaDir, { recursive: true });
    writeFileSync(join(metaDir, 'meta.json'), JSON.stringify({ Name: name, Metadata: {}, Endpoints: { docker: { Host: engineEnv().dockerHost, SkipTLSVerify: false } } }));
    writeFileSync(join(config, 'config.json'), JSON.stringify({ currentContext: name }));
    const viaContext = new DockerEngineClient({ env: { DOCKER_CONFIG: config } });
    expect((await viaContext.endpoint()).display).toBe(engineEnv().dockerHost);
    expect((await viaContext.version()).ApiVersion).toBe('1.41');
  });
});

describe('the typical flow', () => {
  it('pulls when missing, creates, starts, waits and reads stdout and stderr apart', async () => {
    const result = await runContainer(client, {
      image: engineEnv().image,
      cmd: ['sh', '-c', 'echo out1; echo err1 >&2; echo out2; exit 0'],
    });
    created.push(result.id);
    expect(result.id).toMatch(/^[0-9a-f]{64}$/);
    expect(result.statusCode).toBe(0);
    const logs = await collectLogs(result.logs());
    expect(logs.stdout).toBe('out1\nout2\n');
    expect(logs.stderr).toBe('err1\n');
  });

  it('reports exit codes other than 0', async () => {
    const result = await runContainer(client, { image: engineEnv().image, cmd: ['sh', '-c', 'echo failing >&2; exit 42'] });
    created.push(result.id);
    expect(result.statusCode).toBe(42);
    expect((await collectLogs(result.logs())).stderr).toBe('failing\n');
  });

  it('runs in the background: the container is running after the call', async () => {
    const started = await runContainerDetached(client, { image: engineEnv().image, cmd: ['sleep', '300'] });
    created.push(started.id);
    const running = await client.listContainers({ filters: { id: [started.id] } });
    expect(running.map((c) => c.Id)).toEqual([started.id]);
    await client.stopContainer(started.id, { t: 0 });
  });

  it('removes the container when asked (--rm)', async () => {
    const result = await runContainer(client, { image: engineEnv().image, cmd: ['true'] });
    await result.remove();
    const all = await client.listContainers({ all: true, filters: { id: [result.id] } });
    expect(all).toEqual([]);
  });
});

describe('single operations', () => {
  it('accepts abbreviated id prefixes', async () => {
    const id = await create(['sh', '-c', 'echo short']);
    const short = id.slice(0, 12);
    expect((await client.startContainer(short)).changed).toBe(true);
    expect((await client.waitContainer(short)).StatusCode).toBe(0);
    expect((await collectLogs(client.containerLogs(short))).stdout).toBe('short\n');
  });

  it('honours the stdout/stderr flags', async () => {
    const id = await create(['sh', '-c', 'echo o; echo e >&2']);
    await client.startContainer(id);
    await client.waitContainer(id);
    expect(await collectLogs(client.containerLogs(id, { stdout: true, stderr: false }))).toMatchObject({ stdout: 'o\n', stderr: '' });
    expect(await collectLogs(client.containerLogs(id, { stdout: false, stderr: true }))).toMatchObject({ stdout: '', stderr: 'e\n' });
  });

  it('reads a Tty container raw, without frame headers (told or found out)', async () => {
    const id = await create(['sh', '-c', 'echo tty; echo also >&2'], { Tty: true });
    await client.startContainer(id);
    await client.waitContainer(id);
    const found = await collectLogs(client.containerLogs(id));
    expect(found.stdout).toBe('tty\r\nalso\r\n');
    expect(found.stderr).toBe('');
    expect((await collectLogs(client.containerLogs(id, { tty: true }))).stdout).toBe('tty\r\nalso\r\n');
  });

  it('follows logs until the container exits', async () => {
    const id = await create(['sh', '-c', 'for i in 1 2 3; do echo line$i; sleep 0.2; done']);
    await client.startContainer(id);
    const logs = await collectLogs(client.containerLogs(id, { follow: true }));
    expect(logs.stdout).toBe('line1\nline2\nline3\n');
  });

  it('stops `sleep 300` at once with t=0, and answers "no change" to a second stop', async () => {
    const id = await create(['sleep', '300']);
    await client.startContainer(id);
    const began = Date.now();
    expect(await client.stopContainer(id, { t: 0 })).toEqual({ changed: true });
    expect(Date.now() - began).toBeLessThan(5_000);
    expect((await client.waitContainer(id)).StatusCode).toBe(137);
    expect(await client.stopContainer(id, { t: 0 })).toEqual({ changed: false });
  });

  it('answers "no change" to starting a running container (304)', async () => {
    const id = await create(['sleep', '300']);
    expect(await client.startContainer(id)).toEqual({ changed: true });
    expect(await client.startContainer(id)).toEqual({ changed: false });
    await client.stopContainer(id, { t: 0 });
  });

  it('lists running containers by default and all of them with `all`', async () => {
    const name = uniqueName('hublint-list');
    const id = await create(['true'], { name });
    const running = await client.listContainers();
    expect(running.some((c) => c.Id === id)).toBe(false);
    const all = await client.listContainers({ all: true });
    const item = all.find((c) => c.Id === id);
    expect(item).toBeDefined();
    expect(item?.Names).toEqual([`/${name}`]);
    expect(item?.Image).toBe(engineEnv().image);
    const filtered = await client.listContainers({ all: true, filters: { name: [name] } });
    expect(filtered.map((c) => c.Id)).toEqual([id]);
  });

  it('commits a container; the new image is listed with its sha256 id', async () => {
    const id = await create(['sh', '-c', 'echo data > /tmp/file']);
    await client.startContainer(id);
    await client.waitContainer(id);
    const repo = uniqueName('hublint/committed');
    const commit = await client.commitContainer({ container: id.slice(0, 10), repo, tag: 'v1', comment: 'from a test', author: 'hublint tests' });
    expect(commit.Id).toMatch(/^sha256:[0-9a-f]{64}$/);
    committedImages.push(`${repo}:v1`);
    const images = await client.listImages();
    const image = images.find((i) => i.Id === commit.Id);
    expect(image?.RepoTags).toEqual([`${repo}:v1`]);
    // Committed locally, the new image's parent is the one the container ran.
    const base = images.find((i) => i.RepoTags?.includes(engineEnv().image));
    expect(image?.ParentId).toBe(base?.Id);
    expect(base?.Id).toMatch(/^sha256:[0-9a-f]{64}$/);
    const viaFilter = await client.listImages({ filters: { reference: [`${repo}:v1`] } });
    expect(viaFilter.map((i) => i.Id)).toEqual([commit.Id]);
    // The committed image runs and carries the file.
    const result = await runContainer(client, { image: `${repo}:v1`, cmd: ['cat', '/tmp/file'], pull: 'never' });
    created.push(result.id);
    expect((await collectLogs(result.logs())).stdout).toBe('data\n');
  });

  it('turns an unknown container into a DockerApiError with status, message, method and path', async () => {
    const error = await client.startContainer('no-such-container-hublint').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DockerApiError);
    const api = error as DockerApiError;
    expect(api.status).toBe(404);
    expect(api.daemonMessage).toBe('No such container: no-such-container-hublint');
    expect(api.method).toBe('POST');
    expect(api.path).toBe('/v1.41/containers/no-such-container-hublint/start');
  });

  it('aborts a wait through its AbortSignal', async () => {
    const id = await create(['sleep', '300']);
    await client.startContainer(id);
    const controller = new AbortController();
    const began = Date.now();
    setTimeout(() => controller.abort(), 200);
    const error = await client.waitContainer(id, { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - began).toBeLessThan(3_000);
    await client.stopContainer(id, { t: 0 });
  });
});
