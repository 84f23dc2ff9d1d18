import type { PinForm } from '../types.js';
import { PIN_VARIABLES } from './env.js';

const VERSION_TAIL = /api[._-]?version$/i;
const NAMESPACE = /docker|engine/i;
/** A bare `apiVersion` / `api-version` / `api_version`: an Engine version only in a file that talks to Docker. */
const BARE = /^api[._-]?version$/i;

/** `docker.api.version`, `engine.api-version`: two tests, as one regex backtracks polynomially on a long key. */
function namespaced(key: string): boolean {
  const tail = VERSION_TAIL.exec(key);
  return tail !== null && NAMESPACE.test(key.slice(0, tail.index));
}

/**
 * Whether a settings key names the Engine API version a client reads, and as which form: the
 * environment variables the Docker CLI and SDKs read (`DOCKER_API_VERSION`), docker-java's system
 * property `api.version`, and an application's own namespaced key (`docker.api.version`,
 * `engine.api-version`, `docker_api_version`). Shared by the placeholder defaults of Spring-style
 * settings (`${docker.api.version:1.41}`) and Maven's XML elements (`<DOCKER_API_VERSION>1.41<…>`).
 */
export function engineKeyForm(key: string, docker: boolean): PinForm | undefined {
  if (Object.hasOwn(PIN_VARIABLES, key)) return PIN_VARIABLES[key];
  if (namespaced(key)) return 'config';
  // docker-java's system property, and bare names, are other APIs' too unless the file names Docker.
  if (!docker) return undefined;
  if (key === 'api.version') return 'java';
  return BARE.test(key) ? 'config' : undefined;
}

/** The versions Engine clients speak (1.12 and later): `1.0` or `1.2` is some other API's. */
export const ENGINE_VERSION = /^v?1\.(?:1[2-9]|[2-9]\d)$/;

/** The file names Docker (or moby): a bare key counts there. */
export const MENTIONS_DOCKER = /docker|moby/i;
