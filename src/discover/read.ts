import type { FileHandle } from 'node:fs/promises';
import { nodeFsPromises } from '../runtime/builtins.js';
import { constants } from 'node:fs';
import { MAX_TEXT_BYTES, tooLarge } from './size.js';

export type SkipReason = 'binary' | 'too-large' | 'not-regular' | 'broken-symlink' | 'symlink-loop' | 'unreadable' | 'vanished' | 'directory-symlink' | 'symlink-outside' | 'symlink-inside';

export type ReadResult = { text: string; size: number } | { skipped: SkipReason; detail: string };

const SNIFF = 8192;

function decode(buf: Buffer): string | null {
  // UTF-16 with a BOM is text, not binary, although it is full of NUL bytes.
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return buf.subarray(2).toString('utf16le');
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (buf.subarray(0, SNIFF).includes(0)) return null;
  // Invalid UTF-8 becomes U+FFFD: the rest of the file is still scanned.
  return buf.toString('utf8');
}

/**
 * Reads one discovered file safely: never opens a FIFO or device (a read would hang),
 * never follows a directory symlink, and never reads more than maxSize bytes.
 */
export async function readCandidateFile(absolute: string | Buffer, maxSize: number): Promise<ReadResult> {
  // Loaded here: most scans never take this path (regular files are read by read/fast-read.ts),
  // and node:fs/promises costs a pre-commit run ~2 ms to load.
  const { open, stat, lstat } = nodeFsPromises();
  let st;
  try {
    st = await lstat(absolute);
    if (st.isSymbolicLink()) {
      try {
        st = await stat(absolute);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        return code === 'ELOOP' ? { skipped: 'symlink-loop', detail: 'symlink loop' } : { skipped: 'broken-symlink', detail: 'dangling symlink' };
      }
      if (st.isDirectory()) return { skipped: 'directory-symlink', detail: 'symlink to a directory (not followed)' };
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { skipped: 'vanished', detail: 'deleted before it could be read' } : { skipped: 'unreadable', detail: code ?? 'cannot stat' };
  }
  if (!st.isFile()) return { skipped: 'not-regular', detail: 'not a regular file (FIFO, socket or device)' };
  const big = tooLarge(st.size, maxSize);
  if (big) return { skipped: 'too-large', detail: big };
  let handle;
  try {
    // O_NONBLOCK: if the path was swapped for a FIFO since the stat, the open must not hang.
    handle = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
    const fst = await handle.stat();
    if (!fst.isFile()) return { skipped: 'not-regular', detail: 'not a regular file (FIFO, socket or device)' };
    // Never past the limit, whatever the file grew to since the stat.
    const buf = await readAtMost(handle, Math.min(maxSize, MAX_TEXT_BYTES) + 1);
    const grown = tooLarge(buf.length, maxSize);
    if (grown) return { skipped: 'too-large', detail: grown };
    const text = decode(buf);
    if (text === null) return { skipped: 'binary', detail: 'binary file' };
    return { text, size: buf.length };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { skipped: 'vanished', detail: 'deleted before it could be read' } : { skipped: 'unreadable', detail: code ?? String(e) };
  } finally {
    await handle?.close();
  }
}

/** Reads from the start, at most `limit` bytes (a file that grows while read cannot run past it). */
async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(Math.min(1 << 20, limit - total)), 0, Math.min(1 << 20, limit - total), null);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
  }
  return Buffer.concat(chunks, total);
}
