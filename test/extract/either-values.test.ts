import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { projectResolver } from '../../src/scan/project-files.js';

// A value a condition chooses (`c ? a : b`, `a if c else b`) is either value: the one that
// reaches the Hub is the one reported, whichever branch it stands in, and no fix is offered,
// since an edit would change what the other branch builds too.
const ruleSet = compileRules(builtinRules());
async function found(file: string, text: string) {
  const project = projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: [{ path: file, text }] });
  const findings = await lintText(file, text, { ruleSet, context: { project }, prefilter: () => true });
  return findings.map((f) => ({ at: `${f.line} ${f.ruleId} ${f.method}`, fixed: f.fix !== undefined, refusal: f.fixRefusal ?? '' }));
}

beforeAll(async () => {
  await Promise.all(['python', 'java', 'js'].map((l) => loadAdapter(l as never)));
});

describe('values chosen by a condition', () => {
  it('TypeScript: a Hub base in the second branch of a ternary', async () => {
    const text = [
      "const root = process.env.LOCAL ? 'http://localhost:8080' : 'https://hub.docker.com';",
      'export const list = (org: string) => fetch(`${root}/v2/repositories/${org}/`);',
      'export const tags = (org: string, name: string) => fetch(`${root}/v2/repositories/${org}/${name}/tags`);',
      '',
    ].join('\n');
    const out = await found('hub.ts', text);
    expect(out.map((f) => f.at)).toEqual(['2 hub-list-repositories GET']);
    expect(out[0].fixed).toBe(false);
    expect(out[0].refusal).toMatch(/condition chooses/);
  });

  it('TypeScript: neither branch a Hub host gives nothing', async () => {
    const text = "const root = process.env.LOCAL ? 'http://localhost:8080' : 'https://registry.example.com';\nfetch(`${root}/v2/repositories/${org}/`);\n";
    expect(await found('hub.ts', text)).toEqual([]);
  });

  it('Python: a path chosen by a conditional expression, the Hub route in either branch', async () => {
    const text = [
      'import requests',
      'HUB = "https://hub.docker.com"',
      'def fetch(ns, org=False):',
      '    path = f"/v2/orgs/{ns}/members" if org else f"/v2/repositories/{ns}/"',
      '    return requests.get(HUB + path).json()',
      '',
    ].join('\n');
    // Reported where the URL is built (the line of the request), once.
    expect((await found('hub.py', text)).map((f) => f.at)).toEqual(['5 hub-list-repositories GET']);
  });

  it('Java: the Hub host as the fallback of a ternary on the environment', async () => {
    const text = [
      'class Hub {',
      '  static final String BASE = System.getenv("HUB") != null ? System.getenv("HUB") : "https://hub.docker.com";',
      '  String repos(String org) { return BASE + "/v2/repositories/" + org + "/"; }',
      '}',
      '',
    ].join('\n');
    expect((await found('Hub.java', text)).map((f) => f.at)).toEqual(['3 hub-list-repositories GET']);
  });

  it('the same literal in both branches is one known value: a fix is offered as usual', async () => {
    const text = "const root = flag ? 'https://hub.docker.com' : 'https://hub.docker.com';\nfetch(root + '/v2/repositories/acme/');\n";
    const out = await found('hub.js', text);
    expect(out.map((f) => f.at)).toEqual(['2 hub-list-repositories GET']);
    expect(out[0].refusal).not.toMatch(/condition chooses/);
  });
});
