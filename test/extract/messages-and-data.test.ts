import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { isSourceMap } from '../../src/scan/generated.js';
import { shellMessage } from '../../src/extract/langs/messages.js';
import { isPageLink } from '../../src/extract/langs/page-links.js';
import { commandMethod } from '../../src/extract/lower/command-method.js';

const ruleSet = compileRules(builtinRules());
const seen = async (file: string, text: string) =>
  (await lintText(file, text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true })).map((f) => [f.line, f.ruleId, f.method]);
const R = 'https://hub.docker.com/v2/repositories';

describe('a message is no request (one construction, one finding)', () => {
  it('shell: echo and printf of a command or a sentence, a logger function; a value echoed stays', async () => {
    const text = [
      'note() { echo "[$(date)] $*" >&2; }',
      `repo_url() { echo "${R}/$1/$2/"; }`,
      `echo "curl -s ${R}/acme/web/"`,
      `curl -s "${R}/acme/web/"`,
      `printf 'Reading %s\\n' "${R}/acme/api/"`,
      `note "open ${R}/acme/docs/ to check"`,
      'curl -s "$(repo_url acme cache)"',
      `URL=$(printf '${R}/%s/%s/' "$NS" "$R")`,
      'curl "$URL"',
    ].join('\n');
    expect(await seen('a.sh', text)).toEqual([
      [2, 'hub-get-repository', 'GET'],
      [4, 'hub-get-repository', 'GET'],
      [8, 'hub-get-repository', 'GET'],
    ]);
  });

  it('Python, JS and Go: log lines, prints and error messages give nothing; the request keeps its finding', async () => {
    const py = `import logging, requests\nlog = logging.getLogger()\ndef f(ns):\n    url = f"${R}/{ns}/web/"\n    log.info(f"GET {url}")\n    print("open ${R}/acme/web/ in a browser")\n    raise RuntimeError(f"GET ${R}/{ns}/web/ failed")\n    return requests.get(url)\n`;
    expect(await seen('a.py', py)).toEqual([[4, 'hub-get-repository', 'GET']]);
    const js = `const u = (ns) => \`${R}/\${ns}/web/\`;\nconsole.log(\`curl ${R}/acme/web/\`);\nthrow new Error(\`GET ${R}/acme/api/ failed\`);\n`;
    expect(await seen('a.js', js)).toEqual([[1, 'hub-get-repository', 'GET']]);
    const go = `package x\nimport ("fmt"; "log"; "net/http")\nfunc F(ns string) {\n\tu := fmt.Sprintf("${R}/%s/web/", ns)\n\tlog.Printf("GET ${R}/%s/web/", ns)\n\thttp.Get(u)\n}\n`;
    expect(await seen('a.go', go)).toEqual([[4, 'hub-get-repository', 'GET']]);
  });

  it('a workflow step: echo of a message is silent, an output value stays', async () => {
    const yml = `on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: |\n          echo "Fetching ${R}/acme/web/"\n          curl -s ${R}/acme/web/\n          echo "url=${R}/acme/lite/" >> "$GITHUB_OUTPUT"\n`;
    expect(await seen('.github/workflows/a.yml', yml)).toEqual([
      [8, 'hub-get-repository', 'GET'],
      [9, 'hub-get-repository', 'GET'],
    ]);
  });

  it('shellMessage: echo of one value is a value, of several words or a sentence a message; printf by its format', () => {
    expect(shellMessage('echo', [`${R}/a/b/`], 0)).toBe(false);
    expect(shellMessage('echo', ['-n', `${R}/a/b/`], 1)).toBe(false);
    expect(shellMessage('echo', ['GET', `${R}/a/b/`], 1)).toBe(true);
    expect(shellMessage('echo', [`curl -s ${R}/a/b/`], 0)).toBe(true);
    expect(shellMessage('printf', ['%s\\n', `${R}/a/b/`], 1)).toBe(false);
    expect(shellMessage('printf', [`${R}/%s/%s/`, 'a', 'b'], 0)).toBe(false);
    expect(shellMessage('printf', ['Calling %s\\n', `${R}/a/b/`], 1)).toBe(true);
    expect(shellMessage('log_info', [`${R}/a/b/`], 0)).toBe(true);
    expect(shellMessage('curl', [`${R}/a/b/`], 0)).toBe(false);
  });
});

describe('the method of an update or a delete (no deprecated route: no finding)', () => {
  it('Go: a method constant handed through a request helper', async () => {
    const go = [
      'package x',
      'import ("fmt"; "net/http")',
      'func (c *C) do(m, p string) error {',
      '\treq, _ := http.NewRequest(m, "https://hub.docker.com/v2"+p, nil)',
      '\t_, err := c.h.Do(req)',
      '\treturn err',
      '}',
      'func (c *C) Describe(ns, n string) error { return c.do(http.MethodPatch, fmt.Sprintf("/repositories/%s/%s/", ns, n)) }',
      'func (c *C) Drop(ns, n string) error { return c.do(http.MethodDelete, fmt.Sprintf("/repositories/%s/%s/", ns, n)) }',
      'func (c *C) Read(ns, n string) error { return c.do(http.MethodGet, fmt.Sprintf("/repositories/%s/%s/", ns, n)) }',
    ].join('\n');
    expect(await seen('a.go', go)).toEqual([[10, 'hub-get-repository', 'GET']]);
  });

  it('C#: new HttpMethod("PATCH")', async () => {
    const cs = `class A {\n  void F(string o, string n) {\n    var a = new HttpRequestMessage(new HttpMethod("PATCH"), $"${R}/{o}/{n}/");\n    var b = new HttpRequestMessage(new HttpMethod("GET"), $"${R}/{o}/{n}/");\n  }\n}\n`;
    expect(await seen('A.cs', cs)).toEqual([[4, 'hub-get-repository', 'GET']]);
  });

  it('a workflow step running Python from a heredoc or -c: the program is read as Python', async () => {
    const yml = [
      'on: push',
      'jobs:',
      '  a:',
      '    runs-on: x',
      '    steps:',
      '      - run: |',
      "          python3 - <<'PY'",
      '          import urllib.request',
      `          r = urllib.request.Request(f"${R}/{repo}/", data=b"{}", method="PATCH")`,
      '          urllib.request.urlopen(r)',
      `          g = urllib.request.Request("${R}/acme/web/")`,
      '          urllib.request.urlopen(g)',
      '          PY',
      '      - run: |',
      '          python3 -c "',
      '          import urllib.request',
      `          urllib.request.urlopen(urllib.request.Request('${R}/acme/old/', method='DELETE'))`,
      '          "',
    ].join('\n');
    expect(await seen('.github/workflows/a.yml', yml)).toEqual([[11, 'hub-get-repository', 'GET']]);
  });

  it('a command continued over lines keeps the flags of its earlier lines', () => {
    const text = `curl \\\n  -H "Authorization: JWT $T" \\\n  -X DELETE \\\n  ${R}/acme/web/\n`;
    expect(commandMethod(text, text.indexOf('https'))).toEqual({ method: 'DELETE', source: 'explicit' });
    const two = `curl -X DELETE x\ncurl ${R}/acme/web/\n`;
    expect(commandMethod(two, two.indexOf('https'))).toEqual({ method: 'GET', source: 'default' });
  });
});

describe('data is no call', () => {
  const page = `{\n  "count": 2,\n  "next": "${R}/library/?page=2",\n  "previous": null,\n  "results": []\n}\n`;

  it('the page links of a recorded list answer, in JSON, YAML, a Python dict and a JS object', async () => {
    expect(await seen('tests/fixtures/page.json', page)).toEqual([]);
    expect(await seen('page.yaml', `count: 2\nnext: ${R}/library/?page=2\nresults: []\n`)).toEqual([]);
    expect(await seen('test_a.py', `PAGE = {"count": 1, "next": "${R}/library/?page=2", "results": []}\n`)).toEqual([]);
    expect(await seen('a.test.js', `const page = { count: 1, next: '${R}/library/?page=2', results: [] };\n`)).toEqual([]);
  });

  it('a `next` key without a page beside it is still read', async () => {
    expect(await seen('cfg.json', `{ "next": "${R}/acme/web/", "name": "x" }\n`)).toEqual([[1, 'hub-get-repository', 'GET']]);
    expect(isPageLink('next', ['next', 'name'])).toBe(false);
    expect(isPageLink('previous', ['count', 'previous'])).toBe(true);
  });

  it('a source map is generated: skipped; a data file named .map is not', async () => {
    const map = JSON.stringify({ version: 3, sources: ['a.js'], sourcesContent: [`fetch("${R}/acme/web/")`], mappings: 'AAAA' });
    expect(isSourceMap('app.js.map', map)).toBe(true);
    expect(isSourceMap('app.json', map)).toBe(false);
    expect(isSourceMap('routes.map', `{"routes": ["${R}/acme/web/"]}`)).toBe(false);
    expect(await seen('static/app.js.map', map)).toEqual([]);
  });
});
