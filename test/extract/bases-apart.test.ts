import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { projectResolver } from '../../src/scan/project-files.js';

// Issue 30, class 3: a host or API base kept apart from the relative path a request sends
// (a client made with a base, a default parameter, a settings object, a helper given the
// method by its caller). Each row is a form; a tags route beside it stays silent.

const ruleSet = compileRules(builtinRules());
async function found(files: Record<string, string>, file: string): Promise<string[]> {
  const project = projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: Object.entries(files).map(([path, text]) => ({ path, text })) });
  const findings = await lintText(file, files[file], { ruleSet, context: { project }, prefilter: () => true });
  return findings.filter((f) => f.ruleId.startsWith('hub-')).map((f) => `${f.line} ${f.ruleId} ${f.method}`);
}

beforeAll(async () => {
  await Promise.all(['python', 'go', 'java', 'js', 'php', 'csharp', 'kotlin'].map((l) => loadAdapter(l as never)));
});

describe('a base kept apart from the path', () => {
  it('go: a helper given the method by its caller as net/http constant (DELETE has no rule; GET keeps its own)', async () => {
    const src = [
      'package hub',
      'import "net/http"',
      'const api = "https://hub.docker.com/v2"',
      'func send(method, path string) (*http.Response, error) {',
      '\treq, _ := http.NewRequest(method, api+path, nil)',
      '\treturn http.DefaultClient.Do(req)',
      '}',
      'func Drop(ns, n string) { send(http.MethodDelete, "/repositories/"+ns+"/"+n+"/") }',
      'func Check(ns, n string) { send(http.MethodHead, "/repositories/"+ns+"/"+n+"/") }',
      'func Read(ns, n string) { send(http.MethodGet, "/repositories/"+ns+"/"+n+"/") }',
      'func Tags(ns, n string) { send(http.MethodGet, "/repositories/"+ns+"/"+n+"/tags") }',
      '',
    ].join('\n');
    expect(await found({ 'hub.go': src }, 'hub.go')).toEqual(['9 hub-check-repository HEAD', '10 hub-get-repository GET']);
  });

  it('go: resty made with SetBaseURL, or given it later on the same client', async () => {
    const src = [
      'package hub',
      'import "github.com/go-resty/resty/v2"',
      'func A(ns, n string) { r := resty.New().SetBaseURL("https://hub.docker.com/v2"); r.R().Get("/repositories/" + ns + "/" + n) }',
      'func B(ns, n string) {',
      '\tr := resty.New()',
      '\tr.SetBaseURL("https://hub.docker.com/v2")',
      '\tr.R().SetHeader("A", "b").Post("/users/login")',
      '\tr.R().Get("/repositories/" + ns + "/" + n + "/tags")',
      '}',
      '',
    ].join('\n');
    expect(await found({ 'r.go': src }, 'r.go')).toEqual(['3 hub-get-repository GET', '7 hub-users-login POST']);
  });

  it('java: Spring WebClient and RestTemplate made with a base, then a relative uri', async () => {
    const src = [
      'class Hub {',
      '  private final WebClient web = WebClient.builder().baseUrl("https://hub.docker.com/v2").build();',
      '  private final RestTemplate rest = new RestTemplateBuilder().rootUri("https://hub.docker.com/v2").build();',
      '  Object a(String ns, String r) { return web.get().uri("/repositories/{ns}/{r}", ns, r).retrieve(); }',
      '  Object b(String ns, String r) { return rest.getForObject("/repositories/{ns}/{r}", String.class, ns, r); }',
      '  Object c(String ns, String r) { return web.get().uri("/repositories/{ns}/{r}/tags", ns, r).retrieve(); }',
      '}',
      '',
    ].join('\n');
    expect(await found({ 'Hub.java': src }, 'Hub.java')).toEqual(['4 hub-get-repository GET', '5 hub-get-repository GET']);
  });

  it('c#: an HttpClient made with BaseAddress from a constructor default', async () => {
    const src = [
      'public class Hub {',
      '  private readonly HttpClient http;',
      '  public Hub(string root = "https://hub.docker.com/v2/") { http = new HttpClient { BaseAddress = new Uri(root) }; }',
      '  public Task<string> Repo(string ns, string n) => http.GetStringAsync($"repositories/{ns}/{n}");',
      '  public Task<string> Tags(string ns, string n) => http.GetStringAsync($"repositories/{ns}/{n}/tags");',
      '}',
      '',
    ].join('\n');
    expect(await found({ 'Hub.cs': src }, 'Hub.cs')).toEqual(['4 hub-get-repository GET']);
  });

  it('php: a promoted constructor parameter with a default base', async () => {
    const src = [
      '<?php',
      'class Hub {',
      "  public function __construct(private string $root = 'https://hub.docker.com/v2') {}",
      '  public function repo($ns, $n) { return file_get_contents($this->root . "/repositories/{$ns}/{$n}"); }',
      '  public function tags($ns, $n) { return file_get_contents($this->root . "/repositories/{$ns}/{$n}/tags"); }',
      '}',
      '',
    ].join('\n');
    expect(await found({ 'Hub.php': src }, 'Hub.php')).toEqual(['4 hub-get-repository GET']);
  });

  it('js: a destructured constructor option with a default base, given to axios.create', async () => {
    const src = [
      "const axios = require('axios');",
      'class Hub {',
      "  constructor({ root = 'https://hub.docker.com/v2', token } = {}) { this.http = axios.create({ baseURL: root }); }",
      '  repo(ns, n) { return this.http.get(`/repositories/${ns}/${n}`); }',
      '  tags(ns, n) { return this.http.get(`/repositories/${ns}/${n}/tags`); }',
      '}',
      'module.exports = Hub;',
      '',
    ].join('\n');
    expect(await found({ 'hub.js': src }, 'hub.js')).toEqual(['4 hub-get-repository GET']);
  });

  it('python: a settings object made from a class with a field default, here and imported from another module', async () => {
    const settings = 'class Settings:\n    hub_api: str = "https://hub.docker.com/v2"\n\nsettings = Settings()\n';
    const here = settings + '\nimport requests\n\ndef repo(ns, n):\n    return requests.get(f"{settings.hub_api}/repositories/{ns}/{n}")\n';
    expect(await found({ 'app.py': here }, 'app.py')).toEqual(['9 hub-get-repository GET']);
    const use = 'import requests\nfrom conf import settings\n\ndef repo(ns, n):\n    return requests.get(f"{settings.hub_api}/repositories/{ns}/{n}")\n\ndef tags(ns, n):\n    return requests.get(f"{settings.hub_api}/repositories/{ns}/{n}/tags")\n';
    expect(await found({ 'conf.py': settings, 'use.py': use }, 'use.py')).toEqual(['5 hub-get-repository GET']);
  });

  it('a base given by this file\'s callers to a helper\'s parameter (ts, python)', async () => {
    const ts = [
      "import axios from 'axios';",
      "export function all(owner: string) { const root = 'https://hub.docker.com/v2'; return page(owner, root); }",
      'async function page(owner: string, root: string) { return axios.get(`${root}/repositories/${owner}/`); }',
      'async function tags(u: string, root: string) { return axios.get(`${root}/repositories/${u}/x/tags`); }',
      "export function t(u: string) { return tags(u, 'https://hub.docker.com/v2'); }",
      '',
    ].join('\n');
    expect(await found({ 'a.ts': ts }, 'a.ts')).toEqual(['3 hub-list-repositories GET']);
    const py = 'import requests\n\ndef run():\n    return sign_in("https://hub.docker.com/v2")\n\ndef sign_in(root):\n    return requests.post(f"{root}/users/login")\n';
    expect(await found({ 'a.py': py }, 'a.py')).toEqual(['7 hub-users-login POST']);
    // Another server given by every caller: not the Hub.
    const other = py.replace('https://hub.docker.com/v2', 'https://registry.example.org/v2');
    expect(await found({ 'b.py': other }, 'b.py')).toEqual([]);
  });

  it('go: a net/url struct whose Path is path.Join("v2", rel), and a base ending in / before a path starting with one', async () => {
    const src = [
      'package hub',
      'import ("fmt"; "net/http"; "net/url"; "path")',
      'const root = "https://hub.docker.com/v2/"',
      'func at(rel string) string { u := url.URL{Scheme: "https", Host: "hub.docker.com", Path: path.Join("v2", rel)}; return u.String() }',
      'func In() { http.Post(at("users/login"), "application/json", nil) }',
      'func Get(n string) { http.Get(fmt.Sprintf("%s/repositories/%s/x", root, n)) }',
      '',
    ].join('\n');
    expect(await found({ 'u.go': src }, 'u.go')).toEqual(['5 hub-users-login POST', '6 hub-get-repository GET']);
  });

  it('a base alone is no call', async () => {
    expect(await found({ 'a.go': 'package a\nimport "github.com/go-resty/resty/v2"\nvar c = resty.New().SetBaseURL("https://hub.docker.com/v2/repositories")\n' }, 'a.go')).toEqual([]);
    expect(await found({ 'a.cs': 'class A { HttpClient h = new HttpClient { BaseAddress = new Uri("https://hub.docker.com/v2/") }; }\n' }, 'a.cs')).toEqual([]);
  });
});
