import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';
import { oneLine, tempDir } from '../helpers/hostile.js';

/**
 * The second battery's rows on files, git, output and merge inputs (issue 34, rows 12–21):
 * nothing the user had is lost, no output is forged, a failing gate stays failing.
 */

const CALL = 'curl -fsS https://hub.docker.com/v2/repositories/acme/web/\n';

function project(files: Record<string, string> = { 'a.sh': CALL }): string {
  const dir = tempDir('noloss');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('row 14: --fix refuses a file an editor wrote to just before the rename', () => {
  it('an append injected at the last moment is kept, the file refused, the run not passing', () => {
    const dir = project();
    const r = hublint(['--fix', 'a.sh'], { cwd: dir, env: { HUBLINT_TEST_APPEND_BEFORE_RENAME: 'echo appended by the editor\n' } });
    expect(readFileSync(join(dir, 'a.sh'), 'utf8')).toBe(`${CALL}echo appended by the editor\n`);
    expect(r.stderr).toMatch(/a\.sh.*changed on disk while hublint was fixing it/);
    expect(r.code).toBe(1);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('without the injected write the same command fixes the file', () => {
    const dir = project();
    const r = hublint(['--fix', 'a.sh'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'a.sh'), 'utf8')).toContain('/v2/namespaces/acme/repositories/web');
  });
});

describe('row 15: --fix on a file whose name is 229 bytes', () => {
  it('is fixed: the temp name fits NAME_MAX', () => {
    const name = `${'n'.repeat(226)}.sh`;
    expect(Buffer.byteLength(name)).toBe(229);
    const dir = project({ [name]: CALL });
    const r = hublint(['--fix', name], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, name), 'utf8')).toContain('/v2/namespaces/acme/repositories/web');
    expect(readdirSync(dir)).toEqual([name]);
  });
});

describe('row 17: names and messages escaped for the medium each format is read in', () => {
  it('a merge input whose message forges a workflow command gives none in any format', () => {
    const dir = project();
    const shard = hublint(['--format', 'json', '-o', 'shard.json', 'a.sh'], { cwd: dir });
    expect(shard.code, shard.stderr).toBe(1);
    const doc = JSON.parse(readFileSync(join(dir, 'shard.json'), 'utf8')) as { findings: Array<{ message: string; file: string }> };
    doc.findings[0].message += '\n::error file=x::forged\r\n##vso[task.complete result=Succeeded;]done';
    doc.findings[0].file = 'x\u001b]0;owned\u0007\u001b[2J.sh';
    writeFileSync(join(dir, 'forged.json'), JSON.stringify(doc));
    for (const format of ['text', 'github', 'junit', 'html', 'markdown', 'sarif', 'gitlab', 'json']) {
      const r = hublint(['merge', '--format', format, 'forged.json'], { cwd: dir });
      expect(r.stdout.length, `${format}: ${r.stderr}`).toBeGreaterThan(0);
      // A CI log runs a line that starts with `::name` or `##vso[`; a terminal acts on ESC.
      const lines = r.stdout.split(/\r?\n|\r/);
      expect(lines.filter((l) => /^::error file=x|^##vso\[/.test(l)), format).toEqual([]);
      expect(r.stdout.includes('\u001b'), `${format} holds a raw ESC`).toBe(false);
    }
  });

  it('--color: a file name holding OSC and clear-screen escapes is shown, not acted on', () => {
    const name = 'a\u001b]0;owned\u0007\u001b[2J\u009b2Jb.sh';
    const dir = project({ [name]: CALL });
    const r = hublint(['--color', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('\u001b[');
    // hublint's own colours are the only escapes: SGR sequences, nothing else.
    // eslint-disable-next-line no-control-regex
    expect(r.stdout.replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(r.stdout).toContain('a\\x1b]0;owned\\x07\\x1b[2J\\x9b2Jb.sh');
  });

  it('a scan: OSC, clear-screen, CSI and bidi in a name and a URL are escaped in every format, with --color and without, and in the diff', () => {
    const dir = project({ 'a\u001b]0;owned\u0007\u001b[2J\u009bb\u202e.sh': CALL, 'b.sh': 'curl "https://hub.docker.com/v2/repositories/acme/\u001b]8;;x\u0007w/"\n' });
    for (const format of ['text', 'json', 'sarif', 'github', 'junit', 'html', 'markdown', 'gitlab']) {
      for (const extra of [[], ['--color'], ['--color', '--fix-dry-run']]) {
        const r = hublint(['-f', format, ...extra, '.'], { cwd: dir });
        expect(r.stdout.length, `${format} ${extra.join(' ')}: ${r.stderr}`).toBeGreaterThan(0);
        // hublint's own colours (SGR) are the only escapes a terminal may act on.
        // eslint-disable-next-line no-control-regex
        expect(`${r.stdout}${r.stderr}`.replace(/\u001b\[[0-9;]*m/g, ''), `${format} ${extra.join(' ')}`).not.toMatch(/[\u0007\u001b\u009b\u202e]/);
      }
    }
  });
});

describe('row 20: merge validates positions as strictly as a scan writes them', () => {
  for (const [key, value] of [['line', 1e308], ['column', -5], ['line', 0], ['column', 2.5], ['endLine', 1e308]] as const) {
    it(`${key} ${value} is refused in one line naming the file and the key`, () => {
      const dir = project();
      const shard = hublint(['--format', 'json', '-o', 'shard.json', 'a.sh'], { cwd: dir });
      expect(shard.code, shard.stderr).toBe(1);
      const doc = JSON.parse(readFileSync(join(dir, 'shard.json'), 'utf8')) as { findings: Array<Record<string, unknown>> };
      doc.findings[0][key] = value;
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(doc));
      for (const format of ['sarif', 'github']) {
        const r = hublint(['merge', '--format', format, 'bad.json'], { cwd: dir });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(oneLine(r.stderr), r.stderr).toBe(true);
        expect(r.stderr).toContain(`bad.json: findings[0].${key}`);
      }
    });
  }
});

describe('row 20: merge validates the texts a reporter reads as strictly as a scan writes them', () => {
  it.each([
    ['message', { a: 1 }, 'message is an object'],
    ['ruleId', '', 'ruleId is not a kebab-case rule id'],
    ['ruleId', 'x\n::error::forged', 'ruleId is not a kebab-case rule id'],
    ['file', '', 'file is empty'],
    ['file', 'a\u0000b.sh', 'file is a name holding NUL'],
    ['url', 7, 'url is a number'],
    ['snippet', ['a'], 'snippet is a list'],
  ] as const)('%s %j is refused in one line', (key, value, said) => {
    const dir = project();
    expect(hublint(['--format', 'json', '-o', 'shard.json', 'a.sh'], { cwd: dir }).code).toBe(1);
    const doc = JSON.parse(readFileSync(join(dir, 'shard.json'), 'utf8')) as { findings: Array<Record<string, unknown>> };
    doc.findings[0][key] = value;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(doc));
    for (const format of ['github', 'sarif', 'text']) {
      const r = hublint(['merge', '--format', format, 'bad.json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toContain(`bad.json: findings[0].${said}`);
    }
  });
});

describe('row 21: a closed output does not turn a failing gate into a passing one', () => {
  it('hublint TREE | head -1 with 3,000 warnings exits 1, as the full run does', () => {
    const dir = project({ 'many.sh': Array.from({ length: 3000 }, (_, i) => `curl https://hub.docker.com/v2/repositories/acme/w${i}/`).join('\n') });
    const full = hublint(['.'], { cwd: dir });
    expect(full.code).toBe(1);
    for (const format of ['text']) {
      const piped = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" --format ${format} . | head -1 >/dev/null`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(piped.status, `${format}: ${piped.stderr}`).toBe(1);
      expect(piped.stderr).not.toMatch(/internal error|EPIPE/);
    }
  });
});

describe('row 12: file symlinks out of the scanned tree are not followed; inside, a file is read once', () => {
  it('../outside/private.sh and /etc/passwd are skipped with a notice; a link to a file inside adds nothing', () => {
    const root = tempDir('links');
    mkdirSync(join(root, 'outside'));
    mkdirSync(join(root, 'tree'));
    writeFileSync(join(root, 'outside', 'private.sh'), 'curl https://hub.docker.com/v2/repositories/private/outside/\n');
    writeFileSync(join(root, 'tree', 'real.sh'), CALL);
    symlinkSync('../outside/private.sh', join(root, 'tree', 'out.sh'));
    symlinkSync('/etc/passwd', join(root, 'tree', 'passwd.sh'));
    symlinkSync('real.sh', join(root, 'tree', 'again.sh'));
    const r = hublint(['--format', 'json', '.'], { cwd: join(root, 'tree') });
    expect(r.code).toBe(1);
    const findings = (JSON.parse(r.stdout) as { findings: Array<{ file: string; url: string }> }).findings;
    expect(findings.map((f) => f.file)).toEqual(['real.sh']);
    expect(r.stdout).not.toContain('private');
    expect(r.stdout).not.toContain('root:');
    expect(r.stderr).toContain('out.sh: skipped: symlink to a file outside the scanned folders (not followed)');
    expect(r.stderr).toContain('passwd.sh: skipped: symlink to a file outside the scanned folders (not followed)');
    // Named on the command line, a link that stays inside is read; one that leaves is not.
    const named = hublint(['--format', 'json', 'again.sh', 'out.sh'], { cwd: join(root, 'tree') });
    expect((JSON.parse(named.stdout) as { findings: Array<{ file: string }> }).findings.map((f) => f.file)).toEqual(['again.sh']);
  });
});

describe('row 13: an output the scan reads, or another output names, is refused; a full stdout is one line', () => {
  it('-o src/main.py and --report json=src/a.sh with src scanned, -o R --report sarif=R: exit 2, one line, nothing written', () => {
    const dir = project();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'main.py'), 'print("mine")\n');
    writeFileSync(join(dir, 'src', 'a.sh'), CALL);
    for (const [args, said] of [
      [['-o', 'src/main.py', 'src'], '-o src/main.py is a file the scan reads'],
      [['--report', 'json=src/a.sh', 'src'], '--report src/a.sh is a file the scan reads'],
      [['-o', 'R', '--report', 'sarif=R', 'src'], '--report R is the same file as -o R: one report would replace the other'],
    ] as const) {
      const r = hublint([...args], { cwd: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toContain(said);
    }
    expect(readFileSync(join(dir, 'src', 'main.py'), 'utf8')).toBe('print("mine")\n');
    expect(readFileSync(join(dir, 'src', 'a.sh'), 'utf8')).toBe(CALL);
    expect(readdirSync(dir).sort()).toEqual(['a.sh', 'src']);
    // A report of the last run, inside the scanned folder, is replaced as before.
    expect(hublint(['-f', 'json', '-o', 'src/report.json', 'src'], { cwd: dir }).code).toBe(1);
    expect(hublint(['-f', 'json', '-o', 'src/report.json', 'src'], { cwd: dir }).code).toBe(1);
  });

  it('every command that writes a report refuses a file its scan reads: baseline, pins, engine check', () => {
    const dir = project();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'a.sh'), CALL);
    writeFileSync(join(dir, 'src', '.env'), 'DOCKER_API_VERSION=1.41\n');
    for (const args of [
      ['baseline', '-o', 'src/a.sh', 'src'],
      ['pins', '-o', 'src/a.sh', 'src'],
      ['pins', '-o', 'src/.env', 'src/.env'],
      ['engine', 'check', '--engine', '29', '-o', 'src/.env', 'src'],
    ]) {
      const r = hublint(args, { cwd: dir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toMatch(/-o \S*src\/(a\.sh|\.env) is (a file the scan reads|the same file as the scanned file)/);
    }
    expect(readFileSync(join(dir, 'src', 'a.sh'), 'utf8')).toBe(CALL);
    expect(readFileSync(join(dir, 'src', '.env'), 'utf8')).toBe('DOCKER_API_VERSION=1.41\n');
  });

  it('stdout to /dev/full: one clear line, exit 2, not an internal error, in every command that prints a report', () => {
    const dir = project({ 'a.sh': CALL, '.env': 'DOCKER_API_VERSION=1.41\n' });
    expect(hublint(['-f', 'json', '-o', 'shard.json', 'a.sh'], { cwd: dir }).code).toBe(1);
    for (const args of ['a.sh', '-o - a.sh', '-o /dev/stdout a.sh', '--report json=- a.sh', '-f sarif a.sh', 'merge shard.json', 'merge -o - shard.json', 'baseline -o - a.sh', 'pins .env', 'pins -o - .env', 'engine check --engine 29 .env', 'rules']) {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" ${args} > /dev/full`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(r.status, `${args}: ${r.stderr}`).toBe(2);
      expect(r.stderr, args).not.toMatch(/internal error|\n\s+at /);
      expect(r.stderr.trim().split('\n').at(-1), args).toBe('hublint: cannot write to standard output: no space left on the device; the report is incomplete');
    }
  });
});

describe('row 16: --staged and --changed-since with a name that is not UTF-8 and a staged submodule', () => {
  it('both run to their findings (exit 1), the submodule is no file, no exit 2', () => {
    const root = tempDir('staged');
    const g = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'protocol.file.allow=always', ...args], { cwd, stdio: 'pipe' });
    mkdirSync(join(root, 'sub'));
    g(join(root, 'sub'), 'init', '-q');
    g(join(root, 'sub'), 'commit', '-q', '--allow-empty', '-m', 'one');
    const repo = join(root, 'repo');
    mkdirSync(repo);
    g(repo, 'init', '-q');
    // café.sh in Latin-1: the byte 0xE9 alone is not UTF-8.
    const latin1 = Buffer.concat([Buffer.from(repo), Buffer.from('/caf'), Buffer.from([0xe9]), Buffer.from('.sh')]);
    writeFileSync(latin1, CALL);
    writeFileSync(join(repo, 'ok.sh'), CALL);
    g(repo, 'submodule', 'add', '-q', '../sub', 'sub');
    g(repo, 'add', '-A');
    const staged = hublint(['--format', 'json', '--staged'], { cwd: repo });
    expect(staged.code, staged.stderr).toBe(1);
    const files = (JSON.parse(staged.stdout) as { findings: Array<{ file: string }> }).findings.map((f) => f.file);
    expect(files).toHaveLength(2);
    expect(files).toContain('ok.sh');
    g(repo, 'commit', '-q', '-m', 'init');
    writeFileSync(latin1, `${CALL}${CALL}`);
    writeFileSync(join(repo, 'ok.sh'), `${CALL}${CALL}`);
    g(join(repo, 'sub'), 'commit', '-q', '--allow-empty', '-m', 'two');
    const changed = hublint(['--format', 'json', '--changed-since', 'HEAD'], { cwd: repo });
    expect(changed.code, changed.stderr).toBe(1);
    // The Latin-1 name is read from the work tree by its bytes, reported as decoded.
    expect((JSON.parse(changed.stdout) as { findings: Array<{ file: string }> }).findings.map((f) => f.file)).toEqual(['caf\uFFFD.sh', 'caf\uFFFD.sh', 'ok.sh', 'ok.sh']);
    expect(changed.stderr).not.toContain('not valid UTF-8');
  });
});
