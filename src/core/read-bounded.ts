import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { ConfigError } from './errors.js';

/**
 * Reads the files that steer a run (--config, --rules, --baseline, merge inputs, the --cache
 * file) and standard input with a size cap and a type check, so that `--rules /dev/zero`, a
 * FIFO nobody writes to, or a 10 GB file is one line on stderr instead of a hang or an
 * out-of-memory abort. Scanned files have their own reader (discover/read.ts, --max-file-size). It sits in core, beside the errors it throws, because every layer that reads a user-named file uses it.
 */

/** No config, rule file, baseline or report hublint writes comes near this. */
export const INPUT_FILE_CAP = 64 * 1024 * 1024;

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/**
 * The bytes of a regular file of at most `cap` bytes. `what` names the file in messages
 * ("rule file", "baseline"). Throws ConfigError (exit 2) for anything else.
 */
export function readBoundedFile(path: string, what: string, cap = INPUT_FILE_CAP): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new ConfigError(`${path}: cannot read ${what} (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new ConfigError(`${path}: cannot read ${what}: it is a folder`);
    if (!st.isFile()) throw new ConfigError(`${path}: cannot read ${what}: not a regular file (device, FIFO or socket)`);
    if (st.size > cap) throw new ConfigError(`${path}: ${what} is ${mb(st.size)}, over the ${mb(cap)} limit`);
    return readUpTo(fd, cap, () => new ConfigError(`${path}: ${what} grew over the ${mb(cap)} limit while it was read`));
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(`${path}: cannot read ${what} (${(e as NodeJS.ErrnoException).code ?? e})`);
  } finally {
    closeSync(fd);
  }
}

/** Reads fd to its end, at most `cap` bytes; `tooBig()` is thrown past that. */
function readUpTo(fd: number, cap: number, tooBig: () => Error): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(1 << 20, cap + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    total += n;
    if (total > cap) throw tooBig();
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

/**
 * Standard input for --stdin: a pipe, a regular file or a terminal, at most `cap` bytes
 * (the --max-file-size of a scanned file). `/dev/zero` and other devices are refused.
 */
export async function readBoundedStdin(cap: number): Promise<Buffer> {
  const st = fstatSync(0);
  if (st.isCharacterDevice() && !process.stdin.isTTY) throw new ConfigError('--stdin: standard input is a device, not a file, pipe or terminal');
  if (st.isDirectory()) throw new ConfigError('--stdin: standard input is a folder');
  if (st.isFile() && st.size > cap) throw new ConfigError(`--stdin: standard input is ${mb(st.size)}, over the ${mb(cap)} limit (--max-file-size)`);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    total += (chunk as Buffer).length;
    if (total > cap) {
      process.stdin.destroy();
      throw new ConfigError(`--stdin: standard input is over the ${mb(cap)} limit (--max-file-size)`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}
