import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { MAX_TEXT_BYTES, tooLarge } from '../../discover/size.js';

/**
 * The read of the scan loop without the promise API: open (O_NONBLOCK, so a path swapped
 * for a FIFO cannot hang us), fstat, read, close — four system calls and no thread-pool
 * round trips. The promise version in discover/read.ts makes seven hops through libuv's
 * thread pool per file (lstat, open, fstat, fstat and read inside readFile, close), and on
 * 23k files those hops, not the bytes, are where the time goes.
 *
 * The caller knows from discovery (Dirent) whether the path is a regular file or a symlink;
 * symlinks still go through discover/read.ts (loop and directory checks).
 */

export type FastSkip = 'too-large' | 'not-regular' | 'vanished' | 'unreadable';

export type FastRead = { bytes: Buffer; size: number } | { skipped: FastSkip; detail: string };

/**
 * A reusable read buffer: one allocation for the whole scan instead of one per file. The
 * Buffer a read returns is a view into it, valid until the next read on the same scratch:
 * copy what you keep (Buffer.from(view) or view.toString()).
 */
export class ReadScratch {
  private buf: Buffer;
  constructor(initial = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initial);
  }
  ensure(size: number): Buffer {
    if (size > this.buf.length) this.buf = Buffer.allocUnsafe(Math.max(size, this.buf.length * 2));
    return this.buf;
  }
  /** A bigger buffer holding the first `used` bytes of the current one. */
  grow(used: number): Buffer {
    const next = Buffer.allocUnsafe(this.buf.length * 2);
    this.buf.copy(next, 0, 0, used);
    this.buf = next;
    return next;
  }
}

export function readFileFast(absolute: string, maxSize: number, scratch: ReadScratch): FastRead {
  let fd: number;
  try {
    fd = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { skipped: 'vanished', detail: 'deleted before it could be read' } : { skipped: 'unreadable', detail: code ?? String(e) };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { skipped: 'not-regular', detail: 'not a regular file (FIFO, socket or device)' };
    const big = tooLarge(st.size, maxSize);
    if (big) return { skipped: 'too-large', detail: big };
    maxSize = Math.min(maxSize, MAX_TEXT_BYTES);
    // Read to end of file, not to the size stat gave: the file may have grown since (room
    // for one byte more than stat says, so the usual case needs no second buffer).
    let buf = scratch.ensure(Math.min(st.size, maxSize) + 1);
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        if (n > maxSize) break;
        buf = scratch.grow(n);
      }
      const asked = Math.min(buf.length, maxSize + 1) - n;
      const r = readSync(fd, buf, n, asked, null);
      n += r;
      // A short read of a regular file is its end: once it has given all that fstat said, no
      // read more to hear 0 (one system call in five, for every file of a scan).
      if (r === 0 || (r < asked && n >= st.size)) break;
    }
    if (n > maxSize) return { skipped: 'too-large', detail: `more than ${maxSize} bytes (--max-file-size)` };
    return { bytes: buf.subarray(0, n), size: n };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { skipped: 'unreadable', detail: code ?? String(e) };
  } finally {
    closeSync(fd);
  }
}
