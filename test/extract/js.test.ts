import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import type { Candidate } from '../../src/core/types.js';
import { showHoles } from '../../src/core/hole.js';
import { jsAdapter } from '../../src/extract/languages/js/adapter.js';
import { NO_PROJECT, type ProjectLookup } from '../../src/extract/types.js';
import { projectResolver } from '../../src/scan/project-files.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';

const ruleSet = compileRules(builtinRules(), { hubBaseVariables: ['HUB_BASE_URL'] });

/** A project of in-memory files (nothing on disk under a folder that does not exist). */
function project(files: Record<string, string>): ProjectLookup {
  return projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: Object.entries(files).map(([path, text]) => ({ path, text })) });
}

function extract(code: string, file = 'src/hub.ts', lookup: ProjectLookup = NO_PROJECT): Candidate[] {
  return jsAdapter.extract(file, code, { project: lookup });
}

/** The source text a candidate covers. */
function covered(code: string, c: Candidate): string {
  return code.slice(c.start, c.end);
}

async function findings(code: string, file = 'src/hub.ts', lookup: ProjectLookup = NO_PROJECT) {
  return lintText(file, code, { ruleSet, context: { project: lookup }, prefilter: () => true });
}

describe('js adapter: ranges and method evidence', () => {
  it('reports a literal URL over the literal, with the explicit method', async () => {
    const code = "await fetch('https://hub.docker.com/v2/repositories/acme/web', { method: 'HEAD' });\n";
    const [c, ...rest] = extract(code);
    expect(rest).toEqual([]);
    // Over the literal's text, as in every lowered language (the quotes are not the URL).
    expect(c.start).toBe(code.indexOf("'https://") + 1);
    expect(c.end).toBe(code.indexOf("', {"));
    expect(c).toMatchObject({ method: 'HEAD', methodSource: 'explicit', rebuilt: false, literal: true });
    const [f] = await findings(code);
    expect(f).toMatchObject({ ruleId: 'hub-check-repository', line: 1, column: 14, endColumn: 61, confidence: 'high' });
  });

  it('substitutes a const into a template, reports the whole template once (medium)', async () => {
    const code = [
      "const HUB = 'https://hub.docker.com';",
      'export async function repo(ns: string, name: string) {',
      '  return fetch(`${HUB}/v2/repositories/${ns}/${name}/`);',
      '}',
      '',
    ].join('\n');
    // The base constant is part of the URL reported at the usage, not a candidate of its own.
    const list = extract(code);
    expect(list).toHaveLength(1);
    const [usage] = list;
    expect(covered(code, usage)).toBe('`${HUB}/v2/repositories/${ns}/${name}/`');
    expect(showHoles(usage.url)).toBe('https://hub.docker.com/v2/repositories/{ns}/{name}/');
    expect(usage).toMatchObject({ method: 'GET', methodSource: 'default', rebuilt: true });
    expect(usage.literal).toBeFalsy();
    const fs = await findings(code);
    expect(fs.map((f) => [f.ruleId, f.line, f.confidence])).toEqual([['hub-get-repository', 3, 'medium']]);
  });

  it('a method held in a variable is unknown: the GET rule with low confidence', async () => {
    const code = "export const call = (m: string) => fetch('https://hub.docker.com/v2/repositories/acme/web', { method: m });\n";
    const [c] = extract(code);
    expect(c).toMatchObject({ method: null, methodSource: 'unknown' });
    const [f] = await findings(code);
    expect(f).toMatchObject({ ruleId: 'hub-get-repository', method: null, methodSource: 'unknown', confidence: 'low' });
  });

  it('fetch with a body but no method stays a default GET', () => {
    const code = "fetch('https://hub.docker.com/v2/repositories/acme', { body: '{}' });\n";
    expect(extract(code)[0]).toMatchObject({ method: 'GET', methodSource: 'default' });
  });

  it('a concatenation is one candidate over the whole expression, not also its literal', () => {
    const code = "const u = 'https://hub.docker.com/v2/repositories/' + ns + '/' + repo;\n";
    const list = extract(code);
    expect(list).toHaveLength(1);
    expect(covered(code, list[0])).toBe("'https://hub.docker.com/v2/repositories/' + ns + '/' + repo");
    expect(showHoles(list[0].url)).toBe('https://hub.docker.com/v2/repositories/{ns}/{repo}');
  });

  it('a URL in a const passed to a call is reported at the const, with the call\'s method', () => {
    const code = [
      "const REPO_URL = 'https://hub.docker.com/v2/repositories/acme/web/';",
      "await axios.head(REPO_URL);",
      '',
    ].join('\n');
    const list = extract(code);
    expect(list).toHaveLength(1);
    expect(covered(code, list[0])).toBe('https://hub.docker.com/v2/repositories/acme/web/');
    expect(list[0]).toMatchObject({ method: 'HEAD', methodSource: 'explicit', rebuilt: false, literal: true });
  });

  it('resolves new URL(path, base) like WHATWG URL', () => {
    const code = [
      "fetch(new URL('repositories/acme/', 'https://hub.docker.com/v2/'), { method: 'POST' });",
      "fetch(new URL('/v2/repositories/acme/web', 'https://hub.docker.com/api/other'));",
      '',
    ].join('\n');
    const [a, b] = extract(code);
    expect(a.url).toBe('https://hub.docker.com/v2/repositories/acme/');
    expect(covered(code, a)).toBe("new URL('repositories/acme/', 'https://hub.docker.com/v2/')");
    expect(a).toMatchObject({ method: 'POST', methodSource: 'explicit', rebuilt: true });
    expect(b.url).toBe('https://hub.docker.com/v2/repositories/acme/web');
  });

  it('joins an axios instance baseURL with the relative path and reports the path', async () => {
    const code = [
      "import axios from 'axios';",
      "const hub = axios.create({ baseURL: 'https://hub.docker.com/v2/' });",
      "export const head = (ns: string) => hub.head(`repositories/${ns}/web`);",
      '',
    ].join('\n');
    const usage = extract(code).find((c) => c.methodSource === 'explicit');
    expect(usage).toBeDefined();
    expect(covered(code, usage!)).toBe('`repositories/${ns}/web`');
    expect(showHoles(usage!.url)).toBe('https://hub.docker.com/v2/repositories/{ns}/web');
    const fs = await findings(code);
    expect(fs.map((f) => [f.ruleId, f.line, f.column, f.confidence])).toEqual([['hub-check-repository', 3, 46, 'medium']]);
  });

  it('resolves an imported name through the import, not by name', async () => {
    const code = [
      "import { HUB_API as API } from './config';",
      "export const login = () => fetch(API + '/users/login', { method: 'POST' });",
      '',
    ].join('\n');
    const lookup = project({ 'src/config.ts': "export const HUB_API = 'https://hub.docker.com/v2';\n", 'src/other/config.ts': "export const HUB_API = 'https://api.example.com';\n" });
    const [c] = extract(code, 'src/login.ts', lookup);
    expect(covered(code, c)).toBe("API + '/users/login'");
    expect(c).toMatchObject({ url: 'https://hub.docker.com/v2/users/login', rebuilt: true });
    expect(c.literal).toBeFalsy();
    const [f] = await findings(code, 'src/login.ts', lookup);
    expect(f).toMatchObject({ ruleId: 'hub-users-login', confidence: 'medium', method: 'POST' });
    // Without the file the import names the base is unknown and nothing is reported, also
    // when a module that is not imported defines the same name.
    expect(await findings(code, 'src/login.ts')).toEqual([]);
    expect(await findings(code, 'src/login.ts', project({ 'src/other/config.ts': "export const HUB_API = 'https://hub.docker.com/v2';\n" }))).toEqual([]);
  });

  it('builds the URL of http.request options from hostname and path', () => {
    const code = "https.request({ method: 'HEAD', hostname: 'hub.docker.com', path: '/v2/repositories/acme/web' });\n";
    const [c] = extract(code, 'script.js');
    expect(covered(code, c)).toBe("'/v2/repositories/acme/web'");
    expect(c).toMatchObject({ url: 'https://hub.docker.com/v2/repositories/acme/web', method: 'HEAD', methodSource: 'explicit' });
  });

  it('reads curl flags of a command string and reports the URL inside it', () => {
    const code = "execSync('curl -sI https://hub.docker.com/v2/repositories/acme/web');\n";
    const [c] = extract(code, 'release.cjs');
    expect(covered(code, c)).toBe('https://hub.docker.com/v2/repositories/acme/web');
    expect(c).toMatchObject({ method: 'HEAD', methodSource: 'implied', literal: true });
  });

  it('PATCH and DELETE produce no finding', async () => {
    const code = [
      "fetch('https://hub.docker.com/v2/repositories/acme/web/', { method: 'PATCH' });",
      "axios.delete('https://hub.docker.com/v2/repositories/acme/web/');",
      '',
    ].join('\n');
    expect(extract(code).map((c) => c.method)).toEqual(['PATCH', 'DELETE']);
    expect(await findings(code)).toEqual([]);
  });

  it('a configured base variable guesses the host, with low confidence', async () => {
    const code = 'fetch(`${process.env.HUB_BASE_URL}/v2/repositories/acme`);\n';
    const [f] = await findings(code);
    expect(f).toMatchObject({ ruleId: 'hub-list-repositories', confidence: 'low', column: 7 });
  });

  it('counts columns in UTF-16 units and parses JSX', async () => {
    const code = "const el = <a title=\"é😀\" href=\"https://hub.docker.com/v2/repositories/acme/web\">x</a>;\n";
    const [c] = extract(code, 'Card.jsx');
    expect(covered(code, c)).toBe('https://hub.docker.com/v2/repositories/acme/web');
    const [f] = await findings(code, 'Card.jsx');
    expect(f).toMatchObject({ ruleId: 'hub-get-repository', column: code.indexOf('"https') + 2, severity: 'warning' });
  });

  it('a URL in JSX text is prose: reported as info', async () => {
    const code = 'export const Help = () => <p>We used to call https://hub.docker.com/v2/repositories/acme/web here.</p>;\n';
    const [c] = extract(code, 'Help.tsx');
    expect(covered(code, c)).toBe('https://hub.docker.com/v2/repositories/acme/web');
    const [f] = await findings(code, 'Help.tsx');
    expect(f).toMatchObject({ ruleId: 'hub-get-repository', severity: 'info' });
  });
});

describe('js adapter: helpers and hard inputs', () => {
  it('a request helper is reported at each call, at the path argument, with the call\'s method', async () => {
    const code = [
      "const HUB = 'https://hub.docker.com';",
      'async function hub(path, init = {}) {',
      '  return fetch(HUB + path, { ...init, headers: { Accept: "application/json" } });',
      '}',
      "hub('/v2/repositories/acme/web/', { method: 'HEAD' });",
      "hub('/v2/users/login', { method: 'POST', body: '{}' });",
      "hub('/v2/repositories/acme/web/', { method: 'PATCH' });",
      '',
    ].join('\n');
    // Reported at the call sites only, not in the helper (nor `application/json`, which names no host).
    const list = extract(code, 'client.js').filter((c) => c.url.includes('hub.docker.com'));
    expect(list.map((c) => [covered(code, c), c.url, c.method, c.methodSource])).toEqual([
      ['/v2/repositories/acme/web/', 'https://hub.docker.com/v2/repositories/acme/web/', 'HEAD', 'explicit'],
      ['/v2/users/login', 'https://hub.docker.com/v2/users/login', 'POST', 'explicit'],
      ['/v2/repositories/acme/web/', 'https://hub.docker.com/v2/repositories/acme/web/', 'PATCH', 'explicit'],
    ]);
    const fs = await findings(code, 'client.js');
    expect(fs.map((f) => [f.ruleId, f.line, f.confidence])).toEqual([
      ['hub-check-repository', 5, 'medium'],
      ['hub-users-login', 6, 'medium'],
    ]);
  });

  it('survives syntax errors and `+` chains deeper than the call stack', () => {
    const chain = `const x = ${Array.from({ length: 20000 }, () => "'a'").join(' + ')};\n`;
    expect(extract(chain, 'gen.js')).toEqual([]);
    const broken = "fetch('https://hub.docker.com/v2/repositories/acme', { method: 'POST' });\nfunction ( {\n";
    expect(extract(broken, 'broken.js')).toMatchObject([{ method: 'POST', url: 'https://hub.docker.com/v2/repositories/acme' }]);
  });
});

describe('js adapter: the shared resolver (issue 15)', () => {
  const rules = async (code: string, file = 'src/hub.ts') => (await findings(code, file)).map((f) => [f.ruleId, f.line, f.method]);

  it('a wrapper whose body decides the method, on a client whose base is the Hub', async () => {
    const code = [
      "const request = require('request');",
      'module.exports = {',
      '  login(user, password) {',
      "    return this.postJSON('users/login/', { user, password });",
      '  },',
      '  repos(owner) {',
      '    return this.getJSON(`users/${owner}/repositories`);',
      '  },',
      '  tags(repo) {',
      '    return this.getJSON(`repositories/${repo}/tags?page_size=100`);',
      '  },',
      '  getJSON(path) {',
      "    return new Promise((ok) => request({ url: `https://hub.docker.com/v2/${path}`, json: true }, (e, r, body) => ok(body)));",
      '  },',
      '  postJSON(path, body) {',
      "    return new Promise((ok) => request({ url: 'https://hub.docker.com/v2/' + path, method: 'POST', body, json: true }, (e, r, b) => ok(b)));",
      '  },',
      '};',
      '',
    ].join('\n');
    // Once per call site, at its literal; the tags route (a placeholder then a tail) stays silent.
    expect(await rules(code, 'hub.js')).toEqual([
      ['hub-users-login', 4, 'POST'],
      ['hub-user-repositories', 7, 'GET'],
    ]);
  });

  it('the method as an argument, and a method decided in another function that receives the URL', async () => {
    const code = [
      "const HUB = 'https://hub.docker.com/v2';",
      'async function call(url: string, method: string) {',
      '  return fetch(url, { method, headers: { Accept: "application/json" } });',
      '}',
      'function exists(u: string) {',
      "  return fetch(u, { method: 'HEAD' }).then((r) => r.ok);",
      '}',
      "export const login = () => call(`${HUB}/users/login`, 'POST');",
      'export const has = (ns: string, name: string) => exists(`${HUB}/repositories/${ns}/${name}/`);',
      '',
    ].join('\n');
    expect(await rules(code)).toEqual([
      ['hub-users-login', 8, 'POST'],
      ['hub-check-repository', 9, 'HEAD'],
    ]);
  });

  it('a class whose base is a field: its methods list and tag', async () => {
    const code = [
      'export class Catalog {',
      "  private readonly base = 'https://hub.docker.com/v2';",
      '  list(owner: string) {',
      '    return fetch(`${this.base}/repositories/${owner}/?page_size=100`);',
      '  }',
      '  tags(repository: string) {',
      '    return fetch(`${this.base}/repositories/${repository}/tags?page_size=100`);',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(await rules(code)).toEqual([['hub-list-repositories', 4, 'GET']]);
  });

  it('HTTP mocks in tests: nock scoped to the Hub, axios-mock-adapter verbs', async () => {
    const code = [
      "import nock from 'nock';",
      "const hub = nock('https://hub.docker.com');",
      "hub.post('/v2/users/login').reply(200, { token: 't' });",
      "nock('https://hub.docker.com').get('/v2/repositories/acme/?page_size=10').reply(200, {}).get('/v2/repositories/acme/web/tags').reply(200, {});",
      "nock('https://registry.example.com').post('/v2/users/login').reply(200, {});",
      "mock.onPost('https://hub.docker.com/v2/users/login').reply(200, {});",
      '',
    ].join('\n');
    expect(await rules(code, 'test/hub.spec.ts')).toEqual([
      ['hub-users-login', 3, 'POST'],
      ['hub-list-repositories', 4, 'GET'],
      ['hub-users-login', 6, 'POST'],
    ]);
  });

  it('options objects say the method: request, $.ajax type, superagent del, got and ky clients', async () => {
    const code = [
      "import ky from 'ky';",
      "request({ uri: 'https://hub.docker.com/v2/users/login', method: 'post', json: {} });",
      "$.ajax({ url: 'https://hub.docker.com/v2/repositories/acme/', type: 'POST', data: {} });",
      "superagent.del('https://hub.docker.com/v2/repositories/acme/web/');",
      "const api = ky.create({ prefixUrl: 'https://hub.docker.com/v2' });",
      "api.head('repositories/acme/web');",
      "const opts = { method: 'HEAD' };",
      "fetch('https://hub.docker.com/v2/repositories/acme/web/', opts);",
      '',
    ].join('\n');
    expect(await rules(code)).toEqual([
      ['hub-users-login', 2, 'POST'],
      ['hub-create-repository', 3, 'POST'],
      ['hub-check-repository', 6, 'HEAD'],
      ['hub-check-repository', 8, 'HEAD'],
    ]);
  });

  it('lowers imports and exports faithfully for resolution across files', async () => {
    const { lowerTypeScript } = await import('../../src/extract/languages/js/lowering.js');
    const { parseSource, ts } = await import('../../src/extract/languages/js/parse.js');
    const code = [
      "import axios, { create as make } from 'axios';",
      "import * as cfg from './config';",
      "const { HUB } = require('./hub');",
      "export const LOGIN = '/v2/users/login';",
      'export function f() {}',
      "export { LOGIN as login, f as default };",
      "export * from './more';",
      '',
    ].join('\n');
    const l = lowerTypeScript(ts, parseSource('a.ts', code));
    expect(l.imports).toEqual([
      { local: 'axios', module: 'axios', name: 'default' },
      { local: 'make', module: 'axios', name: 'create' },
      { local: 'cfg', module: './config', name: null },
      { local: 'HUB', module: './hub', name: 'HUB' },
    ]);
    expect(l.exports).toEqual([
      { exported: 'LOGIN', local: 'LOGIN' },
      { exported: 'f', local: 'f' },
      { exported: 'login', local: 'LOGIN' },
      { exported: 'default', local: 'f' },
      { exported: '*', local: null, module: './more' },
    ]);
  });
});
