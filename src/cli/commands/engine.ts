import type { Command } from 'commander';
import { HublintError } from '../../core/errors.js';
import { escapeControls } from '../../core/printable.js';
import { emitLine, printable } from '../emit.js';
import {
  DockerEngineClient,
  EngineError,
  negotiateApiVersion,
  runContainer,
  runContainerDetached,
  type PullPolicy,
  type PullProgress,
} from '../../engine/index.js';

/**
 * `hublint engine version` and `hublint engine run`: a thin edge over src/engine. The
 * command functions take their streams and environment as arguments, so tests run
 * them in-process; the commander actions only set process.exitCode.
 */

export interface EngineIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Print stacks and one line per request to stderr. */
  debug?: boolean;
}

export interface EngineVersionOptions {
  host?: string;
  api?: string;
  format?: string;
}

export interface EngineRunOptions {
  host?: string;
  api?: string;
  pull?: string;
  rm?: boolean;
  detach?: boolean;
  tty?: boolean;
  name?: string;
}

/** `docker run` reserves 125 for its own failures; the container's status is the rest. */
export const RUN_FAILURE_EXIT = 125;

export function registerEngineCommands(program: Command): void {
  // `engine run IMAGE CMD...` hands everything after IMAGE to the container. Commander
  // allows that only when every ancestor parses its options positionally; otherwise the
  // root takes `--rm`, `-c` and its own flags from the container's command line.
  program.enablePositionalOptions();
  const engine = program
    .command('engine')
    .description('talk to a Docker Engine: show its API versions, run a container')
    .option('-H, --host <host>', 'daemon address (unix:///path, tcp://host:port); default DOCKER_HOST, the Docker context, /var/run/docker.sock')
    .enablePositionalOptions();

  engine
    .command('version')
    .description("print the daemon's Engine version, ApiVersion, MinAPIVersion and the negotiated API version")
    .option('-H, --host <host>', 'daemon address (overrides the engine-level --host)')
    .option('--api <version>', 'pin the API version instead of negotiating (also DOCKER_API_VERSION)')
    .option('--format <format>', 'text or json', 'text')
    .action(async (options: EngineVersionOptions, command: Command) => {
      const io = defaultIo(command);
      process.exitCode = await engineVersion({ ...options, host: options.host ?? hostOf(command) }, io);
    });

  engine
    .command('run')
    .description('pull (when needed), create, start and wait for a container, then print its logs and exit with its status')
    .argument('<image>', 'image to run')
    .argument('[command...]', 'command and arguments for the container (options included)')
    .option('-H, --host <host>', 'daemon address (overrides the engine-level --host)')
    .option('--api <version>', 'pin the API version instead of negotiating (also DOCKER_API_VERSION)')
    .option('--pull <policy>', 'missing, always or never', 'missing')
    .option('--rm', 'remove the container when it has finished')
    .option('-d, --detach', 'start it in the background and print its id')
    .option('-t, --tty', 'allocate a pseudo-TTY (output is not split into stdout and stderr)')
    .option('--name <name>', 'container name')
    .passThroughOptions()
    .action(async (image: string, args: string[], options: EngineRunOptions, command: Command) => {
      const io = defaultIo(command);
      const controller = new AbortController();
      const onSigint = (): void => controller.abort(new EngineError('Interrupted'));
      process.once('SIGINT', onSigint);
      try {
        process.exitCode = await engineRun(image, args, { ...options, host: options.host ?? hostOf(command) }, { ...io, signal: controller.signal });
      } finally {
        process.removeListener('SIGINT', onSigint);
      }
    });
}

/** Prints the daemon's versions; answers the exit code (0, or 2 for an error). */
export async function engineVersion(options: EngineVersionOptions, io: EngineIo): Promise<number> {
  try {
    const format = options.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new HublintError(`--format must be text or json, not "${format}"`);
    const client = makeClient(options, io);
    const { signal } = io;
    const ping = await client.ping({ signal });
    const negotiated = negotiateApiVersion(ping.apiVersion);
    const version = await client.version({ signal });
    const used = await client.apiVersion({ signal });
    const endpoint = await client.endpoint();
    const report = {
      host: endpoint.display,
      engineVersion: version.Version,
      apiVersion: version.ApiVersion,
      minApiVersion: version.MinAPIVersion ?? null,
      negotiatedApiVersion: negotiated,
      clientApiVersion: used,
      pinned: client.pinnedApiVersion !== undefined,
      os: version.Os ?? null,
      arch: version.Arch ?? null,
    };
    if (format === 'json') {
      await write(io.stdout, printable(`${JSON.stringify(report, null, 2)}\n`, 'json'));
    } else {
      const rows: [string, string][] = [
        ['Host', report.host],
        ['Engine version', report.engineVersion],
        ['ApiVersion', report.apiVersion],
        ['MinAPIVersion', report.minApiVersion ?? '(not reported)'],
        ['Negotiated', report.negotiatedApiVersion],
      ];
      if (report.pinned) rows.push(['Pinned (used)', report.clientApiVersion]);
      await write(io.stdout, printable(rows.map(([key, value]) => `${`${key}:`.padEnd(16)}${escapeControls(daemonString(value))}\n`).join('')));
    }
    return 0;
  } catch (error) {
    return reportError(error, io, undefined);
  }
}

/**
 * The typical flow for the CLI. Answers the container's status code, or 125 when
 * hublint itself failed (as `docker run` does); with --detach, 0 after printing the id.
 */
export async function engineRun(image: string, args: string[], options: EngineRunOptions, io: EngineIo): Promise<number> {
  try {
    const pull = options.pull ?? 'missing';
    if (pull !== 'missing' && pull !== 'always' && pull !== 'never') {
      throw new HublintError(`--pull must be missing, always or never, not "${pull}"`);
    }
    const client = makeClient(options, io);
    const { signal } = io;
    const runOptions = {
      image,
      cmd: args.length > 0 ? args : undefined,
      tty: options.tty ?? false,
      name: options.name,
      pull: pull as PullPolicy,
      signal,
      onPullProgress: (message: PullProgress) => {
        // Layer byte counts would flood the terminal; phase changes are enough.
        if (message.status !== undefined && message.progressDetail?.total === undefined) {
          emitLine(io.stderr, daemonString(`${message.id ? `${message.id}: ` : ''}${message.status}`));
        }
      },
      config: options.detach && options.rm ? { HostConfig: { AutoRemove: true } } : undefined,
      removeIfStartFails: options.rm === true,
    };
    if (options.detach) {
      const started = await runContainerDetached(client, runOptions);
      for (const warning of started.warnings) emitLine(io.stderr, `WARNING: ${daemonString(warning)}`);
      await write(io.stdout, printable(`${daemonString(started.id)}\n`));
      return 0;
    }
    const finished = await runContainer(client, runOptions);
    for (const warning of finished.warnings) emitLine(io.stderr, `WARNING: ${daemonString(warning)}`);
    try {
      // The container's own output, byte for byte, as `docker run` prints it.
      for await (const chunk of finished.logs()) {
        await write(chunk.stream === 'stderr' ? io.stderr : io.stdout, chunk.data);
      }
    } finally {
      if (options.rm) await finished.remove();
    }
    return finished.statusCode;
  } catch (error) {
    return reportError(error, io, RUN_FAILURE_EXIT);
  }
}

function makeClient(options: { host?: string; api?: string }, io: EngineIo): DockerEngineClient {
  return new DockerEngineClient({
    host: options.host,
    apiVersion: options.api,
    env: io.env ?? process.env,
    debug: io.debug ? (line) => emitLine(io.stderr, `debug: ${line}`) : undefined,
  });
}

function reportError(error: unknown, io: EngineIo, exitCode: number | undefined): number {
  if (error instanceof HublintError) {
    emitLine(io.stderr, `hublint: ${error.message}`);
    if (error.hint !== undefined) emitLine(io.stderr, `hint: ${error.hint}`);
    if (io.debug && error.stack) io.stderr.write(printable(`${error.stack}\n`));
    return exitCode ?? error.exitCode;
  }
  if (io.signal?.aborted) {
    emitLine(io.stderr, 'hublint: interrupted');
    return exitCode ?? 130;
  }
  // Anything else is a bug: show the stack so that it can be reported.
  io.stderr.write(printable(`hublint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`));
  return exitCode ?? 2;
}

/** The daemon's words are data: shown at most 200 characters long (escaped by the caller). */
export function daemonString(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function write(stream: NodeJS.WritableStream, data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(data, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else stream.once('drain', resolve);
  });
}

function hostOf(command: Command): string | undefined {
  return (command.parent?.opts() as { host?: string } | undefined)?.host;
}

function defaultIo(command: Command): EngineIo {
  const globals = command.optsWithGlobals() as { debug?: boolean };
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, debug: globals.debug === true };
}
