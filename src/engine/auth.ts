import { createRequire } from 'node:module';
import { readDockerConfigFile } from './host.js';
import { EngineConfigError, RegistryCredentialsError } from './errors.js';

/**
 * Registry credentials for a pull, sent in the X-Registry-Auth header (docs/engine-api.md §5). Found
 * either as given, or where the Docker CLI keeps them: `auths[server].auth` (or its
 * `username` and `password`), a
 * `credHelpers[server]` program or the `credsStore` program of `$DOCKER_CONFIG/config.json`.
 * Nothing here ever puts a password into a message.
 */
export interface RegistryAuth {
  username?: string;
  password?: string;
  serveraddress?: string;
  /** An OAuth refresh token, what credential helpers return for user `<token>`. */
  identitytoken?: string;
}

/** Docker Hub's key in config.json and for credential helpers. */
export const DOCKER_HUB_AUTH_KEY = 'https://index.docker.io/v1/';

/**
 * Base64 of the JSON with the URL-safe alphabet and `=` padding: the daemon decodes
 * exactly that and silently pulls without credentials when decoding fails.
 */
export function encodeRegistryAuth(auth: RegistryAuth): string {
  const json = JSON.stringify({
    username: auth.username,
    password: auth.password,
    serveraddress: auth.serveraddress,
    identitytoken: auth.identitytoken,
  });
  return Buffer.from(json, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The key config.json files this registry's credentials under. */
export function authConfigKey(registry: string): string {
  return ['docker.io', 'index.docker.io', 'registry-1.docker.io'].includes(registry) ? DOCKER_HUB_AUTH_KEY : registry;
}

/** `https://host:5000/v1/` → `host:5000`: config.json keys come with and without scheme. */
function hostOfKey(key: string): string {
  return key.replace(/^[a-z]+:\/\//i, '').replace(/\/[^]*$/, '');
}

export interface LookupOptions {
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** Credentials for `registry` from the Docker config, or undefined when it has none. */
export async function lookupRegistryAuth(registry: string, options: LookupOptions = {}): Promise<RegistryAuth | undefined> {
  const env = options.env ?? process.env;
  const config = await readDockerConfigFile(env);
  if (config === undefined) return undefined;
  const key = authConfigKey(registry);
  const wanted = hostOfKey(key);

  const helpers = asRecord(config.credHelpers);
  const helperKey = helpers && Object.keys(helpers).find((k) => k === key || hostOfKey(k) === wanted);
  if (helpers && helperKey !== undefined) {
    return runCredentialHelper(String(helpers[helperKey]), key, env, options.signal);
  }
  if (typeof config.credsStore === 'string' && config.credsStore !== '') {
    const found = await runCredentialHelper(config.credsStore, key, env, options.signal);
    if (found) return found;
  }
  const auths = asRecord(config.auths);
  if (!auths) return undefined;
  const authKey = key in auths ? key : Object.keys(auths).find((k) => hostOfKey(k) === wanted);
  if (authKey === undefined) return undefined;
  return decodeAuthEntry(asRecord(auths[authKey]) ?? {}, authKey);
}

function decodeAuthEntry(entry: Record<string, unknown>, serveraddress: string): RegistryAuth | undefined {
  const result: RegistryAuth = { serveraddress };
  if (typeof entry.auth === 'string' && entry.auth !== '') {
    const plain = Buffer.from(entry.auth, 'base64').toString('utf8');
    const colon = plain.indexOf(':');
    if (colon === -1) {
      throw new EngineConfigError(`The "auth" value for ${serveraddress} in config.json is not base64 of user:password`);
    }
    result.username = plain.slice(0, colon);
    result.password = plain.slice(colon + 1);
  } else if (typeof entry.username === 'string' && entry.username !== '') {
    // The Docker CLI also reads the pair written out (its AuthConfig's own fields) when
    // there is no `auth`, as tools that write config.json by hand do.
    result.username = entry.username;
    result.password = typeof entry.password === 'string' ? entry.password : '';
  }
  if (typeof entry.identitytoken === 'string' && entry.identitytoken !== '') result.identitytoken = entry.identitytoken;
  return result.username !== undefined || result.identitytoken !== undefined ? result : undefined;
}

/** How long a credential helper may take, and how long it gets to exit after SIGTERM. */
export interface HelperLimits {
  timeoutMs?: number;
  graceMs?: number;
}

const HELPER_TIMEOUT_MS = 60_000;
const HELPER_GRACE_MS = 2_000;
const HELPER_OUTPUT_LIMIT = 1024 * 1024;

/**
 * Runs `docker-credential-<name> get` with the server on stdin; it prints
 * `{"ServerURL","Username","Secret"}`. "Not found" means no credentials, not a failure.
 */
export async function runCredentialHelper(
  name: string,
  serverKey: string,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
  limits: HelperLimits = {},
): Promise<RegistryAuth | undefined> {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new EngineConfigError(`Credential helper name "${name}" in config.json is not valid`);
  const program = `docker-credential-${name}`;
  const result = await runHelper(program, serverKey, env, signal, limits);
  if (result.kind === 'missing') {
    throw new RegistryCredentialsError(`Credential helper ${program} is not installed (named in config.json for ${serverKey})`);
  }
  if (result.kind === 'aborted') throw signal?.reason;
  if (result.kind === 'timeout') {
    throw new RegistryCredentialsError(`Credential helper ${program} did not answer within ${result.ms} ms for ${serverKey}; it was killed`);
  }
  if (result.kind === 'too-much') throw new RegistryCredentialsError(`Credential helper ${program} printed more than ${HELPER_OUTPUT_LIMIT} bytes; it was killed`);
  let stdout = result.stdout;
  if (result.code !== 0) {
    // Helpers print "credentials not found in native keychain" on stdout when they hold nothing.
    if (!/credentials not found/i.test(stdout)) {
      const exit = result.code === null ? `killed by ${result.signal}` : `exit code ${result.code}`;
      throw new RegistryCredentialsError(`Credential helper ${program} failed for ${serverKey} (${exit})`);
    }
    stdout = '';
  }
  if (stdout.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new RegistryCredentialsError(`Credential helper ${program} printed something that is not JSON`);
  }
  const record = asRecord(parsed) ?? {};
  const username = typeof record.Username === 'string' ? record.Username : '';
  const secret = typeof record.Secret === 'string' ? record.Secret : '';
  if (username === '' && secret === '') return undefined;
  if (username === '<token>') return { identitytoken: secret, serveraddress: serverKey };
  return { username, password: secret, serveraddress: serverKey };
}

type HelperResult =
  | { kind: 'done'; code: number | null; signal: NodeJS.Signals | null; stdout: string }
  | { kind: 'missing' }
  | { kind: 'aborted' }
  | { kind: 'timeout'; ms: number }
  | { kind: 'too-much' };

/**
 * Runs a helper with a time limit. A helper that ignores SIGTERM gets SIGKILL after the
 * grace period; one whose children keep its stdout open does not hold the answer either:
 * its exit (not the pipe's close) ends the wait.
 */
function runHelper(program: string, input: string, env: NodeJS.ProcessEnv, signal: AbortSignal | undefined, limits: HelperLimits): Promise<HelperResult> {
  const timeoutMs = limits.timeoutMs ?? HELPER_TIMEOUT_MS;
  const graceMs = limits.graceMs ?? HELPER_GRACE_MS;
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ kind: 'aborted' });
    // Loaded on first use: most runs have no credential helper (`engine run` stays smaller).
    const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
    const child = spawn(program, ['get'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stopped: HelperResult | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: HelperResult): void => {
      if (stopped) return;
      stopped = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    };
    const timer = setTimeout(() => stop({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
    const onAbort = (): void => stop({ kind: 'aborted' });
    signal?.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    const finish = (result: HelperResult): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      resolve(stopped ?? result);
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > HELPER_OUTPUT_LIMIT) return stop({ kind: 'too-much' });
      chunks.push(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'ENOENT' ? { kind: 'missing' } : { kind: 'done', code: null, signal: null, stdout: '' });
    });
    let ended = false;
    let exited: { code: number | null; sig: NodeJS.Signals | null } | undefined;
    const done = (): void => {
      if (exited) finish({ kind: 'done', code: exited.code, signal: exited.sig, stdout: Buffer.concat(chunks).toString('utf8') });
    };
    child.stdout?.on('end', () => {
      ended = true;
      done();
    });
    child.on('exit', (code, sig) => {
      exited = { code, sig };
      // The rest of the output is read from the pipe first, unless a child of the helper holds it open.
      if (ended) done();
      else setTimeout(done, graceMs).unref();
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
