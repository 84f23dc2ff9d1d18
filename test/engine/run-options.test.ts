import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRun } from '../../src/cli/commands/engine.js';
import { createConfigOf } from '../../src/cli/commands/run-config.js';
import { RUN_OPTIONS, fitToApiVersion, needsApiVersion } from '../../src/cli/commands/run-options.js';
import { CLI } from '../helpers/cli.js';
import { FIXTURE, HELP_FIXTURE, dockerCliMajor, effectiveDifferences, isEmpty, parseRunWords, recordDockerCreate } from './docker-cli-bodies.js';
import { captureIo, engineEnv, tempDir, testClient, uniqueName } from './helpers.js';
import { SAMPLES } from './run-option-samples.js';

/**
 * The `docker run` options kept as data (src/cli/commands/run-options.ts): the table against
 * docker 28's help, one sample per field row (test/engine/run-option-samples.ts) through the
 * command line's parser to the real daemon, its create body against the one docker 28 sends
 * for the same words, and the client-side rows by what they do.
 */

const FIELD_ROWS = RUN_OPTIONS.filter((row) => row.field !== undefined);
const NETWORK = uniqueName('hl-opts-net');
const VOLUMES_FROM = uniqueName('hl-opts-vols');
const RECORD_SOCKET = join(tempDir('hl-rec-'), 'docker.sock');
const created: string[] = [];

/** docker 28's options from its `docker run --help` text. */
function helpOptions(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, | {4})(--[\w-]+)/gm)].map((m) => m[1]).sort();
}

/** The sample's words with its placeholders made real (files, the network, the socket). */
function realWords(words: string[], socket: string): string[] {
  return words.map((word) => {
    if (word.startsWith('FILE:')) {
      const file = join(tempDir('hl-opt-file-'), 'file');
      writeFileSync(file, word.slice(5));
      return file;
    }
    return word.replace('hl-opts-net', NETWORK).replace('VOLUMES_FROM', VOLUMES_FROM).replace('SOCKET', socket);
  });
}

/** hublint's create body for the words, as engine run sends it (Image, Cmd and Tty included). */
async function hublintBody(words: string[], socket: string, api: string): Promise<Record<string, unknown>> {
  const { image, args, options } = parseRunWords(words);
  const config = await createConfigOf(options, { env: {}, socketPath: socket });
  if (needsApiVersion(options)) fitToApiVersion(options, config, api);
  return { ...config, Image: image, Cmd: args, Tty: options.tty === true };
}

function inspected(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], value);
}

function daemonDocker(args: string[]): void {
  const result = spawnSync('/usr/bin/docker', args, { encoding: 'utf8', env: { PATH: process.env.PATH, DOCKER_HOST: engineEnv().dockerHost } });
  if (result.status !== 0) throw new Error(`docker ${args.join(' ')}: ${result.stderr}`);
}

/** docker 28's bodies: recorded now when its CLI is here, else the ones it recorded before. */
let dockerBodies: Record<string, Record<string, { body?: unknown; error?: string }>>;
const live = dockerCliMajor() === 28;

beforeAll(async () => {
  daemonDocker(['network', 'create', '--subnet', '172.30.0.0/16', '--ipv6', '--subnet', '2001:db8::/64', NETWORK]);
  daemonDocker(['create', '--name', VOLUMES_FROM, '-v', '/shared', engineEnv().image, 'true']);
  if (!live) {
    dockerBodies = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof dockerBodies;
    return;
  }
  dockerBodies = { '1.41': {}, '1.50': {} };
  for (const api of ['1.41', '1.50']) {
    dockerBodies[api].baseline = await recordDockerCreate([], api, RECORD_SOCKET);
    for (const [flag, sample] of Object.entries(SAMPLES)) {
      if (api === '1.50' && !sample.refused) continue;
      const record = (): ReturnType<typeof recordDockerCreate> => recordDockerCreate(realWords(sample.words, RECORD_SOCKET), api, RECORD_SOCKET, sample.windows ? 'windows' : 'linux');
      dockerBodies[api][flag] = await record();
      // On a loaded machine the docker CLI can fail before it sends anything: once more then.
      if (dockerBodies[api][flag].error !== undefined && !/requires API version/.test(dockerBodies[api][flag].error!)) dockerBodies[api][flag] = await record();
    }
  }
  // Empty values (null, "", 0, false, [], {}) are left out of the file: the comparison takes them alike.
  if (process.env.HUBLINT_RECORD_DOCKER === '1') writeFileSync(FIXTURE, `${JSON.stringify(dockerBodies, (_key, value: unknown) => (isEmpty(value) ? undefined : value), 1)}\n`);
}, 120_000);

afterAll(async () => {
  for (const id of created) await testClient().removeContainer(id, { force: true }).catch(() => undefined);
  await testClient().removeContainer(VOLUMES_FROM, { force: true, volumes: true } as never).catch(() => undefined);
  spawnSync('/usr/bin/docker', ['network', 'rm', NETWORK], { env: { PATH: process.env.PATH, DOCKER_HOST: engineEnv().dockerHost } });
});

describe('docker run options as data (issue 33)', () => {
  it("has every option of docker 28's `docker run --help` as a row, and nothing else", () => {
    const docker28 = helpOptions(readFileSync(HELP_FIXTURE, 'utf8'));
    expect(docker28.length).toBe(104);
    expect(RUN_OPTIONS.map((row) => row.flag).sort()).toEqual(docker28);
    if (live) {
      const help = spawnSync('docker', ['run', '--help'], { encoding: 'utf8', env: { PATH: process.env.PATH, DOCKER_HOST: 'unix:///nonexistent' } }).stdout;
      expect(helpOptions(help)).toEqual(docker28);
    }
  });

  it('has docker\'s short names, a field or a client-side behaviour for every row, a parser or a builder for every field', () => {
    const shorts = Object.fromEntries([...readFileSync(HELP_FIXTURE, 'utf8').matchAll(/^ {2}(-\w), (--[\w-]+)/gm)].map((m) => [m[2], m[1]]));
    expect(Object.fromEntries(RUN_OPTIONS.filter((row) => row.short).map((row) => [row.flag, row.short]))).toEqual(shorts);
    for (const row of RUN_OPTIONS) {
      expect(row.field !== undefined || row.client !== undefined, row.flag).toBe(true);
      if (row.field !== undefined) expect((row.parse !== undefined) !== (row.built === true), row.flag).toBe(true);
    }
    expect(Object.keys(SAMPLES).sort()).toEqual(FIELD_ROWS.map((row) => row.flag).sort());
  });

  it.each(FIELD_ROWS.map((row) => [row.flag] as const))("%s sends what docker 28 sends", async (flag) => {
    const sample = SAMPLES[flag];
    const api = sample.refused ? '1.50' : '1.41';
    const docker = dockerBodies[api][flag];
    expect(docker.error, `docker 28 refused ${sample.words.join(' ')}`).toBeUndefined();
    const words = realWords(sample.words, RECORD_SOCKET);
    const ours = await hublintBody(words, RECORD_SOCKET, api);
    // Where docker's recorded body names the network or the volume container made for this run.
    const theirs = JSON.parse(JSON.stringify(docker.body).replace(/hl-opts-net-[\w-]+/g, NETWORK).replace(/hl-opts-vols-[\w-]+/g, VOLUMES_FROM)) as unknown;
    expect(effectiveDifferences(ours, theirs, dockerBodies[api].baseline.body)).toEqual([]);
  });

  const onDaemon = FIELD_ROWS.filter((row) => SAMPLES[row.flag].inspect !== undefined);
  it.each(onDaemon.map((row) => [row.flag] as const))('%s reaches the real daemon as the row says', async (flag) => {
    const sample = SAMPLES[flag];
    const socket = new URL(engineEnv().dockerHost).pathname;
    const { image, args, options } = parseRunWords(realWords(sample.words, socket));
    const config = await createConfigOf(options, { env: {}, socketPath: socket });
    const client = testClient();
    if (needsApiVersion(options)) fitToApiVersion(options, config, await client.apiVersion());
    const { Id } = await client.createContainer({ ...config, Image: engineEnv().image, Cmd: args, Tty: options.tty === true });
    expect(image).toBe('img');
    created.push(Id);
    const [path, expected] = sample.inspect!;
    expect(inspected(await client.inspectContainer(Id), path.replace('hl-opts-net', NETWORK))).toEqual(JSON.parse(JSON.stringify(expected).replace('SOCKET', socket).replace('VOLUMES_FROM', VOLUMES_FROM)));
  });

  const refused = FIELD_ROWS.filter((row) => SAMPLES[row.flag].refused);
  it.each(refused.map((row) => [row.flag, row.minApi] as const))("%s is refused by the daemon's API 1.41 in one line (needs %s), nothing created", async (flag, minApi) => {
    const io = captureIo();
    const name = uniqueName('hl-newer');
    const { options } = parseRunWords(realWords(SAMPLES[flag].words, ''));
    expect(await engineRun(engineEnv().image, ['true'], { ...options, host: engineEnv().dockerHost, name }, io)).toBe(125);
    expect(io.err()).toBe(`hublint: "${flag}" requires API version ${minApi}, but the Docker daemon API version is 1.41\n`);
    // docker 28 refuses it at API 1.41 too.
    expect(dockerBodies['1.41'][flag].error).toMatch(/requires API version 1\.4\d, but the Docker daemon API version is 1\.41$/);
    expect(await testClient().listContainers({ all: true, filters: { name: [name] } })).toEqual([]);
  });

  const windows = FIELD_ROWS.filter((row) => SAMPLES[row.flag].windows);
  it.each(windows.map((row) => [row.flag] as const))('%s is refused by the Linux daemon in one line, nothing created', async (flag) => {
    const io = captureIo();
    const name = uniqueName('hl-windows');
    const { options } = parseRunWords(SAMPLES[flag].words);
    expect(await engineRun(engineEnv().image, ['true'], { ...options, host: engineEnv().dockerHost, name }, io)).toBe(125);
    expect(io.err()).toBe(`hublint: "${flag}" is only supported on a Docker daemon running on windows, but the Docker daemon is running on linux\n`);
    expect(await testClient().listContainers({ all: true, filters: { name: [name] } })).toEqual([]);
  });

  it('leaves --kernel-memory out from API 1.42 on, as docker does', async () => {
    expect((await hublintBody(['--kernel-memory', '50m'], '', '1.42')).HostConfig).toEqual({});
    expect(((await hublintBody(['--kernel-memory', '50m'], '', '1.41')).HostConfig as Record<string, unknown>).KernelMemory).toBe(50 * 1024 * 1024);
  });

  it('refuses a malformed value in one line (exit 125), as docker does', () => {
    const cases: [string[], string][] = [
      [['--memory', 'lots'], 'invalid argument "lots" for "--memory"'],
      [['--restart', 'always:3'], 'invalid restart policy "always:3" for "--restart"'],
      [['--ulimit', 'nofile'], 'invalid argument "nofile" for "--ulimit": invalid ulimit argument: nofile'],
      [['--ulimit', 'nofile=10:5'], 'invalid argument "nofile=10:5" for "--ulimit": ulimit soft limit must be less than or equal to hard limit: 10 > 5'],
      [['--expose', '70000'], 'invalid argument "70000" for "--expose"'],
      [['--cpus', 'x'], 'invalid argument "x" for "--cpus": failed to parse x as a rational number'],
      [['--cpus', '0.0000000001'], 'invalid argument "0.0000000001" for "--cpus": value is too precise'],
      [['--sysctl', 'kernel.hostname=x'], `invalid argument "kernel.hostname=x" for "--sysctl": sysctl 'kernel.hostname=x' is not allowed`],
      [['--health-interval', '30'], 'invalid argument "30" for "--health-interval"'],
      [['--stop-timeout', '1.5'], 'invalid argument "1.5" for "--stop-timeout"'],
      [['-p', '8080-8082:80-81'], 'invalid argument "8080-8082:80-81" for "--publish": invalid ranges specified for container and host Ports: 80-81 and 8080-8082'],
      [['-p', '1.2.3:80:80'], 'invalid argument "1.2.3:80:80" for "--publish": invalid IP address: 1.2.3'],
      [['--mount', 'type=bind,src=/tmp'], 'invalid argument "type=bind,src=/tmp" for "--mount": target is required'],
      [['--mount', 'type=tmpfs,dst=/x,bind-propagation=shared'], "for \"--mount\": cannot mix 'bind-*' options with mount type 'tmpfs'"],
      [['--device', '/dev/null:/dev/x:rwx'], 'invalid argument "/dev/null:/dev/x:rwx" for "--device": bad mode specified: rwx'],
      [['--gpus', 'count=two'], 'invalid argument "count=two" for "--gpus": invalid count (two)'],
      [['--device-read-bps', 'sda:1mb'], 'invalid argument "sda:1mb" for "--device-read-bps": bad format for device path: sda:1mb'],
      [['-a', 'stdnope'], 'invalid argument "stdnope" for "--attach": valid streams are STDIN, STDOUT and STDERR'],
      [['-a', 'stdout', '-d'], 'conflicting options: cannot specify both --attach and --detach'],
      [['--rm', '--restart', 'always'], 'conflicting options: cannot specify both --restart and --rm'],
      [['--no-healthcheck', '--health-cmd', 'true'], '--no-healthcheck conflicts with --health-* options'],
      [['--memory-swappiness', '101'], 'invalid value: 101. Valid memory swappiness range is 0-100'],
      [['--add-host', 'db'], 'invalid argument "db" for "--add-host": bad format for add-host: "db"'],
      [['--dns', 'resolver'], 'invalid argument "resolver" for "--dns": IP address is not correctly formatted: resolver'],
      [['--pid', 'guest'], '--pid: invalid PID mode'],
      [['--network', 'none', '--network-alias', 'web'], 'network-scoped aliases are only supported for user-defined networks'],
      [['--security-opt', 'label'], 'Invalid --security-opt: "label"'],
      [['--storage-opt', 'size'], 'invalid argument "size" for "--storage-opt": invalid storage option'],
    ];
    for (const [args, message] of cases) {
      const result = spawnSync(process.execPath, [CLI, 'engine', 'run', '-H', engineEnv().dockerHost, ...args, engineEnv().image, 'true'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
      expect(result.status, args.join(' ')).toBe(125);
      expect(result.stderr.split('\n')[0], args.join(' ')).toContain(message);
      expect(result.stderr.startsWith('hublint: '), args.join(' ')).toBe(true);
    }
  });

  it('takes the options on the command line of the built CLI (-h is --hostname, as in docker)', () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'engine', 'run', '-H', engineEnv().dockerHost, '--rm', '-h', 'box', '--read-only', '--tmpfs', '/scratch', '--ulimit', 'nofile=1024:2048', '-m', '64m',
        '--mount', 'type=tmpfs,dst=/fast', '--init=false', engineEnv().image, 'sh', '-c', 'hostname; ulimit -n; touch /x 2>/dev/null || echo read-only; touch /scratch/y /fast/z && echo tmpfs'],
      { encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('box\n1024\nread-only\ntmpfs\n');
    expect(result.status).toBe(0);
  });

  it("reads docker's --switch=true|false form (pflag's) and its hidden names, up to the image", () => {
    expect(parseRunWords(['--rm=true', '--privileged=false', '--sig-proxy=false']).options).toMatchObject({ rm: true, privileged: false, sigProxy: false });
    expect(parseRunWords(['--rm', '--rm=false']).options.rm).toBe(false);
    expect(parseRunWords(['--name', '--rm=true']).options).toMatchObject({ name: '--rm=true' });
    expect(parseRunWords([]).options).toMatchObject({ sigProxy: true, disableContentTrust: true, pull: 'missing' });
    // docker's hidden names for three options.
    expect(parseRunWords(['--net', 'none', '--net-alias=web', '--dns-opt', 'ndots:1']).options).toMatchObject({ network: ['none'], networkAlias: ['web'], dnsOption: ['ndots:1'] });
  });

  describe('client-side rows', () => {
    it('-q prints nothing of a pull', async () => {
      const { registryImage, registry, registryUser, registryPassword } = engineEnv();
      const config = tempDir('hl-quiet-');
      writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [registry]: { username: registryUser, password: registryPassword } } }));
      const io = captureIo({ DOCKER_CONFIG: config });
      expect(await engineRun(registryImage, ['echo', 'quietly'], { host: engineEnv().dockerHost, rm: true, pull: 'always', quiet: true }, io)).toBe(0);
      expect({ out: io.out(), err: io.err() }).toEqual({ out: 'quietly\n', err: '' });
    });

    it('--cidfile writes the id once the container exists, and refuses a file that exists', async () => {
      const file = join(tempDir('hl-cid-'), 'cid');
      const io = captureIo();
      expect(await engineRun(engineEnv().image, ['true'], { host: engineEnv().dockerHost, detach: true, cidfile: file }, io)).toBe(0);
      const id = io.out().trim();
      expect(readFileSync(file, 'utf8')).toBe(id);
      created.push(id);
      const again = captureIo();
      const name = uniqueName('hl-cid');
      expect(await engineRun(engineEnv().image, ['true'], { host: engineEnv().dockerHost, name, cidfile: file }, again)).toBe(125);
      expect(again.err()).toBe(`hublint: container ID file found, make sure the other container isn't running or delete ${file}\n`);
      expect(await testClient().listContainers({ all: true, filters: { name: [name] } })).toEqual([]);
    });

    it('--label-file reads KEY=VALUE lines; -l wins for a key in both', async () => {
      const dir = tempDir('hl-labels-');
      writeFileSync(join(dir, 'labels'), '# team labels\nteam=from file\n  tier=backend\nflag\n');
      const name = uniqueName('hl-labels');
      const io = captureIo();
      const options = { host: engineEnv().dockerHost, name, labelFile: [join(dir, 'labels')], label: ['team=from -l'] };
      expect(await engineRun(engineEnv().image, ['true'], options, io)).toBe(0);
      const inspect = await testClient().inspectContainer(name);
      created.push(inspect.Id);
      expect(inspect.Config?.Labels).toEqual({ team: 'from -l', tier: 'backend', flag: '' });
    });

    it('-a stdout copies only stdout; -a stderr only stderr', async () => {
      for (const [stream, expected] of [['stdout', { out: 'to out\n', err: '' }], ['stderr', { out: '', err: 'to err\n' }]] as const) {
        const io = captureIo();
        const { options } = parseRunWords(['-a', stream]);
        expect(await engineRun(engineEnv().image, ['sh', '-c', 'echo to out; echo to err >&2'], { ...options, host: engineEnv().dockerHost, rm: true }, io)).toBe(0);
        expect({ out: io.out(), err: io.err() }).toEqual(expected);
      }
    });

    it('--sig-proxy=false forwards nothing: the container goes on, hublint leaves on the second SIGTERM', async () => {
      let deliver: ((sig: NodeJS.Signals) => void) | undefined;
      const io = captureIo({}, { signals: (forward) => ((deliver = forward), () => undefined) });
      const name = uniqueName('hl-sigproxy');
      const run = engineRun(engineEnv().image, ['sh', '-c', "trap 'echo got-term' TERM; echo ready; while true; do sleep 1; done"], { host: engineEnv().dockerHost, name, sigProxy: false }, io);
      await io.sawOut('ready');
      deliver!('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      deliver!('SIGTERM');
      expect(await run).toBe(143);
      const inspect = await testClient().inspectContainer(name);
      created.push(inspect.Id);
      expect(inspect.State?.Running).toBe(true);
      expect(io.out()).toBe('ready\n');
    });

    it('--disable-content-trust is accepted; =false (signature verification) is refused in one line', async () => {
      const io = captureIo();
      const { options } = parseRunWords(['--disable-content-trust=false']);
      expect(await engineRun(engineEnv().image, ['true'], { ...options, host: engineEnv().dockerHost }, io)).toBe(125);
      expect(io.err()).toBe('hublint: --disable-content-trust=false: content trust (image signature verification) is not supported by hublint\n');
      const ok = captureIo();
      expect(await engineRun(engineEnv().image, ['echo', 'fine'], { ...parseRunWords(['--disable-content-trust']).options, host: engineEnv().dockerHost, rm: true }, ok)).toBe(0);
      expect(ok.out()).toBe('fine\n');
    });

    it('--use-api-socket mounts the daemon hublint talks to and copies the credentials in, as docker 28', async () => {
      const io = captureIo();
      const { options } = parseRunWords(['--use-api-socket']);
      const status = await engineRun(engineEnv().image, ['sh', '-c', 'test -S /var/run/docker.sock && echo socket'], { ...options, host: engineEnv().dockerHost, rm: true }, io);
      expect({ status, out: io.out(), err: io.err() }).toEqual({ status: 0, out: 'socket\n', err: '' });
      // With credentials in hublint's Docker config: a config.json of their own in the container.
      const { registry, registryUser, registryPassword } = engineEnv();
      const dir = tempDir('hl-sock-creds-');
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ auths: { [registry]: { username: registryUser, password: registryPassword } } }));
      const withCreds = captureIo({ DOCKER_CONFIG: dir });
      const shown = await engineRun(engineEnv().image, ['sh', '-c', 'echo "$DOCKER_CONFIG"; cat "$DOCKER_CONFIG/config.json"'], { ...options, host: engineEnv().dockerHost, rm: true }, withCreds);
      expect(shown).toBe(0);
      const [where, ...json] = withCreds.out().split('\n');
      expect(where).toBe('/run/secrets/docker');
      expect(JSON.parse(json.join('\n'))).toEqual({ auths: { [registry]: { auth: Buffer.from(`${registryUser}:${registryPassword}`).toString('base64') } } });
      // DOCKER_CONFIG set by -e: nothing injected, as docker.
      const own = captureIo({ DOCKER_CONFIG: dir });
      expect(await engineRun(engineEnv().image, ['sh', '-c', 'echo "$DOCKER_CONFIG"; ls /run/secrets 2>&1 | head -1'], { ...options, env: ['DOCKER_CONFIG=/mine'], host: engineEnv().dockerHost, rm: true }, own)).toBe(0);
      expect(own.out()).toMatch(/^\/mine\n.*No such file or directory\n$/);
      const tcp = captureIo();
      expect(await engineRun(engineEnv().image, ['true'], { ...options, host: 'tcp://127.0.0.1:9' }, tcp)).toBe(125);
      expect(tcp.err()).toBe('hublint: flag --use-api-socket can only be used with unix sockets\n');
    });

    it('--help prints the usage with every option; the fixture of docker 28 is what the table was checked against', () => {
      const result = spawnSync(process.execPath, [CLI, 'engine', 'run', '--help'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
      expect(result.status).toBe(0);
      for (const row of RUN_OPTIONS) expect(result.stdout, row.flag).toContain(row.flag);
      expect(existsSync(HELP_FIXTURE)).toBe(true);
    });
  });
});
