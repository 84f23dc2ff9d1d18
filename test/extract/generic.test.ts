import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { tokenize } from '../../src/extract/langs/tokenize.js';
import { luaSpec, scalaSpec, swiftSpec } from '../../src/extract/languages/tokens/specs.js';
import { adapterNameFor } from '../../src/extract/registry.js';
import { findFlowPins } from '../../src/pins/flow/find.js';

const ruleSet = compileRules(builtinRules());
const lint = (file: string, text: string) => lintText(file, text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });
const seen = async (file: string, text: string) => (await lint(file, text)).filter((f) => f.severity !== 'info').map((f) => [f.ruleId, f.line, f.method]);

describe('generic token lowering (Swift, Scala, Dart, Elixir, Lua)', () => {
  it.each([
    ['a.swift', 'swift'],
    ['a.scala', 'scala'],
    ['a.sc', 'scala'],
    ['a.dart', 'dart'],
    ['a.ex', 'elixir'],
    ['a.exs', 'elixir'],
    ['a.lua', 'lua'],
  ])('%s is read by the %s adapter', (file, name) => {
    expect(adapterNameFor(file)).toBe(name);
  });

  it.each([
    ['hub.swift', 'let hubBase = "https://hub.docker.com/v2"\nlet u = URL(string: "\\(hubBase)/repositories/\\(namespace)/")!\nlet (d, _) = try await URLSession.shared.data(from: u)\n'],
    ['Hub.scala', 'val base = "https://hub.docker.com/v2"\nval r =\n  requests.get(s"$base/repositories/$org/")\n'],
    ['Hub.scala', 'val base = "https://hub.docker.com/v2"\nval r =\n  requests.get(base + "/repositories/" + org + "/")\n'],
    ['hub.dart', "const base = 'https://hub.docker.com/v2';\nfinal r =\n    await http.get(Uri.parse('$base/repositories/$org/'));\n"],
    ['hub.ex', 'defmodule Hub do\n  @base "https://hub.docker.com/v2"\n  def list(org), do: HTTPoison.get("#{@base}/repositories/#{org}/")\nend\n'],
    ['hub.lua', 'local base = "https://hub.docker.com/v2"\nlocal body =\n  http.request(base .. "/repositories/" .. org .. "/")\n'],
  ])('%s: a URL built from a base constant is the list of an owner\'s repositories, at the line that builds it', async (file, text) => {
    const line = text.split('\n').findIndex((l) => l.includes('/repositories/')) + 1;
    expect(await seen(file, text)).toEqual([['hub-list-repositories', line, 'GET']]);
  });

  it.each([
    ['hub.swift', 'let hubBase = "https://hub.docker.com/v2"\nlet u = URL(string: "\\(hubBase)/repositories/\\(ns)/\\(repo)/tags")\n'],
    ['Hub.scala', 'val base = "https://hub.docker.com/v2"\nrequests.get(s"${base}/repositories/$ns/$repo/tags")\n'],
    ['hub.dart', "const base = 'https://hub.docker.com/v2';\nhttp.get(Uri.parse('${base}/repositories/$ns/$repo/tags'));\n"],
    ['hub.ex', '@base "https://hub.docker.com/v2"\nHTTPoison.get(@base <> "/repositories/#{ns}/#{repo}/tags")\n'],
    ['hub.lua', 'local base = "https://hub.docker.com/v2"\nhttp.request(base .. "/repositories/" .. ns .. "/" .. repo .. "/tags")\n'],
    // A plain Scala string does not splice: this is no Hub URL.
    ['Hub.scala', 'val base = "https://hub.docker.com/v2"\nrequests.get("$base/repositories/$org/")\n'],
    // Dart's raw strings neither.
    ['hub.dart', "const base = 'https://hub.docker.com/v2';\nhttp.get(Uri.parse(r'$base/repositories/$org/'));\n"],
  ])('%s: a look-alike stays silent: %s', async (file, text) => {
    expect(await seen(file, text)).toEqual([]);
  });

  it.each([
    ['hub.dart', "const base = 'https://hub.docker.com/v2';\nfinal r = await http.post(Uri.parse('${base}/users/login'), body: creds);\n"],
    ['hub.ex', '@base "https://hub.docker.com/v2"\nHTTPoison.post(@base <> "/users/login", body)\n'],
    ['hub.ex', '@base "https://hub.docker.com/v2"\n"#{@base}/users/login" |> HTTPoison.post(body)\n'],
    ['hub.exs', 'base = "https://hub.docker.com/v2"\nReq.request!(method: :post, url: base <> "/users/login")\n'],
    ['hub.lua', 'local base = "https://hub.docker.com/v2"\nhttp.request{ url = base .. "/users/login", method = "POST", source = src }\n'],
    ['hub.swift', 'let base = "https://hub.docker.com/v2"\nAF.request(base + "/users/login", method: .post)\n'],
  ])('%s: the method comes from the call: %s', async (file, text) => {
    expect(await seen(file, text)).toEqual([['hub-users-login', 2, 'POST']]);
  });

  it("reads a Swift type's static member and the httpMethod a URLRequest is given", async () => {
    const text = [
      'enum HubAPI {',
      '    static let root = "https://hub.docker.com/v2"',
      '}',
      'final class Client {',
      '    func login() async throws {',
      '        var request = URLRequest(url: URL(string: HubAPI.root + "/users/login")!)',
      '        request.httpMethod = "POST"',
      '        _ = try await URLSession.shared.data(for: request)',
      '    }',
      '    func drop(ns: String, repo: String) async throws {',
      '        var req = URLRequest(url: URL(string: "\\(HubAPI.root)/repositories/\\(ns)/\\(repo)/")!)',
      '        req.httpMethod = "DELETE"',
      '        _ = try await URLSession.shared.data(for: req)',
      '    }',
      '    func show(ns: String, repo: String) async throws {',
      '        let req = URLRequest(url: URL(string: "\\(HubAPI.root)/repositories/\\(ns)/\\(repo)/")!)',
      '        _ = try await URLSession.shared.data(for: req)',
      '    }',
      '}',
      '',
    ].join('\n');
    // Deleting a repository is no deprecated call; reading one is.
    expect(await seen('Client.swift', text)).toEqual([
      ['hub-users-login', 6, 'POST'],
      ['hub-get-repository', 16, 'GET'],
    ]);
  });

  it('binds the parameters of a function written with braces to the arguments of its calls', async () => {
    const text = [
      'let base = "https://hub.docker.com/v2"',
      'func fetch(_ path: String) async throws -> Data {',
      '    let url = URL(string: base + path)!',
      '    return try await URLSession.shared.data(from: url).0',
      '}',
      'let d = try await fetch("/repositories/acme/")',
      '',
    ].join('\n');
    const found = await seen('a.swift', text);
    expect(found.map((f) => f[0])).toEqual(['hub-list-repositories']);
  });

  it.each([
    ['brackets', (d: number) => `let x = ${'('.repeat(d)}1${')'.repeat(d)}\n`],
    ['braces', (d: number) => `${'f { '.repeat(d)}x = 1${' }'.repeat(d)}\n`],
    ['splices', (d: number) => `let x = ${'"\\('.repeat(d)}1${')"'.repeat(d)}\n`],
  ])('nesting of %s under the guard is lowered without overflowing the stack', async (_what, deep) => {
    const text = `${deep(900)}let u = URL(string: "https://hub.docker.com/v2/repositories/acme/")\n`;
    expect(await seen('deep.swift', text)).toEqual([['hub-list-repositories', text.split('\n').length - 1, 'GET']]);
  });
});

describe('Engine pins in them', () => {
  it.each([
    ['engine.swift', 'let sock = "/var/run/docker.sock"\nlet apiVersion = "v1.41"\nlet u = URL(string: "http://localhost/\\(apiVersion)/containers/json")\n'],
    ['engine.ex', '@sock "/var/run/docker.sock"\n@ver "v1.41"\nHTTPoison.get("http+unix://#{URI.encode_www_form(@sock)}/#{@ver}/containers/json")\n'],
    ['engine.lua', 'local sock = "/var/run/docker.sock"\nlocal ver = "v1.41"\nhttp.request("http://localhost/" .. ver .. "/containers/json")\n'],
  ])('%s: a version constant in a request path to the daemon is a pin, at its literal', async (file, text) => {
    const pins = await findFlowPins(file, text);
    expect(pins.map((p) => [p.version, text.slice(p.start, p.end)])).toEqual([['1.41', 'v1.41']]);
  });

  it('a version in a path to another host is none', async () => {
    expect(await findFlowPins('a.swift', 'let apiVersion = "v1.41"\nlet u = URL(string: "https://api.example.com/\\(apiVersion)/containers/json")\n')).toEqual([]);
  });
});

describe('their lexical forms', () => {
  it("reads Swift's \\(x) splice before the escape it starts with", () => {
    const [t] = tokenize('"a\\(b + "c")\\nd"', swiftSpec).tokens;
    expect(t.str?.parts.map((p) => ('text' in p ? p.text : `{${p.expr}}`))).toEqual(['a', '{b + "c"}', '\nd']);
  });

  it('splices only in an interpolated Scala string', () => {
    const [s, plain] = tokenize('s"$a/x" "$a/x"', scalaSpec).tokens;
    expect(s.str?.parts.some((p) => 'expr' in p)).toBe(true);
    expect(plain.str?.parts.some((p) => 'expr' in p)).toBe(false);
  });

  it('reads a Scala splice whose block spans lines as one splice of its string', () => {
    const [t, after] = tokenize('s"${root}/v2/repositories/${\n  team\n}/${image}/" + tail', scalaSpec).tokens;
    expect(t.str?.parts.map((p) => ('text' in p ? p.text : `{${p.expr.trim()}}`))).toEqual(['{root}', '/v2/repositories/', '{team}', '/', '{image}', '/']);
    expect(after.text).toBe('+');
    // A `${` that never closes within its lines is literal text, and the string still ends at its line.
    const [open] = tokenize('s"${x/v2/"\nval y = 1', scalaSpec).tokens;
    expect(open.str?.unterminated).toBe(false);
  });

  it('finds the Hub call of a Scala string whose splice spans lines, once, on the line of the route', async () => {
    const text = 'object Mirror {\n  val hub = "https://hub.docker.com"\n  def tags(team: String, image: String) = {\n    val u = s"${hub}/v2/repositories/${\n      team\n    }/${image}/"\n    requests.get(u).text()\n  }\n}\n';
    expect(await seen('Mirror.scala', text)).toEqual([['hub-get-repository', 4, 'GET']]);
  });

  it("reads Lua's block comments whole and its long strings", () => {
    const { tokens, comments } = tokenize('--[[ a\n"b" ]] x = [==[c]]d]==]', luaSpec);
    expect(comments).toHaveLength(1);
    expect(tokens.map((t) => t.text)).toEqual(['x', '=', '[==[c]]d]==]']);
    expect(tokens[2].str?.parts).toMatchObject([{ text: 'c]]d' }]);
  });
});
