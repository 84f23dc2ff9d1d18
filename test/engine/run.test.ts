import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { engineRun, type EngineIo, type EngineRunOptions } from '../../src/cli/commands/engine.js';
import { CLI } from '../helpers/cli.js';
import { captureIo, engineEnv, tempDir, testClient, uniqueName, type CapturedIo } from './helpers.js';

/**
 * `hublint engine run` against the real daemon, one block per row of the behaviour table
 * (issue 18): binary output, live output (asserted by the order of events: the container
 * prints `a`, then blocks until the test, having read `a`, releases it), log drivers,
 * signals with --rm, a closed stdout, 126/127, stdin, TTY, docker's options and usage errors.
 * The same run through `/usr/bin/docker` is the reference where behaviour is compared.
 */

function capture(extra: Partial<EngineIo> = {}): CapturedIo {
  return captureIo({}, extra);
}

const base = (): EngineRunOptions => ({ host: engineEnv().dockerHost, rm: true });
const image = (): string => engineEnv().image;

async function gone(name: string): Promise<boolean> {
  return (await testClient().listContainers({ all: true, filters: { name: [name] } })).length === 0;
}

/** The built CLI as a user runs it, with its stdout and stderr as pipes. */
function cli(args: string[]): ChildProcessWithoutNullStreams & { exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, 'engine', 'run', '-H', engineEnv().dockerHost, ...args], {
    env: { PATH: process.env.PATH, HUBLINT_NO_CODE_CACHE: '1' },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { exited });
}

function firstOutput(child: ChildProcessWithoutNullStreams, text: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        child.stdout.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
  });
}

function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

describe('output', () => {
  it('copies binary output byte for byte (busybox itself, md5 as inside the container)', async () => {
    const io = capture();
    expect(await engineRun(image(), ['cat', '/bin/busybox'], base(), io)).toBe(0);
    const sums = capture();
    expect(await engineRun(image(), ['md5sum', '/bin/busybox'], base(), sums)).toBe(0);
    expect(io.outBytes().length).toBeGreaterThan(1_000_000);
    expect(`${md5(io.outBytes())}  /bin/busybox\n`).toBe(sums.out());
    expect(io.err()).toBe('');
  });

  for (const driver of ['json-file', 'local', 'none']) {
    it(`prints output as it comes with the ${driver} log driver: the test reads "a" before it lets the container go on`, async () => {
      const dir = tempDir('hl-live-');
      const io = capture();
      const events: string[] = [];
      const run = engineRun(
        image(),
        ['sh', '-c', 'echo a; while [ ! -e /m/go ]; do sleep 0.05; done; echo b; echo c >&2'],
        { ...base(), volume: [`${dir}:/m`], logDriver: driver },
        io,
      );
      await io.sawOut('a\n');
      events.push(`read ${JSON.stringify(io.out())}`);
      writeFileSync(join(dir, 'go'), '');
      events.push('released');
      expect(await run).toBe(0);
      events.push(`read ${JSON.stringify(io.out())}`);
      expect(events).toEqual(['read "a\\n"', 'released', 'read "a\\nb\\n"']);
      expect(io.err()).toBe('c\n');
    });
  }
});

describe('stdin (-i)', () => {
  it('streams standard input as it comes and half-closes at EOF', async () => {
    const io = capture();
    const run = engineRun(image(), ['sh', '-c', 'echo a; read line; echo "got $line"; cat; echo end'], { ...base(), interactive: true }, io);
    await io.sawOut('a\n');
    io.stdin.write('first\n');
    await io.sawOut('got first\n');
    io.stdin.end('rest\n');
    expect(await run).toBe(0);
    expect(io.out()).toBe('a\ngot first\nrest\nend\n');
  });

  it('passes binary input unchanged', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const io = capture();
    const run = engineRun(image(), ['md5sum'], { ...base(), interactive: true }, io);
    io.stdin.end(data);
    expect(await run).toBe(0);
    expect(io.out()).toBe(`${md5(data)}  -\n`);
  });
});

describe('TTY (-t)', () => {
  function terminal(rows: number, columns: number): PassThrough & { isTTY: boolean; rows: number; columns: number } {
    return Object.assign(new PassThrough(), { isTTY: true, rows, columns });
  }

  it('allocates a TTY with the terminal size and follows a resize (SIGWINCH)', async () => {
    const screen = terminal(33, 101);
    const io = capture({ stdout: screen });
    // -it needs a terminal on stdin too (docker refuses a pipe).
    Object.assign(io.stdin, { isTTY: true });
    const out: Buffer[] = [];
    screen.on('data', (c: Buffer) => out.push(c));
    const seen = (text: string): boolean => Buffer.concat(out).toString().includes(text);
    const run = engineRun(image(), ['sh', '-c', 'tty; while read x; do [ "$x" = q ] && exit 7; stty size; done'], { ...base(), interactive: true, tty: true }, io);
    // Input is sent once the size is set, so the first line already sees it.
    io.stdin.write('s\n');
    while (!seen('33 101')) await new Promise((resolve) => screen.once('data', resolve));
    Object.assign(screen, { rows: 40, columns: 120 });
    screen.emit('resize');
    // The resize request races with the next line: ask until the new size shows.
    while (!seen('40 120')) {
      io.stdin.write('s\n');
      await new Promise((resolve) => screen.once('data', resolve));
    }
    io.stdin.write('q\n');
    expect(await run).toBe(7);
    const text = Buffer.concat(out).toString();
    expect(text).toMatch(/^\/dev\/pts\/\d+\r\n/);
    expect(text).toContain('33 101\r\n');
    expect(text).toContain('40 120\r\n');
  });
});

/** The built CLI on a real terminal (util-linux `script` gives it a pty): its output as the terminal shows it. */
function inTerminal(args: string[]): ChildProcessWithoutNullStreams & { exited: Promise<number | null> } {
  const quote = (word: string): string => `'${word.replace(/'/g, "'\\''")}'`;
  const command = [process.execPath, CLI, 'engine', 'run', '-H', engineEnv().dockerHost, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH, HUBLINT_NO_CODE_CACHE: '1' } });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { exited });
}

describe('-it on a real terminal (issue 33 row 7)', () => {
  it('ends lines as the container does (CR LF), not CR CR LF', async () => {
    const child = inTerminal(['--rm', '-it', image(), 'sh', '-c', 'echo x; echo y']);
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    expect(await child.exited).toBe(0);
    child.stdin.end();
    expect(Buffer.concat(out).toString('latin1')).toBe('x\r\ny\r\n');
  });

  for (const [keys, typed] of [[undefined, '\x10\x11'], ['ctrl-x,x', '\x18x']] as const) {
    it(`detaches on ${keys ?? 'Ctrl-P Ctrl-Q (the default)'}: exit 0, the container left running`, async () => {
      const name = uniqueName('hl-detach');
      const child = inTerminal([...(keys ? ['--detach-keys', keys] : []), '--rm', '--name', name, '-it', image(), 'sh', '-c', 'echo a; cat']);
      let seen = '';
      const saw = (text: string): Promise<void> =>
        new Promise((resolve) => {
          const check = (c?: Buffer): void => {
            if (c) seen += c.toString('latin1');
            if (seen.includes(text)) {
              child.stdout.off('data', check);
              resolve();
            }
          };
          child.stdout.on('data', check);
          check();
        });
      await saw('a\r\n');
      if (keys) {
        // Not the keys asked for: Ctrl-P goes to the container (its TTY echoes it as ^P).
        child.stdin.write('\x10b\r');
        await saw('^Pb');
      }
      child.stdin.write(typed);
      expect(await child.exited).toBe(0);
      child.stdin.end();
      const [found] = await testClient().listContainers({ all: true, filters: { name: [name] } });
      expect(found.State).toBe('running');
      await testClient().removeContainer(name, { force: true });
    });
  }
});

describe('exit codes', () => {
  it('is the container status otherwise, 127 for a command not found and 126 for one that cannot be invoked, as docker run', async () => {
    const status = capture();
    expect(await engineRun(image(), ['sh', '-c', 'exit 42'], base(), status)).toBe(42);
    const missing = capture();
    expect(await engineRun(image(), ['no-such-command'], base(), missing)).toBe(127);
    expect(missing.err()).toMatch(/^hublint: .*executable file not found in \$PATH/);
    const folder = capture();
    expect(await engineRun(image(), ['/bin'], base(), folder)).toBe(126);
    expect(folder.err()).toContain('permission denied');
  });

  it('decides 127/126 on the daemon\'s own words, where secret-like names (pwd, pass, passwd, token, secret) are no secret', async () => {
    const dir = tempDir('hl-secretish-');
    writeFileSync(join(dir, 'secret'), 'not a program\n', { mode: 0o644 });
    const cases: [string[], EngineRunOptions, number, string][] = [
      [['pass'], base(), 127, 'exec: "pass": executable file not found in $PATH'],
      [['pwd'], { ...base(), env: ['PATH=/nowhere'] }, 127, 'exec: "pwd": executable file not found in $PATH'],
      [['/etc/passwd'], base(), 127, 'exec: "/etc/passwd": stat /etc/passwd: no such file or directory'],
      [['/bin/token'], base(), 127, 'exec: "/bin/token": stat /bin/token: no such file or directory'],
      [['/run/secret'], { ...base(), volume: [`${join(dir, 'secret')}:/run/secret`] }, 126, 'exec: "/run/secret": permission denied'],
    ];
    for (const [args, options, code, said] of cases) {
      const io = capture();
      expect(await engineRun(image(), args, options, io), args[0]).toBe(code);
      expect(io.err()).toContain(said);
      expect(io.err()).not.toContain('***');
    }
  });

  it('exits 125 for usage errors and 1 without an image, as docker (commander errors included)', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--bogus', image(), 'true'], 125, /^hublint: unknown option '--bogus'/],
      [['--pull', 'sometimes', image()], 125, /^hublint: --pull must be/],
      [['-w', 'relative', image(), 'true'], 125, /^hublint: the working directory 'relative' is invalid/],
      // docker: "invalid reference format", 125; "'docker run' requires at least 1 argument", 1.
      [[''], 125, /^hublint: invalid reference format/],
      [['--detach-keys', 'ctrl-foo', image(), 'true'], 125, /^hublint: Invalid detach keys \(ctrl-foo\) provided/],
      [[], 1, /^hublint: missing required argument 'image'/],
    ];
    for (const [args, code, line] of cases) {
      const child = cli(args);
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      expect(await child.exited, JSON.stringify(args)).toBe(code);
      expect(err.split('\n').filter(Boolean)[0]).toMatch(line);
      expect(err).not.toContain('    at ');
    }
  });

  it('refuses -it when stdin is not a terminal: one line, exit 1, no container (as docker)', async () => {
    const name = uniqueName('hl-notty');
    const child = cli(['--rm', '-it', '--name', name, image(), 'cat']);
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    // stdin is a pipe left open: a run that went on would hang in `cat`.
    expect(await child.exited).toBe(1);
    expect(err).toBe('hublint: the input device is not a TTY\n');
    expect(await gone(name)).toBe(true);
  });

  for (const rm of [false, true]) {
    it(`prints the id with -d${rm ? ' --rm' : ''} even when the command cannot start, then exits 127 as docker`, async () => {
      const name = uniqueName('hl-dnostart');
      const io = capture();
      expect(await engineRun(image(), ['no-such-command'], { host: engineEnv().dockerHost, rm, name, detach: true }, io)).toBe(127);
      const id = io.out().trim();
      expect(id).toMatch(/^[0-9a-f]{64}$/);
      expect(io.err()).toMatch(/^hublint: .*exec: "no-such-command": executable file not found in \$PATH/);
      const left = await testClient().listContainers({ all: true, filters: { name: [name] } });
      // docker leaves the created container; --rm removes it.
      expect(left.map((c) => c.Id)).toEqual(rm ? [] : [id]);
      if (!rm) await testClient().removeContainer(id, { force: true });
    });
  }
});

describe('signals', () => {
  for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    it(`forwards ${sig} to the container, exits with its status and removes it (--rm)`, async () => {
      const name = uniqueName('hl-sig');
      const child = cli(['--rm', '--name', name, image(), 'sh', '-c', `trap 'echo caught; exit ${code}' ${sig.slice(3)}; echo a; while :; do sleep 0.05; done`]);
      await firstOutput(child, 'a\n');
      const caught = firstOutput(child, 'caught\n');
      child.kill(sig);
      await caught;
      expect(await child.exited).toBe(code);
      expect(await gone(name)).toBe(true);
    });
  }

  it('forwards SIGUSR1, SIGUSR2 and SIGQUIT without dying, and no signal opens the inspector', async () => {
    const name = uniqueName('hl-usr');
    const traps = "trap 'echo got USR1' USR1; trap 'echo got USR2' USR2; trap 'echo got QUIT; exit 3' QUIT";
    const child = cli(['--rm', '--name', name, image(), 'sh', '-c', `${traps}; echo a; while :; do sleep 0.05; done`]);
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    await firstOutput(child, 'a\n');
    for (const sig of ['SIGUSR1', 'SIGUSR2', 'SIGQUIT'] as const) {
      const seen = firstOutput(child, `got ${sig.slice(3)}\n`);
      child.kill(sig);
      await seen;
    }
    expect(await child.exited).toBe(3);
    // Node's inspector says so on stderr when a signal opens it.
    expect(err).toBe('');
    expect(await gone(name)).toBe(true);
  });

  it('gives up at the third SIGINT/SIGTERM when the container ignores them, leaving it running, as docker', async () => {
    const name = uniqueName('hl-force');
    const child = cli(['--rm', '--name', name, image(), 'sh', '-c', "trap '' INT TERM; echo a; while :; do sleep 0.05; done"]);
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    await firstOutput(child, 'a\n');
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGINT'] as const) {
      child.kill(sig);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await child.exited).toBe(1);
    expect(err).toBe('got 3 SIGTERM/SIGINTs, forcefully exiting\n');
    const [found] = await testClient().listContainers({ all: true, filters: { name: [name] } });
    expect(found.State).toBe('running');
    await testClient().removeContainer(name, { force: true });
  });

  it('keeps waiting for a container whose PID 1 ignores the signal, as docker', async () => {
    const name = uniqueName('hl-ignore');
    const dir = tempDir('hl-ignore-');
    const child = cli(['--rm', '--name', name, '-v', `${dir}:/m`, image(), 'sh', '-c', `trap '' INT; echo a; while [ ! -e /m/go ]; do sleep 0.05; done; echo b`]);
    await firstOutput(child, 'a\n');
    child.kill('SIGINT');
    // The container ignores it; hublint must still be there to print b once released.
    const b = firstOutput(child, 'b\n');
    writeFileSync(join(dir, 'go'), '');
    await b;
    expect(await child.exited).toBe(0);
    expect(await gone(name)).toBe(true);
  });
});

describe('a closed stdout', () => {
  for (const rm of [true, false]) {
    it(`says so, exits 1 and leaves the container running${rm ? ' (--rm too)' : ''}, as docker`, async () => {
      const name = uniqueName('hl-pipe');
      // A slow printer: `yes` would make the daemon's forced removal take seconds.
      const child = cli([...(rm ? ['--rm'] : []), '--name', name, image(), 'sh', '-c', 'while :; do echo y; sleep 0.05; done']);
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      await firstOutput(child, 'y\n');
      child.stdout.destroy();
      expect(await child.exited).toBe(1);
      expect(err).toMatch(/^hublint: write to stdout failed \(EPIPE\); container [0-9a-f]{12} goes on running\n$/);
      const [found] = await testClient().listContainers({ all: true, filters: { name: [name] } });
      expect(found.State).toBe('running');
      await testClient().removeContainer(name, { force: true });
    });
  }
});

describe('registry credentials and platforms (issue 33 row 8)', () => {
  function configWith(entry: Record<string, string>): string {
    const dir = tempDir('hl-auths-');
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ auths: { [engineEnv().registry]: entry } }));
    return dir;
  }

  it('pulls with an auths entry that holds username and password instead of auth', async () => {
    const { registryImage, registryUser, registryPassword } = engineEnv();
    const io = captureIo({ DOCKER_CONFIG: configWith({ username: registryUser, password: registryPassword }) });
    expect(await engineRun(registryImage, ['echo', 'pulled with a plain pair'], { ...base(), pull: 'always' }, io)).toBe(0);
    expect(io.out()).toBe('pulled with a plain pair\n');
    expect(io.err()).not.toContain(registryPassword);
  });

  it('pulls first when the image is there for another platform (--platform), as docker', async () => {
    const { registryImage, registryUser, registryPassword } = engineEnv();
    const env = { DOCKER_CONFIG: configWith({ username: registryUser, password: registryPassword }) };
    expect(await engineRun(registryImage, ['true'], { ...base(), pull: 'always' }, captureIo(env))).toBe(0);
    const io = captureIo(env);
    // The registry holds linux/amd64 only: the pull runs, then the daemon still says no.
    expect(await engineRun(registryImage, ['true'], { ...base(), platform: 'linux/arm64' }, io)).toBe(125);
    const lines = io.err().split('\n');
    expect(lines[0]).toBe(`Unable to find image '${registryImage}' locally`);
    expect(lines).toContain(`Status: Image is up to date for ${registryImage}`);
    expect(lines.at(-2)).toMatch(/^hublint: .*does not match the specified platform: wanted linux\/arm64/);
  });
});

describe("docker's options", () => {
  it('takes -e, --env-file, -w, -u, --entrypoint, -l, --name, --network, --platform, --pull and -v', async () => {
    const dir = tempDir('hl-opts-');
    writeFileSync(join(dir, 'vars'), '# comment\nFROM_FILE=file value\n\nBOTH=from file\nPASSED\n');
    writeFileSync(join(dir, 'hello.txt'), 'mounted\n');
    const name = uniqueName('hl-opts');
    const io = captureIo({ PASSED: 'from hublint' });
    const code = await engineRun(
      image(),
      ['-c', 'echo "$FROM_FILE|$BOTH|$PASSED|$SET"; pwd; id -u; cat /m/hello.txt; echo x > /m/out.txt'],
      {
        host: engineEnv().dockerHost,
        name,
        env: ['SET=on the line', 'BOTH=from -e'],
        envFile: [join(dir, 'vars')],
        workdir: '/tmp',
        user: '0:0',
        entrypoint: 'sh',
        label: ['team=hublint', 'empty'],
        volume: [`${dir}:/m`],
        network: ['none'],
        platform: 'linux/amd64',
        pull: 'never',
      },
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toBe('file value|from -e|from hublint|on the line\n/tmp\n0\nmounted\n');
    expect(existsSync(join(dir, 'out.txt'))).toBe(true);
    const inspected = await testClient().inspectContainer(name);
    expect(inspected.Config?.Labels).toEqual({ team: 'hublint', empty: '' });
    expect(inspected.Config?.Entrypoint).toEqual(['sh']);
    expect((inspected.HostConfig as { NetworkMode?: string }).NetworkMode).toBe('none');
    await testClient().removeContainer(name, { force: true });
  });

  it('runs in the background with -d and --rm: prints the id, the daemon removes it when it exits', async () => {
    const io = capture();
    expect(await engineRun(image(), ['sh', '-c', 'exit 0'], { ...base(), detach: true }, io)).toBe(0);
    const id = io.out().trim();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    await testClient().waitContainer(id, { condition: 'removed' }).catch(() => undefined);
    expect(await testClient().listContainers({ all: true, filters: { id: [id] } })).toEqual([]);
  });

  it('hands every word after IMAGE to the container, options included', async () => {
    const child = cli(['--rm', image(), 'sh', '-c', 'echo "$@"', 'sh', '--rm', '-e', 'X=1', '--debug']);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    expect(await child.exited).toBe(0);
    expect(out).toBe('--rm -e X=1 --debug\n');
  });
});
