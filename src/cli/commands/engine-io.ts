/** The streams, environment and signals an `engine` command works with (tests pass their own). */
export interface EngineIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Read by `engine run -i`; default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Print stacks and one line per request to stderr. */
  debug?: boolean;
  /**
   * `engine run`: where the signals to forward come from. Installs `forward` and answers
   * the function that uninstalls it; the CLI hands process signals over.
   */
  signals?: (forward: (sig: NodeJS.Signals) => void) => () => void;
  /**
   * `engine run`: ends the process at once (the third SIGINT/SIGTERM, as docker's os.Exit).
   * Without it the run answers the code and leaves the container as it is.
   */
  exit?: (code: number) => void;
}

/** The daemon's words are data: shown at most 200 characters long (escaped by the caller). */
export function daemonString(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
