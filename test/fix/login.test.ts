import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// Issue 31, row 2: POST /v2/users/login becomes POST /v2/auth/token with its body keys, the
// response key and the Authorization scheme, as one suggestion, written only whole. Each
// language's whole migration is a fixture (fixtures/fix/*/login.*); this is the user's view.
const tmp = () => mkdtempSync(join(tmpdir(), 'hublint-login-'));

const PY = [
  'import requests',
  '',
  'def hub_token(user, password):',
  '    reply = requests.post("https://hub.docker.com/v2/users/login/", json={"username": user, "password": password})',
  '    return reply.json()["token"]',
  '',
].join('\n');

describe('login → access token (issue 31)', () => {
  it('is a suggestion: --fix leaves it, the dry run shows every piece, --fix-type unsafe writes it whole', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'hub.py'), PY);
    const json = JSON.parse(hublint(['-f', 'json', 'hub.py'], { cwd: dir }).stdout);
    const f = json.findings[0];
    expect(f.fix.policy).toBe('unsafe');
    expect(f.fix.edits.map((e: { kind?: string }) => e.kind ?? 'url')).toEqual(['url', 'body-key', 'body-key', 'response-key']);
    expect(f.suggestion).toContain('expires after 10 minutes');

    const safe = hublint(['--fix', 'hub.py'], { cwd: dir });
    expect(safe.code).toBe(1);
    expect(readFileSync(join(dir, 'hub.py'), 'utf8')).toBe(PY);

    const dry = hublint(['--fix-dry-run', '--fix-type', 'unsafe', 'hub.py'], { cwd: dir });
    expect(dry.stdout).toContain('+    return reply.json()["access_token"]');
    expect(dry.stderr).toContain('would fix 1 finding in 1 file; 0 need a person');

    const r = hublint(['--fix', '--fix-type', 'unsafe', 'hub.py'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'hub.py'), 'utf8')).toBe(
      // The trailing slash goes: the access-token route is documented without one, and a redirect
      // that would add or drop it turns the POST into a GET without its body.
      PY.replace('/v2/users/login/', '/v2/auth/token').replace('"username"', '"identifier"').replace('"password"', '"secret"').replace('["token"]', '["access_token"]'),
    );
    // Nothing deprecated is left, and a second run changes nothing.
    const again = hublint(['--fix', '--fix-type', 'unsafe', 'hub.py'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('fixed 0 findings in 0 files; 0 need a person');
  });

  it('the dry run shows the scheme change where the token is joined after the scheme word', () => {
    // `'JWT ' + jwt`: the redactor masked a lone scheme word on both sides, so the diff hid the change.
    const dir = tmp();
    const source = [
      'async function hubToken(user, pass) {',
      "  const res = await fetch('https://hub.docker.com/v2/users/login/', { method: 'POST', body: JSON.stringify({ username: user, password: pass }) });",
      '  return (await res.json()).token;',
      '}',
      "const authHeader = (jwt) => ({ Authorization: 'JWT ' + jwt });",
      'module.exports = { hubToken, authHeader };',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'hub.js'), source);
    const dry = hublint(['--fix-dry-run', '--fix-type', 'unsafe', 'hub.js'], { cwd: dir });
    expect(dry.stdout).toContain("-const authHeader = (jwt) => ({ Authorization: 'JWT ' + jwt });");
    expect(dry.stdout).toContain("+const authHeader = (jwt) => ({ Authorization: 'Bearer ' + jwt });");
  });

  it('a login written without a trailing slash gets none', () => {
    const dir = tmp();
    const source = [
      'import requests',
      '',
      'def plain(user, password):',
      '    reply = requests.post("https://hub.docker.com/v2/users/login", json={"username": user, "password": password})',
      '    return reply.json()["token"]',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'hub.py'), source);
    const r = hublint(['--fix', '--fix-type', 'unsafe', 'hub.py'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'hub.py'), 'utf8')).toContain('requests.post("https://hub.docker.com/v2/auth/token", json={"identifier": user, "secret": password})');
  });

  it('a partial one (the body built elsewhere) is shown by the dry run, never written', () => {
    const dir = tmp();
    const source = [
      'import requests',
      '',
      'def hub_token(payload):',
      '    return requests.post("https://hub.docker.com/v2/users/login/", json=payload).json()["token"]',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'hub.py'), source);
    const dry = hublint(['--fix-dry-run', '--fix-type', 'unsafe', 'hub.py'], { cwd: dir });
    expect(dry.stdout).toContain('+    return requests.post("https://hub.docker.com/v2/auth/token", json=payload).json()["access_token"]');
    expect(dry.stderr).toContain('would fix 0 findings in 0 files; 1 needs a person');
    expect(dry.stderr).toContain('a partial login migration would send the old body to the new route; not found: the request body with username and password');
    const r = hublint(['--fix', '--fix-type', 'unsafe', 'hub.py'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, 'hub.py'), 'utf8')).toBe(source);
  });

  it('a typed response (interface { token: string }) that would not change with it is refused', () => {
    const dir = tmp();
    const source = [
      'interface LoginReply { token: string }',
      '',
      'export async function login(username: string, password: string): Promise<LoginReply> {',
      "  const res = await fetch('https://hub.docker.com/v2/users/login/', { method: 'POST', body: JSON.stringify({ username, password }) });",
      '  const reply: LoginReply = await res.json();',
      '  return { token: reply.token };',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'hub.ts'), source);
    const r = hublint(['--fix', '--fix-type', 'unsafe', 'hub.ts'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a typed response declares a field named token (line 1), which must become access_token with it');
    expect(readFileSync(join(dir, 'hub.ts'), 'utf8')).toBe(source);
  });
});
