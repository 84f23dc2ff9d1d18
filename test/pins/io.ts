import { PassThrough } from 'node:stream';
import type { PinsIo } from '../../src/cli/commands/pins.js';

/** In-memory stdout/stderr for the pins commands. */
export function memoryIo(cwd: string, env: NodeJS.ProcessEnv = { PATH: process.env.PATH }): PinsIo & { out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  stdout.on('data', (c: Buffer) => chunks.out.push(c));
  stderr.on('data', (c: Buffer) => chunks.err.push(c));
  return {
    stdout,
    stderr,
    env,
    cwd,
    out: () => Buffer.concat(chunks.out).toString(),
    err: () => Buffer.concat(chunks.err).toString(),
  };
}
