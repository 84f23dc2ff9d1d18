import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { EngineConfigError, UnsupportedHostError } from './errors.js';
import { readSmallFile } from './read-file.js';

/** Where the daemon listens, after DOCKER_HOST, contexts and defaults are applied. */
export type EngineEndpoint =
  | { kind: 'unix'; socketPath: string; display: string }
  | { kind: 'tcp'; hostname: string; port: number; tls?: TlsSettings; display: string };

export interface TlsSettings {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  /** false only when the user asked for TLS without verification (DOCKER_TLS_VERIFY unset). */
  verify: boolean;
}

export interface ResolveEndpointOptions {
  /** An explicit host (`-H/--host`); wins over everything else, as with the Docker CLI. */
  host?: string;
  /** An explicit context name; wins over DOCKER_HOST. */
  context?: string;
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_UNIX_SOCKET = '/var/run/docker.sock';

/** `$DOCKER_CONFIG`, else `~/.docker`, as the Docker CLI finds its config. */
export function dockerConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.DOCKER_CONFIG;
  return dir !== undefined && dir !== '' ? dir : join(env.HOME ?? homedir(), '.docker');
}

/**
 * Resolves the daemon endpoint the way the Docker CLI does: an explicit host, then an
 * explicit context, then DOCKER_HOST, then DOCKER_CONTEXT, then `currentContext` in
 * config.json, then the default socket.
 */
export async function resolveEndpoint(options: ResolveEndpointOptions = {}): Promise<EngineEndpoint> {
  const env = options.env ?? process.env;
  if (options.host !== undefined && options.host !== '') return parseDockerHost(options.host, await tlsFromEnv(env));
  let context = options.context;
  if (context === undefined || context === '') {
    if (nonEmpty(env.DOCKER_HOST)) return parseDockerHost(env.DOCKER_HOST, await tlsFromEnv(env));
    context = nonEmpty(env.DOCKER_CONTEXT) ? env.DOCKER_CONTEXT : await currentContextFromConfig(env);
  }
  if (context !== undefined && context !== '' && context !== 'default') return endpointOfContext(context, env);
  return { kind: 'unix', socketPath: DEFAULT_UNIX_SOCKET, display: `unix://${DEFAULT_UNIX_SOCKET}` };
}

/** Parses `unix:///path`, `tcp://host:port` and a bare `host:port` (read as tcp). */
export function parseDockerHost(host: string, tls?: TlsSettings): EngineEndpoint {
  const text = host.trim();
  const sep = text.indexOf('://');
  const scheme = sep === -1 ? 'tcp' : text.slice(0, sep).toLowerCase();
  const rest = sep === -1 ? text : text.slice(sep + 3);
  switch (scheme) {
    case 'unix': {
      if (rest === '') throw new EngineConfigError(`Docker host "${host}" names no socket path`);
      return { kind: 'unix', socketPath: rest, display: `unix://${rest}` };
    }
    case 'tcp':
    case 'http':
    case 'https':
      return parseTcp(host, rest, scheme === 'https' && tls === undefined ? { verify: true } : tls);
    case 'ssh':
      throw new UnsupportedHostError(host, 'ssh:// hosts are not supported by hublint');
    case 'npipe':
      throw new UnsupportedHostError(host, 'npipe:// (Windows named pipes) is not supported by hublint');
    case 'fd':
      throw new UnsupportedHostError(host, 'fd:// is a daemon-side listener, not an address a client can dial');
    default:
      throw new UnsupportedHostError(host, `unknown scheme "${scheme}://"`);
  }
}

function parseTcp(original: string, rest: string, tls: TlsSettings | undefined): EngineEndpoint {
  const hostPort = rest.replace(/(?<!\/)\/+$/, '');
  if (hostPort.includes('/')) throw new EngineConfigError(`Docker host "${original}" has a path; hublint supports none`);
  if (hostPort.includes('@')) throw new EngineConfigError(`Docker host "${original}" carries credentials; use TLS certificates instead`);
  const m = /^(\[[^\]]+\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  if (!m) throw new EngineConfigError(`Docker host "${original}" is not host:port`);
  const hostname = (m[1] === '' ? '127.0.0.1' : m[1]).replace(/^\[(.*)\]$/, '$1');
  const defaultPort = tls ? 2376 : 2375;
  const port = m[2] === undefined || m[2] === '' ? defaultPort : Number(m[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new EngineConfigError(`Docker host "${original}" has a bad port`);
  const shown = hostname.includes(':') ? `[${hostname}]` : hostname;
  return { kind: 'tcp', hostname, port, tls, display: `tcp://${shown}:${port}` };
}

/**
 * TLS settings as the docker CLI reads them (cli/flags/options.go): DOCKER_TLS_VERIFY
 * (any non-empty value) turns TLS on with verification, DOCKER_TLS turns it on without;
 * DOCKER_CERT_PATH only says where ca.pem, cert.pem and key.pem are (default ~/.docker)
 * and switches nothing on by itself.
 */
export async function tlsFromEnv(env: NodeJS.ProcessEnv): Promise<TlsSettings | undefined> {
  const verify = nonEmpty(env.DOCKER_TLS_VERIFY);
  const certPath = nonEmpty(env.DOCKER_CERT_PATH) ? env.DOCKER_CERT_PATH : undefined;
  if (!verify && !nonEmpty(env.DOCKER_TLS)) return undefined;
  return { ...(await readCertDir(certPath ?? dockerConfigDir(env), verify)), verify };
}

async function readCertDir(dir: string, required: boolean): Promise<Omit<TlsSettings, 'verify'>> {
  const read = async (name: string): Promise<Buffer | undefined> => {
    try {
      return await readSmallFile(join(dir, name));
    } catch (error) {
      if (required && name === 'ca.pem') {
        throw new EngineConfigError(`TLS verification is on but ${join(dir, name)} cannot be read`, { cause: error });
      }
      return undefined;
    }
  };
  return { ca: await read('ca.pem'), cert: await read('cert.pem'), key: await read('key.pem') };
}

async function currentContextFromConfig(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const config = await readDockerConfigFile(env);
  const current = config?.currentContext;
  return typeof current === 'string' ? current : undefined;
}

/** `$DOCKER_CONFIG/config.json` as an object; undefined when absent. */
export async function readDockerConfigFile(env: NodeJS.ProcessEnv): Promise<Record<string, unknown> | undefined> {
  const file = join(dockerConfigDir(env), 'config.json');
  let text: string;
  try {
    text = (await readSmallFile(file)).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw new EngineConfigError((error as Error).message, { cause: error, hint: 'config.json must be a regular file (the Docker CLI\'s settings and credentials).' });
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object');
    return value as Record<string, unknown>;
  } catch {
    // The parser's message may quote the file, which holds credentials: keep it out.
    throw new EngineConfigError(`${file} is not a valid JSON object`, { hint: 'Fix the file; hublint does not show its content because it may hold credentials.' });
  }
}

/** Context metadata lives in `contexts/meta/<sha256 of the name>/meta.json`. */
async function endpointOfContext(name: string, env: NodeJS.ProcessEnv): Promise<EngineEndpoint> {
  const id = createHash('sha256').update(name).digest('hex');
  const base = join(dockerConfigDir(env), 'contexts');
  const metaFile = join(base, 'meta', id, 'meta.json');
  let meta: { Endpoints?: { docker?: { Host?: unknown; SkipTLSVerify?: unknown } } };
  try {
    meta = JSON.parse((await readSmallFile(metaFile)).toString('utf8')) as typeof meta;
  } catch (error) {
    throw new EngineConfigError(`Docker context "${name}" not found (${metaFile}: ${(error as { code?: string }).code ?? 'invalid JSON'})`, {
      hint: 'List contexts with `docker context ls`, or unset DOCKER_CONTEXT.',
    });
  }
  const docker = meta.Endpoints?.docker;
  if (docker === undefined || typeof docker.Host !== 'string' || docker.Host === '') {
    throw new EngineConfigError(`Docker context "${name}" has no docker endpoint host (${metaFile})`);
  }
  const tlsDir = join(base, 'tls', id, 'docker');
  const files = await readCertDir(tlsDir, false);
  const hasTls = files.ca !== undefined || files.cert !== undefined;
  const tls: TlsSettings | undefined = hasTls ? { ...files, verify: docker.SkipTLSVerify !== true } : undefined;
  return parseDockerHost(docker.Host, tls);
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}
