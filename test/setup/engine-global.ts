import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Makes sure a real dockerd and a password-protected registry run before the engine
 * tests (scripts/engine-up.sh is idempotent: when they already run it only prints their
 * addresses) and hands the addresses to the tests through `inject('engine')`.
 * When they cannot be started, this throws and the run fails: the tests never skip.
 */

export interface EngineTestEnv {
  dockerHost: string;
  socketPath: string;
  stateDir: string;
  image: string;
  registry: string;
  registryImage: string;
  registryUser: string;
  registryPassword: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    engine: EngineTestEnv;
  }
}

const script = fileURLToPath(new URL('../../scripts/engine-up.sh', import.meta.url));

const downScript = fileURLToPath(new URL('../../scripts/engine-down.sh', import.meta.url));

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const output = await new Promise<string>((resolve, reject) => {
    execFile(script, [], { timeout: 600_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`scripts/engine-up.sh failed (${error.message}):\n${stderr}`));
      else resolve(stdout);
    });
  });
  const values = new Map<string, string>();
  for (const line of output.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) values.set(line.slice(0, eq), line.slice(eq + 1));
  }
  const need = (key: string): string => {
    const value = values.get(key);
    if (value === undefined || value === '') throw new Error(`scripts/engine-up.sh printed no ${key}`);
    return value;
  };
  const dockerHost = need('DOCKER_HOST');
  project.provide('engine', {
    dockerHost,
    socketPath: dockerHost.replace(/^unix:\/\//, ''),
    stateDir: need('HUBLINT_ENGINE_DIR'),
    image: need('HUBLINT_ENGINE_IMAGE'),
    registry: need('HUBLINT_REGISTRY'),
    registryImage: need('HUBLINT_REGISTRY_IMAGE'),
    registryUser: need('HUBLINT_REGISTRY_USER'),
    registryPassword: need('HUBLINT_REGISTRY_PASSWORD'),
  });
  // On a developer's machine the daemon stays up for the next run; a CI run leaves nothing behind.
  if (process.env.CI) {
    return () => new Promise<void>((resolve) => execFile(downScript, [], { timeout: 120_000 }, () => resolve()));
  }
}
