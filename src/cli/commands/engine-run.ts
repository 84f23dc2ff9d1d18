import { lstat, writeFile } from 'node:fs/promises';
import { UsageError } from '../../core/errors.js';
import {
  ContainerStartError,
  DockerApiError,
  createContainerPulling,
  type AttachedStream,
  type DockerEngineClient,
  type PullPolicy,
  type PullProgress,
  type RegisteredWait,
  type RunContainerOptions,
} from '../../engine/index.js';
import { emit, emitLine } from '../emit.js';
import { daemonString, type EngineIo } from './engine-io.js';
import { createConfigOf, type RunFlags } from './run-config.js';
import { DEFAULT_DETACH_KEYS, DetachWatcher, parseDetachKeys } from './detach-keys.js';
import { fitToApiVersion, needsApiVersion, needsDaemonOs, refuseForDaemonOs } from './run-options.js';
import { nodeChildProcess } from '../../runtime/builtins.js';
import { CONFIG_DIR_IN_CONTAINER, apiSocketCredentials, copyCredentialsIn } from './api-socket.js';

/**
 * `hublint engine run`: `docker run` on the Engine client. The container's streams are
 * attached (hijacked connection) and a `next-exit` wait registered before it starts, so
 * output is copied as it is written, byte for byte, whatever the log driver; the exit code
 * is the container's, or 125 / 126 / 127 as docker's. Signals are forwarded to the
 * container, not obeyed; `--rm` removes it however the run ends.
 */

export interface EngineRunOptions extends RunFlags {
  host?: string;
  api?: string;
  pull?: string;
  name?: string;
  platform?: string;
  /** `--detach-keys`: the sequence that detaches from an -it container (default Ctrl-P Ctrl-Q). */
  detachKeys?: string;
  /** `-q`: no pull output. */
  quiet?: boolean;
  /** `--cidfile`: where the container id is written (the file must not exist). */
  cidfile?: string;
  /** `--sig-proxy=false`: signals are not forwarded to the container. */
  sigProxy?: boolean;
  /** `--disable-content-trust=false` asks for signature verification, which hublint refuses. */
  disableContentTrust?: boolean;
  /** `--use-api-socket`: the daemon's unix socket mounted in the container. */
  useApiSocket?: boolean;
}

export interface RunIo extends EngineIo {
  /** Reports an error as one line (and hint); answers nothing. */
  report: (error: unknown) => void;
}

/** docker run's own failures: usage, daemon, hublint (cli/command/container/run.go). */
export const RUN_FAILURE_EXIT = 125;
const CANNOT_INVOKE_EXIT = 126;
/** `-it` without a terminal on stdin: the docker CLI's own exit code for it. */
const NOT_A_TTY_EXIT = 1;
const NOT_FOUND_EXIT = 127;
/** What a shell reports for a process stopped by the signal, when the container never started. */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
/** The SIGINT/SIGTERM that makes hublint leave without waiting for the container, as docker. */
const FORCE_AFTER = 3;
/** As large as a pipe's capacity on Linux allows to fill in one write, and as Node's own reads. */
const READ_BUFFER_SIZE = 64 * 1024;

type Tty = NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
type TtyIn = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export async function engineRunWith(client: DockerEngineClient, image: string, args: string[], options: EngineRunOptions, io: RunIo): Promise<number> {
  const pull = options.pull ?? 'missing';
  if (pull !== 'missing' && pull !== 'always' && pull !== 'never') {
    io.report(new UsageError(`--pull must be missing, always or never, not "${pull}"`));
    return RUN_FAILURE_EXIT;
  }
  // docker refuses both before it asks the daemon anything (cli/command/container/run.go).
  if (image === '') {
    io.report(new UsageError('invalid reference format: the image name is empty'));
    return RUN_FAILURE_EXIT;
  }
  const stdin = (io.stdin ?? process.stdin) as TtyIn;
  const attachesStdin = options.interactive === true || (options.attach ?? []).some((stream) => stream.toLowerCase() === 'stdin');
  if (options.tty && attachesStdin && !options.detach && stdin.isTTY !== true) {
    io.report(new UsageError('the input device is not a TTY'));
    return NOT_A_TTY_EXIT;
  }
  if (options.disableContentTrust === false) {
    // docker's =false verifies signed images through a Notary server; hublint has no Notary client.
    io.report(new UsageError('--disable-content-trust=false: content trust (image signature verification) is not supported by hublint'));
    return RUN_FAILURE_EXIT;
  }
  if (options.detachKeys !== undefined) {
    try {
      parseDetachKeys(options.detachKeys);
    } catch (error) {
      io.report(error);
      return RUN_FAILURE_EXIT;
    }
  }
  // Aborts what is in flight (pull, create, the wait) when the run ends early.
  const controller = new AbortController();
  const outer = io.signal;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = controller.signal;

  let id: string | undefined;
  let started = false;
  /** The run ended with the container still running on purpose (a closed stdout): --rm leaves it to the daemon. */
  let leftRunning = false;
  let interruptedBy: NodeJS.Signals | undefined;
  let terminations = 0;
  let forced = false;
  const forward = (sig: NodeJS.Signals): void => {
    if ((sig === 'SIGINT' || sig === 'SIGTERM') && ++terminations >= FORCE_AFTER) {
      // docker's way out of a container that ignores them (cmd/docker/docker.go): leave
      // at once, container and all, exit 1.
      emitLine(io.stderr, `got ${FORCE_AFTER} SIGTERM/SIGINTs, forcefully exiting`);
      forced = true;
      io.exit?.(1);
      controller.abort(new Error('forcefully exiting'));
      return;
    }
    if (options.sigProxy === false) {
      // --sig-proxy=false: nothing reaches the container. As docker's process: the first
      // SIGINT/SIGTERM only ends its wait for the context, the next one (or any other
      // signal that ends a Go program) ends hublint; the container goes on.
      if ((sig === 'SIGINT' || sig === 'SIGTERM') && terminations < 2) return;
      interruptedBy = sig;
      leftRunning = true;
      controller.abort(new Error(`interrupted (${sig})`));
      return;
    }
    if (id === undefined || !started) {
      // Nothing runs yet: a termination signal stops hublint's own work, as it would stop
      // docker's; the others wait for a container to go to.
      if (SIGNAL_EXIT[sig] === undefined) return;
      interruptedBy ??= sig;
      controller.abort(new Error(`interrupted (${sig})`));
      return;
    }
    // Like `docker run --sig-proxy`: the container decides what the signal means.
    client.killContainer(id, sig).catch((error: unknown) => debug(io, `forwarding ${sig}: ${(error as Error).message}`));
  };
  const giveBack = io.signals?.(forward);

  try {
    const flags = { ...options, detach: options.detach === true };
    const endpoint = options.useApiSocket === true ? await client.endpoint() : undefined;
    const config = await createConfigOf(flags, { env: io.env ?? process.env, socketPath: endpoint?.kind === 'unix' ? endpoint.socketPath : undefined });
    if (needsApiVersion(flags)) fitToApiVersion(flags, config, await client.apiVersion({ signal }));
    if (needsDaemonOs(flags)) refuseForDaemonOs(flags, (await client.ping({ signal })).osType);
    // --use-api-socket: credentials resolved before anything is created, as docker does.
    const socketCredentials = options.useApiSocket === true && !(config.Env ?? []).some((item) => item.startsWith('DOCKER_CONFIG=')) ? await apiSocketCredentials(io.env ?? process.env) : {};
    if (Object.keys(socketCredentials).length > 0) config.Env = [...(config.Env ?? []), `DOCKER_CONFIG=${CONFIG_DIR_IN_CONTAINER}`];
    const tty = options.tty === true;
    const runOptions: RunContainerOptions = {
      image,
      cmd: args.length > 0 ? args : undefined,
      tty,
      name: options.name,
      platform: options.platform,
      pull: pull as PullPolicy,
      signal,
      config,
      onMissingImage: (name) => {
        if (!options.quiet) emitLine(io.stderr, `Unable to find image '${name}' locally`);
      },
      onPullProgress: (message: PullProgress) => {
        // Layer byte counts would flood the terminal; phase changes are enough.
        if (!options.quiet && message.status !== undefined && message.progressDetail?.total === undefined) {
          emitLine(io.stderr, daemonString(`${message.id ? `${message.id}: ` : ''}${message.status}`));
        }
      },
      removeIfStartFails: options.rm === true,
    };

    // docker refuses a cidfile that exists before it creates anything (a stale one may
    // belong to a container still running).
    if (options.cidfile !== undefined && (await pathExists(options.cidfile))) {
      throw new UsageError(`container ID file found, make sure the other container isn't running or delete ${options.cidfile}`);
    }
    const created = await createContainerPulling(client, runOptions);
    id = created.id;
    if (options.cidfile !== undefined) await writeCidFile(options.cidfile, id);
    if (Object.keys(socketCredentials).length > 0) await copyCredentialsIn(client, id, socketCredentials, signal);
    for (const warning of created.warnings) emitLine(io.stderr, `WARNING: ${daemonString(warning)}`);
    if (options.detach) {
      // As docker: the id is printed once the container exists, so that a start that fails
      // (then 126/127) still names what it left behind.
      emit(io.stdout, `${daemonString(id)}\n`);
      try {
        await startContainer(client, id, signal);
      } catch (error) {
        if (options.rm) await removeQuietly(client, id, io);
        throw error;
      }
      return 0;
    }
    return await attachAndRun(
      client,
      id,
      { ...options, interactive: config.AttachStdin === true, attachOut: config.AttachStdout === true, attachErr: config.AttachStderr === true },
      io,
      signal,
      () => {
        started = true;
      },
      () => {
        leftRunning = true;
      },
    );
  } catch (error) {
    if (forced) {
      leftRunning = true;
      return 1;
    }
    if (interruptedBy !== undefined) {
      emitLine(io.stderr, `hublint: interrupted (${interruptedBy})`);
      return SIGNAL_EXIT[interruptedBy] ?? RUN_FAILURE_EXIT;
    }
    io.report(error);
    if (error instanceof ContainerStartError && error.reason === 'not-found') return NOT_FOUND_EXIT;
    if (error instanceof ContainerStartError && error.reason === 'not-executable') return CANNOT_INVOKE_EXIT;
    return RUN_FAILURE_EXIT;
  } finally {
    giveBack?.();
    outer?.removeEventListener('abort', onOuterAbort);
    controller.abort(new Error('engine run finished'));
    // --rm in every case: the daemon's AutoRemove covers a normal end; this covers the rest
    // (a start that failed, hublint's own error). A container already gone is fine.
    if (options.rm && id !== undefined && !options.detach && !leftRunning) await removeQuietly(client, id, io);
  }
}

/** attach → wait (registered) → start → copy until the streams end → the exit status. */
async function attachAndRun(
  client: DockerEngineClient,
  id: string,
  options: EngineRunOptions & { attachOut: boolean; attachErr: boolean },
  io: RunIo,
  signal: AbortSignal,
  onStarted: () => void,
  onLeftRunning: () => void,
): Promise<number> {
  const tty = options.tty === true;
  const interactive = options.interactive === true;
  // One read buffer for the whole run: the output leaves it before the next read (Sink).
  const readBuffer = Buffer.allocUnsafe(READ_BUFFER_SIZE);
  // -it: the detach keys are watched here (and given to the daemon, which would otherwise
  // act on its default ones itself).
  const detachKeys = tty && interactive ? (options.detachKeys ?? DEFAULT_DETACH_KEYS) : undefined;
  const attached = await client.attachContainer(id, { stdin: interactive, stdout: options.attachOut, stderr: options.attachErr, tty, signal, readBuffer, detachKeys });
  let wait: RegisteredWait;
  try {
    // With --rm the daemon removes the container once it exits: wait for that (as docker does).
    wait = await client.registerWait(id, { condition: options.rm ? 'removed' : 'next-exit', signal });
    await startContainer(client, id, signal);
  } catch (error) {
    attached.close();
    throw error;
  }
  onStarted();

  const stdout = new Sink(io.stdout);
  const stderr = tty ? stdout : new Sink(io.stderr);
  const cleanups: (() => void)[] = [];
  try {
    if (tty) await followTerminalSize(client, id, io.stdout as Tty, cleanups, io);
    let detached = false;
    const watcher = detachKeys === undefined ? undefined : new DetachWatcher(parseDetachKeys(detachKeys));
    const onDetach = (): void => {
      detached = true;
      attached.close();
    };
    if (interactive) void pumpStdin((io.stdin ?? process.stdin) as TtyIn, attached, tty, cleanups, io, watcher, onDetach);
    const copied = await copyOutput(attached, stdout, stderr);
    if (detached) {
      // As docker: exit 0 and leave the container running (--rm: the daemon removes it later).
      onLeftRunning();
      return 0;
    }
    if (copied === 'closed') {
      // The reader went away (`| head -1`). As docker: say so, exit 1, and leave the
      // container running (killing it could lose work it does besides printing); the
      // daemon's AutoRemove still removes it once it exits with --rm.
      emitLine(io.stderr, `hublint: write to stdout failed (${stdout.error?.code ?? 'EPIPE'}); container ${daemonString(id).slice(0, 12)} goes on running`);
      onLeftRunning();
      return 1;
    }
    const status = await wait.result;
    const failure = status.Error?.Message;
    if (failure !== undefined && failure !== null && failure !== '') {
      io.report(new DockerApiError({ status: 200, daemonMessage: failure, method: 'POST', path: `/containers/${id}/wait` }));
      return RUN_FAILURE_EXIT;
    }
    return status.StatusCode;
  } finally {
    for (const cleanup of cleanups.reverse()) cleanup();
    attached.close();
  }
}

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** `--cidfile`: the id, once the container exists; `wx`: a file made meanwhile is not overwritten. */
async function writeCidFile(path: string, id: string): Promise<void> {
  try {
    await writeFile(path, id, { flag: 'wx' });
  } catch (error) {
    throw new UsageError(`--cidfile: cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Starts the container; the daemon's refusal is a ContainerStartError (126/127/125). */
async function startContainer(client: DockerEngineClient, id: string, signal: AbortSignal): Promise<void> {
  try {
    await client.startContainer(id, { signal });
  } catch (error) {
    throw error instanceof DockerApiError ? new ContainerStartError(error) : error;
  }
}

/**
 * Copies the container's output as it arrives (its own bytes, unchanged, as `docker run`
 * does): the pieces of one socket read that go to one stream leave in one corked batch.
 * Answers 'closed' when our own stdout went away.
 */
async function copyOutput(attached: AttachedStream, stdout: Sink, stderr: Sink): Promise<'done' | 'closed'> {
  for await (const runs of attached.output) {
    let start = 0;
    while (start < runs.length) {
      let end = start + 1;
      while (end < runs.length && runs[end].stream === runs[start].stream) end++;
      const sink = runs[start].stream === 'stderr' ? stderr : stdout;
      if (!(await sink.write(runs.slice(start, end).map((run) => run.data)))) return sink === stdout ? 'closed' : 'done';
      start = end;
    }
  }
  return 'done';
}

/** Feeds -i input to the container and half-closes at its end (EOF in the container). */
function pumpStdin(
  stdin: TtyIn,
  attached: AttachedStream,
  tty: boolean,
  cleanups: (() => void)[],
  io: RunIo,
  watcher: DetachWatcher | undefined,
  onDetach: () => void,
): Promise<void> {
  // A terminal in raw mode hands every key (Ctrl-C included) to the container's TTY.
  if (tty && stdin.isTTY && stdin.setRawMode) {
    stdin.setRawMode(true);
    cleanups.push(() => stdin.setRawMode?.(false));
    rawOutput(stdin, io);
  }
  let stopped = false;
  const onData = (input: Buffer | string): void => {
    let chunk = typeof input === 'string' ? Buffer.from(input) : input;
    if (watcher) {
      const seen = watcher.feed(chunk);
      if (seen.detached) {
        stopped = true;
        stdin.pause();
        onDetach();
        return;
      }
      chunk = seen.data;
      if (chunk.length === 0) return;
    }
    stdin.pause();
    attached.write(chunk).then(
      () => {
        if (!stopped) stdin.resume();
      },
      (error: unknown) => debug(io, `stdin: ${(error as Error).message}`),
    );
  };
  const done = new Promise<void>((resolve) => {
    const onEnd = (): void => {
      attached.end();
      resolve();
    };
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.once('error', onEnd);
    cleanups.push(() => {
      stopped = true;
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onEnd);
      // Whatever is left unread belongs to nobody now; let hublint exit.
      stdin.pause();
      resolve();
    });
  });
  stdin.resume();
  return done;
}

/**
 * Node's raw mode (libuv's) keeps the terminal's output processing on, so the container's
 * own CRLF became CR CR LF; docker's raw mode turns it off (moby/term MakeRaw clears OPOST).
 * Node has no termios call: stty does it on the same terminal. Raw mode's end restores the
 * terminal's settings as they were before it, this one included.
 */
function rawOutput(stdin: TtyIn, io: RunIo): void {
  const fd = (stdin as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return;
  const result = nodeChildProcess().spawnSync('stty', ['-opost'], { stdio: [fd, 'ignore', 'ignore'] });
  if (result.status !== 0) debug(io, `stty -opost: ${result.error?.message ?? `exit ${result.status}`}`);
}

/** -t: the container's TTY gets our terminal's size now and on each resize (SIGWINCH). */
async function followTerminalSize(client: DockerEngineClient, id: string, out: Tty, cleanups: (() => void)[], io: RunIo): Promise<void> {
  if (!out.isTTY || !out.columns || !out.rows) return;
  const resize = (): Promise<void> =>
    client
      .resizeContainer(id, { rows: out.rows ?? 24, columns: out.columns ?? 80 })
      .catch((error: unknown) => debug(io, `resize: ${(error as Error).message}`));
  await resize();
  const onResize = (): void => void resize();
  out.on('resize', onResize);
  cleanups.push(() => out.off('resize', onResize));
}

async function removeQuietly(client: DockerEngineClient, id: string, io: RunIo): Promise<void> {
  try {
    await client.removeContainer(id, { force: true });
  } catch (error) {
    // 404: the daemon's AutoRemove was first; 409: its removal is under way.
    if (error instanceof DockerApiError && (error.status === 404 || error.status === 409)) return;
    io.report(error);
  }
}

function debug(io: RunIo, line: string): void {
  if (io.debug) emitLine(io.stderr, `debug: ${line}`);
}

/**
 * A writable with backpressure that never hangs: a write resolves once the stream takes
 * more (drain), and answers false once the stream has failed (EPIPE) or closed.
 *
 * The pieces are views into the attach stream's one read buffer, which the next read
 * overwrites. A stream on a file descriptor (our stdout, stderr) is written as is and the
 * write resolves only once the bytes have left the process (on Linux pipes, files and
 * terminals take them at once); any other stream gets copies, since it may keep them.
 */
class Sink {
  error?: NodeJS.ErrnoException;
  readonly #stream: NodeJS.WritableStream;
  readonly #direct: boolean;
  #wake?: () => void;

  constructor(stream: NodeJS.WritableStream) {
    this.#stream = stream;
    this.#direct = typeof (stream as { fd?: unknown }).fd === 'number';
    stream.on('error', (error: NodeJS.ErrnoException) => this.#fail(error));
  }

  #fail(error: NodeJS.ErrnoException): void {
    this.error ??= error;
    this.#wake?.();
  }

  /** Writes the pieces as one batch (one writev where the stream can). */
  async write(pieces: Buffer[]): Promise<boolean> {
    if (this.error) return false;
    const stream = this.#stream as NodeJS.WritableStream & { cork?: () => void; uncork?: () => void };
    const onError = (error?: Error | null): void => {
      if (error) this.#fail(error as NodeJS.ErrnoException);
    };
    let ok = true;
    let flushed: Promise<void> | undefined;
    stream.cork?.();
    for (const [i, data] of pieces.entries()) {
      if (!this.#direct) {
        ok = this.#stream.write(Buffer.from(data), onError);
      } else if (i < pieces.length - 1) {
        ok = this.#stream.write(data, onError);
      } else {
        flushed = new Promise<void>((resolve) => {
          ok = this.#stream.write(data, (error?: Error | null) => {
            onError(error);
            resolve();
          });
        });
      }
    }
    stream.uncork?.();
    // Still queued in the stream: it holds views into the read buffer until written.
    if (flushed && (stream as { writableLength?: number }).writableLength) {
      await flushed;
      // All written: nothing to wait for ('drain', if any, came before the callback).
      ok = true;
    }
    if (!ok && !this.error) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.#wake = undefined;
          this.#stream.off('drain', done);
          this.#stream.off('close', done);
          resolve();
        };
        this.#wake = done;
        this.#stream.on('drain', done);
        this.#stream.on('close', done);
      });
    }
    return this.error === undefined;
  }
}
