import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import type { Candidate } from '../../src/core/types.js';
import { showHoles } from '../../src/core/hole.js';
import { jsAdapter } from '../../src/extract/js/adapter.js';
import { prefixUrl, resolveUrl } from '../../src/extract/js/join-url.js';
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
    expect(c.start).toBe(code.indexOf("'https://"));
    expect(c.end).toBe(code.indexOf("', {") + 1);
    expect(c).toMatchObject({ method: 'HEAD', methodSource: 'explicit', rebuilt: false, literal: true });
    const [f] = await findings(code);
    expect(f).toMatchObject({ ruleId: 'hub-check-repository', line: 1, column: 13, endColumn: 62, confidence: 'high' });
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
    expect(usage).toMatchObject({ method: 'GET', methodSource: 'default', rebuilt: true, literal: false });
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
    expect(covered(code, list[0])).toBe("'https://hub.docker.com/v2/repositories/acme/web/'");
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
    expect(c).toMatchObject({ url: 'https://hub.docker.com/v2/users/login', rebuilt: true, literal: false });
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
    expect(covered(code, c)).toBe('"https://hub.docker.com/v2/repositories/acme/web"');
    const [f] = await findings(code, 'Card.jsx');
    expect(f).toMatchObject({ ruleId: 'hub-get-repository', column: code.indexOf('"https') + 1, severity: 'warning' });
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
    const list = extract(code, 'client.js');
    expect(list.map((c) => [covered(code, c), c.url, c.method, c.methodSource])).toEqual([
      ["'/v2/repositories/acme/web/'", 'https://hub.docker.com/v2/repositories/acme/web/', 'HEAD', 'explicit'],
      ["'/v2/users/login'", 'https://hub.docker.com/v2/users/login', 'POST', 'explicit'],
      ["'/v2/repositories/acme/web/'", 'https://hub.docker.com/v2/repositories/acme/web/', 'PATCH', 'explicit'],
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

describe('js adapter: URL joining', () => {
  it('resolves relative references', () => {
    expect(resolveUrl('repositories/acme/', 'https://hub.docker.com/v2/')).toBe('https://hub.docker.com/v2/repositories/acme/');
    expect(resolveUrl('repositories/acme', 'https://hub.docker.com/v2')).toBe('https://hub.docker.com/repositories/acme');
    expect(resolveUrl('/v2/users/login', 'https://hub.docker.com/api/x')).toBe('https://hub.docker.com/v2/users/login');
    expect(resolveUrl('../repositories/a?x=1', 'https://hub.docker.com/v2/users/')).toBe('https://hub.docker.com/v2/repositories/a?x=1');
    expect(resolveUrl('https://other.example/x', 'https://hub.docker.com/v2/')).toBe('https://other.example/x');
    expect(resolveUrl('repositories', 'https://hub.docker.com')).toBe('https://hub.docker.com/repositories');
  });

  it('joins a prefix the way axios and got do', () => {
    expect(prefixUrl('https://hub.docker.com/v2/', '/repositories/acme')).toBe('https://hub.docker.com/v2/repositories/acme');
    expect(prefixUrl('https://hub.docker.com/v2', 'repositories/acme')).toBe('https://hub.docker.com/v2/repositories/acme');
    expect(prefixUrl('https://hub.docker.com/v2', 'https://x.example/y')).toBe('https://x.example/y');
  });
});
