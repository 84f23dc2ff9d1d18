// Issue 19: the command line as ESLint, Semgrep and gitleaks users expect it. Each test
// reproduces one row of the issue against the built CLI.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';
import { SNIPPETS } from '../../src/cli/init-command.js';
import { ENGINE_TABLE } from '../../src/rules/engine-table.generated.js';

const REMOVED = 'curl https://index.docker.io/v1/repositories/acme/web/tags\n';
const DEPRECATED = 'curl https://hub.docker.com/v2/repositories/acme/web/\n';
const PIN = 'FROM docker:24.0-cli\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hublint-conv-'));
  writeFileSync(join(dir, 'removed.sh'), REMOVED);
  writeFileSync(join(dir, 'deprecated.sh'), DEPRECATED);
  writeFileSync(join(dir, 'Dockerfile'), PIN);
});

/** A snippet's `npx hublint …` as the shell would run it, with the built CLI for npx. */
function runLine(line: string, cwd: string) {
  return spawnSync('sh', ['-c', line.replace(/^npx hublint/, `"${process.execPath}" "${CLI}"`)], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

describe('hublint init (rows 1, 4, 15)', () => {
  it('prints snippets that parse as YAML and upload results when there are findings', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-init-'));
    const r = hublint(['init'], { cwd: work });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('/dev/stdout');
    expect(r.stdout).not.toMatch(/rev: v\d|github\.com\/hublint|OWNER/);
    const github = parse(SNIPPETS.github);
    expect(github.jobs.hublint.permissions['security-events']).toBe('write');
    const upload = github.jobs.hublint.steps.find((s: { uses?: string }) => s.uses?.startsWith('github/codeql-action/upload-sarif'));
    expect(upload.if).toBe('always()');
    const gitlab = parse(SNIPPETS.gitlab);
    expect(gitlab.hublint.artifacts.when).toBe('always');
    expect(gitlab.hublint.artifacts.reports.codequality).toBe('gl-code-quality-report.json');
    const hook = parse(SNIPPETS.preCommit).repos[0];
    expect(hook.repo).toBe('local');
    // What init prints is the snippets, indented under their headings.
    for (const text of Object.values(SNIPPETS)) for (const line of text.split('\n').filter(Boolean)) expect(r.stdout).toContain(`  ${line}\n`);
  });

  it('runs the GitHub and GitLab commands as printed', () => {
    const github = parse(SNIPPETS.github).jobs.hublint.steps.map((s: { run?: string }) => s.run).filter((run: string | undefined) => run?.startsWith('npx hublint'));
    const gitlab = parse(SNIPPETS.gitlab).hublint.script.filter((line: string) => line.startsWith('npx hublint'));
    expect(github).toHaveLength(1);
    expect(gitlab).toHaveLength(1);
    const gh = runLine(github[0], dir);
    expect(gh.stderr).toBe('');
    expect(gh.status).toBe(1);
    expect(gh.stdout).toMatch(/^::error file=removed\.sh,line=1/m);
    expect(JSON.parse(readFileSync(join(dir, 'hublint.sarif'), 'utf8')).version).toBe('2.1.0');
    const gl = runLine(gitlab[0], dir);
    expect(gl.status).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8')).length).toBeGreaterThan(0);
  });

  it('runs the pre-commit hook as printed (repo: local, the installed package)', () => {
    const repo = mkdtempSync(join(tmpdir(), 'hublint-init-pc-'));
    const g = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    g('init', '-q', '-b', 'main');
    mkdirSync(join(repo, 'node_modules/.bin'), { recursive: true });
    symlinkSync(CLI, join(repo, 'node_modules/.bin/hublint'));
    writeFileSync(join(repo, '.gitignore'), 'node_modules/\n');
    writeFileSync(join(repo, '.pre-commit-config.yaml'), SNIPPETS.preCommit);
    writeFileSync(join(repo, 'bad.sh'), REMOVED);
    g('add', '.');
    const r = spawnSync('pre-commit', ['run', '--files', 'bad.sh'], { cwd: repo, encoding: 'utf8', env: { ...process.env, PRE_COMMIT_HOME: join(repo, '.cache'), NO_COLOR: '1' }, timeout: 120_000 });
    // A missing framework is one clear line (scripts/test-tools.sh installs it), not a failed match on undefined.
    expect(r.error?.message, 'pre-commit did not run').toBeUndefined();
    expect(r.stdout).toMatch(/hublint\.+Failed/);
    expect(r.stdout).toContain('hub-v1-retired');
    expect(r.status).toBe(1);
  }, 180_000);
});

describe('reports (rows 5, 12)', () => {
  it('junit failures follow --fail-on', () => {
    const pinOnly = hublint(['Dockerfile', '-f', 'junit'], { cwd: dir });
    expect(pinOnly.code).toBe(0);
    expect(pinOnly.stdout).toMatch(/<testsuites [^>]*tests="1" failures="0"/);
    expect(hublint(['Dockerfile', '-f', 'junit', '--fail-on', 'info'], { cwd: dir }).stdout).toMatch(/<testsuites [^>]*failures="1"/);
  });

  it('--quiet counts what it printed; pins are not problems', () => {
    const three = ['removed.sh', 'deprecated.sh', 'Dockerfile'];
    const quiet = hublint(['--quiet', ...three], { cwd: dir });
    expect(quiet.stdout).toMatch(/✖ 1 problem \(1 error, 0 warnings\) in 3 files scanned/);
    const all = hublint(three, { cwd: dir });
    expect(all.stdout).toMatch(/✖ 2 problems \(1 error, 1 warning\), 1 info finding in 3 files scanned/);
    expect(hublint(['Dockerfile'], { cwd: dir }).stdout).toMatch(/^no problems, 1 info finding \(1 file scanned\)/m);
  });
});

describe('commands and flags (rows 7, 10, 11, 13)', () => {
  it('hublint rules lists every rule id the config accepts, and so does the unknown-rule error', () => {
    const text = hublint(['rules']).stdout;
    const json = JSON.parse(hublint(['rules', '--format', 'json']).stdout);
    const engineIds = ENGINE_TABLE.rules.map((r) => r.id);
    expect(engineIds).toEqual(['engine-api-pin', 'engine-cli-image', 'engine-daemon-min-api']);
    for (const id of engineIds) expect(text).toContain(`${id}  engine pin  info`);
    expect(json.engineRules.map((r: { id: string }) => r.id)).toEqual(engineIds);
    const work = mkdtempSync(join(tmpdir(), 'hublint-rules-'));
    writeFileSync(join(work, '.hublint.yaml'), 'rules:\n  engine-api-pin: off\n  engine-nope: error\n');
    const bad = hublint(['.'], { cwd: work });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^hublint: \.hublint\.yaml: unknown rule 'engine-nope' under rules\nhint: known rules: .*hub-v1-retired.*engine-api-pin, engine-cli-image, engine-daemon-min-api, unused-disable-directive /,
    );
    writeFileSync(join(work, '.hublint.yaml'), 'rules:\n  engine-cli-image: off\n');
    expect(hublint(['.'], { cwd: work }).code).toBe(0);
  });

  it('`help COMMAND...` shows that command\'s help; an unknown one is a usage error (exit 2)', () => {
    const run = hublint(['help', 'engine', 'run']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(/^Usage: hublint engine run \[options\] IMAGE \[COMMAND\] \[ARG\.\.\.\]\n/);
    expect(hublint(['help', 'pins']).stdout).toMatch(/^Usage: hublint pins /);
    expect(hublint(['help', 'bogus'])).toEqual({ code: 2, stdout: '', stderr: "hublint: unknown command 'bogus'\nhint: `hublint --help` lists the commands\n" });
    expect(hublint(['help', 'engine', 'bogus'])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^hublint: unknown command 'bogus'\n/) });
  });

  it('--fix-type without --fix or --fix-dry-run is a usage error (exit 2, one line)', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-fixtype-'));
    expect(hublint(['--fix-type', 'unsafe', '.'], { cwd: work })).toEqual({ code: 2, stdout: '', stderr: 'hublint: --fix-type goes with --fix or --fix-dry-run\n' });
    expect(hublint(['--fix-dry-run', '--fix-type', 'unsafe', '.'], { cwd: work }).code).toBe(0);
  });

  it('--base-var HUB_API finds the calls of a script that sets HUB_API="$1" (row 12)', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-basevar-'));
    writeFileSync(join(work, 'sync.sh'), '#!/bin/sh\nHUB_API="$1"\ncurl -s "$HUB_API/v2/repositories/acme/"\n');
    const run = hublint(['--base-var', 'HUB_API', '-f', 'json', 'sync.sh'], { cwd: work });
    expect(run.code).toBe(1);
    const { findings } = JSON.parse(run.stdout) as { findings: { ruleId: string; line: number; url: string }[] };
    expect(findings.map((f) => [f.ruleId, f.line, f.url])).toEqual([['hub-list-repositories', 3, '{HUB_API}/v2/repositories/acme/']]);
    // Without the flag the base is unknown, and nothing is said.
    expect(hublint(['-f', 'json', 'sync.sh'], { cwd: work }).code).toBe(0);
  });

  it('--debug stacks name the TypeScript sources (the bundles ship source maps)', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-debug-'));
    const run = hublint(['--debug', '--fix-type', 'unsafe', '.'], { cwd: work });
    expect(run.code).toBe(2);
    const frames = run.stderr.split('\n').filter((line) => /^\s+at /.test(line));
    expect(frames[0]).toMatch(/^ {4}at prepareScan \(.*[\\/]src[\\/]cli[\\/]scan-command\.ts:\d+:\d+\)$/);
    expect(frames.filter((line) => /dist[\\/]bin[\\/]hublint\.js/.test(line))).toEqual([]);
  });

  it('unused-disable-directive is listed by `hublint rules` and takes a severity under rules: (which turns it on)', () => {
    expect(hublint(['rules']).stdout).toContain('unused-disable-directive  hublint  warning\n');
    expect(JSON.parse(hublint(['rules', '-f', 'json']).stdout).hublintRules.map((r: { id: string }) => r.id)).toEqual(['unused-disable-directive']);
    const work = mkdtempSync(join(tmpdir(), 'hublint-udd-'));
    writeFileSync(join(work, 'a.sh'), '# hublint-disable-next-line hub-get-repository\necho hello\n');
    writeFileSync(join(work, '.hublint.yaml'), 'rules:\n  unused-disable-directive: error\n');
    const run = hublint(['a.sh'], { cwd: work });
    expect([run.code, run.stderr]).toEqual([1, '']);
    expect(run.stdout).toMatch(/^ {2}1:1 {2}error {2}unused hublint-disable-next-line: no hub-get-repository finding to suppress {2}unused-disable-directive$/m);
    writeFileSync(join(work, '.hublint.yaml'), 'rules:\n  unused-disable-directive: off\n');
    expect(hublint(['a.sh'], { cwd: work })).toMatchObject({ code: 0, stderr: '' });
  });

  it('hublint help and hublint help engine, as git and npm', () => {
    const help = hublint(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: hublint');
    const engine = hublint(['help', 'engine']);
    expect(engine.code).toBe(0);
    expect(engine.stdout).toContain('Usage: hublint engine');
    expect(hublint(['help', 'rules']).stdout).toContain('Usage: hublint rules');
  });

  it('--color and --no-color win over NO_COLOR and FORCE_COLOR', () => {
    expect(hublint(['--color', 'removed.sh'], { cwd: dir }).stdout).toContain('\u001b[31m');
    expect(hublint(['--no-color', 'removed.sh'], { cwd: dir, env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stdout).not.toContain('\u001b[');
    expect(hublint(['removed.sh'], { cwd: dir, env: { NO_COLOR: '', FORCE_COLOR: '1' } }).stdout).toContain('\u001b[31m');
  });

  it('config errors speak one voice and point at the installed schema file', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-msg-'));
    writeFileSync(join(work, '.hublint.yaml'), 'maxFileSize: huge\n');
    const r = hublint(['.'], { cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'maxFileSize' must be a size such as 5MB");
    const hint = /^hint: the schema is (.+)$/m.exec(r.stderr)![1];
    expect(existsSync(hint)).toBe(true);
    expect(JSON.parse(readFileSync(hint, 'utf8')).properties.maxFileSize).toBeDefined();
  });
});

describe('excludes and git file lists (rows 2, 9, 16)', () => {
  function repo(): { root: string; g: (...args: string[]) => string } {
    const root = mkdtempSync(join(tmpdir(), 'hublint-excl-'));
    const g = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    g('init', '-q', '-b', 'main');
    g('config', 'user.email', 't@example.com');
    g('config', 'user.name', 't');
    mkdirSync(join(root, 'vendor/lib'), { recursive: true });
    writeFileSync(join(root, 'vendor/lib/x.sh'), REMOVED);
    writeFileSync(join(root, 'mine.sh'), 'echo fine\n');
    writeFileSync(join(root, '.hublint.yaml'), 'exclude: ["**/vendor/**"]\n');
    return { root, g };
  }

  it('config exclude applies to file arguments, --staged and --changed-since, with a notice', () => {
    const { root, g } = repo();
    g('add', '.hublint.yaml', 'mine.sh');
    g('commit', '-qm', 'base');
    g('add', '.');
    const notice = 'hublint: vendor/lib/x.sh: skipped: matches exclude pattern **/vendor/** (--no-warn-ignored hides this notice)';
    for (const args of [['vendor/lib/x.sh', 'mine.sh'], ['--staged'], ['--changed-since', 'HEAD']]) {
      const r = hublint(args, { cwd: root });
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stderr.trim(), args.join(' ')).toBe(notice);
      expect(r.stdout, args.join(' ')).toMatch(/^no problems/);
    }
    const only = hublint(['vendor/lib/x.sh', '--format', 'json'], { cwd: root });
    expect(JSON.parse(only.stdout).findings).toEqual([]);
    const silent = hublint(['--staged', '--no-warn-ignored'], { cwd: root });
    expect(silent.stderr).toBe('');
    expect(silent.code).toBe(0);
    // The folder walk skipped it before; it still does, without a notice.
    expect(hublint(['.'], { cwd: root }).stderr).toBe('');
  });

  it('--exclude and --ignore-pattern (repeatable) add to the config', () => {
    const { root } = repo();
    writeFileSync(join(root, '.hublint.yaml'), '{}\n');
    writeFileSync(join(root, 'gen.sh'), REMOVED);
    expect(hublint(['.'], { cwd: root }).code).toBe(1);
    expect(hublint(['--exclude', 'vendor/**', '--ignore-pattern', 'gen.sh', '.'], { cwd: root }).code).toBe(0);
    const named = hublint(['--exclude', '**/vendor/**', '--exclude', 'gen.sh', 'gen.sh', 'vendor/lib/x.sh'], { cwd: root });
    expect(named.code).toBe(0);
    expect(named.stderr.trim().split('\n')).toHaveLength(2);
  });

  it('--print-config FILE prints the resolved config as JSON', () => {
    const { root } = repo();
    writeFileSync(join(root, '.hublint.yaml'), 'exclude: ["**/vendor/**"]\nrules:\n  hub-v1-retired: warning\n  engine-api-pin: off\nfailOn: error\n');
    const r = hublint(['--print-config', 'vendor/lib/x.sh', '--exclude', 'gen/**'], { cwd: root });
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({ file: 'vendor/lib/x.sh', excluded: true, exclude: ['**/vendor/**', 'gen/**'], failOn: 'error', maxFileSize: 5242880 });
    expect(c.configFile).toBe(join(root, '.hublint.yaml'));
    expect(c.rules).toMatchObject({ 'hub-v1-retired': 'warning', 'engine-api-pin': 'off', 'engine-cli-image': 'info', 'hub-get-repository': 'warning' });
    expect(JSON.parse(hublint(['--print-config', 'mine.sh'], { cwd: root }).stdout).excluded).toBe(false);
  });

  it('--changed-since a revision a shallow clone lacks: one line naming it and fetch-depth: 0, exit 2', () => {
    const { root, g } = repo();
    g('add', '.');
    g('commit', '-qm', 'base');
    g('checkout', '-qb', 'feature');
    writeFileSync(join(root, 'mine.sh'), REMOVED);
    g('commit', '-qam', 'change');
    const clone = mkdtempSync(join(tmpdir(), 'hublint-shallow-'));
    execFileSync('git', ['clone', '-q', '--depth', '1', '--branch', 'feature', `file://${root}`, clone], { stdio: 'pipe' });
    const r = hublint(['--changed-since', 'origin/main'], { cwd: clone });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("'origin/main'");
    expect(r.stderr).toContain('fetch-depth: 0');
    const full = hublint(['--changed-since', 'nope'], { cwd: root });
    expect(full.code).toBe(2);
    expect(full.stderr.trim()).toBe("hublint: --changed-since: unknown revision 'nope'");
  });
});

describe('user rules and directives (rows 3, 14)', () => {
  it('a user rule file host opens files that name only that host (the prefilter follows the rule table)', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-userhost-'));
    writeFileSync(
      join(work, 'my-rules.yaml'),
      [
        'schema: 1',
        'rules:',
        '  - id: corp-users-v1',
        '    status: removed',
        '    date: 2025-01-01',
        '    title: The corp users v1 route is gone',
        '    description: The v1 users route was removed.',
        '    docs: https://docs.corp.example/api',
        '    migration: Call the v2 route.',
        '    severity: error',
        '    variants:',
        '      - methods: [GET]',
        '        hosts: [api.corp.example]',
        '        path: "/v1/users/{id}"',
        '        replacement: { operation: Get user, method: GET, path: "/v2/users/{id}" }',
        '        fix: { policy: safe, note: same response }',
        '',
      ].join('\n'),
    );
    writeFileSync(join(work, 'call.sh'), 'curl https://api.corp.example/v1/users/42\n');
    const r = hublint(['--rules', 'my-rules.yaml', '--format', 'json', 'call.sh'], { cwd: work });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { ruleId: string; line: number }) => [f.ruleId, f.line])).toEqual([['corp-users-v1', 1]]);
  });

  it('an unknown rule id in a disable comment: a notice, and a finding with --report-unused-disable', () => {
    const work = mkdtempSync(join(tmpdir(), 'hublint-unknown-'));
    writeFileSync(join(work, 'c.sh'), 'curl https://hub.docker.com/v2/repositories/acme/web/ # hublint-disable-line hub-get-repo\n');
    const plain = hublint(['--format', 'json', 'c.sh'], { cwd: work });
    expect(plain.stderr.trim()).toBe("hublint: c.sh:1: unknown rule 'hub-get-repo' in hublint-disable-line directive (see `hublint rules`); --report-unused-disable reports it");
    expect(JSON.parse(plain.stdout).findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['hub-get-repository']);
    const reported = JSON.parse(hublint(['--format', 'json', '--report-unused-disable', 'c.sh'], { cwd: work }).stdout);
    const directive = reported.findings.find((f: { ruleId: string }) => f.ruleId === 'unused-disable-directive');
    expect(directive.message).toBe("unknown rule 'hub-get-repo' in hublint-disable-line directive (see `hublint rules`)");
    // A known id that suppresses: no notice.
    writeFileSync(join(work, 'd.sh'), 'curl https://hub.docker.com/v2/repositories/acme/web/ # hublint-disable-line hub-get-repository\n');
    expect(hublint(['d.sh'], { cwd: work }).stderr).toBe('');
  });
});
