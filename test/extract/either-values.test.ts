import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { applyEdits } from '../../src/fix/apply-edits.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { lintPins } from '../../src/scan/run.js';
import { projectResolver } from '../../src/scan/project-files.js';

// A value a condition chooses (`c ? a : b`, `a if c else b`) is either value: the one that
// reaches the Hub is the one reported, whichever branch it stands in. When every choice is a
// host alone, the route after it is shared by all of them: it is rewritten and the hosts kept
// (fix/plan.ts); when a choice holds more than a host, no fix is offered, since an edit would
// change what the other branch builds too.
const ruleSet = compileRules(builtinRules());
async function found(file: string, text: string) {
  const project = projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: [{ path: file, text }] });
  const findings = await lintText(file, text, { ruleSet, context: { project }, prefilter: () => true });
  return findings.map((f) => ({
    at: `${f.line} ${f.ruleId} ${f.method}`,
    fixed: f.fix !== undefined,
    refusal: f.fixRefusal ?? '',
    // The fixed text of the template the finding stands in, when there is a fix.
    edited: f.fix ? applyEdits(text, f.fix.edits).text.split('\n')[f.line - 1].match(/`([^`]*)`/)?.[1] : undefined,
  }));
}

beforeAll(async () => {
  await Promise.all(['python', 'java', 'js', 'kotlin', 'groovy', 'perl', 'swift'].map((l) => loadAdapter(l as never)));
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
    // Both choices are hosts alone: the shared route is rewritten, neither host is touched.
    expect(out[0].fixed).toBe(true);
    expect(out[0].edited).toBe('${root}/v2/namespaces/${org}/repositories/');
  });

  it('TypeScript: a choice that holds more than a host is refused', async () => {
    const text = [
      "const root = process.env.LOCAL ? 'http://localhost:8080/mirror' : 'https://hub.docker.com';",
      'export const list = (org: string) => fetch(`${root}/v2/repositories/${org}/`);',
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
    // Reported once, on the line of the literal that holds the route (issue 30: the request's line is only the alternative).
    expect((await found('hub.py', text)).map((f) => f.at)).toEqual(['4 hub-list-repositories GET']);
  });

  it('Swift (the token lowering of Swift, Scala, Dart, Elixir and Lua): a Hub base in the second branch', async () => {
    const text = 'let root = useMock ? "http://localhost:9000" : "https://hub.docker.com"\nfunc repos(_ org: String) -> URL { return URL(string: "\\(root)/v2/repositories/\\(org)/")! }\n';
    const out = await found('Hub.swift', text);
    expect(out.map((f) => f.at)).toEqual(['2 hub-list-repositories GET']);
    // Both choices are hosts alone: the route they share is rewritten (the TypeScript case above).
    expect(out[0]).toMatchObject({ fixed: true, refusal: '' });
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

  it('TypeScript: a ternary inside a template names two routes, each reported at its literal', async () => {
    const text = [
      'export const hub = (org: boolean, ns: string) =>',
      "  fetch(org ? `https://hub.docker.com/v2/orgs/${ns}/` : `https://hub.docker.com/v2/repositories/${ns}/`);",
      "export const login = (legacy: boolean) => fetch(legacy ? 'https://hub.docker.com/v2/users/login' : 'https://auth.example.com/token', { method: 'POST' });",
      '',
    ].join('\n');
    const out = await found('hub.ts', text);
    expect(out.map((f) => f.at)).toEqual(['2 hub-list-repositories GET', '3 hub-users-login POST']);
  });

  it('Python: options naming different routes are each reported, at the literal that holds each path', async () => {
    const text = [
      'import requests',
      'HUB = "https://hub.docker.com"',
      'def repos(ns, by_user=False):',
      '    url = HUB + ("/v2/users/" + ns + "/repositories" if by_user',
      '                 else "/v2/repositories/" + ns + "/")',
      '    return requests.get(url).json()',
      '',
    ].join('\n');
    const out = await found('hub.py', text);
    expect(out.map((f) => f.at).sort()).toEqual(['4 hub-user-repositories GET', '5 hub-list-repositories GET']);
    expect(out.every((f) => !f.fixed)).toBe(true);
  });

  it('Python: a path option that is no deprecated route adds nothing; a non-Hub host option adds nothing', async () => {
    const text = [
      'import requests',
      'def members(org, ns, staging=False):',
      '    base = "https://staging.example.com" if staging else "https://hub.docker.com"',
      '    return requests.get(base + ("/v2/orgs/" + org + "/members" if org else "/v2/repositories/" + ns + "/")).json()',
      '',
    ].join('\n');
    expect((await found('hub.py', text)).map((f) => f.at)).toEqual(['4 hub-list-repositories GET']);
  });

  it('Python: `x or "default"` with the Hub host as the default', async () => {
    const text = [
      'import os, requests',
      'def repos(cfg, ns):',
      '    base = cfg.get("hub_url") or "https://hub.docker.com"',
      '    return requests.get(base + "/v2/repositories/" + ns + "/").json()',
      '',
    ].join('\n');
    const out = await found('hub.py', text);
    expect(out.map((f) => f.at)).toEqual(['4 hub-list-repositories GET']);
    expect(out[0].fixed).toBe(false);
  });

  it('Python: `x or "default"` where neither value is a Hub host gives nothing', async () => {
    const text = 'import requests\ndef repos(cfg, ns):\n    base = cfg.get("url") or "https://registry.example.com"\n    return requests.get(base + "/v2/repositories/" + ns + "/")\n';
    expect(await found('hub.py', text)).toEqual([]);
  });

  it('Kotlin: an if expression picks the Hub base', async () => {
    const text = [
      'class HubClient(private val mirror: Boolean) {',
      '    private val root = if (mirror) System.getenv("MIRROR_URL") else "https://hub.docker.com"',
      '    fun repos(ns: String) = java.net.URL("$root/v2/repositories/$ns/").readText()',
      '}',
      '',
    ].join('\n');
    expect((await found('Hub.kt', text)).map((f) => f.at)).toEqual(['3 hub-list-repositories GET']);
  });

  it('Kotlin: a block branch whose last line is the value', async () => {
    const text = [
      'fun root(mirror: Boolean): String {',
      '    val base = if (mirror) {',
      '        "https://mirror.example.com"',
      '    } else {',
      '        "https://hub.docker.com"',
      '    }',
      '    return java.net.URL("$base/v2/repositories/acme/").readText()',
      '}',
      '',
    ].join('\n');
    expect((await found('Root.kt', text)).map((f) => f.at)).toEqual(['7 hub-list-repositories GET']);
  });

  it('Groovy and Perl: the Hub host in the second branch of a ternary', async () => {
    const groovy = "def base = params.LOCAL ? 'http://localhost:5000' : 'https://hub.docker.com'\ndef out = new URL(\"${base}/v2/repositories/acme/\").text\n";
    expect((await found('Jenkinsfile.groovy', groovy)).map((f) => f.at)).toEqual(['2 hub-list-repositories GET']);
    const perl = "use LWP::UserAgent;\nmy $base = $local ? 'http://localhost:5000' : 'https://hub.docker.com';\nmy $res = LWP::UserAgent->new->get(\"$base/v2/repositories/acme/\");\n";
    expect((await found('hub.pl', perl)).map((f) => f.at)).toEqual(['3 hub-list-repositories GET']);
  });
});

describe('Engine API versions chosen by a condition', () => {
  async function pinsOf(files: Record<string, string>) {
    const { findings } = await lintPins({ files: Object.entries(files).map(([path, text]) => ({ path, text })) });
    return findings.filter((f) => f.family === 'pin').map((f) => `${f.file}:${f.line}`);
  }

  it('Kotlin: both versions of an if expression are pins', async () => {
    const text = [
      'import com.github.dockerjava.core.DefaultDockerClientConfig',
      'fun config(legacy: Boolean) {',
      '    val version = if (legacy) "1.24" else "1.41"',
      '    return DefaultDockerClientConfig.createDefaultConfigBuilder().withApiVersion(version).build()',
      '}',
      '',
    ].join('\n');
    expect(await pinsOf({ 'Docker.kt': text })).toEqual(['Docker.kt:3', 'Docker.kt:3']);
  });

  it('Python: a conditional version passed to the client', async () => {
    const text = 'import docker\ndef client(old):\n    return docker.APIClient(version="1.24" if old else "1.43")\n';
    expect(await pinsOf({ 'client.py': text })).toEqual(['client.py:3', 'client.py:3']);
  });
});

describe('Python URL templates formatted where they are used', () => {
  it('a template kept in a name: its placeholder may hold namespace/repository (tags stay silent), and no fix splits it', async () => {
    const text = [
      'import requests',
      'TAGS = "https://hub.docker.com/v2/repositories/{full_name}/tags/"',
      'INFO = "https://hub.docker.com/v2/repositories/{}/"',
      'def tags(full_name):',
      '    return requests.get(TAGS.format(full_name=full_name)).json()',
      'def info(image):',
      '    return requests.get(INFO.format(image)).json()',
      '',
    ].join('\n');
    const all = await found('hub.py', text);
    expect(all.map((f) => f.at)).toEqual(['7 hub-get-repository GET']);
    expect(all[0].fixed).toBe(false);
  });

  it('a template chosen in an if/else and formatted after both, inside a try: each branch read with the value', async () => {
    const text = [
      'import urllib.request',
      'for name in names:',
      '    if "/" in name:',
      '        url = "https://hub.docker.com/v2/repositories/{}"',
      '    else:',
      '        url = "https://hub.docker.com/v2/repositories/library/{}"',
      '    try:',
      '        urllib.request.urlopen(url.format(name))',
      '    except OSError:',
      '        pass',
      '',
    ].join('\n');
    const all = await found('sweep.py', text);
    // Each branch on its own literal's line.
    expect(all.map((f) => f.at)).toEqual(['4 hub-get-repository GET', '6 hub-get-repository GET']);
    expect(all.every((f) => !f.fixed)).toBe(true);
  });
});
