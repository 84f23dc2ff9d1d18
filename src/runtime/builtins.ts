import { createRequire } from 'node:module';

/**
 * Node built-ins that hublint needs only on some paths (hashing findings, git, threads,
 * the careful read of symlinks and odd files),
 * loaded on first use. Loading node:crypto or node:child_process costs ~4–6 ms each: in a
 * pre-commit run with nothing to report that is a tenth of the budget, for nothing.
 */
const load = createRequire(import.meta.url);

let crypto: typeof import('node:crypto') | undefined;
export const nodeCrypto = (): typeof import('node:crypto') => (crypto ??= load('node:crypto') as typeof import('node:crypto'));

let childProcess: typeof import('node:child_process') | undefined;
export const nodeChildProcess = (): typeof import('node:child_process') => (childProcess ??= load('node:child_process') as typeof import('node:child_process'));

let workerThreads: typeof import('node:worker_threads') | undefined;
export const nodeWorkerThreads = (): typeof import('node:worker_threads') => (workerThreads ??= load('node:worker_threads') as typeof import('node:worker_threads'));

let fsPromises: typeof import('node:fs/promises') | undefined;
export const nodeFsPromises = (): typeof import('node:fs/promises') => (fsPromises ??= load('node:fs/promises') as typeof import('node:fs/promises'));
