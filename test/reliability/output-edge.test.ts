import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/report/index.js';
import { CLI, hublint, type Run } from '../helpers/cli.js';

/**
 * Every way out of hublint masks a planted secret: each command, each report format, report
 * files, --fix-dry-run diffs, --debug stacks, and the words of a (fake, in-test) daemon that
 * puts secrets and escape sequences into its answers.
 */

const SECRETS = ['UrlPw4Edge', 'NetrcPw4Edge', 'eyJ1c2VybmFtZSI6ImEiLCJwYXNzd29yZCI6IkRhZW1vbiJ9', 'DaemonUrlPw', 'HostPw4Edge', 'dckr_pat_EdgeTok123456', 'VersionPw'];
const ESC = '\u001b';

function assertClean(text: string, where: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${secret} leaked in ${where}`).toBe(false);
}

const FILES: Record<string, string> = {
  // The call's own line holds a password; the lines around it (diff context) a netrc one.
  'deploy.sh': [
    'cat > ~/.netrc <<EOF',
    'machine hub.docker.com login acme password NetrcPw4Edge',
    'EOF',
    'curl -s https://acme:UrlPw4Edge@hub.docker.com/v2/repositories/acme/web/',
    'export HUB_TOKEN=dckr_pat_EdgeTok123456',
    '',
  ].join('\n'),
  'pins.sh': 'export DOCKER_API_VERSION=1.41\n',
};

let dir: string;
let daemon: http.Server;
let port: number;

// A daemon whose every text carries secrets and terminal escapes.
const SAID = `denied: https://u:DaemonUrlPw@registry.example.com X-Registry-Auth: eyJ1c2VybmFtZSI6ImEiLCJwYXNzd29yZCI6IkRhZW1vbiJ9 ${ESC}[2J${ESC}]0;owned\u0007`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hublint-edge-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  daemon = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (url.endsWith('/_ping')) {
      res.writeHead(200, { 'Api-Version': '1.45', 'Content-Type': 'text/plain' }).end('OK');
    } else if (/^\/v1\.41\/version/.test(url)) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: SAID }));
    } else if (/^(\/v[\d.]+)?\/version/.test(url)) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({ Version: `29.0.0${ESC}[31m https://u:VersionPw@x`, ApiVersion: '1.45', MinAPIVersion: '1.24', Os: 'linux', Arch: 'amd64' }),
      );
    } else {
      res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: SAID }));
    }
  });
  await new Promise<void>((resolve) => daemon.listen(0, '127.0.0.1', resolve));
  port = (daemon.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => daemon.close(resolve));
});

/** Runs the built CLI without blocking this process (the fake daemon lives here). */
function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('every command and format masks a planted secret', () => {
  for (const format of FORMATS) {
    it(`scan --format ${format} (stdout, and the same format via --report)`, () => {
      const file = join(dir, `out.${format}`);
      const r = hublint(['--format', format, '--report', `${format}=${file}`, 'deploy.sh'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('hub-get-repository');
      assertClean(r.stdout + r.stderr, `${format} stdout`);
      assertClean(readFileSync(file, 'utf8'), `${format} report file`);
    });
  }

  it('--fix-dry-run: the diff and its context lines', () => {
    const r = hublint(['--fix-dry-run', '--fix-type', 'unsafe', 'deploy.sh'], { cwd: dir });
    expect(r.stdout).toMatch(/^@@ /m);
    expect(r.stdout).toContain('password ***');
    assertClean(r.stdout + r.stderr, '--fix-dry-run');
  });

  it('--debug stacks and error lines', () => {
    const r = hublint(['--debug', '--max-warnings', 'https://u:UrlPw4Edge@hub.docker.com/x', 'deploy.sh'], { cwd: dir });
    expect(r.stderr).toContain('https://u:***@hub.docker.com/x');
    expect(r.code).toBe(2);
    assertClean(r.stderr, 'error output');
  });

  it('merge re-prints what it reads, masked', () => {
    const shard = join(dir, 'shard.json');
    const doc = JSON.parse(hublint(['--format', 'json', 'deploy.sh'], { cwd: dir }).stdout) as { findings: Array<{ snippet: string; url: string }> };
    // A shard written by an older hublint (or by hand) may hold anything.
    doc.findings[0].snippet = 'curl https://acme:UrlPw4Edge@hub.docker.com/v2/';
    doc.findings[0].url = 'https://acme:UrlPw4Edge@hub.docker.com/v2/';
    writeFileSync(shard, JSON.stringify(doc));
    for (const format of ['json', 'text', 'sarif', 'html']) {
      const r = hublint(['merge', '--format', format, shard], { cwd: dir });
      // merge gates as a scan does: the shard holds a problem.
      expect(r.code, format).toBe(1);
      assertClean(r.stdout + r.stderr, `merge ${format}`);
    }
  });

  it('engine version: daemon strings masked and escaped (text and json)', async () => {
    const text = await run(['engine', 'version', '-H', `tcp://127.0.0.1:${port}`]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Engine version: 29.0.0\\x1b[31m');
    expect(text.stdout).not.toContain(ESC);
    assertClean(text.stdout + text.stderr, 'engine version');
    const json = await run(['engine', 'version', '--format', 'json', '-H', `tcp://127.0.0.1:${port}`]);
    assertClean(json.stdout, 'engine version --format json');
    expect((JSON.parse(json.stdout) as { engineVersion: string }).engineVersion).toContain('29.0.0');
  });

  it('engine version: a DOCKER_HOST with credentials never shows them (also with --debug)', async () => {
    const r = await run(['--debug', 'engine', 'version'], { DOCKER_HOST: 'tcp://admin:HostPw4Edge@127.0.0.1:1' });
    expect(r.code).toBe(2);
    assertClean(r.stdout + r.stderr, 'engine version with DOCKER_HOST');
  });

  it('engine run: a daemon error with X-Registry-Auth and a URL password', async () => {
    const r = await run(['--debug', 'engine', 'run', '--pull', 'always', '-H', `tcp://127.0.0.1:${port}`, 'alpine:3', 'true']);
    expect(r.code).toBe(125);
    expect(r.stderr).toContain('Daemon said: denied: https://u:***@registry.example.com');
    expect(r.stderr).not.toContain(ESC);
    assertClean(r.stdout + r.stderr, 'engine run');
  });

  for (const format of FORMATS) {
    it(`engine check --probe --format ${format}: the daemon's answer masked`, async () => {
      const r = await run(['engine', 'check', '--probe', '--format', format, '-H', `tcp://127.0.0.1:${port}`, 'pins.sh']);
      expect(r.stdout.length).toBeGreaterThan(0);
      expect(r.stdout).not.toContain(ESC);
      assertClean(r.stdout + r.stderr, `engine check --probe ${format}`);
    });
  }
});

describe('the output edge is the only way out', () => {
  const root = join(import.meta.dirname, '..', '..', 'src');
  const files = (function walk(d: string): string[] {
    return readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith('.ts') ? [join(d, n)] : []));
  })(root);
  // [file, text of the line] allowed to write without printable(): each says why.
  const ALLOWED: Array<[string, RegExp]> = [
    ['cli/emit.ts', /./], // the edge itself
    ['cli/progress.ts', /stream\.write/], // counts only, on a terminal
    ['cli/commands/engine-run.ts', /ok = this\.#stream\.write\((Buffer\.from\()?data/], // the container's own bytes, as docker run passes them
    ['cli/commands/engine.ts', /const ok = stream\.write\(data/], // the helper the lines above call
    ['fix/write-atomic.ts', /stream\.write\((data|piece)\)/], // `-o -`: the bytes or pieces writeReportFile was given, already printable()
  ];

  it('no console.*, and every write to stdout, stderr or a report passes printable()', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const rel = relative(root, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const writes = /\bconsole\.(log|error|warn|info)\(|\b(?:stdout|stderr|stream)\.write\(|\bwrite\(io\.std(?:out|err),|writeReportFile\(/.test(line);
          if (!writes || /printable(?:Json)?\(/.test(line) || /^\s*(\/\/|\*)|function writeReportFile/.test(line)) return;
          if (ALLOWED.some(([f, re]) => rel === f && re.test(line))) return;
          offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
