import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Reads one of the Docker CLI's small files (config.json, a context's meta.json, TLS
 * certificates) with a type check and a size cap. A FIFO or a device in its place would
 * block or never end; a huge file would fill the memory. O_NONBLOCK keeps the open itself
 * from waiting for a FIFO's writer; the type is checked on the opened file, so a swap
 * between a check and the open cannot slip through.
 */

/** Docker's config.json holds a few credentials and settings: 4 MiB is far beyond any real one. */
export const SMALL_FILE_LIMIT = 4 * 1024 * 1024;

export class SmallFileError extends Error {
  override name = 'SmallFileError';
  readonly code: 'ENOENT' | 'NOT_A_FILE' | 'TOO_LARGE' | 'UNREADABLE';
  constructor(message: string, code: SmallFileError['code'], cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
  }
}

export async function readSmallFile(path: string, limit = SMALL_FILE_LIMIT): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new SmallFileError(`${path} does not exist`, 'ENOENT', error);
    throw new SmallFileError(`Cannot read ${path}: ${code ?? (error as Error).message}`, 'UNREADABLE', error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new SmallFileError(`${path} is not a regular file`, 'NOT_A_FILE');
    if (stat.size > limit) throw new SmallFileError(`${path} is larger than ${limit} bytes`, 'TOO_LARGE');
    // Read one byte past the cap: a file that grows while it is read is caught too.
    const buffer = Buffer.allocUnsafe(limit + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > limit) throw new SmallFileError(`${path} is larger than ${limit} bytes`, 'TOO_LARGE');
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof SmallFileError) throw error;
    throw new SmallFileError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'UNREADABLE', error);
  } finally {
    await handle.close();
  }
}
