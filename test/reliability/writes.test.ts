import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';
import { inSmallTmpfs, leftovers, oneLine, tempDir } from '../helpers/hostile.js';

/**
 * Issue 17, item 2: `-o` and `--report` write to what they name, the way a shell's `>`
 * would, and never replace a device, a FIFO, a symlink or a file the scan reads.
 */

const OLD = 'curl -fsS https://hub.docker.com/v2/repositories/acme/web/\n';

function project(): string {
  const dir = tempDir('writes');
  writeFileSync(join(dir, 'a.sh'), OLD);
  return dir;
}

describe('-o and --report write through, never replace', () => {
  it('a character device (a null device made with mknod) stays a device', () => {
    const dir = project();
    execFileSync('mknod', [join(dir, 'null'), 'c', '1', '3']);
    const r = hublint(['-o', 'null', '--report', 'sarif=null', 'a.sh'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(lstatSync(join(dir, 'null')).isCharacterDevice()).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a FIFO is written into (its reader gets the report) and stays a FIFO', async () => {
    const dir = project();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.on('data', (d) => (got += d));
    const readerDone = new Promise((done) => reader.on('exit', done));
    const child = spawn(process.execPath, [CLI, '-f', 'json', '-o', 'pipe', 'a.sh'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    const code = await new Promise((done) => child.on('exit', done));
    await readerDone;
    expect(code).toBe(1);
    expect(JSON.parse(got).findings[0].ruleId).toBe('hub-get-repository');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a symlink is written through: the target replaced, the link kept', () => {
    const dir = project();
    writeFileSync(join(dir, 'target.txt'), 'old report\n');
    symlinkSync('target.txt', join(dir, 'link.txt'));
    symlinkSync('made-by-link.txt', join(dir, 'dangling.txt'));
    expect(hublint(['-o', 'link.txt', '--report', 'json=dangling.txt', 'a.sh'], { cwd: dir }).code).toBe(1);
    expect(lstatSync(join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.txt'))).toBe('target.txt');
    expect(readFileSync(join(dir, 'target.txt'), 'utf8')).toContain('hub-get-repository');
    expect(lstatSync(join(dir, 'dangling.txt')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'made-by-link.txt'), 'utf8')).findings).toHaveLength(1);
    expect(leftovers(dir)).toEqual([]);
  });

  it('`-` and /dev/stdout are standard output', () => {
    const dir = project();
    for (const out of ['-', '/dev/stdout']) {
      const r = hublint(['-f', 'json', '-o', out, 'a.sh'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).findings).toHaveLength(1);
    }
    expect(existsSync(join(dir, '-'))).toBe(false);
  });

  it('an existing report keeps its permissions', () => {
    const dir = project();
    writeFileSync(join(dir, 'report.txt'), 'old\n', { mode: 0o640 });
    expect(hublint(['-o', 'report.txt', 'a.sh'], { cwd: dir }).code).toBe(1);
    expect(statSync(join(dir, 'report.txt')).mode & 0o777).toBe(0o640);
  });
});

describe('an output that is also an input is refused before scanning (exit 2)', () => {
  const cases: Array<[string, string[]]> = [
    ['-o the scanned file', ['-o', 'a.sh', 'a.sh']],
    ['-o the scanned file, named another way', ['-o', './sub/../a.sh', 'a.sh']],
    ['--report the scanned file', ['--report', 'sarif=a.sh', 'a.sh']],
    ['--cache-location the scanned file', ['--cache', '--cache-location', 'a.sh', 'a.sh']],
    ['-o the config', ['-c', 'conf.yaml', '-o', 'conf.yaml', 'a.sh']],
    ['-o and --report the same file', ['-o', 'r.txt', '--report', 'json=r.txt', 'a.sh']],
  ];
  for (const [name, args] of cases) {
    it(name, () => {
      const dir = project();
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'conf.yaml'), 'failOn: error\n');
      writeFileSync(join(dir, 'r.txt'), 'old\n');
      const r = hublint(args, { cwd: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toMatch(/is the same file as/);
      expect(r.stdout).toBe('');
      expect(readFileSync(join(dir, 'a.sh'), 'utf8')).toBe(OLD);
      expect(readFileSync(join(dir, 'conf.yaml'), 'utf8')).toBe('failOn: error\n');
      expect(leftovers(dir)).toEqual([]);
    });
  }

  it('baseline -o the scanned file; merge -o one of its inputs', () => {
    const dir = project();
    expect(hublint(['baseline', '-o', 'a.sh', 'a.sh'], { cwd: dir }).code).toBe(2);
    expect(readFileSync(join(dir, 'a.sh'), 'utf8')).toBe(OLD);
    writeFileSync(join(dir, 'shard.json'), hublint(['-f', 'json', 'a.sh'], { cwd: dir }).stdout);
    const before = readFileSync(join(dir, 'shard.json'), 'utf8');
    const r = hublint(['merge', '-o', 'shard.json', 'shard.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(readFileSync(join(dir, 'shard.json'), 'utf8')).toBe(before);
  });

  it('re-recording a baseline over the one the config names is still allowed', () => {
    const dir = project();
    expect(hublint(['baseline', 'a.sh'], { cwd: dir }).code).toBe(0);
    writeFileSync(join(dir, '.hublint.yaml'), 'baseline: .hublint-baseline.json\n');
    const r = hublint(['baseline', 'a.sh'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, '.hublint-baseline.json'), 'utf8')).findings).toHaveLength(1);
  });
});

describe('outputs that cannot be written: one line, exit 2, nothing left behind', () => {
  it('a missing folder', () => {
    const dir = project();
    const r = hublint(['-o', 'missing/report.txt', 'a.sh'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toMatch(/missing does not exist/);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a folder', () => {
    const dir = project();
    mkdirSync(join(dir, 'reports'));
    const r = hublint(['--report', 'sarif=reports', 'a.sh'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toMatch(/reports: is a folder/);
    expect(leftovers(dir)).toEqual([]);
    expect(leftovers(join(dir, 'reports'))).toEqual([]);
  });

  it('a full disk (a 64 KB tmpfs in a mount namespace): the old report kept, no temp file', () => {
    const dir = tempDir('full');
    const big = `${'curl -fsS https://hub.docker.com/v2/repositories/acme/web/\n'.repeat(400)}`;
    const r = inSmallTmpfs(
      dir,
      64,
      `printf '%s' "$BIG" > a.sh && echo old > report.txt && (head -c 200000 /dev/zero > filler 2>/dev/null; true) && ` +
        `$H -o report.txt a.sh; echo "rc=$?"; cat report.txt; ls -a`,
      { BIG: big },
    );
    expect(r.stdout).toMatch(/rc=2/);
    expect(r.stdout).toMatch(/^old$/m);
    expect(r.stdout).not.toMatch(/\.tmp/);
    expect(r.stderr).toMatch(/cannot write report\.txt: no space left on the device/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
