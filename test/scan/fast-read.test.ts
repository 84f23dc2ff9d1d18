import { execFileSync } from 'node:child_process';
import { mkdtempSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readFileFast, ReadScratch } from '../../src/scan/read/fast-read.js';

// readSync counted (and still done): how many reads one file costs.
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return { ...fs, readSync: vi.fn(fs.readSync) };
});

const dir = mkdtempSync(join(tmpdir(), 'hublint-fast-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readFileFast', () => {
  it('reads a file whole, bigger than the scratch buffer too', () => {
    const scratch = new ReadScratch(16);
    const small = join(dir, 'small.txt');
    writeFileSync(small, 'hub.docker.com');
    const big = join(dir, 'big.txt');
    const content = 'x'.repeat(100_000) + 'hub.docker.com';
    writeFileSync(big, content);
    const a = readFileFast(small, 1 << 20, scratch);
    expect('bytes' in a && a.bytes.toString()).toBe('hub.docker.com');
    const b = readFileFast(big, 1 << 20, scratch);
    expect('bytes' in b && b.bytes.toString()).toBe(content);
  });

  it('skips files over the limit, and reads one exactly at it', () => {
    const f = join(dir, 'limit.txt');
    writeFileSync(f, '0123456789');
    expect(readFileFast(f, 9, new ReadScratch())).toMatchObject({ skipped: 'too-large' });
    const r = readFileFast(f, 10, new ReadScratch(4));
    expect('bytes' in r && r.size).toBe(10);
  });

  it('reads empty files and files of every size around the buffer edges whole', () => {
    const scratch = new ReadScratch(64);
    for (const size of [0, 1, 63, 64, 65, 127, 128, 129, 4095, 4096, 4097]) {
      const f = join(dir, `size-${size}.txt`);
      const content = Buffer.from(Array.from({ length: size }, (_, i) => 97 + (i % 26)));
      writeFileSync(f, content);
      const r = readFileFast(f, 1 << 20, scratch);
      expect('bytes' in r && Buffer.compare(r.bytes, content)).toBe(0);
    }
  });

  it('reads a file with one read call after fstat, not a second one to hear the end', () => {
    const f = join(dir, 'one-read.txt');
    writeFileSync(f, 'https://hub.docker.com/v2/users/login\n');
    const reads = vi.mocked(readSync);
    reads.mockClear();
    const r = readFileFast(f, 1 << 20, new ReadScratch());
    expect('bytes' in r && r.bytes.toString()).toBe('https://hub.docker.com/v2/users/login\n');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('never blocks on a FIFO', () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect(readFileFast(fifo, 1 << 20, new ReadScratch())).toMatchObject({ skipped: 'not-regular' });
  });

  it('reports a vanished file and a folder', () => {
    expect(readFileFast(join(dir, 'nope'), 10, new ReadScratch())).toMatchObject({ skipped: 'vanished' });
    expect(readFileFast(dir, 10, new ReadScratch())).toMatchObject({ skipped: 'not-regular' });
  });
});
