import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineRun } from '../../src/cli/commands/engine.js';
import { createConfigOf } from '../../src/cli/commands/run-config.js';
import { RUN_OPTIONS, optionKey, type RunOptionRow } from '../../src/cli/commands/run-options.js';
import { CLI } from '../helpers/cli.js';
import { captureIo, engineEnv, tempDir, testClient, uniqueName } from './helpers.js';

/**
 * The `docker run` options kept as data (src/cli/commands/run-options.ts), one test per
 * row: the option's words become the create request, the real daemon stores the container,
 * and its inspect shows the value where the row says. Then the table itself, the options
 * through the built CLI, and an option newer than the daemon's API.
 */

/** Per option: the words given and what inspect shows in the row's field. */
const SAMPLES: Record<string, [string[], unknown]> = {
  '--hostname': [['box'], 'box'],
  '--domainname': [['example.test'], 'example.test'],
  '--stop-signal': [['SIGUSR2'], 'SIGUSR2'],
  '--stop-timeout': [['7'], 7],
  '--expose': [['8080', '53/udp'], { '8080/tcp': {}, '53/udp': {} }],
  '--init': [[], true],
  '--privileged': [[], true],
  '--read-only': [[], true],
  '--cap-add': [['NET_ADMIN', 'SYS_TIME'], ['NET_ADMIN', 'SYS_TIME']],
  '--cap-drop': [['MKNOD'], ['MKNOD']],
  '--add-host': [['db:10.0.0.2'], ['db:10.0.0.2']],
  '--dns': [['10.0.0.53'], ['10.0.0.53']],
  '--dns-search': [['example.test'], ['example.test']],
  '--dns-option': [['ndots:2'], ['ndots:2']],
  '--group-add': [['audio'], ['audio']],
  '--security-opt': [['no-new-privileges'], ['no-new-privileges']],
  '--sysctl': [['net.ipv4.ip_forward=1'], { 'net.ipv4.ip_forward': '1' }],
  '--ulimit': [['nofile=1024:2048'], [{ Name: 'nofile', Soft: 1024, Hard: 2048 }]],
  '--tmpfs': [['/scratch:size=1m'], { '/scratch': 'size=1m' }],
  '--restart': [['on-failure:3'], { Name: 'on-failure', MaximumRetryCount: 3 }],
  '--memory': [['64m'], 64 * 1024 * 1024],
  '--shm-size': [['8m'], 8 * 1024 * 1024],
  '--cpus': [['0.5'], 500_000_000],
  '--pids-limit': [['100'], 100],
  '--oom-score-adj': [['5'], 5],
  '--ipc': [['private'], 'private'],
  '--pid': [['host'], 'host'],
  '--uts': [['host'], 'host'],
  '--cgroupns': [['private'], 'private'],
  '--userns': [['host'], 'host'],
  '--cgroup-parent': [['hublint-test.slice'], 'hublint-test.slice'],
  '--runtime': [['runc'], 'runc'],
  '--cpu-shares': [['512'], 512],
  '--cpu-period': [['100000'], 100000],
  '--cpu-quota': [['50000'], 50000],
  '--cpuset-cpus': [['0'], '0'],
  '--cpuset-mems': [['0'], '0'],
  '--memory-reservation': [['32m'], 32 * 1024 * 1024],
  '--oom-kill-disable': [[], true],
  '--health-cmd': [['test -e /tmp'], ['CMD-SHELL', 'test -e /tmp']],
  '--health-interval': [['1m30s'], 90e9],
  '--health-timeout': [['500ms'], 500e6],
  '--health-start-period': [['2s'], 2e9],
  '--health-retries': [['4'], 4],
  '--no-healthcheck': [[], ['NONE']],
};

const FIELD_ROWS = RUN_OPTIONS.filter((row) => row.field !== undefined);

const created: string[] = [];
afterAll(async () => {
  for (const id of created) await testClient().removeContainer(id, { force: true }).catch(() => undefined);
});

/** The flags object commander makes of the sample's words. */
function flagsOf(row: RunOptionRow, words: string[]): Record<string, unknown> {
  return { [optionKey(row)]: row.value === undefined ? true : row.repeatable ? words : words[0] };
}

/** Inspect keeps the create request's top-level fields under Config. */
function inspected(value: Record<string, unknown>, field: string): unknown {
  const path = field.startsWith('HostConfig.') ? field.split('.') : ['Config', ...field.split('.')];
  return path.reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], value);
}

describe('docker run options as data (issue 33)', () => {
  it('has a sample for every field row, a field or a client-side behaviour for every row, and every option once', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(FIELD_ROWS.map((row) => row.flag).sort());
    for (const row of RUN_OPTIONS) expect((row.field !== undefined && row.parse !== undefined) !== (row.client !== undefined), row.flag).toBe(true);
    expect(new Set(RUN_OPTIONS.map((row) => row.flag)).size).toBe(RUN_OPTIONS.length);
  });

  it.each(FIELD_ROWS.map((row) => [row.flag, row] as const))('%s reaches the daemon as the row says', async (flag, row) => {
    const [words, expected] = SAMPLES[flag];
    const config = await createConfigOf(flagsOf(row, words), {});
    const client = testClient();
    const { Id } = await client.createContainer({ ...config, Image: engineEnv().image, Cmd: ['true'] });
    created.push(Id);
    expect(inspected(await client.inspectContainer(Id), row.field!)).toEqual(expected);
  });

  it('refuses a malformed value in one line (exit 125)', async () => {
    for (const args of [['--memory', 'lots'], ['--restart', 'always:3'], ['--ulimit', 'nofile'], ['--expose', '70000'], ['--cpus', 'x'], ['--sysctl', 'novalue'], ['--health-interval', '30'], ['--stop-timeout', '1.5']]) {
      const result = spawnSync(process.execPath, [CLI, 'engine', 'run', '-H', engineEnv().dockerHost, ...args, engineEnv().image, 'true'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
      expect(result.status, args.join(' ')).toBe(125);
      expect(result.stderr).toMatch(new RegExp(`^hublint: invalid (argument|restart policy) "${args[1]}" for "${args[0]}"`));
    }
  });

  it('takes the options on the command line of the built CLI', () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'engine', 'run', '-H', engineEnv().dockerHost, '--rm', '--hostname', 'box', '--read-only', '--tmpfs', '/scratch', '--ulimit', 'nofile=1024:2048', '-m', '64m',
        engineEnv().image, 'sh', '-c', 'hostname; ulimit -n; touch /x 2>/dev/null || echo read-only; touch /scratch/y && echo tmpfs'],
      { encoding: 'utf8', env: { PATH: process.env.PATH } },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('box\n1024\nread-only\ntmpfs\n');
    expect(result.status).toBe(0);
  });

  it('refuses an option the daemon\'s API version lacks, in one line, before creating anything', async () => {
    const io = captureIo();
    const name = uniqueName('hl-newer');
    const options = { host: engineEnv().dockerHost, api: '1.40', name, cgroupns: 'private' };
    expect(await engineRun(engineEnv().image, ['true'], options, io)).toBe(125);
    expect(io.err()).toBe('hublint: "--cgroupns" requires API version 1.41, but the Docker daemon API version is 1.40\n');
    expect(await testClient().listContainers({ all: true, filters: { name: [name] } })).toEqual([]);
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
  });
});
