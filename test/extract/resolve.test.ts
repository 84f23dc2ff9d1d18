import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageNames } from '../../src/extract/resolve/modules.js';
import { lint } from '../../src/scan/run.js';
import { loadAdapter } from '../../src/extract/registry.js';
import type { ProjectResolver } from '../../src/extract/resolve/project.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { projectResolver } from '../../src/scan/project-files.js';

// The project resolver on in-memory projects (nothing on disk under a folder that does not
// exist): each language's module rules lead from a site to the defining file, and a file
// with the same name that the site does not import never answers.
const project = (files: Record<string, string>): ProjectResolver =>
  projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: Object.entries(files).map(([path, text]) => ({ path, text })) });

const ruleSet = compileRules(builtinRules());
async function found(files: Record<string, string>, file: string) {
  const p = project(files);
  const findings = await lintText(file, files[file], { ruleSet, context: { project: p }, prefilter: () => true });
  return { findings: findings.map((f) => `${f.line} ${f.ruleId} ${f.method}`), stats: p.stats };
}

beforeAll(async () => {
  // Each lowering registers itself with the resolver when its grammar loads.
  await Promise.all(['python', 'go', 'java', 'shell', 'js', 'php'].map((l) => loadAdapter(l as never)));
});

describe('project resolver', () => {
  it('python: follows the import, relative and absolute, and a constant built from another file', async () => {
    const files = {
      'svc/acme/__init__.py': '',
      'svc/acme/base.py': 'HUB = "https://hub.docker.com"\n',
      'svc/acme/settings.py': 'from .base import HUB\nHUB_API = HUB + "/v2"\n',
      'svc/acme/client.py': 'import requests\nfrom acme.settings import HUB_API\n\ndef login(u, p):\n    return requests.post(HUB_API + "/users/login", json={"username": u, "password": p})\n',
      // The look-alike: the same name in a module nobody imports.
      'svc/other/settings.py': 'HUB_API = "https://hub.docker.com/v2"\n',
      'svc/other/client.py': 'import requests\nfrom .conf import HUB_API\n\ndef login(u, p):\n    return requests.post(HUB_API + "/users/login")\n',
    };
    expect((await found(files, 'svc/acme/client.py')).findings).toEqual(['5 hub-users-login POST']);
    expect((await found(files, 'svc/other/client.py')).findings).toEqual([]);
  });

  it('python: module attribute through `import pkg.mod as m`, and the value with its origin', () => {
    const p = project({ 'app/config/hub.py': 'BASE = "https://hub.docker.com/v2"\n' });
    const v = p.value({ file: 'app/main.py', language: 'python', imports: [{ local: 'hub', module: 'config.hub', name: null }], name: 'hub.BASE' });
    expect(v).toMatchObject({ file: 'app/config/hub.py', text: 'https://hub.docker.com/v2', start: 7, end: 34 });
    expect(v?.pieces).toEqual([{ text: 'https://hub.docker.com/v2', file: 'app/config/hub.py', start: 8, end: 33 }]);
    expect(p.value({ file: 'app/main.py', language: 'python', imports: [], name: 'BASE' })).toBeUndefined();
  });

  it('go: a constant of another file of the package; never one of another package', async () => {
    const files = {
      'go.mod': 'module example.org/tool\n\ngo 1.22\n',
      'internal/hub/base.go': 'package hub\n\nconst apiBase = "https://hub.docker.com/v2"\n',
      'internal/hub/repos.go': 'package hub\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc List(org string) (*http.Response, error) {\n\treturn http.Get(fmt.Sprintf("%s/repositories/%s/?page_size=100", apiBase, org))\n}\n',
      'internal/mirror/base.go': 'package mirror\n\nconst apiBase = "https://hub.docker.com/v2"\n',
      'internal/other/repos.go': 'package other\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc List(org string) (*http.Response, error) {\n\treturn http.Get(fmt.Sprintf("%s/repositories/%s/?page_size=100", apiBase, org))\n}\n',
    };
    expect((await found(files, 'internal/hub/repos.go')).findings).toEqual(['9 hub-list-repositories GET']);
    expect((await found(files, 'internal/other/repos.go')).findings).toEqual([]);
  });

  it('go: an exported constant of a module-internal package through go.mod', () => {
    const p = project({ 'go.mod': 'module example.org/tool\n', 'pkg/consts/hub.go': 'package consts\n\nconst HubAPI = "https://hub.docker.com/v2"\n' });
    const imports = [{ local: 'consts', module: 'example.org/tool/pkg/consts', name: null }];
    expect(p.value({ file: 'cmd/main.go', language: 'go', imports, name: 'consts.HubAPI' })?.text).toBe('https://hub.docker.com/v2');
    expect(p.value({ file: 'cmd/main.go', language: 'go', imports: [{ local: 'consts', module: 'github.com/x/consts', name: null }], name: 'consts.HubAPI' })).toBeUndefined();
  });

  it('java: a constants class of the package, and a static import', async () => {
    const files = {
      'src/main/java/org/acme/hub/HubPaths.java': 'package org.acme.hub;\n\npublic final class HubPaths {\n  public static final String BASE = "https://hub.docker.com/v2";\n}\n',
      'src/main/java/org/acme/hub/Login.java':
        'package org.acme.hub;\n\nimport java.net.URI;\nimport java.net.http.HttpRequest;\n\nclass Login {\n  HttpRequest req() {\n    return HttpRequest.newBuilder(URI.create(HubPaths.BASE + "/users/login")).POST(HttpRequest.BodyPublishers.noBody()).build();\n  }\n}\n',
      'src/main/java/org/acme/web/Login.java':
        'package org.acme.web;\n\nimport java.net.URI;\nimport java.net.http.HttpRequest;\n\nclass Login {\n  HttpRequest req() {\n    return HttpRequest.newBuilder(URI.create(Paths.BASE + "/users/login")).POST(HttpRequest.BodyPublishers.noBody()).build();\n  }\n}\n',
      'src/main/java/org/acme/other/Paths.java': 'package org.acme.other;\n\npublic final class Paths {\n  public static final String BASE = "https://hub.docker.com/v2";\n}\n',
    };
    expect((await found(files, 'src/main/java/org/acme/hub/Login.java')).findings).toEqual(['8 hub-users-login POST']);
    expect((await found(files, 'src/main/java/org/acme/web/Login.java')).findings).toEqual([]);
    const p = project(files);
    const imports = [{ local: 'BASE', module: 'org.acme.other.Paths', name: 'BASE' }];
    expect(p.value({ file: 'src/main/java/org/acme/web/Login.java', language: 'java', imports, name: 'BASE' })?.file).toBe('src/main/java/org/acme/other/Paths.java');
  });

  it('shell: the file a script sources, through the dirname idiom; not a file it does not source', async () => {
    const files = {
      'ci/env.sh': 'HUB_API="https://hub.docker.com/v2"\n',
      'ci/list.sh': '#!/bin/sh\n. "$(dirname "$0")/env.sh"\ncurl -s "$HUB_API/repositories/$ORG/?page_size=100"\n',
      'ci/other.sh': '#!/bin/sh\ncurl -s "$HUB_API/repositories/$ORG/?page_size=100"\n',
    };
    expect((await found(files, 'ci/list.sh')).findings).toEqual(['3 hub-list-repositories GET']);
    expect((await found(files, 'ci/other.sh')).findings).toEqual([]);
  });

  it('js/ts: a parameter set by the call sites of the importing files; the same code called with another host stays silent', async () => {
    const lib = {
      'web/api/repos.ts': "export async function listRepos(host: string, owner: string) {\n  return fetch(`https://${host}/v2/repositories/${owner}/`)\n}\n",
      'web/api/Auth.ts': "export class Auth {\n  constructor(private readonly root: string) {}\n  login() {\n    return fetch(`${this.root}/v2/users/login/`, { method: 'POST' })\n  }\n}\n",
    };
    const hub = {
      ...lib,
      'web/main.ts': "import { listRepos } from './api/repos'\nimport { Auth } from './api/Auth.js'\nconst HUB = 'hub.docker.com'\nnew Auth('https://hub.docker.com').login()\nlistRepos(HUB, 'acme')\n",
    };
    expect((await found(hub, 'web/api/repos.ts')).findings).toEqual(['2 hub-list-repositories GET']);
    expect((await found(hub, 'web/api/Auth.ts')).findings).toEqual(['4 hub-users-login POST']);
    // The look-alike: a private registry passed from the importer.
    const other = { ...lib, 'web/main.ts': "import { listRepos } from './api/repos'\nimport { Auth } from './api/Auth'\nnew Auth('https://registry.example.org').login()\nlistRepos('mirror.example.org', 'acme')\n" };
    expect((await found(other, 'web/api/repos.ts')).findings).toEqual([]);
    expect((await found(other, 'web/api/Auth.ts')).findings).toEqual([]);
    // A file that calls a function of the same name without importing it from here does not answer.
    const unrelated = { ...lib, 'web/main.ts': "import { listRepos } from './other/repos'\nlistRepos('hub.docker.com', 'acme')\n" };
    expect((await found(unrelated, 'web/api/repos.ts')).findings).toEqual([]);
  });

  it('go: a path handed to a method of another package whose client a constructor there made with the Hub base; another base stays silent', async () => {
    const web = {
      'go.mod': 'module example.org/pruner\n',
      'internal/web/client.go':
        'package web\n\nimport "net/http"\n\ntype Client struct{ BaseURL string }\n\nfunc New(base string) Client { return Client{BaseURL: base} }\n\nfunc (c Client) full(u string) string { return c.BaseURL + u }\n',
      'internal/web/verbs.go':
        'package web\n\nimport (\n\t"bytes"\n\t"net/http"\n)\n\nfunc (c Client) Send(u string, body []byte) (*http.Response, error) {\n\treq, _ := http.NewRequest("POST", c.full(u), bytes.NewReader(body))\n\treturn http.DefaultClient.Do(req)\n}\n',
    };
    const site = (base: string) =>
      `package hub\n\nimport "example.org/pruner/internal/web"\n\ntype Hub struct{ api web.Client }\n\nfunc Open() *Hub { return &Hub{api: web.New("${base}")} }\n\nfunc (h *Hub) Login(body []byte) {\n\th.api.Send("/users/login", body)\n}\n`;
    expect((await found({ ...web, 'internal/hub/hub.go': site('https://hub.docker.com/v2') }, 'internal/hub/hub.go')).findings).toEqual(['10 hub-users-login POST']);
    expect((await found({ ...web, 'internal/hub/hub.go': site('https://registry.example.org/v2') }, 'internal/hub/hub.go')).findings).toEqual([]);
    // Without a go.mod (a scan of part of a module), the import path's tail names the folder.
    const { 'go.mod': _mod, ...noMod } = web;
    expect((await found({ ...noMod, 'internal/hub/hub.go': site('https://hub.docker.com/v2') }, 'internal/hub/hub.go')).findings).toEqual(['10 hub-users-login POST']);
  });

  it('python: a client whose __init__ keeps the base its caller in another module passes; a private registry stays silent', async () => {
    const lib = {
      'svc/hubapi/__init__.py': '',
      'svc/hubapi/session.py':
        'import requests\n\n\nclass Session:\n    def __init__(self, base_url, token=None):\n        self.base_url = base_url.rstrip("/")\n        self.token = token\n\n    def send(self, path, payload):\n        return requests.post(self.base_url + path, json=payload)\n',
    };
    const app = (base: string) => `from hubapi.session import Session\n\nsession = Session("${base}")\n\n\ndef login(user, password):\n    return session.send("/v2/users/login/", {"username": user, "password": password})\n`;
    expect((await found({ ...lib, 'svc/app.py': app('https://hub.docker.com') }, 'svc/app.py')).findings).toEqual(['7 hub-users-login POST']);
    expect((await found({ ...lib, 'svc/app.py': app('https://harbor.example.org') }, 'svc/app.py')).findings).toEqual([]);
  });

  it('java: a path passed to a method of a class of the package that joins it to the base its constructor keeps', async () => {
    const api =
      'package org.acme.hub;\n\nimport java.net.URI;\nimport java.net.http.HttpRequest;\n\nclass HubApi {\n  private final String base;\n\n  HubApi(String base) {\n    this.base = base;\n  }\n\n  HttpRequest get(String path) {\n    return HttpRequest.newBuilder(URI.create(this.base + path)).GET().build();\n  }\n}\n';
    const site = (base: string) => `package org.acme.hub;\n\nclass Orgs {\n  Object list(String org) {\n    return new HubApi("${base}").get("/v2/repositories/" + org + "/");\n  }\n}\n`;
    const files = (base: string) => ({ 'src/main/java/org/acme/hub/HubApi.java': api, 'src/main/java/org/acme/hub/Orgs.java': site(base) });
    expect((await found(files('https://hub.docker.com'), 'src/main/java/org/acme/hub/Orgs.java')).findings).toEqual(['5 hub-list-repositories GET']);
    expect((await found(files('https://quay.example.org'), 'src/main/java/org/acme/hub/Orgs.java')).findings).toEqual([]);
  });

  it('ts: resource classes on an outside base class take the endpoint their `new` sites pass; verb-named calls on `this` join paths to it', async () => {
    const lib = {
      'api/resources/Auth.ts': "import { Resource } from '@acme/rest'\n\nexport class Auth extends Resource {\n  login(user: string, pass: string) {\n    return this.httpPost('users/login/', { user, pass })\n  }\n}\n",
    };
    const client = (endpoint: string) => `import { Auth } from './resources/Auth'\n\nexport class Client {\n  auth = new Auth(new URL('${endpoint}'))\n}\n`;
    expect((await found({ ...lib, 'api/Client.ts': client('https://hub.docker.com/v2') }, 'api/resources/Auth.ts')).findings).toEqual(['5 hub-users-login POST']);
    expect((await found({ ...lib, 'api/Client.ts': client('https://git.example.org/api/v4') }, 'api/resources/Auth.ts')).findings).toEqual([]);
    // The class sets the base the outside class reads (Apollo's RESTDataSource `this.baseURL`).
    const apollo = "const { RESTDataSource } = require('apollo-datasource-rest')\nclass Hub extends RESTDataSource {\n  constructor() {\n    super()\n    this.baseURL = 'https://hub.docker.com/v2/'\n  }\n  login(u, p) {\n    return this.post('users/login/', { u, p })\n  }\n}\n";
    expect((await found({ 'ds/hub.js': apollo }, 'ds/hub.js')).findings).toEqual(['8 hub-users-login POST']);
    expect((await found({ 'ds/hub.js': apollo.replace('hub.docker.com', 'api.example.org') }, 'ds/hub.js')).findings).toEqual([]);
    // A base class of the project: its own methods decide, the rule does not guess.
    const own = { 'api/resources/Auth.ts': lib['api/resources/Auth.ts'].replace("'@acme/rest'", "'../rest'"), 'api/rest.ts': 'export class Resource {}\n', 'api/Client.ts': client('https://hub.docker.com/v2') };
    expect((await found(own, 'api/resources/Auth.ts')).findings).toEqual([]);
  });

  it('ts: a host parameter nothing passes, on a path only the Hub serves: reported (low) when the file or its imports name the Hub host', async () => {
    const repos = "export const listRepos = (host: string, ns: string) => fetch(`https://${host}/v2/repositories/${ns}/`)\n";
    const hub = { 'lib/session.ts': "export const HUB_HOST = 'hub.docker.com'\n", 'lib/repos.ts': "import { HUB_HOST } from './session'\n" + repos };
    const p = project(hub);
    const findings = await lintText('lib/repos.ts', hub['lib/repos.ts'], { ruleSet, context: { project: p }, prefilter: () => true });
    expect(findings.map((f) => `${f.line} ${f.ruleId} ${f.confidence}`)).toEqual(['2 hub-list-repositories low']);
    // No Hub evidence (a Harbor host in the imported module; the Hub named only in a comment): nothing.
    const harbor = { 'lib/session.ts': "// unlike hub.docker.com\nexport const HOST = 'harbor.example.org'\n", 'lib/repos.ts': "import { HOST } from './session'\n" + repos };
    expect((await found(harbor, 'lib/repos.ts')).findings).toEqual([]);
    // The registry API on the same host parameter is not a path only the Hub serves.
    const registry = { ...hub, 'lib/repos.ts': "import { HUB_HOST } from './session'\nexport const tags = (host: string, name: string) => fetch(`https://${host}/v2/${name}/tags/list`)\n" };
    expect((await found(registry, 'lib/repos.ts')).findings).toEqual([]);
  });

  it('js: CommonJS values: `module.exports = {…}`, `exports.X =`, an exported object, `require(…).x` inline; an unrequired file never answers', async () => {
    const files = {
      'app/config/index.js': "module.exports = {\n  hubBase: 'https://hub.docker.com',\n  hub: { api: 'https://hub.docker.com/v2' },\n};\n",
      'app/lib/constants.js': "exports.ORIGIN = 'https://hub.docker.com';\nmodule.exports.HUB_API = exports.ORIGIN + '/v2';\n",
      'app/lib/settings.cjs': "const settings = { registry: 'https://hub.docker.com/v2' };\nmodule.exports = settings;\n",
      'app/lib/other.js': "const HUB_API = 'https://hub.docker.com/v2';\n",
      'app/lib/repos.js': [
        "const cfg = require('../config');",
        "const { HUB_API, HUB_API: v2 } = require('./constants');",
        "const { api } = require('../config').hub;",
        "const settings = require('./settings.cjs');",
        'const list = (ns) => fetch(cfg.hubBase + "/v2/repositories/" + ns + "/");',
        'const repo = (ns, n) => fetch(`${HUB_API}/repositories/${ns}/${n}/`);',
        "const login = (body) => fetch(v2 + '/users/login/', { method: 'POST', body });",
        "const search = (q) => fetch(require('./constants').HUB_API + '/search/repositories/?query=' + q);",
        'const mine = (ns) => fetch(`${api}/repositories/${ns}/`);',
        'const user = (u) => fetch(settings.registry + `/users/${u}/repositories/`);',
        '',
      ].join('\n'),
      // The look-alike: the name defined in a file this one does not require.
      'app/lib/unrelated.js': "const { HUB_API } = require('./nothing');\nconst repo = (ns, n) => fetch(`${HUB_API}/repositories/${ns}/${n}/`);\n",
    };
    expect((await found(files, 'app/lib/repos.js')).findings).toEqual([
      '5 hub-list-repositories GET',
      '6 hub-get-repository GET',
      '7 hub-users-login POST',
      '9 hub-list-repositories GET',
      '10 hub-user-repositories GET',
    ]);
    expect((await found(files, 'app/lib/unrelated.js')).findings).toEqual([]);
  });

  it('js/ts: a default import\'s field, `import x = require()`, `export { a as b } from`, `export * from`', () => {
    const p = project({
      'web/conf/base.ts': "export const BASE = 'https://hub.docker.com';\n",
      'web/conf/more.ts': "export const LOGIN = 'https://hub.docker.com/v2/users/login';\n",
      'web/conf/index.ts': "export { BASE as HUB_BASE } from './base';\nexport * from './more';\n",
      'web/conf/defaults.ts': "const defaults = { hub: 'https://hub.docker.com/v2' };\nexport default defaults;\n",
      'web/conf/inline.ts': "export default { version: 'v1.38' };\n",
      'web/conf/legacy.js': "module.exports = { engine: 'v1.39' };\n",
    });
    const ask = (module: string, name: string | null, local: string, asked: string) =>
      p.value({ file: 'web/api.ts', language: 'js', imports: [{ local, module, name }], name: asked })?.text;
    expect(ask('./conf', 'HUB_BASE', 'HUB_BASE', 'HUB_BASE')).toBe('https://hub.docker.com');
    expect(ask('./conf', 'LOGIN', 'LOGIN', 'LOGIN')).toBe('https://hub.docker.com/v2/users/login');
    expect(ask('./conf/defaults', 'default', 'd', 'd.hub')).toBe('https://hub.docker.com/v2');
    expect(ask('./conf/inline', 'default', 'd', 'd.version')).toBe('v1.38');
    expect(ask('./conf/legacy', 'default', 'legacy', 'legacy.engine')).toBe('v1.39');
    expect(ask('./conf/legacy', null, 'legacy', 'legacy.engine')).toBe('v1.39');
    expect(ask('./conf', 'BASE', 'BASE', 'BASE')).toBeUndefined();
  });

  it('php: define() and const of an included file (through __DIR__, dirname(__FILE__), an include of an include), a bootstrap above, a class constant of Hub.php', async () => {
    const files = {
      'site/config/hub.php': "<?php\ndefine('HUB_API', 'https://hub.docker.com/v2');\n",
      'site/config/all.php': "<?php\nrequire_once __DIR__ . '/hub.php';\nconst HUB_WEB = 'https://hub.docker.com';\n",
      'site/bootstrap.php': "<?php\nif (!defined('HUB_ROOT')) {\n    define('HUB_ROOT', 'https://hub.docker.com');\n}\n",
      'site/src/Support/HubUrls.php': "<?php\nnamespace App\\Support;\n\nfinal class HubUrls\n{\n    const REPOS = 'https://hub.docker.com/v2/repositories';\n}\n",
      'site/src/repos.php': [
        '<?php',
        "require_once dirname(__FILE__) . '/../config/all.php';",
        '',
        'function repo_info($ns, $name) {',
        "    return file_get_contents(HUB_API . '/repositories/' . $ns . '/' . $name . '/');",
        '}',
        'function login($body) {',
        "    $ch = curl_init(HUB_WEB . '/v2/users/login/');",
        '    curl_setopt($ch, CURLOPT_POST, 1);',
        '    return curl_exec($ch);',
        '}',
        'function user_repos($u) {',
        "    return file_get_contents(HUB_ROOT . '/v2/users/' . $u . '/repositories/');",
        '}',
        '',
      ].join('\n'),
      'site/src/Support/Catalog.php': "<?php\nnamespace App\\Support;\n\nclass Catalog\n{\n    public function list(string $ns)\n    {\n        return file_get_contents(HubUrls::REPOS . '/' . $ns . '/');\n    }\n}\n",
      // The look-alike: a constant of the same name nothing includes, in a folder that is not above.
      'other/lib/hub.php': "<?php\ndefine('MIRROR_API', 'https://hub.docker.com/v2');\n",
      'site/src/mirror.php': "<?php\nfunction mirror_repo($ns, $n) {\n    return file_get_contents(MIRROR_API . '/repositories/' . $ns . '/' . $n . '/');\n}\n",
    };
    expect((await found(files, 'site/src/repos.php')).findings).toEqual(['5 hub-get-repository GET', '8 hub-users-login POST', '13 hub-user-repositories GET']);
    expect((await found(files, 'site/src/Support/Catalog.php')).findings).toEqual(['8 hub-list-repositories GET']);
    expect((await found(files, 'site/src/mirror.php')).findings).toEqual([]);
  });

  it('ts/python: a subclass passes the base to its base class\'s constructor with super(…); the base class\'s methods join paths to it (same file or imported)', async () => {
    const files = {
      'web/rest.ts': [
        'export class RestClient {',
        '  protected root: string;',
        '  constructor(root: string) {',
        '    this.root = root;',
        '  }',
        '  protected get(path: string) {',
        '    return fetch(this.root + path);',
        '  }',
        '  protected post(path: string, body: unknown) {',
        "    return fetch(`${this.root}${path}`, { method: 'POST', body: JSON.stringify(body) });",
        '  }',
        '}',
        '',
      ].join('\n'),
      'web/hub.ts': [
        "import { RestClient } from './rest';",
        '',
        'export class HubClient extends RestClient {',
        '  constructor() {',
        "    super('https://hub.docker.com/v2');",
        '  }',
        '  repo(ns: string, name: string) {',
        "    return this.get('/repositories/' + ns + '/' + name + '/');",
        '  }',
        '  login(username: string, password: string) {',
        "    return this.post('/users/login/', { username, password });",
        '  }',
        '}',
        '',
        'export class MirrorClient extends RestClient {',
        '  constructor(host: string) {',
        '    super(`https://${host}/v2`);',
        '  }',
        '  repo(ns: string, name: string) {',
        "    return this.get('/repositories/' + ns + '/' + name + '/');",
        '  }',
        '}',
        '',
      ].join('\n'),
      'web/same.ts': [
        'class Api {',
        '  base: string;',
        '  constructor(base: string) { this.base = base; }',
        '  get(path: string) { return fetch(this.base + path); }',
        '}',
        'class Hub extends Api {',
        "  constructor() { super('https://hub.docker.com/v2'); }",
        '  list(ns: string) { return this.get(`/repositories/${ns}/`); }',
        '}',
        'class Registry extends Api {',
        "  constructor() { super('https://registry.example.org/v2'); }",
        '  list(ns: string) { return this.get(`/repositories/${ns}/`); }',
        '}',
        '',
      ].join('\n'),
      'py/app/__init__.py': '',
      'py/app/base.py': 'import requests\n\nclass Base:\n    def __init__(self, base_url):\n        self.base_url = base_url\n\n    def get(self, path):\n        return requests.get(self.base_url + path)\n',
      'py/app/hub.py': 'from .base import Base\n\nclass Hub(Base):\n    def __init__(self):\n        super().__init__(base_url="https://hub.docker.com/v2")\n\n    def repo(self, ns, name):\n        return self.get("/repositories/%s/%s/" % (ns, name))\n',
    };
    expect((await found(files, 'web/hub.ts')).findings).toEqual(['8 hub-get-repository GET', '11 hub-users-login POST']);
    expect((await found(files, 'web/same.ts')).findings).toEqual(['8 hub-list-repositories GET']);
    expect((await found(files, 'py/app/hub.py')).findings).toEqual(['8 hub-get-repository GET']);
  });

  it('ts/python: a subclass reads the base its base class keeps (`this.root`, `self.base_url`) and passed up with super(…)', async () => {
    const files = {
      'web/rest.ts': 'export class RestClient {\n  protected root: string;\n  constructor(root: string) {\n    this.root = root;\n  }\n}\n',
      'web/hub.ts': [
        "import { RestClient } from './rest';",
        '',
        'export class HubClient extends RestClient {',
        "  constructor() { super('https://hub.docker.com/v2'); }",
        "  login(body: string) { return fetch(this.root + '/users/login/', { method: 'POST', body }); }",
        '}',
        'export class Mirror extends RestClient {',
        "  constructor() { super('https://mirror.example.org/v2'); }",
        "  login(body: string) { return fetch(this.root + '/users/login/', { method: 'POST', body }); }",
        '}',
        '',
      ].join('\n'),
      'web/same.ts': [
        'class Api {',
        '  protected base: string;',
        '  constructor(base: string) { this.base = base; }',
        '}',
        'class Hub extends Api {',
        "  constructor() { super('https://hub.docker.com/v2'); }",
        '  list(ns: string) { return fetch(`${this.base}/repositories/${ns}/`); }',
        '}',
        '',
      ].join('\n'),
      'py/app/__init__.py': '',
      'py/app/base.py': 'class Base:\n    def __init__(self, base_url):\n        self.base_url = base_url\n',
      'py/app/hub.py': 'import requests\nfrom .base import Base\n\nclass Hub(Base):\n    def __init__(self):\n        super().__init__("https://hub.docker.com/v2")\n\n    def repo(self, ns, name):\n        return requests.get(self.base_url + "/repositories/%s/%s/" % (ns, name))\n',
    };
    expect((await found(files, 'web/hub.ts')).findings).toEqual(['5 hub-users-login POST']);
    expect((await found(files, 'web/same.ts')).findings).toEqual(['7 hub-list-repositories GET']);
    expect((await found(files, 'py/app/hub.py')).findings).toEqual(['9 hub-get-repository GET']);
  });

  it('ends cycles, and reads each file once per run', () => {
    const p = project({ 'a.py': 'from b import X\n', 'b.py': 'from a import X\n', 'c.py': 'Y = "v"\n' });
    expect(p.value({ file: 'a.py', language: 'python', imports: [{ local: 'X', module: 'b', name: 'X' }], name: 'X' })).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(p.value({ file: 'd.py', language: 'python', imports: [{ local: 'Y', module: 'c', name: 'Y' }], name: 'Y' })?.text).toBe('v');
    expect(p.stats.filesLowered).toBe(3);
  });
});

describe('a scan with values in other files', () => {
  const root = mkdtempSync(join(tmpdir(), 'hublint-xfile-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('reads the package-level names of Go and the string constants of Java/Kotlin/C# classes', () => {
    expect(packageNames('go', 'package x\n\nconst (\n\tBase = "https://h"\n\tLogin string = "users/login"\n\tKind\n)\nvar client = New()\nconst One = 1\n')).toEqual(['Base', 'Login', 'client', 'One']);
    expect(packageNames('java', 'class A { public static final String BASE = "x"; private static final int N = 1; String local = "y"; }')).toEqual(['BASE']);
    expect(packageNames('csharp', 'static class A { public const string Base = "x"; static readonly string Other = "y"; }')).toEqual(['Base', 'Other']);
  });

  it('lints a Go file that names only constants of its package, and a Java file that names a constants class', async () => {
    put('hub/const.go', 'package hub\n\nconst (\n\tAPIURL = "https://hub.docker.com/v2"\n\tAPILogin = "users/login"\n)\n');
    put('hub/login.go', 'package hub\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc Login() (*http.Response, error) {\n\treturn http.Post(fmt.Sprintf("%s/%s", APIURL, APILogin), "application/json", nil)\n}\n');
    put('other/login.go', 'package other\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc Login() (*http.Response, error) {\n\treturn http.Post(fmt.Sprintf("%s/%s", APIURL, APILogin), "application/json", nil)\n}\n');
    put('src/org/acme/support/HubUrls.java', 'package org.acme.support;\n\npublic final class HubUrls {\n  public static final String REPOS = "https://hub.docker.com/v2/repositories";\n}\n');
    put('src/org/acme/app/Catalog.java', 'package org.acme.app;\n\nimport static org.acme.support.HubUrls.REPOS;\n\nclass Catalog {\n  String get(RestTemplate rest, String ns, String name) {\n    return rest.getForObject(REPOS + "/" + ns + "/" + name, String.class);\n  }\n}\n');
    const { findings } = await lint({ cwd: root, paths: ['.'], pins: false });
    expect(findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['hub/login.go:9 hub-users-login', 'src/org/acme/app/Catalog.java:7 hub-get-repository']);
  });
});
