import { UsageError } from '../../core/errors.js';
import { lookupRegistryAuth, type DockerEngineClient, type RegistryAuth } from '../../engine/index.js';
import { readDockerConfigFile } from '../../engine/host.js';

/**
 * `engine run --use-api-socket`'s credentials, as docker 28's (cli/command/container/create.go):
 * the registries' credentials of hublint's Docker config (or of DOCKER_AUTH_CONFIG) go into
 * the container as a config.json of their own at /run/secrets/docker/config.json, copied in
 * after the create, and DOCKER_CONFIG points there. Nothing is injected when the container's
 * environment already sets DOCKER_CONFIG, or when there are no credentials.
 */

export const CONFIG_DIR_IN_CONTAINER = '/run/secrets/docker';

type AuthEntries = Record<string, { auth?: string; identitytoken?: string }>;

/** The credentials to copy in, by config.json key; empty when there are none. */
export async function apiSocketCredentials(env: NodeJS.ProcessEnv): Promise<AuthEntries> {
  const inline = env.DOCKER_AUTH_CONFIG;
  if (inline !== undefined && inline !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(inline);
    } catch {
      // Its text is credentials: not shown.
      throw new UsageError('failed to read credentials from DOCKER_AUTH_CONFIG: not JSON');
    }
    const auths = (parsed as { auths?: unknown } | null)?.auths;
    if (auths !== null && typeof auths === 'object' && Object.keys(auths).length > 0) return auths as AuthEntries;
  }
  const config = await readDockerConfigFile(env);
  const keys = new Set([...Object.keys(record(config?.auths)), ...Object.keys(record(config?.credHelpers))]);
  const out: AuthEntries = {};
  for (const key of keys) {
    const auth = await lookupRegistryAuth(key, { env });
    if (auth !== undefined) out[key] = entryOf(auth);
  }
  return out;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** config.json's form of one credential: `auth` is base64 of user:password. */
function entryOf(auth: RegistryAuth): { auth?: string; identitytoken?: string } {
  const entry: { auth?: string; identitytoken?: string } = {};
  if (auth.username !== undefined) entry.auth = Buffer.from(`${auth.username}:${auth.password ?? ''}`).toString('base64');
  if (auth.identitytoken !== undefined) entry.identitytoken = auth.identitytoken;
  return entry;
}

/** Copies the config.json with `auths` into the created container (a tar extracted at /). */
export async function copyCredentialsIn(client: DockerEngineClient, id: string, auths: AuthEntries, signal: AbortSignal): Promise<void> {
  const file = Buffer.from(JSON.stringify({ auths }, null, '\t'));
  await client.putContainerArchive(id, oneFileTar(`${CONFIG_DIR_IN_CONTAINER.slice(1)}/config.json`, file, 0o600), { path: '/', signal });
}

/** A ustar archive of one regular file (owner root), as the daemon's archive endpoint takes it. */
export function oneFileTar(name: string, content: Buffer, mode: number): Buffer {
  const header = Buffer.alloc(512);
  const put = (text: string, at: number, length: number): void => void header.write(text.slice(0, length), at, length, 'latin1');
  const octal = (n: number, length: number): string => `${n.toString(8).padStart(length - 1, '0')}\0`;
  put(name, 0, 100);
  put(octal(mode, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(content.length, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, padding, Buffer.alloc(1024)]);
}
