import { Option, type Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { escapeControls } from '../../core/printable.js';
import { DockerEngineClient, negotiateApiVersion } from '../../engine/index.js';
import { emitLine, printable } from '../emit.js';
import { cliExitCode, isKnownError } from '../engine-errors.js';
import { ChosenExitError } from '../errors.js';
import { handOverSignals } from '../signals.js';
import { daemonString, type EngineIo } from './engine-io.js';
import { RUN_FAILURE_EXIT, engineRunWith, type EngineRunOptions } from './engine-run.js';
import { HIDDEN_ALIASES, RUN_OPTIONS } from './run-options.js';

/**
 * `hublint engine version` and `hublint engine run`: a thin edge over src/engine. The
 * command functions take their streams and environment as arguments, so tests run
 * them in-process; the commander actions only set process.exitCode.
 */

export interface EngineVersionOptions {
  host?: string;
  api?: string;
  format?: string;
}

export type { EngineIo, EngineRunOptions };
export { daemonString };
export { RUN_FAILURE_EXIT };

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

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
    .description("print the daemon's Engine version, ApiVersion, MinAPIVersion and the API version hublint uses (negotiated, or pinned)")
    .option('-H, --host <host>', 'daemon address (overrides the engine-level --host)')
    .option('--api <version>', 'pin the API version instead of negotiating (also DOCKER_API_VERSION)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: EngineVersionOptions, command: Command) => {
      const io = defaultIo(command);
      process.exitCode = await engineVersion({ ...options, host: options.host ?? hostOf(command) }, io);
    });

  const run = engine
    .command('run')
    .description('run a command in a new container, as `docker run`: options before IMAGE, the command after it')
    .usage('[options] IMAGE [COMMAND] [ARG...]')
    .argument('<image>', 'image to run')
    .argument('[command...]', 'command and arguments for the container (options included)')
    .option('-H, --host <host>', 'daemon address (overrides the engine-level --host)')
    .option('--api <version>', 'pin the API version instead of negotiating (also DOCKER_API_VERSION)');
  addRunOptions(run);
  run
    .passThroughOptions()
    // docker's usage errors exit 125 (the daemon's and the client's own failures), not 2;
    // but a missing IMAGE is 1 there ("'docker run' requires at least 1 argument").
    .exitOverride((error) => {
      const code = error.exitCode === 0 ? 0 : error.code === 'commander.missingArgument' ? 1 : RUN_FAILURE_EXIT;
      throw new ChosenExitError(code, error.code, error.message);
    })
    .action(async (image: string, args: string[], options: EngineRunOptions, command: Command) => {
      const io: EngineIo = { ...defaultIo(command), stdin: process.stdin, signals: processSignals, exit: (code) => process.exit(code) };
      process.exitCode = await engineRun(image, args, { ...options, host: options.host ?? hostOf(command) }, io);
    });
}

/**
 * `docker run`'s options from the table (run-options.ts). As docker, `-h` is --hostname and
 * help is `--help` alone. A switch also takes docker's `--flag=true|false` (pflag's form):
 * `=false` becomes the switch's hidden `--no-flag`.
 */
export function addRunOptions(run: Command): void {
  for (const row of RUN_OPTIONS) {
    if (row.flag === '--help') {
      run.helpOption(row.flag, row.description);
      continue;
    }
    const flags = `${row.short ? `${row.short}, ` : ''}${row.flag}${row.value ? ` ${row.value}` : ''}`;
    const option = new Option(flags, row.description);
    if (row.repeatable) option.argParser(collect);
    if (row.defaultValue !== undefined) option.default(row.defaultValue);
    run.addOption(option);
    if (row.value === undefined && !row.flag.startsWith('--no-')) run.addOption(new Option(`--no-${row.flag.slice(2)}`).hideHelp());
  }
  const switches = new Map(RUN_OPTIONS.filter((row) => row.value === undefined && row.flag !== '--help').flatMap((row) => [[row.flag, row], ...(row.short ? [[row.short, row] as const] : [])]));
  const valued = new Set(RUN_OPTIONS.filter((row) => row.value !== undefined).flatMap((row) => [row.flag, row.short]).concat(['-H', '--host', '--api']));
  const parseOptions = run.parseOptions.bind(run);
  run.parseOptions = (argv: string[]) => parseOptions(switchValues(argv, switches, valued));
}

/**
 * `--rm=false` → `--no-rm`, `--sig-proxy=true` → `--sig-proxy`, and docker's hidden names
 * (`--net`) → theirs, up to the image (the first operand).
 */
function switchValues(argv: string[], switches: Map<string, { flag: string }>, valued: Set<string | undefined>): string[] {
  const out = [...argv];
  for (let i = 0; i < out.length; i++) {
    const [name, rest] = out[i].includes('=') ? [out[i].slice(0, out[i].indexOf('=')), out[i].slice(out[i].indexOf('='))] : [out[i], ''];
    if (HIDDEN_ALIASES[name] !== undefined) out[i] = `${HIDDEN_ALIASES[name]}${rest}`;
    const word = out[i];
    if (word === '--' || !word.startsWith('-')) break;
    if (valued.has(word)) {
      i++;
      continue;
    }
    const eq = word.indexOf('=');
    const row = eq === -1 ? undefined : switches.get(word.slice(0, eq));
    if (row === undefined) continue;
    const value = word.slice(eq + 1);
    if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) out[i] = row.flag;
    else if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) {
      // `--no-healthcheck=false`: not given at all.
      if (row.flag.startsWith('--no-')) out.splice(i--, 1);
      else out[i] = `--no-${row.flag.slice(2)}`;
    }
    // Anything else stays as it is, for commander to refuse as an unknown option (exit 125).
  }
  return out;
}

/**
 * What `docker run` forwards to its container (cli/command/container/signals.go: every
 * signal but SIGCHLD, SIGPIPE and the Go runtime's SIGURG; SIGWINCH resizes instead) that a
 * Node program can catch: not SIGKILL/SIGSTOP (nobody can), SIGSEGV/SIGBUS/SIGFPE/SIGILL
 * (Node reserves them), SIGABRT (Node's own abort) nor SIGPROF (V8's profiler ticks on it).
 */
export const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = [
  'SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGTRAP', 'SIGUSR1', 'SIGUSR2', 'SIGALRM', 'SIGTERM', 'SIGSTKFLT', 'SIGCONT',
  'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGXCPU', 'SIGXFSZ', 'SIGVTALRM', 'SIGIO', 'SIGPWR', 'SIGSYS',
];

/**
 * Process signals for `engine run`: while it runs, every signal docker forwards goes to the
 * container instead of stopping hublint (SIGINT/SIGTERM taken over from the global handler;
 * without a listener Node would die of the others).
 */
function processSignals(forward: (sig: NodeJS.Signals) => void): () => void {
  const giveBack = handOverSignals(forward);
  // Without the global handler installed (the library's own CLI tests), take SIGINT/SIGTERM here.
  const own = process.listenerCount('SIGINT') === 0;
  const taken = FORWARDED_SIGNALS.filter((sig) => own || (sig !== 'SIGINT' && sig !== 'SIGTERM'));
  const onSignal = (sig: NodeJS.Signals): void => forward(sig);
  for (const sig of taken) process.on(sig, onSignal);
  return () => {
    giveBack();
    for (const sig of taken) process.off(sig, onSignal);
  };
}

/** Prints the daemon's versions; answers the exit code (0, or 2 for an error). */
export async function engineVersion(options: EngineVersionOptions, io: EngineIo): Promise<number> {
  try {
    const format = options.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
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
        // The version requests use: a pin (--api, DOCKER_API_VERSION) turns negotiation off,
        // so the version negotiation would have chosen is not shown beside it (JSON keeps both).
        report.pinned ? ['API used', `${report.clientApiVersion} (pinned; not negotiated)`] : ['API used', `${report.clientApiVersion} (negotiated)`],
      ];
      await write(io.stdout, printable(rows.map(([key, value]) => `${`${key}:`.padEnd(16)}${escapeControls(daemonString(value))}\n`).join('')));
    }
    return 0;
  } catch (error) {
    return reportError(error, io, undefined);
  }
}

/**
 * `docker run` on the Engine client: the container's status, 125 when hublint or the daemon
 * failed, 126/127 when the command cannot be invoked / is not found; 0 with --detach.
 */
export async function engineRun(image: string, args: string[], options: EngineRunOptions, io: EngineIo): Promise<number> {
  let client: DockerEngineClient;
  try {
    client = makeClient(options, io);
  } catch (error) {
    return reportError(error, io, RUN_FAILURE_EXIT);
  }
  return engineRunWith(client, image, args, options, {
    ...io,
    report: (error) => void reportError(error, io, RUN_FAILURE_EXIT),
  });
}

function makeClient(options: { host?: string; api?: string }, io: EngineIo): DockerEngineClient {
  return new DockerEngineClient({
    host: options.host,
    apiVersion: options.api,
    env: io.env ?? process.env,
    debug: io.debug ? (line) => emitLine(io.stderr, `debug: ${line}`) : undefined,
  });
}

/** One line (and a hint), redacted; a stack only with --debug or for a bug. */
function reportError(error: unknown, io: EngineIo, exitCode: number | undefined): number {
  if (isKnownError(error)) {
    emitLine(io.stderr, `hublint: ${error.message}`);
    if (error.hint !== undefined) emitLine(io.stderr, `hint: ${error.hint}`);
    if (io.debug && error.stack) io.stderr.write(printable(`${error.stack}\n`));
    return exitCode ?? cliExitCode(error);
  }
  if (io.signal?.aborted) {
    emitLine(io.stderr, 'hublint: interrupted');
    return exitCode ?? 130;
  }
  // Anything else is a bug: show the stack so that it can be reported.
  io.stderr.write(printable(`hublint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`));
  return exitCode ?? 2;
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
