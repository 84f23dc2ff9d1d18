import { nodeCrypto } from '../runtime/builtins.js';
import { chown, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Stats } from 'node:fs';

export class ChangedOnDiskError extends Error {}

/**
 * Replaces a file's content whole or not at all: a temp file in the same folder (same file
 * system, so rename is atomic), the original mode and owner, flushed to disk, and a last
 * check that nobody changed the file since `expected` was read.
 */
export async function writeAtomic(path: string, data: Buffer, original: Stats, expected: Buffer): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.hublint-${process.pid}-${nodeCrypto().randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', original.mode & 0o7777);
  try {
    await handle.writeFile(data);
    await handle.chmod(original.mode & 0o7777);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (process.getuid?.() === 0) await chown(tmp, original.uid, original.gid);
    const now = await readFile(path);
    if (!now.equals(expected)) throw new ChangedOnDiskError('changed on disk while hublint was fixing it');
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
}
