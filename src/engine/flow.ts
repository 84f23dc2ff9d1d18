import type { RegistryAuth } from './auth.js';
import type { CallOptions, DockerEngineClient } from './client.js';
import { DockerApiError, EngineError } from './errors.js';
import type { LogChunk } from './frames.js';
import type { ContainerCreateRequest, PullProgress } from './types.js';

/**
 * The typical flow — pull, create, start, wait, then read the logs — and its
 * background variant, which stops after start.
 */

export type PullPolicy = 'missing' | 'always' | 'never';

export interface RunContainerOptions extends CallOptions {
  image: string;
  cmd?: string[];
  tty?: boolean;
  /** Further create fields (HostConfig, Env, …). */
  config?: Omit<ContainerCreateRequest, 'Image' | 'Cmd' | 'Tty'>;
  name?: string;
  /** `missing` (default): pull only when create says the image is absent. */
  pull?: PullPolicy;
  auth?: RegistryAuth | false;
  onPullProgress?: (message: PullProgress) => void;
  /** Remove the created container when it cannot be started (what `--rm` implies). */
  removeIfStartFails?: boolean;
  /** `os[/arch[/variant]]` for the pull and the create. */
  platform?: string;
  /** Called before a `missing` pull ("Unable to find image … locally"). */
  onMissingImage?: (image: string) => void;
}

export interface StartedContainer {
  id: string;
  warnings: string[];
}

export interface FinishedContainer extends StartedContainer {
  statusCode: number;
  /** The stored output, streamed from the daemon when iterated. */
  logs(options?: CallOptions): AsyncGenerator<LogChunk>;
  /** Removes the container (what `--rm` does once the logs are read). */
  remove(options?: CallOptions): Promise<void>;
}

/** pull → create → start → wait; the logs are read through the result. */
export async function runContainer(client: DockerEngineClient, options: RunContainerOptions): Promise<FinishedContainer> {
  const started = await runContainerDetached(client, options);
  const { signal } = options;
  const waited = await client.waitContainer(started.id, { signal });
  const tty = options.tty ?? false;
  return {
    ...started,
    statusCode: waited.StatusCode,
    logs: (logOptions = {}) => client.containerLogs(started.id, { signal: logOptions.signal ?? signal, tty }),
    remove: (removeOptions = {}) => client.removeContainer(started.id, { signal: removeOptions.signal ?? signal, force: true }),
  };
}

/** pull → create → start: the background variant. */
export async function runContainerDetached(client: DockerEngineClient, options: RunContainerOptions): Promise<StartedContainer> {
  const created = await createContainerPulling(client, options);
  try {
    await client.startContainer(created.id, { signal: options.signal });
  } catch (error) {
    if (options.removeIfStartFails) await client.removeContainer(created.id, { force: true }).catch(() => undefined);
    throw error;
  }
  return created;
}

/**
 * create, pulling the image first (`always`), when create says it is missing (`missing`,
 * the default), or never: what `docker create` and `docker run` do with `--pull`.
 */
export async function createContainerPulling(client: DockerEngineClient, options: RunContainerOptions): Promise<StartedContainer> {
  const { signal } = options;
  const policy = options.pull ?? 'missing';
  const pull = (): Promise<PullProgress | undefined> =>
    client.pullImageToEnd(options.image, { signal, auth: options.auth, onProgress: options.onPullProgress, platform: options.platform });
  const create = () =>
    client.createContainer(
      { ...options.config, Image: options.image, Cmd: options.cmd, Tty: options.tty ?? false },
      { signal, name: options.name, platform: options.platform },
    );

  if (policy === 'always') await pull();
  let created;
  try {
    created = await create();
  } catch (error) {
    if (!isNoSuchImage(error)) throw error;
    if (policy === 'never') {
      throw new EngineError(`Image ${options.image} is not on the daemon and pulling is off (--pull never)`, {
        hint: 'Pull it first, or use --pull missing.',
      });
    }
    if (policy === 'always') throw error;
    options.onMissingImage?.(options.image);
    await pull();
    created = await create();
  }
  return { id: created.Id, warnings: created.Warnings ?? [] };
}

/**
 * The image is not on the daemon, or not for the platform asked for (`--platform` on an
 * image of another one): either way the docker CLI pulls (its test is any 404 of create).
 */
function isNoSuchImage(error: unknown): boolean {
  return error instanceof DockerApiError && error.status === 404 && /no such image|does not match the specified platform/i.test(error.daemonMessage);
}
