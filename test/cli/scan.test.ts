import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

const GET = 'fetch("https://hub.docker.com/v2/repositories/acme/web/")\n';
const REMOVED = 'curl https://index.docker.io/v1/repositories/acme/web/tags\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hublint-cli-'));
  mkdirSync(join(dir, 'rules'));
  mkdirSync(join(dir, '.github/workflows'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/dep'), { recursive: true });
  mkdirSync(join(dir, 'build'));
  writeFileSync(join(dir, 'rules/notes.txt'), 'see https://hub.docker.com/v2/repositories/acme/web/\n');
  writeFileSync(join(dir, '.github/workflows/notes.txt'), 'https://hub.docker.com/v2/repositories/acme/\n');
  writeFileSync(join(dir, 'node_modules/dep/notes.txt'), 'https://hub.docker.com/v2/repositories/acme/web\n');
  writeFileSync(join(dir, 'build/notes.txt'), 'https://hub.docker.com/v2/repositories/acme/web\n');
  writeFileSync(join(dir, '.gitignore'), 'build/\n');
  writeFileSync(join(dir, 'removed.txt'), REMOVED);
  writeFileSync(join(dir, 'clean.txt'), 'https://hub.docker.com/v2/namespaces/acme/repositories/web\n');
  writeFileSync(join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 3, 0x68, 0x75, 0x62]));
  execFileSync('mkfifo', [join(dir, 'pipe.sh')]);
  symlinkSync(join(dir, 'missing-target'), join(dir, 'dangling.txt'));
  symlinkSync(dir, join(dir, 'loop-dir'));
});

describe('hublint [paths]', () => {
  it('prints --version and --help', () => {
    expect(hublint(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = hublint(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: hublint');
    expect(help.stdout).toContain('Exit codes');
    for (const sub of ['rules']) expect(hublint([sub, '--help']).stdout).toContain(`Usage: hublint ${sub}`);
  });

  it('scans a folder: dot folders in, .gitignore and node_modules out, odd files skipped with notices', () => {
    const r = hublint(['--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.tool.name).toBe('hublint');
    const files = [...new Set(out.findings.map((f: { file: string }) => f.file))];
    expect(files).toEqual(['.github/workflows/notes.txt', 'removed.txt', 'rules/notes.txt']);
    expect(out.stats.skipped).toMatchObject({ binary: 1, 'not-regular': 1, 'broken-symlink': 1 });
    expect(r.stderr).toContain('pipe.sh: skipped: not a regular file');
    expect(r.stderr).toContain('dangling.txt: skipped: dangling symlink');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('--no-ignore scans node_modules and ignored folders too', () => {
    const out = JSON.parse(hublint(['--format', 'json', '--no-ignore'], { cwd: dir }).stdout);
    const files = new Set(out.findings.map((f: { file: string }) => f.file));
    expect(files.has('node_modules/dep/notes.txt')).toBe(true);
    expect(files.has('build/notes.txt')).toBe(true);
  });

  it('a path named like a subcommand is scanned as a path', () => {
    const r = hublint(['./rules', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(r.stdout).findings.map((f: { file: string }) => f.file)).toEqual(['rules/notes.txt']);
  });

  it('text output is stylish, sorted and the same on every run', () => {
    const a = hublint([], { cwd: dir });
    const b = hublint([], { cwd: dir });
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/removed\.txt\n\s+1:6\s+error\s+removed 2022-08-23; use \/v2\/namespaces\/\S+ {2}hub-v1-retired\n/);
    // ESLint's short lines (issue 32 row 11): when and what to call instead; the JSON keeps the whole message.
    for (const line of a.stdout.split('\n').filter((l) => /^\s+\d+:\d+\s/.test(l))) expect(line.length).toBeLessThanOrEqual(120);
    expect(a.stdout).toMatch(/✖ 3 problems \(1 error, 2 warnings\) in /);
  });

  it('exit codes follow --fail-on, --quiet and --max-warnings', () => {
    expect(hublint(['rules'], { cwd: dir }).code).toBe(0);
    expect(hublint(['rules/notes.txt'], { cwd: dir }).code).toBe(1);
    expect(hublint(['rules/notes.txt', '--fail-on', 'error'], { cwd: dir }).code).toBe(0);
    expect(hublint(['rules/notes.txt', '--fail-on', 'none', '--max-warnings', '0'], { cwd: dir }).code).toBe(1);
    expect(hublint(['rules/notes.txt', '--fail-on', 'none', '--max-warnings', '1'], { cwd: dir }).code).toBe(0);
    const quiet = hublint(['--quiet', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(quiet.stdout).findings.every((f: { severity: string }) => f.severity === 'error')).toBe(true);
    expect(hublint(['clean.txt'], { cwd: dir }).code).toBe(0);
  });

  it('scans standard input as the named file', () => {
    const r = hublint(['--stdin', '--stdin-filename', 'src/x.txt', '--format', 'json'], { cwd: dir, input: GET });
    const out = JSON.parse(r.stdout);
    expect(out.findings).toHaveLength(1);
    expect(out.findings[0]).toMatchObject({ file: 'src/x.txt', ruleId: 'hub-get-repository', line: 1 });
  });

  it('bad input: one line, exit 2, no stack', () => {
    for (const args of [['does-not-exist'], ['--max-file-size', 'huge'], ['--format', 'xml'], ['--max-warnings', 'x'], ['--rules', 'nope.yaml'], ['--bogus']]) {
      const r = hublint(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n').length, r.stderr).toBeLessThanOrEqual(2);
      expect(r.stderr).toMatch(/^hublint: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--max-file-size skips larger files with a notice', () => {
    const r = hublint(['--max-file-size', '10', '--format', 'json', 'removed.txt'], { cwd: dir });
    expect(JSON.parse(r.stdout).stats.skipped).toEqual({ 'too-large': 1 });
    expect(r.stderr).toMatch(/removed\.txt: skipped: .*--max-file-size/);
  });
});

describe('hublint rules', () => {
  it('prints the table as text and JSON', () => {
    const text = hublint(['rules']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('hub-get-repository  deprecated 2025-09-19  warning');
    const json = JSON.parse(hublint(['rules', '--format', 'json']).stdout);
    expect(json.rules.map((r: { id: string }) => r.id)).toContain('hub-v1-retired');
  });

  it('--rules adds a user rule file; a bad one is one line naming file, entry and field', () => {
    const file = join(dir, 'bad-rules.yaml');
    writeFileSync(file, 'rules:\n  - id: mine\n    status: gone\n');
    const r = hublint(['rules', '--rules', file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`hublint: ${file}:3: rules[0] (mine): field 'status' must be one of deprecated, removed, legacy`);
  });
});

describe('what a person has to do, in the text output', () => {
  it('says "needs a person" for rules with no automatic fix, and a comment\'s reason is the comment\'s', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-person-'));
    writeFileSync(
      join(work, 'c.py'),
      'import requests\n# requests.get("https://hub.docker.com/v2/repositories/library/nginx/")\nrequests.post("https://hub.docker.com/v2/users/login", json={"username": u})\n',
    );
    writeFileSync(join(work, 's.sh'), 'curl "https://hub.docker.com/api/content/v1/products/search?q=nginx"\n');
    const run = hublint(['.'], { cwd: work });
    expect([run.code, run.stderr]).toEqual([1, '']);
    const lines = run.stdout.split('\n');
    const after = (rule: string) => lines[lines.findIndex((l) => l.endsWith(`  ${rule}`)) + 1].trim();
    // The body holds no password and the response is not read: a partial migration, never written.
    // The reason's head: what was not found is in the JSON (and the --fix-dry-run summary).
    expect(after('hub-users-login')).toBe('needs a person: a partial login migration would send the old body to the new route');
    expect(after('hub-search-removed')).toBe('needs a person: parameters and response change');
    // The commented-out call is info: nothing to do now; its reason (in JSON) names the comment, not Markdown.
    expect(after('hub-get-repository')).not.toMatch(/needs a person/);
    const json = JSON.parse(hublint(['c.py', '-f', 'json'], { cwd: work }).stdout) as { findings: { ruleId: string; fixRefusal?: string }[] };
    expect(json.findings.find((f) => f.ruleId === 'hub-get-repository')?.fixRefusal).toBe('a URL in a comment is never rewritten: it documents a call, or is one commented out');
  });
});

describe('report wording (issue 32 row 11)', () => {
  it('markdown and html: plural counts, pins called unjudged in a scan, an automatic fix named once with its reason', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-words-'));
    writeFileSync(join(work, 'a.js'), GET);
    writeFileSync(join(work, '.env'), 'DOCKER_API_VERSION=1.41\n');
    const md = hublint(['.', '-f', 'markdown'], { cwd: work });
    expect([md.code, md.stderr]).toEqual([1, '']);
    expect(md.stdout).toContain('**2 findings** (0 errors, 1 warning, 1 info finding) in 2 files');
    expect(md.stdout).toContain('The Engine API versions the code pins (not judged: `hublint engine check` judges them');
    expect(md.stdout).not.toContain('Verdict of each pinned version');
    expect(md.stdout).toContain('  - Automatic fix (safe): only the path changes');
    const html = hublint(['.', '-f', 'html'], { cwd: work }).stdout;
    expect(html).toContain('Automatic fix (safe): only the path changes');
    expect(html).not.toMatch(/Automatic fix: safe \(safe:/);
    expect(html).toContain('(not judged: <code>hublint engine check</code>');
    const judged = hublint(['engine', 'check', '--engine', '29.7', '.', '-f', 'markdown'], { cwd: work }).stdout;
    expect(judged).toContain('Verdict of each pinned version per Engine release:');
  });
});
