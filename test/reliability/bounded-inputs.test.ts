import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';
import { oneLine, tempDir } from '../helpers/hostile.js';

/**
 * Issue 17, items 5 and 7: every file-like input is read with a size cap and a type check,
 * and a pathological scanned file costs that file only. The zero device is made with mknod
 * in a temporary folder (the same device as /dev/zero).
 */

const URL = 'https://hub.docker.com/v2/repositories/acme/web/';

function project(): string {
  const dir = tempDir('bounded');
  writeFileSync(join(dir, 'a.sh'), `curl ${URL}\n`);
  execFileSync('mknod', [join(dir, 'zero'), 'c', '1', '5']);
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  return dir;
}

describe('file-like inputs: a device or FIFO is one line and exit 2, at once', () => {
  const cases: Array<[string, (input: string) => string[]]> = [
    ['--rules', (f) => ['--rules', f, 'a.sh']],
    ['--config', (f) => ['--config', f, 'a.sh']],
    ['--baseline', (f) => ['--baseline', f, 'a.sh']],
    ['merge', (f) => ['merge', f]],
    ['--cache-location', (f) => ['--cache', '--cache-location', f, 'a.sh']],
  ];
  for (const [flag, args] of cases) {
    for (const input of ['zero', 'fifo']) {
      it(`${flag} ${input}`, () => {
        const dir = project();
        const started = Date.now();
        const r = hublint(args(input), { cwd: dir });
        expect(r.code, r.stderr).toBe(2);
        expect(oneLine(r.stderr), r.stderr).toBe(true);
        expect(r.stderr).toMatch(/not a regular file/);
        expect(r.stdout).toBe('');
        expect(Date.now() - started).toBeLessThan(20_000);
      });
    }
  }

  it('a rule file over the cap is refused by its size, before it is read', () => {
    const dir = project();
    const big = join(dir, 'big.yaml');
    writeFileSync(big, '');
    execFileSync('truncate', ['-s', '100M', big]);
    const r = hublint(['--rules', 'big.yaml', 'a.sh'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toMatch(/rule file is 100 MB, over the 64 MB limit/);
  });
});

describe('--stdin is bounded', () => {
  it('from the zero device: refused as a device', () => {
    const dir = project();
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" --stdin < zero`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toMatch(/standard input is a device/);
  });

  it('an endless pipe: stops at --max-file-size with one line', () => {
    const dir = project();
    const r = spawnSync('sh', ['-c', `cat zero | "${process.execPath}" "${CLI}" --stdin --max-file-size 1MB`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toMatch(/standard input is over the 1 MB limit/);
  });

  it('a pipe under the limit is still scanned', () => {
    const r = hublint(['--stdin', '--stdin-filename', 'x.sh', '-f', 'json'], { input: `curl ${URL}\n` });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings).toHaveLength(1);
  });
});

describe('a pathological scanned file costs that file only', () => {
  it('200 KB of nested brackets in .py and .go: internal-error findings, quickly, other files reported', () => {
    const dir = project();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'deep.py'), `x = ${deep}\nurl = "${URL}"\n`);
    writeFileSync(join(dir, 'src', 'deep.go'), `package main\nvar x = ${deep}\nvar u = "${URL}"\n`);
    writeFileSync(join(dir, 'src', 'ok.py'), `import requests\nrequests.get("${URL}")\n`);
    const started = Date.now();
    const r = hublint(['-f', 'json', 'src', 'a.sh'], { cwd: dir });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.code).toBe(1);
    const findings = JSON.parse(r.stdout).findings as Array<{ file: string; ruleId: string; message: string }>;
    const crashed = findings.filter((f) => f.ruleId === 'internal-error');
    expect(crashed.map((f) => f.file).sort()).toEqual(['src/deep.go', 'src/deep.py']);
    for (const f of crashed) expect(f.message).toMatch(/nested more than 1000 levels/);
    expect(findings.filter((f) => f.ruleId === 'hub-get-repository').map((f) => f.file).sort()).toEqual(['a.sh', 'src/ok.py']);
  });

  it('ordinary nesting (a few hundred levels) is parsed as before', () => {
    const dir = project();
    writeFileSync(join(dir, 'nested.py'), `import requests\nx = ${'['.repeat(300)}1${']'.repeat(300)}\nrequests.get("${URL}")\n`);
    const r = hublint(['-f', 'json', 'nested.py'], { cwd: dir });
    const findings = JSON.parse(r.stdout).findings as Array<{ ruleId: string }>;
    expect(findings.map((f) => f.ruleId)).toEqual(['hub-get-repository']);
  });
});

describe('merge with a finding that is not one', () => {
  for (const bad of ['null', '42', '{"ruleId":"x"}']) {
    it(`findings: [${bad}] is one line naming the file, not an internal error`, () => {
      const dir = project();
      writeFileSync(join(dir, 'shard.json'), `{"findings":[${bad}],"stats":{"filesScanned":1}}`);
      const r = hublint(['merge', 'shard.json'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toMatch(/shard\.json: findings\[0\] is not a hublint finding/);
    });
  }

  it('stats: null is one line too', () => {
    const dir = project();
    writeFileSync(join(dir, 'shard.json'), '{"findings":[],"stats":null}');
    const r = hublint(['merge', 'shard.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr), r.stderr).toBe(true);
  });
});
