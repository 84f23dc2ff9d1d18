import { closeSync, mkdirSync, openSync, writeFileSync, writeSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';
import { tempDir } from '../helpers/hostile.js';

/**
 * Issue 17, item 6: no file is lost silently. A file too big to hold, a name that is not
 * UTF-8 and a tree deeper than PATH_MAX each cost only themselves, and say so.
 */

const URL = (repo: string) => `https://hub.docker.com/v2/repositories/acme/${repo}/`;
type Out = { findings: Array<{ file: string; ruleId: string }>; stats: { filesScanned: number; filesSkipped: number } };

describe('lost or silent files', () => {
  it('--max-file-size 2GB with a 1.1 GB file: that file skipped with a notice, the others reported', () => {
    const dir = tempDir('huge');
    writeFileSync(join(dir, 'ok.sh'), `curl ${URL('ok')}\n`);
    // Sparse: 1.1 GB on paper, a few KB on disk; text at the start, naming the Hub.
    const fd = openSync(join(dir, 'huge.txt'), 'w');
    writeSync(fd, `see ${URL('huge')}\n`.repeat(100));
    ftruncateSync(fd, 1100 * 1024 * 1024);
    closeSync(fd);
    const r = hublint(['--max-file-size', '2GB', '-f', 'json', '.'], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.findings.map((f) => f.file)).toEqual(['ok.sh']);
    expect(out.stats.filesSkipped).toBe(1);
    expect(r.stderr).toMatch(/huge\.txt: skipped: 1153433600 bytes is over the \d+ bytes hublint can hold as text/);
  });

  it('file and folder names with bytes that are not UTF-8 are scanned', () => {
    const dir = tempDir('names');
    const root = Buffer.from(dir);
    const at = (...parts: Buffer[]) => Buffer.concat([root, ...parts.flatMap((p) => [Buffer.from('/'), p])]);
    writeFileSync(at(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x73, 0x68])), `curl ${URL('latin1name')}\n`);
    mkdirSync(at(Buffer.from([0x64, 0xff])));
    writeFileSync(at(Buffer.from([0x64, 0xff]), Buffer.from([0x78, 0xfe, 0x2e, 0x73, 0x68])), `curl ${URL('innerbad')}\n`);
    // Two names that decode to the same text must not be confused.
    writeFileSync(at(Buffer.from([0x62, 0xfe, 0x2e, 0x73, 0x68])), `curl ${URL('one')}\n`);
    writeFileSync(at(Buffer.from([0x62, 0xfd, 0x2e, 0x73, 0x68])), `curl ${URL('two')}\n`);
    const r = hublint(['-f', 'json', '.'], { cwd: dir });
    const out = JSON.parse(r.stdout) as Out;
    expect(r.stderr).not.toMatch(/deleted before it could be read/);
    expect(out.stats.filesScanned).toBe(4);
    expect(out.findings).toHaveLength(4);
    expect(out.findings.every((f) => f.ruleId === 'hub-get-repository')).toBe(true);
  });

  it('a tree deeper than PATH_MAX: what can be read is scanned and the rest is a notice, not "0 files" in silence', () => {
    const dir = tempDir('deep');
    writeFileSync(join(dir, 'top.sh'), `curl ${URL('top')}\n`);
    // Built with relative paths from a moving cwd: no single path here is over PATH_MAX.
    const segment = 'd'.repeat(250);
    let here = dir;
    const levels = 20; // 20 × 251 bytes > 4096
    for (let i = 0; i < levels; i++) {
      here = join(here, segment);
      mkdirSync(here);
      if (here.length > 3500) break;
    }
    process.chdir(here);
    try {
      for (let i = 0; i < 6; i++) {
        mkdirSync(segment);
        process.chdir(segment);
      }
      writeFileSync('bottom.sh', `curl ${URL('bottom')}\n`);
    } finally {
      process.chdir(dir);
    }
    const r = hublint(['-f', 'json', '.'], { cwd: dir });
    const out = JSON.parse(r.stdout) as Out;
    expect(out.findings.map((f) => f.file)).toEqual(['top.sh']);
    expect(r.stderr).toMatch(/folder not scanned: its path is longer than the system allows \(ENAMETOOLONG\)/);
  });
});
