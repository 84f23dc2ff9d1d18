import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineRun, engineVersion } from '../../src/cli/commands/engine.js';
import { DockerEngineClient } from '../../src/engine/index.js';
import { captureIo, engineEnv, tempDir, transpileSources } from './helpers.js';
import { hublint } from '../helpers/cli.js';

/** `hublint engine version|run`: the command functions in-process, and the commander wiring in a child process. */

describe('engine version', () => {
  it('prints the Engine version, ApiVersion, MinAPIVersion and the negotiated version', async () => {
    const io = captureIo();
    expect(await engineVersion({ host: engineEnv().dockerHost }, io)).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines).toEqual([
      `Host:           ${engineEnv().dockerHost}`,
      expect.stringMatching(/^Engine version: 20\.10\.\d+/),
      'ApiVersion:     1.41',
      'MinAPIVersion:  1.12',
      'API used:       1.41 (negotiated)',
    ]);
  });

  it('`hublint engine version -f json` prints JSON; with DOCKER_API_VERSION=1.24 the text says the pinned version is used, not a negotiated one', () => {
    const env = { DOCKER_HOST: engineEnv().dockerHost };
    const json = hublint(['engine', 'version', '-f', 'json'], { env });
    expect([json.code, json.stderr]).toEqual([0, '']);
    expect(JSON.parse(json.stdout)).toMatchObject({ apiVersion: '1.41', clientApiVersion: '1.41', pinned: false });
    const pinned = hublint(['engine', 'version'], { env: { ...env, DOCKER_API_VERSION: '1.24' } });
    expect([pinned.code, pinned.stderr]).toEqual([0, '']);
    expect(pinned.stdout).toContain('API used:       1.24 (pinned; not negotiated)\n');
    expect(pinned.stdout).not.toMatch(/Negotiated|1\.41 \(negotiated\)/);
  });

  it('prints JSON with --format json, honouring DOCKER_HOST and a pin', async () => {
    const io = captureIo({ DOCKER_HOST: engineEnv().dockerHost });
    expect(await engineVersion({ format: 'json', api: '1.40' }, io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({
      apiVersion: '1.41',
      minApiVersion: '1.12',
      negotiatedApiVersion: '1.41',
      clientApiVersion: '1.40',
      pinned: true,
    });
  });

  it('exits 2 with one plain line for a version the daemon rejects', async () => {
    const io = captureIo({ DOCKER_API_VERSION: '1.99' });
    expect(await engineVersion({ host: engineEnv().dockerHost }, io)).toBe(2);
    expect(io.err()).toMatch(/^hublint: The Docker daemon rejected API version 1\.99: it is too new\. The newest version this daemon accepts is 1\.41\.\nhint: /);
    expect(io.out()).toBe('');
  });

  it('exits 2 for ssh:// and npipe:// hosts', async () => {
    for (const host of ['ssh://user@box', 'npipe:////./pipe/docker_engine']) {
      const io = captureIo();
      expect(await engineVersion({ host }, io)).toBe(2);
      expect(io.err()).toContain(`hublint: Docker host "${host}" is not supported`);
    }
  });
});

describe('engine run', () => {
  it('prints stdout and stderr to their own streams and exits with the container status', async () => {
    const io = captureIo();
    const code = await engineRun(engineEnv().image, ['sh', '-c', 'echo to-out; echo to-err >&2; exit 3'], { host: engineEnv().dockerHost, rm: true }, io);
    expect(code).toBe(3);
    expect(io.out()).toBe('to-out\n');
    expect(io.err()).toBe('to-err\n');
  });

  it('prints the id with --detach', async () => {
    const io = captureIo();
    expect(await engineRun(engineEnv().image, ['sleep', '300'], { host: engineEnv().dockerHost, detach: true }, io)).toBe(0);
    const id = io.out().trim();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const client = new DockerEngineClient({ host: engineEnv().dockerHost, env: {} });
    expect((await client.listContainers({ filters: { id: [id] } })).map((c) => c.Id)).toEqual([id]);
    await client.removeContainer(id, { force: true });
  });

  it('pulls a missing image with credentials from config.json', async () => {
    const { registryImage, registry, registryUser, registryPassword } = engineEnv();
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [registry]: { auth: Buffer.from(`${registryUser}:${registryPassword}`).toString('base64') } } }));
    const io = captureIo({ DOCKER_CONFIG: config });
    const code = await engineRun(registryImage, ['echo', 'from the registry'], { host: engineEnv().dockerHost, pull: 'always', rm: true }, io);
    expect(code).toBe(0);
    expect(io.out()).toBe('from the registry\n');
    expect(io.err()).not.toContain(registryPassword);
  });

  it('removes the container with --rm when it cannot start, and exits 127 for a missing program (as docker run)', async () => {
    const name = `hublint-nostart-${process.pid}`;
    const io = captureIo();
    expect(await engineRun(engineEnv().image, ['/no/such/program'], { host: engineEnv().dockerHost, rm: true, name }, io)).toBe(127);
    expect(io.err()).toMatch(/^hublint: Docker daemon answered \d{3} to POST \/v1\.41\/containers\/[0-9a-f]{64}\/start: .*no such file or directory/);
    const client = new DockerEngineClient({ host: engineEnv().dockerHost, env: {} });
    expect(await client.listContainers({ all: true, filters: { name: [name] } })).toEqual([]);
  });

  it('exits 125 for its own failures', async () => {
    const never = captureIo();
    expect(await engineRun('hublint/not-there:1', [], { host: engineEnv().dockerHost, pull: 'never' }, never)).toBe(125);
    expect(never.err()).toContain('hublint: Image hublint/not-there:1 is not on the daemon and pulling is off (--pull never)');
    const badPull = captureIo();
    expect(await engineRun('x', [], { host: engineEnv().dockerHost, pull: 'sometimes' }, badPull)).toBe(125);
    const noDaemon = captureIo();
    expect(await engineRun('x', [], { host: `unix://${join(tempDir(), 'none.sock')}` }, noDaemon)).toBe(125);
    expect(noDaemon.err()).toMatch(/^hublint: Cannot connect to the Docker daemon: the Docker socket .*none\.sock does not exist/);
  });
});

describe('commander wiring', () => {
  let runner = '';
  beforeAll(() => {
    const dir = transpileSources(tempDir('hl-cli-'));
    runner = join(dir, 'runner.mjs');
    writeFileSync(
      runner,
      `import { Command } from 'commander';
import { registerEngineCommands } from './src/cli/commands/engine.js';
const program = new Command('hublint').option('--debug').exitOverride();
registerEngineCommands(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = error.exitCode === 1 ? 2 : error.exitCode;
}
`,
    );
  });

  function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, [runner, ...args], { env: { PATH: process.env.PATH, ...env } }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      });
    });
  }

  it('passes everything after IMAGE to the container, options included', async () => {
    const { dockerHost, image } = engineEnv();
    const result = await cli(['engine', '-H', dockerHost, 'run', '--rm', image, 'sh', '-c', 'echo "$@"; exit 4', 'sh', '--rm', '-d', '--debug']);
    expect(result).toEqual({ code: 4, stdout: '--rm -d --debug\n', stderr: '' });
  });

  it('takes -H after the subcommand too, and DOCKER_HOST without it', async () => {
    const { dockerHost, image } = engineEnv();
    expect((await cli(['engine', 'version', '-H', dockerHost, '--format', 'json'])).code).toBe(0);
    const viaEnv = await cli(['engine', 'run', image, 'true'], { DOCKER_HOST: dockerHost });
    expect(viaEnv.code).toBe(0);
  });

  it('exits 2 from `engine version` and 125 from `engine run` when the host is ssh://', async () => {
    expect((await cli(['engine', '-H', 'ssh://box', 'version'])).code).toBe(2);
    expect((await cli(['engine', '-H', 'ssh://box', 'run', 'busybox'])).code).toBe(125);
  });
});
