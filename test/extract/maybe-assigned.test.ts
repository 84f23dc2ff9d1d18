import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { projectResolver } from '../../src/scan/project-files.js';

// A name assigned on some paths only (`if (user === '_') user = 'library'`) holds that value on
// those paths: the URL it builds is not the official image's URL, and what the branch assigns is
// evidence of the value's arity only. Seen in real clients that map `_` or a missing namespace
// to `library`: the replacement said `/v2/namespaces/library/...` for every repository.
const ruleSet = compileRules(builtinRules());
async function found(file: string, text: string) {
  const project = projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: [{ path: file, text }] });
  const findings = await lintText(file, text, { ruleSet, context: { project }, prefilter: () => true });
  return findings.map((f) => `${f.line} ${f.ruleId} ${f.confidence} ${f.replacement?.path ?? ''}`);
}

beforeAll(async () => {
  await Promise.all(['python', 'js', 'go'].map((l) => loadAdapter(l as never)));
});

const GET_ANY = '/v2/namespaces/{namespace}/repositories/{repository}';

describe('a value assigned only on some paths', () => {
  it('JavaScript: in an if block, the namespace stays a placeholder', async () => {
    const text = "function repo(user, name) {\n  if (user === '_') {\n    user = 'library';\n  }\n  return fetch(`https://hub.docker.com/v2/repositories/${user}/${name}/`);\n}\n";
    expect(await found('hub.js', text)).toEqual([`5 hub-get-repository medium ${GET_ANY}`]);
  });

  it('JavaScript: an if on one line, and `library/` + name as the evidence of two segments', async () => {
    const text = "async function info(image) {\n  if (!image.includes('/')) image = `library/${image}`;\n  return fetch(`https://hub.docker.com/v2/repositories/${image}/`);\n}\n";
    expect(await found('hub.js', text)).toEqual([`3 hub-get-repository medium ${GET_ANY}`]);
  });

  it('JavaScript: two separate ifs that may each assign, then a straight-line use of the name', async () => {
    const text = [
      'function repository(user, name) {',
      '  if (user && !name) {',
      '    name = user;',
      "    user = 'library';",
      '  }',
      "  if (user === '_') {",
      "    user = 'library';",
      '  }',
      '  user = user.toLowerCase();',
      '  return fetch(`https://hub.docker.com/v2/repositories/${user}/${name}`);',
      '}',
      '',
    ].join('\n');
    expect(await found('hub.js', text)).toEqual([`10 hub-get-repository medium ${GET_ANY}`]);
  });

  it('Python: after an earlier straight-line value', async () => {
    const text = [
      'import requests',
      'def repo(args, name):',
      '    ns = args.namespace',
      '    if not ns:',
      '        ns = "library"',
      '    return requests.get(f"https://hub.docker.com/v2/repositories/{ns}/{name}/")',
      '',
    ].join('\n');
    expect(await found('hub.py', text)).toEqual([`6 hub-get-repository medium ${GET_ANY}`]);
  });

  it('Go: an if block before the use', async () => {
    const text = 'package hub\n\nimport "net/http"\n\nfunc Info(ns, name string) (*http.Response, error) {\n\tif ns == "" {\n\t\tns = "library"\n\t}\n\treturn http.Get("https://hub.docker.com/v2/repositories/" + ns + "/" + name + "/")\n}\n';
    expect(await found('hub.go', text)).toEqual([`9 hub-get-repository medium ${GET_ANY}`]);
  });

  it('a base or host assigned only when the environment gives none is the value the code knows', async () => {
    const text = [
      'import os, requests',
      'def repos(org):',
      '    base = os.environ.get("HUB_URL")',
      '    if not base:',
      '        base = "https://hub.docker.com"',
      '    return requests.get(f"{base}/v2/repositories/{org}/")',
      '',
    ].join('\n');
    expect(await found('hub.py', text)).toEqual(['6 hub-list-repositories medium /v2/namespaces/{namespace}/repositories']);
  });

  it('an assignment in straight-line code still decides the value', async () => {
    const text = "function official(name) {\n  const ns = 'library';\n  return fetch(`https://hub.docker.com/v2/repositories/${ns}/${name}/`);\n}\n";
    expect(await found('hub.js', text)).toEqual(['3 hub-get-repository medium /v2/namespaces/library/repositories/{repository}']);
  });
});
