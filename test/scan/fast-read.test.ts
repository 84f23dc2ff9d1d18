import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileFast, ReadScratch } from '../../src/scan/read/fast-read.js';

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
