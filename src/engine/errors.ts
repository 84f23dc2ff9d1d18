import { redact } from '../core/redact.js';

/**
 * The Engine client's errors. The client is a library of its own (it imports nothing from
 * the rest of hublint), so these extend Error, not hublint's HublintError: an application
 * that uses the client decides what an error means for its exit code; hublint's CLI maps
 * them in src/cli/engine-errors.ts.
 */

/**
 * Base of every error the Engine client throws on purpose: one line, plus a hint when there
 * is one. The message and hint are masked (hublint's one redaction module, a leaf that
 * imports nothing): a daemon's text may echo a registry password or a token.
 */
export class EngineError extends Error {
  // Each class names itself (an application may check `name`; bundlers shorten class names).
  override name = 'EngineError';
  /** What the user can do about it, one line; undefined when there is nothing to add. */
  readonly hint?: string;
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(redact(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint === undefined ? undefined : redact(options.hint);
  }
}

/**
 * The daemon's words before redaction, for deciding what an answer means (a start error's
 * 126/127): masking may take part of them for a secret. Kept out of the error object itself,
 * so that nothing enumerates, logs or prints them.
 */
const unmasked = new WeakMap<DockerApiError, string>();

/** How much of a daemon's (or registry's) own text a message shows (SECURITY.md). */
export const DAEMON_TEXT_LIMIT = 200;

/**
 * The daemon's words as a message shows them: masked first (a cut could leave half a
 * secret that no pattern knows any more), then cut to DAEMON_TEXT_LIMIT characters.
 */
function shownDaemonText(text: string): string {
  const masked = redact(text);
  return masked.length > DAEMON_TEXT_LIMIT ? `${masked.slice(0, DAEMON_TEXT_LIMIT)}…` : masked;
}

/** The daemon answered with a status the operation does not expect. */
export class DockerApiError extends EngineError {
  override name = 'DockerApiError';
  readonly status: number;
  /** The daemon's own words: JSON `message`, or the plain-text body. */
  readonly daemonMessage: string;
  readonly method: string;
  readonly path: string;
  constructor(
    init: { status: number; daemonMessage: string; method: string; path: string },
    options: { hint?: string; message?: string } = {},
  ) {
    const said = init.daemonMessage === '' ? '(no message)' : shownDaemonText(init.daemonMessage);
    super(options.message ?? `Docker daemon answered ${init.status} to ${init.method} ${init.path}: ${said}`, {
      hint: options.hint,
    });
    this.status = init.status;
    this.daemonMessage = redact(init.daemonMessage);
    this.method = init.method;
    this.path = init.path;
    unmasked.set(this, unmasked.get(init as DockerApiError) ?? init.daemonMessage);
  }
}

/**
 * The daemon refused the API version in the path. Old daemons (20.10) say "too old" in
 * plain text and "too new" in JSON; both end up here with the numbers parsed out.
 */
export class ApiVersionRejectedError extends DockerApiError {
  override name = 'ApiVersionRejectedError';
  readonly requestedVersion: string;
  readonly direction: 'too-old' | 'too-new';
  /** The daemon's minimum (too old) or maximum (too new). */
  readonly daemonLimit: string;
  constructor(
    init: { status: number; daemonMessage: string; method: string; path: string },
    requested: string,
    direction: 'too-old' | 'too-new',
    limit: string,
  ) {
    const message =
      direction === 'too-new'
        ? `The Docker daemon rejected API version ${requested}: it is too new. The newest version this daemon accepts is ${limit}.`
        : `The Docker daemon rejected API version ${requested}: it is too old. The oldest version this daemon accepts is ${limit}.`;
    super(init, {
      message,
      hint: 'Drop the pinned version (DOCKER_API_VERSION or --api) so that hublint negotiates one, or pin a version the daemon accepts.',
    });
    this.requestedVersion = requested;
    this.direction = direction;
    this.daemonLimit = limit;
  }
}

/** The registry refused a pull for lack of (valid) credentials. */
export class RegistryAuthError extends DockerApiError {
  override name = 'RegistryAuthError';
  readonly image: string;
  readonly registry: string;
  readonly hadCredentials: boolean;
  constructor(image: string, registry: string, cause: DockerApiError, hadCredentials: boolean) {
    const why = hadCredentials ? 'the credentials sent were refused' : 'no credentials were sent and it requires them';
    super(cause, {
      message: `Pulling ${image} failed: registry ${registry} refused access (${why}). Daemon said: ${shownDaemonText(cause.daemonMessage)}`,
      hint: hadCredentials
        ? `Check the user name and password for ${registry}.`
        : `Log in with \`docker login ${registry}\`, or pass credentials to the client.`,
    });
    this.image = image;
    this.registry = registry;
    this.hadCredentials = hadCredentials;
  }
}

/**
 * A pull whose progress stream carried an `error` message, broke off, or ended while
 * layers were still in flight. `cause` holds the connection error when there was one.
 */
export class PullError extends EngineError {
  override name = 'PullError';
  readonly image: string;
  readonly lastProgress?: string;
  constructor(image: string, daemonMessage: string, lastProgress?: string, options: { cause?: unknown } = {}) {
    const after = lastProgress === undefined ? '' : ` (last progress: ${shownDaemonText(lastProgress)})`;
    super(`Pulling ${image} failed: ${shownDaemonText(daemonMessage)}${after}`, { cause: options.cause });
    this.image = image;
    this.lastProgress = lastProgress;
  }
}

/** The socket or TCP endpoint could not be reached, or the connection broke. */
export class EngineConnectionError extends EngineError {
  override name = 'EngineConnectionError';
  /** Node's error code (ECONNREFUSED, ENOENT, EACCES, ECONNRESET, …) when there is one. */
  readonly code?: string;
  /** `unix:///path` or `tcp://host:port`. */
  readonly endpoint: string;
  constructor(message: string, endpoint: string, options: { code?: string; hint?: string; cause?: unknown } = {}) {
    super(message, { hint: options.hint, cause: options.cause });
    this.code = options.code;
    this.endpoint = endpoint;
  }
}

/**
 * Connecting took too long, a plain request stayed silent too long (`idle`), or its whole
 * exchange took longer than its deadline (`deadline`: a daemon that trickles bytes).
 */
export class EngineTimeoutError extends EngineError {
  override name = 'EngineTimeoutError';
  readonly phase: 'connect' | 'idle' | 'deadline';
  readonly timeoutMs: number;
  constructor(message: string, phase: 'connect' | 'idle' | 'deadline', timeoutMs: number) {
    super(message);
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}

/** The daemon's bytes do not follow the format the API promises (log frames, JSON lines). */
export class EngineProtocolError extends EngineError {
  override name = 'EngineProtocolError';
}

/** A host the client cannot talk to (ssh://, npipe://, fd://, unknown schemes). */
export class UnsupportedHostError extends EngineError {
  override name = 'UnsupportedHostError';
  constructor(host: string, why: string) {
    super(`Docker host "${host}" is not supported: ${why}`, {
      hint: 'Use a unix:// socket or tcp:// address (for SSH, forward the socket: ssh -L /tmp/docker.sock:/var/run/docker.sock HOST).',
    });
  }
}

/** A setting (host, version, config file, context) is malformed. */
export class EngineConfigError extends EngineError {
  override name = 'EngineConfigError';
}

/** Registry credentials could not be looked up (helper missing, helper failed). */
export class RegistryCredentialsError extends EngineError {
  override name = 'RegistryCredentialsError';
}

/**
 * `docker run`'s own failure classes, for a caller that maps them to exit codes as the
 * docker CLI does (125 / 126 / 127): the daemon could not start the command.
 */
export class ContainerStartError extends DockerApiError {
  override name = 'ContainerStartError';
  /** `not-found` (127): no such executable; `not-executable` (126): permission denied or a folder. */
  readonly reason: 'not-found' | 'not-executable' | 'other';
  constructor(cause: DockerApiError) {
    super(cause, { message: cause.message });
    // Decided on the daemon's own text: the masked one may have lost the words that tell
    // (`exec: "pwd": *** file not found`). The docker CLI decides from the text the same
    // way (cli/command/container/run.go).
    const said = unmasked.get(cause) ?? cause.daemonMessage;
    this.reason = /executable file not found|no such file or directory|cannot find the file specified/i.test(said)
      ? 'not-found'
      : /permission denied|is a directory/i.test(said)
        ? 'not-executable'
        : 'other';
  }
}

/**
 * A push whose progress stream carried an `error` message (the registry's refusal comes
 * so, inside a 200 answer) or ended before the registry named the pushed digest.
 */
export class PushError extends EngineError {
  override name = 'PushError';
  readonly image: string;
  readonly lastProgress?: string;
  /** The registry refused access: no credentials, or wrong ones. */
  readonly authFailure: boolean;
  constructor(image: string, daemonMessage: string, lastProgress: string | undefined, authFailure: boolean) {
    const after = lastProgress === undefined ? '' : ` (last progress: ${shownDaemonText(lastProgress)})`;
    super(`Pushing ${image} failed: ${shownDaemonText(daemonMessage)}${after}`, {
      hint: authFailure ? 'Log in to the registry (`docker login`), or pass credentials to the client.' : undefined,
    });
    this.image = image;
    this.lastProgress = lastProgress;
    this.authFailure = authFailure;
  }
}
