import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

const DEPRECATED = 'curl https://hub.docker.com/v2/repositories/acme/web/\n';

function tmp(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `hublint-${prefix}-`));
}

function gitRepo(): string {
  const dir = tmp('git');
  const g = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  g('init', '-q', '-b', 'main');
  g('config', 'user.email', 't@example.com');
  g('config', 'user.name', 't');
  return dir;
}
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
const json = (stdout: string) => JSON.parse(stdout) as { findings: Array<{ file: string; ruleId: string; line: number; fingerprint: string }>; stats: Record<string, unknown> };

describe('.hublint.yaml', () => {
  it('is found upward and applies severities, off, excludes and failOn', () => {
    const dir = tmp('config');
    mkdirSync(join(dir, 'sub/vendor'), { recursive: true });
    writeFileSync(join(dir, '.hublint.yaml'), 'rules:\n  hub-get-repository: error\n  hub-list-repositories: "off"\nexclude: ["**/vendor/**"]\nfailOn: error\n');
    writeFileSync(join(dir, 'sub/a.sh'), 'https://hub.docker.com/v2/repositories/acme/web/\nhttps://hub.docker.com/v2/repositories/acme/\n');
    writeFileSync(join(dir, 'sub/vendor/b.sh'), DEPRECATED);
    const r = hublint(['--format', 'json', '.'], { cwd: join(dir, 'sub') });
    const out = json(r.stdout);
    expect(out.findings.map((f) => [f.file, f.ruleId])).toEqual([['a.sh', 'hub-get-repository']]);
    expect((out.findings[0] as unknown as { severity: string }).severity).toBe('error');
    expect(r.code).toBe(1);
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not YAML', 'rules: [unclosed\n', /\.hublint\.yaml: not valid YAML/],
    ['unknown key', 'colour: red\n', /\.hublint\.yaml: unknown key 'colour' \(allowed: include, exclude, rules/],
    ['wrong type', 'exclude: vendor\n', /\.hublint\.yaml: 'exclude' must be a list/],
    ['bad severity', 'rules:\n  hub-get-repository: loud\n', /'rules\.hub-get-repository' must be one of error, warning, info, off/],
    ['bad failOn', 'failOn: sometimes\n', /'failOn' must be one of error, warning, info, none/],
    ['unknown rule', 'rules:\n  hub-nope: error\n', /^hublint: \.hublint\.yaml: unknown rule 'hub-nope' under rules$/],
  ];
  for (const [name, text, message] of bad) {
    it(`${name}: exit 2, one line naming the file and the key`, () => {
      const dir = tmp('badcfg');
      writeFileSync(join(dir, '.hublint.yaml'), text);
      const r = hublint(['.'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('hublint init writes a starter that validates, and prints the snippets', () => {
    const dir = tmp('init');
    const r = hublint(['init'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('id: hublint');
    expect(r.stdout).toContain('upload-sarif');
    expect(existsSync(join(dir, '.hublint.yaml'))).toBe(true);
    writeFileSync(join(dir, 'x.sh'), DEPRECATED);
    expect(hublint(['.'], { cwd: dir }).code).toBe(1);
    expect(hublint(['init'], { cwd: dir }).code).toBe(2);
  });
});

describe('suppressions', () => {
  it('next-line, line, block and file directives, in several comment syntaxes; unused ones reported on request', () => {
    const dir = tmp('suppress');
    writeFileSync(join(dir, 'a.sh'), [
      '# hublint-disable-next-line hub-get-repository -- the mirror still serves it',
      DEPRECATED.trim(),
      `${DEPRECATED.trim()} # hublint-disable-line`,
      '# hublint-disable',
      DEPRECATED.trim(),
      '# hublint-enable',
      DEPRECATED.trim(),
      '# hublint-disable-next-line hub-v1-retired',
      DEPRECATED.trim(),
    ].join('\n'));
    writeFileSync(join(dir, 'b.md'), '<!-- hublint-disable-file -->\nSee https://hub.docker.com/v2/repositories/acme/web/\n');
    writeFileSync(join(dir, 'c.js'), '// hublint-disable-next-line\nconst x = 1;\n');
    const out = json(hublint(['--format', 'json', '.'], { cwd: dir }).stdout);
    expect(out.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['a.sh:7', 'a.sh:9']);
    expect(out.stats.suppressed).toBe(4);
    const unused = json(hublint(['--format', 'json', '--report-unused-disable', '.'], { cwd: dir }).stdout);
    expect(unused.findings.filter((f) => f.ruleId === 'unused-disable-directive').map((f) => `${f.file}:${f.line}`)).toEqual(['a.sh:8', 'c.js:1']);
  });
});

describe('baseline', () => {
  it('survives moved lines and reports progress', () => {
    const dir = tmp('baseline');
    writeFileSync(join(dir, 'a.sh'), `${DEPRECATED}curl https://hub.docker.com/v2/repositories/acme/\n`);
    expect(hublint(['baseline'], { cwd: dir }).code).toBe(0);
    const base = JSON.parse(readFileSync(join(dir, '.hublint-baseline.json'), 'utf8'));
    expect(base.findings).toHaveLength(2);
    expect(JSON.stringify(base)).not.toMatch(/"line"/);
    // Lines move, one call is migrated, one new call appears.
    writeFileSync(join(dir, 'a.sh'), `echo start\n\n${DEPRECATED}curl https://hub.docker.com/v2/namespaces/acme/repositories\ncurl -I https://hub.docker.com/v2/repositories/acme/api\n`);
    const r = hublint(['--baseline', '.hublint-baseline.json', '--format', 'json'], { cwd: dir });
    const out = json(r.stdout);
    expect(out.findings.map((f) => f.ruleId)).toEqual(['hub-check-repository']);
    expect(out.stats.baseline).toEqual({ total: 2, fixed: 1, remaining: 1 });
    expect(hublint(['--baseline', '.hublint-baseline.json'], { cwd: dir }).stdout).toContain('baseline: 1 of 2 fixed, 1 remaining');
  });

  it('hublint baseline creates the baseline file the config names, which later scans then use', () => {
    const dir = tmp('baseline-config');
    writeFileSync(join(dir, '.hublint.yaml'), 'baseline: hub-debt.json\n');
    writeFileSync(join(dir, 'a.sh'), `${DEPRECATED}curl https://hub.docker.com/v2/repositories/acme/\n`);
    // The config names a file that does not exist yet: a scan says so in one line, exit 2.
    const before = hublint(['.'], { cwd: dir });
    expect(before.code).toBe(2);
    expect(before.stderr).toMatch(/hub-debt\.json: cannot read baseline \(ENOENT\)/);
    const r = hublint(['baseline'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/wrote \S*hub-debt\.json with 2 findings/);
    expect(JSON.parse(readFileSync(join(dir, 'hub-debt.json'), 'utf8')).findings).toHaveLength(2);
    expect(existsSync(join(dir, '.hublint-baseline.json'))).toBe(false);
    const after = json(hublint(['--format', 'json', '.'], { cwd: dir }).stdout);
    expect(after.findings).toEqual([]);
    expect(after.stats.baseline).toEqual({ total: 2, fixed: 0, remaining: 2 });
    // Recording again replaces it; -o still names another file.
    expect(hublint(['baseline'], { cwd: dir }).code).toBe(0);
    expect(hublint(['baseline', '-o', 'other.json'], { cwd: dir }).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'other.json'), 'utf8')).findings).toHaveLength(2);
  });
});

describe('git: --staged and --changed-since', () => {
  it('--staged scans staged content of staged files only', () => {
    const dir = gitRepo();
    writeFileSync(join(dir, 'bad.sh'), DEPRECATED);
    writeFileSync(join(dir, 'good.sh'), 'echo hi\n');
    writeFileSync(join(dir, 'unstaged.sh'), DEPRECATED);
    git(dir, 'add', 'bad.sh', 'good.sh');
    const r = hublint(['--staged', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(json(r.stdout).findings.map((f) => f.file)).toEqual(['bad.sh']);
    // The fix is staged; the working tree still has the old line: the commit is clean.
    writeFileSync(join(dir, 'bad.sh'), 'curl https://hub.docker.com/v2/namespaces/acme/repositories/web/\n');
    git(dir, 'add', 'bad.sh');
    writeFileSync(join(dir, 'bad.sh'), DEPRECATED);
    const fixed = hublint(['--staged'], { cwd: dir });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('no problems');
  });

  it('--staged from a subfolder reads every staged file of the repository, each its own staged content, under diff.relative', () => {
    const dir = gitRepo();
    mkdirSync(join(dir, 'tools'));
    git(dir, 'config', 'diff.relative', 'true');
    // Two files with the same staged content (one blob), one above the working folder, one clean.
    writeFileSync(join(dir, 'top.sh'), DEPRECATED);
    writeFileSync(join(dir, 'tools/same.sh'), DEPRECATED);
    writeFileSync(join(dir, 'tools/other.sh'), 'curl https://hub.docker.com/v2/repositories/acme/\n');
    writeFileSync(join(dir, 'tools/clean.sh'), 'echo hi\n');
    git(dir, 'add', '.');
    writeFileSync(join(dir, 'tools/other.sh'), 'echo changed after staging\n');
    const r = hublint(['--staged', '--format', 'json'], { cwd: join(dir, 'tools') });
    expect(r.code, r.stderr).toBe(1);
    const out = json(r.stdout);
    expect(out.findings.map((f) => [f.file, f.ruleId])).toEqual([
      ['../top.sh', 'hub-get-repository'],
      ['other.sh', 'hub-list-repositories'],
      ['same.sh', 'hub-get-repository'],
    ]);
    expect(out.stats.filesScanned).toBe(4);
    git(dir, 'commit', '-qm', 'one');
    const none = hublint(['--staged'], { cwd: join(dir, 'tools') });
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('no problems (0 files scanned)');
    const outside = hublint(['--staged'], { cwd: tmp('no-repo') });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/^hublint: git rev-parse: .*not a git repository/);
  });

  it('a staged file or a file argument resolves constants from files that are not scanned', () => {
    const dir = gitRepo();
    writeFileSync(join(dir, 'config.ts'), "export const HUB_API = 'https://hub.docker.com/v2';\n");
    git(dir, 'add', 'config.ts');
    git(dir, 'commit', '-qm', 'config');
    writeFileSync(join(dir, 'user.ts'), "import { HUB_API } from './config';\nexport const repo = fetch(`${HUB_API}/repositories/acme/web/`);\n");
    git(dir, 'add', 'user.ts');
    for (const args of [['--staged'], ['user.ts']]) {
      const out = json(hublint([...args, '--format', 'json'], { cwd: dir }).stdout);
      expect(out.findings.map((f) => [f.file, f.ruleId, f.line]), args.join(' ')).toEqual([['user.ts', 'hub-get-repository', 2]]);
    }
  });

  it('--changed-since takes changed, renamed and untracked files', () => {
    const dir = gitRepo();
    writeFileSync(join(dir, 'old.sh'), DEPRECATED);
    writeFileSync(join(dir, 'same.sh'), DEPRECATED);
    writeFileSync(join(dir, '.gitignore'), 'ignored.sh\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'one');
    git(dir, 'mv', 'old.sh', 'renamed.sh');
    writeFileSync(join(dir, 'renamed.sh'), `${DEPRECATED}echo changed\n`);
    writeFileSync(join(dir, 'new.sh'), DEPRECATED);
    writeFileSync(join(dir, 'ignored.sh'), DEPRECATED);
    const out = json(hublint(['--changed-since', 'HEAD', '--format', 'json'], { cwd: dir }).stdout);
    expect(out.findings.map((f) => f.file)).toEqual(['new.sh', 'renamed.sh']);
    expect(hublint(['--changed-since', 'no-such-rev'], { cwd: dir }).code).toBe(2);
  });

  it('--changed-since reads a changed file whose name is not UTF-8 by its bytes and leaves a submodule out', () => {
    const sub = gitRepo();
    git(sub, 'commit', '-qm', 'one', '--allow-empty');
    const dir = gitRepo();
    writeFileSync(join(dir, 'keep.sh'), 'echo hi\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'one');
    // 0xff 0xfe never start a UTF-8 sequence: decoded, this name names no file.
    const raw = Buffer.concat([Buffer.from(`${dir}/`), Buffer.from([0xff, 0xfe]), Buffer.from('-hub.sh')]);
    writeFileSync(raw, DEPRECATED);
    git(dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'vendored');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'two');
    const r = hublint(['--changed-since', 'HEAD~1', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    const out = json(r.stdout);
    expect(out.findings.map((f) => [f.file, f.ruleId])).toEqual([['\uFFFD\uFFFD-hub.sh', 'hub-get-repository']]);
    // .gitmodules and the named file are scanned; the submodule is no file.
    expect(out.stats.filesScanned).toBe(2);
    // The in-memory file keeps the size limit of files on disk.
    const small = hublint(['--changed-since', 'HEAD~1', '--max-file-size', '10', '--format', 'json'], { cwd: dir });
    expect(small.code, small.stderr).toBe(0);
    expect(json(small.stdout).stats.filesSkipped).toBe(2);
    // --fix leaves it alone: its decoded name names no file.
    const fix = hublint(['--changed-since', 'HEAD~1', '--fix'], { cwd: dir });
    expect(fix.code, fix.stderr).toBe(1);
    expect(fix.stderr).toContain('its name is not valid UTF-8: left alone');
    expect(readFileSync(raw, 'utf8')).toBe(DEPRECATED);
  });
});

describe('--shard and merge', () => {
  it('shards split the files; merge gives back the whole scan', () => {
    const dir = tmp('shard');
    for (let i = 0; i < 12; i++) writeFileSync(join(dir, `f${i}.sh`), `curl https://hub.docker.com/v2/repositories/acme/r${i}/\n`);
    const whole = json(hublint(['--format', 'json'], { cwd: dir }).stdout);
    const outDir = tmp('shard-out');
    const parts = [1, 2, 3].map((i) => {
      const r = hublint(['--shard', `${i}/3`, '--format', 'json', '--output', join(outDir, `s${i}.json`)], { cwd: dir });
      expect(r.code).toBe(1);
      return json(readFileSync(join(outDir, `s${i}.json`), 'utf8'));
    });
    expect(parts.reduce((n, p) => n + p.findings.length, 0)).toBe(12);
    expect(parts.every((p) => p.findings.length < 12)).toBe(true);
    const merged = json(hublint(['merge', '-f', 'json', 's1.json', 's2.json', 's3.json', 's1.json'], { cwd: outDir }).stdout);
    expect(merged.findings).toEqual(whole.findings);
    expect(merged.stats.filesScanned).toBe(whole.stats.filesScanned);
    expect(hublint(['--shard', '4/3'], { cwd: dir }).code).toBe(2);
  });
});

describe('--report FMT=FILE', () => {
  it('writes more formats in the same run', () => {
    const dir = tmp('report');
    writeFileSync(join(dir, 'a.sh'), DEPRECATED);
    const r = hublint(['--report', 'json=out.json', '--format', 'text'], { cwd: dir });
    expect(r.stdout).toContain('hub-get-repository');
    expect(json(readFileSync(join(dir, 'out.json'), 'utf8')).findings).toHaveLength(1);
    expect(hublint(['--report', 'nonsense'], { cwd: dir }).code).toBe(2);
  });
});
