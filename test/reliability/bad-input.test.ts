import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCandidateFile } from '../../src/discover/read.js';
import { CLI, hublint } from '../helpers/cli.js';

const URL = 'https://hub.docker.com/v2/repositories/acme/web/';
const REMOVED = 'https://index.docker.io/v1/repositories/acme/web/tags';
type Out = { findings: Array<{ file: string; ruleId: string; line: number }>; stats: { skipped: Record<string, number>; filesScanned: number } };

let dir: string;
let out: Out;
let run: ReturnType<typeof hublint>;

// One folder holds every kind of bad input at once: the scan must report the good files
// and explain each skipped one in a line, never crash and never hang.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hublint-bad-'));
  const w = (name: string, data: string | Buffer) => writeFileSync(join(dir, name), data);
  w('binary.js', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]), Buffer.from(URL)]));
  w('minified.js', `${'var a=1;'.repeat(256 * 1024)}fetch("${URL}")`);
  w('invalid-utf8.sh', Buffer.concat([Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x0a]), Buffer.from(`curl ${URL}\n`)]));
  w('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`see ${REMOVED}\n`, 'utf16le')]));
  w('bom.sh', `\ufeffcurl ${URL}\n`);
  w('bomb.yaml', ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`), `url: ${URL}`].join('\n'));
  w('deep.json', `${'['.repeat(100_000)}"${URL}"${']'.repeat(100_000)}`);
  w('broken.ts', `const x = ;; function ( {\nfetch("${URL}")\n`);
  symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
  symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));
  symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.sh'));
  execFileSync('mkfifo', [join(dir, 'x.sh')]);
  mkdirSync(join(dir, `odd "name" 'quoted' ü 名前`));
  writeFileSync(join(dir, `odd "name" 'quoted' ü 名前`, 'file with spaces.sh'), `curl ${URL}\n`);
  mkdirSync(join(dir, 'many'));
  for (let i = 0; i < 10_000; i++) writeFileSync(join(dir, 'many', `f${i}.txt`), i === 9_999 ? `${URL}\n` : 'x\n');
  run = hublint(['--format', 'json', '.'], { cwd: dir });
  out = JSON.parse(run.stdout) as Out;
}, 300_000);

describe('bad input battery', () => {
  it('finishes with exit 1 (findings), no stack trace', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(out.findings.filter((f) => f.ruleId === 'internal-error')).toEqual([]);
  });

  it('reports the findings in every readable file', () => {
    const files = new Set(out.findings.map((f) => f.file));
    for (const f of ['minified.js', 'invalid-utf8.sh', 'utf16.txt', 'bom.sh', 'bomb.yaml', 'deep.json', 'broken.ts', `odd "name" 'quoted' ü 名前/file with spaces.sh`, 'many/f9999.txt']) {
      expect([...files]).toContain(f);
    }
  });

  it('skips binary, FIFO, loops and dangling links, with counts and one-line notices', () => {
    expect(out.stats.skipped).toMatchObject({ binary: 1, 'not-regular': 1, 'symlink-loop': 2, 'broken-symlink': 1 });
    expect(run.stderr).toContain('x.sh: skipped: not a regular file');
    expect(run.stderr).toContain('loop-a: skipped: symlink loop');
    expect(run.stderr).toContain('dangling.sh: skipped: dangling symlink');
    for (const line of run.stderr.trim().split('\n')) expect(line).toMatch(/^hublint: /);
  });

  it('counts the 10 000 tiny files', () => {
    expect(out.stats.filesScanned).toBeGreaterThan(10_000);
  });

  it('a file deleted between discovery and reading is skipped as vanished', async () => {
    const gone = join(dir, 'gone.sh');
    writeFileSync(gone, URL);
    rmSync(gone);
    expect(await readCandidateFile(gone, 1 << 20)).toEqual({ skipped: 'vanished', detail: 'deleted before it could be read' });
  });
});

describe('a 50 MB file', () => {
  let big: string;
  beforeAll(() => {
    big = mkdtempSync(join(tmpdir(), 'hublint-big-'));
    const line = `${'x'.repeat(99)}\n`;
    writeFileSync(join(big, 'huge.js'), `${line.repeat(500_000)}fetch("${URL}")\n`);
  }, 120_000);

  it('is skipped by the default size limit with a notice', () => {
    const r = hublint(['--format', 'json', '.'], { cwd: big });
    expect(JSON.parse(r.stdout).stats.skipped).toEqual({ 'too-large': 1 });
    expect(r.stderr).toMatch(/huge\.js: skipped: \d+ bytes is over the 5242880-byte limit/);
    expect(r.code).toBe(0);
  });

  it('is scanned with --max-file-size 100MB by the plain scan, memory bounded', () => {
    // Measure the child's own peak RSS: the scan must not build a syntax tree of 50 MB.
    const probe = `await import(${JSON.stringify(CLI)}); process.on('exit', () => process.stderr.write('maxrss=' + process.resourceUsage().maxRSS + '\\n'));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe, 'x', '--max-file-size', '100MB', '--format', 'json', '.'], { cwd: big, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 });
    const found = JSON.parse(r.stdout).findings;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'huge.js', line: 500_001, ruleId: 'hub-get-repository' });
    const maxrssKb = Number(/maxrss=(\d+)/.exec(r.stderr)?.[1]);
    expect(maxrssKb).toBeGreaterThan(0);
    expect(maxrssKb / 1024).toBeLessThan(450);
  }, 120_000);
});

describe('bad configs', () => {
  for (const [name, text] of [['not YAML', ': : :\n  - ]['], ['unknown keys', 'excludes: [a]\n'], ['wrong type', 'maxFileSize: [1]\n']]) {
    it(`${name}: exit 2, one line`, () => {
      const d = mkdtempSync(join(tmpdir(), 'hublint-cfg-'));
      writeFileSync(join(d, '.hublint.yaml'), text);
      const r = hublint(['.'], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')[0]).toMatch(/^hublint: .*\.hublint\.yaml: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
