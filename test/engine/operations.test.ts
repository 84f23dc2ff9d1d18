import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DockerApiError, DockerEngineClient, PushError, copyOutput, type EngineEvent, type LogChunk } from '../../src/engine/index.js';
import { engineEnv, tempDir, testClient, uniqueName } from './helpers.js';

/**
 * The library operations of issue 33 against the real daemon (Debian's 20.10, API 1.41,
 * started with --bridge=none --iptables=false) and the password registry. Everything made
 * here carries one label, so prunes touch only this run's objects on a shared daemon.
 */

const client = testClient();
const RUN = uniqueName('ops');
const LABEL = `hublint.test=${RUN}`;
const labels = { 'hublint.test': RUN };

const containers: string[] = [];
const networks: string[] = [];
const volumes: string[] = [];
const images: string[] = [];

afterAll(async () => {
  for (const id of containers) await client.removeContainer(id, { force: true }).catch(() => undefined);
  for (const id of networks) await client.removeNetwork(id).catch(() => undefined);
  for (const name of volumes) await client.removeVolume(name, { force: true }).catch(() => undefined);
  for (const name of images) await client.removeImage(name, { force: true }).catch(() => undefined);
  client.close();
});

async function running(cmd = ['sleep', '300'], extra: Record<string, unknown> = {}): Promise<string> {
  const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: cmd, Labels: labels, ...extra });
  containers.push(Id);
  await client.startContainer(Id);
  return Id;
}

async function text(output: AsyncIterable<LogChunk[]>): Promise<{ stdout: string; stderr: string }> {
  const parts = { stdout: '', stderr: '' };
  for await (const runs of output) for (const { stream, data } of runs) if (stream !== 'stdin') parts[stream] += data.toString();
  return parts;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('exec', () => {
  it('creates an exec, starts it attached with stdout and stderr apart and stdin fed, and inspects its exit code', async () => {
    const id = await running();
    const exec = await client.createExec(id, { Cmd: ['sh', '-c', 'read line; echo "got $line"; echo oops >&2; exit 4'], AttachStdin: true });
    expect(exec.Id).toMatch(/^[0-9a-f]{64}$/);
    const before = await client.inspectExec(exec.Id);
    expect(before).toMatchObject({ ID: exec.Id, Running: false, ContainerID: id });

    const stream = await client.startExec(exec.Id);
    await stream.write('hello\n');
    stream.end();
    expect(await text(stream.output)).toEqual({ stdout: 'got hello\n', stderr: 'oops\n' });
    const after = await client.inspectExec(exec.Id);
    expect(after).toMatchObject({ Running: false, ExitCode: 4 });
    expect(after.ProcessConfig?.tty).toBe(false);
  });

  it('copies an exec’s output into two writables, stdout and stderr apart, waiting when one is full', async () => {
    const id = await running();
    // 256 KiB on stdout against a 1 KiB writable: the copy has to wait for drain many times.
    const exec = await client.createExec(id, { Cmd: ['sh', '-c', 'head -c 262144 /dev/zero; echo warn >&2'] });
    const stdout = new PassThrough({ highWaterMark: 1024 });
    const stderr = new PassThrough();
    let outBytes = 0;
    let drains = 0;
    stdout.on('drain', () => drains++);
    const reader = (async () => {
      for await (const chunk of stdout) {
        outBytes += (chunk as Buffer).length;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const errText: Buffer[] = [];
    stderr.on('data', (chunk: Buffer) => errText.push(chunk));
    await copyOutput((await client.startExec(exec.Id)).output, { stdout, stderr });
    stdout.end();
    await reader;
    expect(outBytes).toBe(262144);
    expect(Buffer.concat(errText).toString()).toBe('warn\n');
    expect(drains).toBeGreaterThan(0);
  });

  it('resizes a running TTY exec: stty inside sees the new size', async () => {
    const id = await running();
    const exec = await client.createExec(id, { Cmd: ['sh', '-c', 'read go; stty size'], AttachStdin: true, Tty: true });
    const stream = await client.startExec(exec.Id, { tty: true });
    await client.resizeExec(exec.Id, { rows: 33, columns: 97 });
    await stream.write('\n');
    const { stdout, stderr } = await text(stream.output);
    expect(stdout).toContain('33 97');
    expect(stderr).toBe('');
    expect((await client.inspectExec(exec.Id)).ExitCode).toBe(0);
  });

  it('starts an exec detached; its exit code is read by inspecting it', async () => {
    const id = await running();
    const exec = await client.createExec(id, { Cmd: ['sh', '-c', 'exit 7'], AttachStdout: false, AttachStderr: false });
    await client.startExecDetached(exec.Id);
    let inspected = await client.inspectExec(exec.Id);
    for (let i = 0; inspected.Running && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      inspected = await client.inspectExec(exec.Id);
    }
    expect(inspected).toMatchObject({ Running: false, ExitCode: 7 });
  });

  it('answers a DockerApiError for an exec in a stopped container', async () => {
    const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['true'], Labels: labels });
    containers.push(Id);
    const error = await rejection(client.createExec(Id, { Cmd: ['true'] }));
    expect(error).toBeInstanceOf(DockerApiError);
    expect((error as DockerApiError).status).toBe(409);
    expect((error as DockerApiError).path).toMatch(/^\/v1\.41\/containers\/[0-9a-f]{64}\/exec$/);
  });
});

describe('events', () => {
  it('streams a filtered container’s create, start and die as they happen; its AbortSignal ends the loop', async () => {
    const name = uniqueName('ev');
    const controller = new AbortController();
    const seen: EngineEvent[] = [];
    // `since` replays what happened between now and the moment the daemon has subscribed
    // the stream, so nothing is lost to that race.
    const since = new Date(Date.now() - 1000);
    const done = (async () => {
      for await (const event of client.events({ filters: { type: ['container'], container: [name] }, since, signal: controller.signal })) {
        seen.push(event);
        if (event.Action === 'die') controller.abort();
      }
    })();
    const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['true'], Labels: labels }, { name });
    containers.push(Id);
    await client.startContainer(Id);
    await done;
    expect(seen.map((event) => event.Action)).toEqual(['create', 'start', 'die']);
    expect(seen.every((event) => event.Type === 'container' && event.Actor.ID === Id)).toBe(true);
    expect(seen.at(-1)?.Actor.Attributes?.exitCode).toBe('0');
  });

  it('replays a past window with since/until and ends by itself at until', async () => {
    const name = uniqueName('ev');
    const since = new Date(Date.now() - 1000);
    const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['true'], Labels: labels }, { name });
    containers.push(Id);
    await client.startContainer(Id);
    await client.waitContainer(Id);
    const until = new Date(Date.now() + 1000);
    const actions: string[] = [];
    for await (const event of client.events({ since, until, filters: { container: [Id] } })) actions.push(event.Action);
    expect(actions).toEqual(['create', 'start', 'die']);
    // A window that closed before the container existed holds none of its events.
    const before: string[] = [];
    for await (const event of client.events({ since: since.getTime() / 1000 - 60, until: since.getTime() / 1000 - 30, filters: { container: [Id] } })) {
      before.push(event.Action);
    }
    expect(before).toEqual([]);
  });

  it('ends at once, without a request, for a signal aborted before it starts', async () => {
    const lines: string[] = [];
    const quiet = testClient({ debug: (line) => lines.push(line) });
    const events: EngineEvent[] = [];
    for await (const event of quiet.events({ signal: AbortSignal.abort() })) events.push(event);
    expect(events).toEqual([]);
    expect(lines).toEqual([]);
  });
});

describe('images', () => {
  it('inspects an image by name: its id, tags and config', async () => {
    const image = await client.inspectImage(engineEnv().image);
    expect(image.Id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(image.RepoTags).toContain(engineEnv().image);
    expect(image.Config?.Cmd).toEqual(['sh']);
    expect(image.Os).toBe('linux');
  });

  it('tags an image under a new repository and removes that tag again (the image stays)', async () => {
    const original = await client.inspectImage(engineEnv().image);
    const repo = `hublint-ops/${RUN}`;
    await client.images.tag(engineEnv().image, { repo, tag: 'v2' });
    images.push(`${repo}:v2`);
    expect((await client.images.inspect(`${repo}:v2`)).Id).toBe(original.Id);
    const removed = await client.images.remove(`${repo}:v2`);
    expect(removed).toEqual([{ Untagged: `${repo}:v2` }]);
    const error = await rejection(client.inspectImage(`${repo}:v2`));
    expect((error as DockerApiError).status).toBe(404);
    expect((await client.inspectImage(engineEnv().image)).Id).toBe(original.Id);
  });

  it('pushes to the password registry with credentials from a config.json auths entry; the registry serves the digest', async () => {
    const { registry, registryUser, registryPassword } = engineEnv();
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [registry]: { auth: Buffer.from(`${registryUser}:${registryPassword}`).toString('base64') } } }));
    const pusher = new DockerEngineClient({ host: engineEnv().dockerHost, env: { DOCKER_CONFIG: config } });
    const target = `${registry}/pushed/${RUN}:v1`;
    await client.tagImage(engineEnv().image, { repo: `${registry}/pushed/${RUN}`, tag: 'v1' });
    images.push(target);
    const statuses: string[] = [];
    const digest = await pusher.pushImageToEnd(target, { onProgress: (message) => statuses.push(message.status ?? '') });
    pusher.close();
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(statuses.some((status) => status.startsWith('The push refers to repository'))).toBe(true);
    // The registry itself, asked over its own API, holds the manifest under that digest.
    const answer = await fetch(`http://${registry}/v2/pushed/${RUN}/manifests/v1`, {
      method: 'HEAD',
      headers: {
        Authorization: `Basic ${Buffer.from(`${registryUser}:${registryPassword}`).toString('base64')}`,
        Accept: 'application/vnd.docker.distribution.manifest.v2+json',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('docker-content-digest')).toBe(digest);
  });

  it('pushes with an auths entry that holds username and password instead of auth', async () => {
    const { registry, registryUser, registryPassword } = engineEnv();
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [`http://${registry}`]: { username: registryUser, password: registryPassword } } }));
    const target = `${registry}/pushed/${RUN}:plain`;
    await client.tagImage(engineEnv().image, { repo: `${registry}/pushed/${RUN}`, tag: 'plain' });
    images.push(target);
    const pusher = new DockerEngineClient({ host: engineEnv().dockerHost, env: { DOCKER_CONFIG: config } });
    const messages: string[] = [];
    for await (const message of pusher.images.push(target)) messages.push(JSON.stringify(message));
    pusher.close();
    expect(messages.at(-1)).toMatch(/"aux":\{"Tag":"plain","Digest":"sha256:[0-9a-f]{64}"/);
    expect(messages.join('\n')).not.toContain(registryPassword);
  });

  it('fails a push without credentials with a PushError that says access was refused', async () => {
    const { registry } = engineEnv();
    const target = `${registry}/pushed/${RUN}:nocreds`;
    await client.tagImage(engineEnv().image, { repo: `${registry}/pushed/${RUN}`, tag: 'nocreds' });
    images.push(target);
    const error = await rejection(new DockerEngineClient({ host: engineEnv().dockerHost, env: {} }).pushImageToEnd(target));
    expect(error).toBeInstanceOf(PushError);
    expect(error).toMatchObject({ image: target, authFailure: true });
    expect((error as PushError).message).toMatch(new RegExp(`^Pushing ${target.replace(/[.]/g, '\\.')} failed: .*(no basic auth credentials|unauthorized)`));
  });
});

describe('networks', () => {
  it('creates internal bridge networks, lists and inspects them, connects and disconnects a container, removes them', async () => {
    // --bridge=none and --iptables=false leave user-defined bridges that are `Internal`.
    const first = await client.networks.create({ Name: uniqueName('net-a'), Driver: 'bridge', Internal: true, Labels: labels });
    networks.push(first.Id);
    const second = await client.createNetwork({ Name: uniqueName('net-b'), Driver: 'bridge', Internal: true, Labels: labels });
    networks.push(second.Id);
    expect(first.Id).toMatch(/^[0-9a-f]{64}$/);

    const listed = await client.networks.list({ filters: { label: [LABEL] } });
    expect(listed.map((network) => network.Id).sort()).toEqual([first.Id, second.Id].sort());
    const inspected = await client.inspectNetwork(first.Id);
    expect(inspected).toMatchObject({ Id: first.Id, Driver: 'bridge', Internal: true, Labels: labels });

    const id = await running(['sleep', '300'], { HostConfig: { NetworkMode: first.Id } });
    await client.networks.connect(second.Id, id, { endpointConfig: { Aliases: ['web'] } });
    const attached = await client.inspectNetwork(second.Id);
    expect(Object.keys(attached.Containers ?? {})).toEqual([id]);
    const container = (await client.inspectContainer(id)) as unknown as { NetworkSettings: { Networks: Record<string, { Aliases?: string[] }> } };
    expect(Object.keys(container.NetworkSettings.Networks).sort()).toEqual([inspected.Name, attached.Name].sort());
    expect(container.NetworkSettings.Networks[attached.Name].Aliases).toContain('web');

    await client.networks.disconnect(second.Id, id);
    expect((await client.inspectNetwork(second.Id)).Containers ?? {}).toEqual({});
    await client.removeContainer(id, { force: true });
    for (const network of [first, second]) {
      await client.networks.remove(network.Id);
      expect(((await rejection(client.inspectNetwork(network.Id))) as DockerApiError).status).toBe(404);
    }
  });

  it('refuses a second network of the null driver with the daemon’s reason', async () => {
    const error = await rejection(client.createNetwork({ Name: uniqueName('net-null'), Driver: 'null' }));
    expect(error).toBeInstanceOf(DockerApiError);
    expect((error as DockerApiError).daemonMessage).toContain('only one instance of "null" network is allowed');
  });
});

describe('volumes', () => {
  it('creates, lists, inspects and removes a volume', async () => {
    const name = uniqueName('vol');
    const created = await client.volumes.create({ Name: name, Labels: labels });
    volumes.push(name);
    expect(created).toMatchObject({ Name: name, Driver: 'local', Labels: labels });
    const listed = await client.volumes.list({ filters: { label: [LABEL] } });
    expect(listed.Volumes?.map((volume) => volume.Name)).toEqual([name]);
    const inspected = await client.volumes.inspect(name);
    expect(inspected.Mountpoint).toContain(name);
    await client.volumes.remove(name);
    expect(((await rejection(client.inspectVolume(name))) as DockerApiError).status).toBe(404);
  });

  it('prunes unused volumes that match a filter, and keeps one a container uses', async () => {
    const prune = `${LABEL}-prune`;
    const pruneLabels = { 'hublint.test': `${RUN}-prune` };
    const unused = [uniqueName('vol'), uniqueName('vol')];
    for (const name of unused) {
      await client.createVolume({ Name: name, Labels: pruneLabels });
      volumes.push(name);
    }
    const used = uniqueName('vol');
    await client.createVolume({ Name: used, Labels: pruneLabels });
    volumes.push(used);
    await running(['sleep', '300'], { HostConfig: { Binds: [`${used}:/data`] } });

    const result = await client.volumes.prune({ filters: { label: [prune] } });
    expect([...(result.VolumesDeleted ?? [])].sort()).toEqual([...unused].sort());
    expect(typeof result.SpaceReclaimed).toBe('number');
    expect((await client.inspectVolume(used)).Name).toBe(used);
  });
});

describe('containers', () => {
  it('lists the processes of a running container (top), with ps arguments', async () => {
    const id = await running();
    const top = await client.topContainer(id);
    expect(top.Titles).toEqual(expect.arrayContaining(['PID', 'CMD']));
    expect(top.Processes.map((row) => row[top.Titles.indexOf('CMD')])).toEqual(['sleep 300']);
    const custom = await client.topContainer(id, { psArgs: '-o pid,comm' });
    expect(custom.Titles).toEqual(['PID', 'COMMAND']);
    expect(custom.Processes[0][1]).toBe('sleep');
  });

  it('reads one stats sample, at once (oneShot) or with the CPU baseline', async () => {
    const id = await running();
    const quick = await client.containerStats(id, { oneShot: true });
    expect(quick.id).toBe(id);
    // At least the container's own process (a sample taken as it starts may count the runtime's too).
    expect(quick.pids_stats?.current).toBeGreaterThan(0);
    expect(quick.memory_stats?.usage).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(quick.read))).toBe(false);
    const sampled = await client.containerStats(id);
    expect(sampled.precpu_stats?.system_cpu_usage).toBeGreaterThan(0);
  });

  it('streams stats a sample at a time until the caller stops reading', async () => {
    const id = await running();
    const reads: string[] = [];
    for await (const sample of client.containerStatsStream(id)) {
      reads.push(sample.read);
      if (reads.length === 2) break;
    }
    expect(reads).toHaveLength(2);
    expect(Date.parse(reads[1])).toBeGreaterThan(Date.parse(reads[0]));
  });

  it('ends a stats stream quietly when its AbortSignal aborts (the daemon streams on even after the container stops)', async () => {
    const id = await running(['sleep', '1']);
    const controller = new AbortController();
    let samples = 0;
    const started = Date.now();
    setTimeout(() => controller.abort(), 2500);
    for await (const _sample of client.containerStatsStream(id, { signal: controller.signal })) samples++;
    expect(samples).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await client.inspectContainer(id)).State?.Running).toBe(false);
  });

  it('restarts a container: it runs again with a new start time', async () => {
    const id = await running();
    const before = (await client.inspectContainer(id)) as unknown as { State: { StartedAt: string; Pid: number } };
    await client.restartContainer(id, { t: 0 });
    const after = (await client.inspectContainer(id)) as unknown as { State: { StartedAt: string; Pid: number; Running: boolean } };
    expect(after.State.Running).toBe(true);
    expect(Date.parse(after.State.StartedAt)).toBeGreaterThan(Date.parse(before.State.StartedAt));
    expect(after.State.Pid).not.toBe(before.State.Pid);
  });

  it('renames a container, and refuses a name that is taken', async () => {
    const id = await running();
    const name = uniqueName('renamed');
    await client.renameContainer(id, name);
    expect((await client.inspectContainer(id)).Name).toBe(`/${name}`);
    const other = await running();
    const error = await rejection(client.renameContainer(other, name));
    expect((error as DockerApiError).status).toBe(409);
  });

  it('updates memory limits and the restart policy of a running container', async () => {
    const id = await running();
    const answer = await client.updateContainer(id, {
      Memory: 64 * 1024 * 1024,
      MemorySwap: 128 * 1024 * 1024,
      RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 2 },
    });
    expect(answer.Warnings ?? []).toEqual([]);
    const host = ((await client.inspectContainer(id)) as unknown as { HostConfig: Record<string, unknown> }).HostConfig;
    expect(host).toMatchObject({ Memory: 64 * 1024 * 1024, MemorySwap: 128 * 1024 * 1024, RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 2 } });
    const stats = await client.containerStats(id, { oneShot: true });
    expect(stats.memory_stats?.limit).toBe(64 * 1024 * 1024);
  });

  it('prunes stopped containers that match a filter and leaves running ones', async () => {
    const pruneLabels = { 'hublint.test': `${RUN}-prune` };
    const stopped: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['true'], Labels: pruneLabels });
      containers.push(Id);
      stopped.push(Id);
    }
    const alive = await running(['sleep', '300'], { Labels: pruneLabels });
    const result = await client.pruneContainers({ filters: { label: [`hublint.test=${RUN}-prune`] } });
    expect([...(result.ContainersDeleted ?? [])].sort()).toEqual([...stopped].sort());
    expect((await client.inspectContainer(alive)).State?.Running).toBe(true);
  });
});

describe('system df', () => {
  it('answers the disk use of images, containers and volumes, naming this run’s objects', async () => {
    const id = await running();
    const name = uniqueName('vol');
    await client.createVolume({ Name: name, Labels: labels });
    volumes.push(name);
    const df = await client.systemDf();
    expect(df.LayersSize).toBeGreaterThan(0);
    const image = await client.inspectImage(engineEnv().image);
    expect(df.Images?.map((entry) => entry.Id)).toContain(image.Id);
    expect(df.Containers?.map((entry) => entry.Id)).toContain(id);
    expect(df.Volumes?.find((volume) => volume.Name === name)).toMatchObject({ Name: name, Driver: 'local' });
  });
});
