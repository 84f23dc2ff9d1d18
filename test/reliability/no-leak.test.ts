import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

/**
 * The second battery's secrets rows (issue 34, rows 8–11), as a user meets them: the command
 * as typed, every place its output goes. Each secret is planted next to a deprecated call, so
 * it lands in snippets, URLs, diffs and merged reports.
 */

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-noleak-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function assertClean(text: string, secrets: string[], where: string): void {
  for (const secret of secrets) expect(text.includes(secret), `${secret} leaked in ${where}`).toBe(false);
}

describe('row 8: each line is redacted once, before any cut, in overlapping windows', () => {
  it('a password at column ~1,320 after a long token is not printed in JSON or SARIF snippets', () => {
    // The token's mask shortens the line: what stood at column 1,320 moves into the snippet.
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${'A'.repeat(1270)}`;
    const line = `TOKEN=${jwt} curl https://bob:LongLinePassw0rd@hub.docker.com/v2/repositories/acme/web/`;
    expect(line.indexOf('LongLine')).toBeGreaterThan(1290);
    const dir = tree({ 'call.sh': `${line}\n` });
    for (const format of ['json', 'sarif']) {
      const r = hublint(['--format', format, 'call.sh'], { cwd: dir });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toContain('hub-get-repository');
      assertClean(r.stdout + r.stderr, ['LongLi', 'AAAAAAAA'], format);
    }
  });

  it('a token lying across any 4 KB cut is masked in the url field, Markdown, --fix-dry-run and merge', () => {
    const token = 'dckr_pat_CutCrossTok3n0123456789abcdef';
    // Put the token's start on each side of the old 4,096-character cut, inside the URL itself.
    const lines = [4060, 4080, 4090, 4094, 4100, 8170, 8185].map((at, i) => {
      const head = `curl "https://hub.docker.com/v2/repositories/acme/web${i}/?q=`;
      return `${head}${'x'.repeat(at - head.length - 3)}&t=${token}"`;
    });
    const dir = tree({ 'calls.sh': `${lines.join('\n')}\n` });
    for (const format of ['json', 'markdown', 'sarif', 'text']) {
      const r = hublint(['--format', format, 'calls.sh'], { cwd: dir });
      expect(r.code, r.stderr).toBe(1);
      assertClean(r.stdout + r.stderr, ['CutCrossTok3n'], format);
    }
    const dry = hublint(['--fix-dry-run', '--fix-type', 'unsafe', 'calls.sh'], { cwd: dir });
    assertClean(dry.stdout + dry.stderr, ['CutCrossTok3n'], '--fix-dry-run');
    const shard = hublint(['--format', 'json', '-o', 'shard.json', 'calls.sh'], { cwd: dir });
    expect(shard.code, shard.stderr).toBe(1);
    assertClean(readFileSync(join(dir, 'shard.json'), 'utf8'), ['CutCrossTok3n'], 'json shard');
    for (const format of ['markdown', 'github', 'junit']) {
      const merged = hublint(['merge', '--format', format, 'shard.json'], { cwd: dir });
      expect(merged.stdout.length, merged.stderr).toBeGreaterThan(0);
      assertClean(merged.stdout + merged.stderr, ['CutCrossTok3n'], `merge ${format}`);
    }
  });
});

describe('row 9: secret shapes of the second battery', () => {
  // [shape, line holding a deprecated call, the secret]
  const SHAPES: Array<[string, string, string]> = [
    ['raw @ in a URL password', 'curl https://bob:p@ssRawAt1@hub.docker.com/v2/repositories/acme/web/', 'ssRawAt1'],
    ['URL over a concatenation', 'const u = "https://bob:" + "SplitPassw0rd@hub.docker.com/v2/repositories/acme/web/";', 'SplitPassw0rd'],
    ['echo PASS, many spaces, docker login', `echo EchoSpacedPw1${' '.repeat(900)}| docker login -u acme --password-stdin && curl https://hub.docker.com/v2/repositories/acme/a/`, 'EchoSpacedPw1'],
    ['X-Api-Key', 'curl -H "X-Api-Key: ApiKeyValue77" https://hub.docker.com/v2/repositories/acme/b/', 'ApiKeyValue77'],
    ['Cookie', 'curl -H "Cookie: session=CookieSess66; csrftoken=CsrfVal65" https://hub.docker.com/v2/repositories/acme/c/', 'CookieSess66'],
    ['httpie -a user:pass', 'http -a acme:HttpiePassw55 GET https://hub.docker.com/v2/repositories/acme/d/', 'HttpiePassw55'],
    ['requests auth=(u, p)', 'requests.get("https://hub.docker.com/v2/repositories/acme/e/", auth=("acme", "ReqTuplePw44"))', 'ReqTuplePw44'],
    ['HTTPBasicAuth(u, p)', 'requests.get("https://hub.docker.com/v2/repositories/acme/f/", auth=HTTPBasicAuth("acme", "BasicAuthPw33"))', 'BasicAuthPw33'],
    ['camelCase hubPassword', 'const hubPassword = "CamelPassw22"; fetch("https://hub.docker.com/v2/repositories/acme/g/");', 'CamelPassw22'],
    ['camelCase dockerHubToken', 'const o = { dockerHubToken: "CamelTok3n11" }; fetch("https://hub.docker.com/v2/repositories/acme/h/");', 'CamelTok3n11'],
    ['npm_ token', 'NPM_CFG=npm_abcdefghijklmnopqrstuvwxyz0123456789 curl https://hub.docker.com/v2/repositories/acme/i/', 'npm_abcdefghij'],
    ['DOCKER_HOST tcp://u:p@', 'DOCKER_HOST=tcp://admin:TcpHostPw00@10.0.0.5:2376 curl https://hub.docker.com/v2/repositories/acme/j/', 'TcpHostPw00'],
    ['DOCKER_HOST ssh://u:p@', 'DOCKER_HOST=ssh://admin:SshHostPw01@build curl https://hub.docker.com/v2/repositories/acme/k/', 'SshHostPw01'],
    ['DOCKER_HOST tcp://TOKEN@', 'DOCKER_HOST=tcp://ShortTok3n@10.0.0.5:2376 curl https://hub.docker.com/v2/repositories/acme/l/', 'ShortTok3n'],
    ['a password with a space', 'curl "https://bob:Space Passw02@hub.docker.com/v2/repositories/acme/m/"', 'Passw02'],
  ];

  it.each(SHAPES)('%s: masked in every report format, the call still reported', (_shape, line, secret) => {
    // Each line also as the language it is written in, where the URL is joined by a real parser.
    const name = /^(const|requests)/.test(line) ? (line.startsWith('const') ? 'one.js' : 'one.py') : 'one.sh';
    const one = tree({ [name]: `${line}\n` });
    for (const format of ['json', 'text', 'markdown']) {
      const r = hublint(['--format', format, name], { cwd: one });
      expect(r.code, `${format}: ${r.stderr}`).toBe(1);
      assertClean(r.stdout + r.stderr, [secret], format);
    }
  });

  it('the same classes in their other forms, in every format and in the --fix-dry-run diff, whose marks glue onto a line\'s first word', () => {
    const dir = tree({
      'a.sh': [
        'http -a acme:HttpieDiff1 GET https://hub.docker.com/v2/repositories/acme/a/',
        'http --auth acme:HttpieDiff2 GET https://hub.docker.com/v2/repositories/acme/b/',
        "printf '%s' PrintfDiff3 | docker login -u acme --password-stdin; curl https://hub.docker.com/v2/repositories/acme/c/",
        'echo -n EchoFlagDiff4 | sudo docker login -u acme --password-stdin; curl https://hub.docker.com/v2/repositories/acme/d/',
        'docker login -u acme --password-stdin <<< "HereDiff5"; curl https://hub.docker.com/v2/repositories/acme/e/',
      ].join('\n'),
      'a.go': 'package main\n\nimport "net/http"\n\nfunc f() {\n\thubToken := "GoAssignDiff6"\n\thttp.Get("https://hub.docker.com/v2/repositories/acme/f/" + hubToken)\n}\n',
    });
    const secrets = ['HttpieDiff', 'PrintfDiff', 'EchoFlagDiff', 'HereDiff', 'GoAssignDiff'];
    const dry = hublint(['--fix-dry-run', '--fix-type', 'unsafe', '.'], { cwd: dir });
    expect(dry.stdout).toContain('+++ b/a.sh');
    assertClean(dry.stdout + dry.stderr, secrets, '--fix-dry-run');
    for (const format of ['json', 'text', 'markdown', 'sarif', 'github', 'junit', 'html', 'gitlab']) {
      const r = hublint(['--format', format, '.'], { cwd: dir });
      expect(r.code, `${format}: ${r.stderr}`).toBe(1);
      assertClean(r.stdout + r.stderr, secrets, format);
    }
  });

  it('a shell word split on the raw `@` still shows no part of the password in its url', () => {
    const dir = tree({ 'a.sh': `${SHAPES[0][1]}\n` });
    const r = hublint(['--format', 'json', 'a.sh'], { cwd: dir });
    const urls = (JSON.parse(r.stdout) as { findings: Array<{ url: string }> }).findings.map((f) => f.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^(https:\/\/bob:)?\*\*\*@hub\.docker\.com\//);
  });
});

describe('row 11: errors about a bad input file name the key and the line, never a value', () => {
  it('a rule file that is not a rule file: the line and the key, no text of the file', () => {
    const dir = tree({
      'a.sh': 'curl https://hub.docker.com/v2/repositories/acme/web/\n',
      'id.yaml': 'rules:\n  - id: "deploy key RuleSecretVal7"\n    status: deprecated\n',
      'status.yaml': 'rules:\n  - id: mine\n    status: "hunter2 RuleSecretVal6"\n',
      'hosts.yaml': 'rules:\n  - id: mine\n    status: deprecated\n    date: 2025-01-01\n    title: t\n    description: d\n    docs: https://example.com\n    migration: m\n    variants:\n      - methods: [GET]\n        hosts: RuleSecretVal5\n        path: /x\n',
      'yaml.yaml': 'token: "RuleSecretVal4\n  x: [\n',
    });
    for (const [file, line, key] of [['id.yaml', 2, 'id'], ['status.yaml', 3, 'status'], ['hosts.yaml', 11, 'variants[0].hosts'], ['yaml.yaml', 0, '']] as const) {
      const r = hublint(['--rules', file, 'a.sh'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      assertClean(r.stderr, ['RuleSecretVal', 'hunter2', 'deploy key'], file);
      if (line) expect(r.stderr).toContain(`${file}:${line}: rules[0]`);
      if (key) expect(r.stderr).toContain(`field '${key}'`);
    }
  });

  it('--env-file: a bad line is named by its number, its value not repeated', () => {
    const dir = tree({ 'space.env': 'GOOD=1\npassword EnvSecretVal9\n', 'noname.env': 'GOOD=1\n=EnvSecretVal8\n' });
    for (const file of ['space.env', 'noname.env']) {
      // The env file is read before any daemon is asked: no daemon is needed here.
      const r = hublint(['engine', 'run', '--env-file', file, 'alpine', 'true'], { cwd: dir, env: { DOCKER_HOST: `unix://${join(dir, 'none.sock')}` } });
      expect(r.code).toBe(125);
      expect(r.stderr).toContain(`--env-file ${file}:2:`);
      assertClean(r.stderr, ['EnvSecretVal'], file);
    }
  });
});

describe('row 18: config and rule validation are linear', () => {
  it('a .hublint.yaml with 200,000 rule keys and a --rules file with 100,000 hostSets end in one line', () => {
    const rules = Array.from({ length: 200_000 }, (_, i) => `  r${i}: off\n`).join('');
    const hostSets = Array.from({ length: 100_000 }, (_, i) => `  h${i}: [h${i}.example.com]\n`).join('');
    const config = hublint(['a.sh'], { cwd: tree({ '.hublint.yaml': `rules:\n${rules}`, 'a.sh': 'echo\n' }) });
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/^hublint: \.hublint\.yaml: unknown rule 'r0'/);
    const rulesRun = hublint(['--rules', 'hosts.yaml', 'a.sh'], { cwd: tree({ 'hosts.yaml': `hostSets:\n${hostSets}rules: []\n`, 'a.sh': 'echo\n' }) });
    expect(rulesRun.code).toBe(2);
    expect(rulesRun.stderr).toMatch(/hosts\.yaml:\d+: top level: field 'rules' must be a non-empty list/);
  }, 120_000);

  it('a repeated key is still an error, found with a set (a whole mapping scanned once)', () => {
    const dir = tree({ 'dup.yaml': `hostSets:\n${Array.from({ length: 50_000 }, (_, i) => `  h${i}: [x.example.com]\n`).join('')}  h7: [y.example.com]\nrules: []\n`, 'a.sh': 'echo\n' });
    const r = hublint(['--rules', 'dup.yaml', 'a.sh'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('hublint: dup.yaml: not valid YAML: Map keys must be unique at line 50002');
  }, 120_000);
});

describe('rows 10 and 19: the --cache file holds no secret, is private, and is bound to what made it', () => {
  const CALLS = [
    'curl https://acme:CachePassw0rd@hub.docker.com/v2/repositories/acme/web/',
    'curl -H "Authorization: Bearer dckr_pat_CacheTok3n0123456789abcdef" https://hub.docker.com/v2/repositories/acme/api/',
  ].join('\n');

  it('stores no raw password or token, and is written 0600', () => {
    const dir = tree({ 'calls.sh': `${CALLS}\n`, 'clean.sh': 'echo hello\n' });
    const env = { HUBLINT_CACHE_DIR: join(dir, 'keys') };
    for (let run = 0; run < 2; run++) {
      const r = hublint(['--cache', '.'], { cwd: dir, env });
      expect(r.code, r.stderr).toBe(1);
      const cache = readFileSync(join(dir, '.hublintcache'), 'utf8');
      assertClean(cache, ['CachePassw0rd', 'CacheTok3n'], '.hublintcache');
      expect(statSync(join(dir, '.hublintcache')).mode & 0o777).toBe(0o600);
    }
  });

  it('a crafted cache (right key and content hash, empty result) does not silence a file with findings', () => {
    const dir = tree({ 'clean.sh': 'echo hello\n' });
    const env = { HUBLINT_CACHE_DIR: join(dir, 'keys') };
    expect(hublint(['--cache', '.'], { cwd: dir, env }).code).toBe(0);
    // Someone with write access to the restored cache swaps in a file with a call, and an
    // entry that says it has none: the same header, the hash of the new content.
    writeFileSync(join(dir, 'clean.sh'), 'curl https://hub.docker.com/v2/repositories/acme/web/\n');
    const [header, entries] = readFileSync(join(dir, '.hublintcache'), 'utf8').split('\n');
    const forged = JSON.parse(entries) as Record<string, { hash: string; result: unknown[] }>;
    forged['clean.sh'] = { ...forged['clean.sh'], hash: createHash('sha1').update(readFileSync(join(dir, 'clean.sh'))).digest('base64url'), result: [] };
    writeFileSync(join(dir, '.hublintcache'), `${header}\n${JSON.stringify(forged)}`);
    const r = hublint(['--cache', '.'], { cwd: dir, env });
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toContain('hub-get-repository');
    // Another user's (or another job's) key: not trusted either.
    const other = hublint(['--cache', '.'], { cwd: dir, env: { HUBLINT_CACHE_SECRET: 'another-job' } });
    expect(other.code).toBe(1);
  });
});
