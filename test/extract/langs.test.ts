import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/core/types.js';
import { hole, showHoles } from '../../src/core/hole.js';
import { NO_PROJECT, type ProjectLookup } from '../../src/extract/types.js';
import { projectResolver } from '../../src/scan/project-files.js';
import { csharpSpec } from '../../src/extract/languages/csharp/spec.js';
import { tokenize } from '../../src/extract/langs/tokenize.js';
import { formatPieces, joinPieces, type Pieces } from '../../src/extract/lower/evaluate.js';
import { verbOf } from '../../src/extract/langs/method-evidence.js';
import { perlAdapter } from '../../src/extract/languages/perl/adapter.js';
import { genericAdapter } from '../../src/extract/languages/tokens/adapter.js';
import { treeAdapter } from '../../src/extract/lower/adapter.js';
import { pythonTree } from '../../src/extract/languages/python/tree.js';
import { goTree } from '../../src/extract/languages/go/tree.js';
import { rubyTree } from '../../src/extract/languages/ruby/tree.js';
import { javaTree } from '../../src/extract/languages/java/tree.js';
import { kotlinTree } from '../../src/extract/languages/kotlin/tree.js';
import { csharpTree } from '../../src/extract/languages/csharp/tree.js';
import { phpTree } from '../../src/extract/languages/php/tree.js';
import { rustTree } from '../../src/extract/languages/rust/tree.js';
import { powershellTree } from '../../src/extract/languages/powershell/tree.js';
import type { Adapter } from '../../src/extract/types.js';

const ADAPTERS: Record<string, Adapter> = {
  // These go through tree-sitter and the shared lowering (src/extract/lower/).
  python: await treeAdapter(pythonTree),
  go: await treeAdapter(goTree),
  ruby: await treeAdapter(rubyTree),
  java: await treeAdapter(javaTree),
  kotlin: await treeAdapter(kotlinTree),
  csharp: await treeAdapter(csharpTree),
  php: await treeAdapter(phpTree),
  rust: await treeAdapter(rustTree),
  powershell: await treeAdapter(powershellTree),
  perl: perlAdapter,
  // The generic token lowering, one table per language.
  swift: genericAdapter('swift'),
  scala: genericAdapter('scala'),
  dart: genericAdapter('dart'),
  elixir: genericAdapter('elixir'),
  lua: genericAdapter('lua'),
};

/** A project of in-memory files (nothing on disk under a folder that does not exist). */
function project(files: Record<string, string>): ProjectLookup {
  return projectResolver({ cwd: '/nonexistent-hublint-project', maxSize: 1 << 20, files: Object.entries(files).map(([path, text]) => ({ path, text })) });
}

const EXT: Record<string, string> = { python: '.py', go: '.go', java: '.java', kotlin: '.kt', csharp: '.cs' };

interface Seen extends Candidate {
  /** The URL with holes written as `{name}`. */
  shown: string;
  /** The source text the range covers. */
  source: string;
}

function extract(lang: string, text: string, project: ProjectLookup = NO_PROJECT): Seen[] {
  return ADAPTERS[lang]
    .extract(`src/file${EXT[lang] ?? ''}`, text, { project })
    .map((c) => ({ ...c, shown: showHoles(c.url), source: text.slice(c.start, c.end) }));
}

function only(lang: string, text: string, project?: ProjectLookup): Seen {
  const found = extract(lang, text, project);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('string literals', () => {
  it('reports a verbatim literal with the range of its text, quotes excluded', () => {
    const text = 'requests.get("https://hub.docker.com/v2/repositories/acme/")\n';
    const c = only('python', text);
    expect(c).toMatchObject({ literal: true, rebuilt: false, source: 'https://hub.docker.com/v2/repositories/acme/' });
    expect(c.url).toBe(c.source);
  });

  it('keeps a quote in a comment and a comment marker in a string apart', () => {
    const text = [
      "# don't trust this",
      'u = "https://hub.docker.com/v2/repositories/a#b"',
      'requests.get(u)',
    ].join('\n');
    expect(only('python', text).url).toBe('https://hub.docker.com/v2/repositories/a#b');
  });

  it('joins adjacent literals inside parentheses into one URL', () => {
    const text = 'URL = (\n    "https://hub.docker.com/v2/"\n    "repositories/acme/"\n)\nrequests.get(URL)\n';
    const c = only('python', text);
    expect(c).toMatchObject({ url: 'https://hub.docker.com/v2/repositories/acme/', rebuilt: true });
    expect(c.source).toBe('"https://hub.docker.com/v2/"\n    "repositories/acme/"');
  });

  it.each([
    ['go', 'var u = `https://hub.docker.com/v2/repositories/acme/`', 'https://hub.docker.com/v2/repositories/acme/'],
    ['csharp', 'var u = @"https://hub.docker.com/v2/""x""/";', 'https://hub.docker.com/v2/"x"/'],
    ['rust', 'fn f<\'a>(x: &\'a str) { let u = r#"https://hub.docker.com/v2/"#; }', 'https://hub.docker.com/v2/'],
    ['java', 'char c = \'"\'; String u = "https://hub.docker.com/v2/";', 'https://hub.docker.com/v2/'],
    ['perl', 'my $u = qq{https://hub.docker.com/v2/};', 'https://hub.docker.com/v2/'],
  ])('reads %s literal forms', (lang, text, url) => {
    expect(only(lang, text).url).toBe(url);
  });

  it('finds URLs inside prose strings (method default) and comments (a commented-out command keeps its flags)', () => {
    const text = [
      'def f():',
      '    """Reads https://hub.docker.com/v2/repositories/acme/ page by page."""',
      '    # curl -I https://hub.docker.com/v2/repositories/acme/web',
    ].join('\n');
    const found = extract('python', text);
    expect(found.map((c) => [c.source, c.methodSource, c.literal])).toEqual([
      ['https://hub.docker.com/v2/repositories/acme/web', 'implied', true],
      ['https://hub.docker.com/v2/repositories/acme/', 'default', true],
    ]);
  });

  it('tokenizes interpolated strings into text and splices', () => {
    const { tokens } = tokenize('$"{BASE}/repositories/{ns,4:x}/{{x}}"', csharpSpec);
    expect(tokens[0].str?.parts).toEqual([
      { expr: 'BASE', start: 2, end: 8 },
      { text: '/repositories/', start: 8, end: 22 },
      { expr: 'ns', start: 22, end: 30 },
      { text: '/{x}', start: 30, end: 36 },
    ]);
  });
});

describe('building URLs', () => {
  // The base in another file, where each language's rules find it: an imported Python module,
  // a file of the same Go package, a class of the same Java/Kotlin/C# package; Ruby, PHP,
  // Rust and Perl have no module rules yet, so their base is in the file itself.
  const HUB = project({
    'src/hub_config.py': 'HUB_API = "https://hub.docker.com/v2"\n',
    'src/cfg.py': 'HUB_API = "https://hub.docker.com/v2"\n',
    'src/other.go': 'package src\n\nconst HUB_API = "https://hub.docker.com/v2"\n',
    'src/Hub.java': 'class Hub {\n  static final String HUB_API = "https://hub.docker.com/v2";\n}\n',
    'src/Hub.kt': 'object Hub {\n  const val HUB_API = "https://hub.docker.com/v2"\n}\n',
    'src/Hub.cs': 'static class Hub {\n  public const string HUB_API = "https://hub.docker.com/v2";\n}\n',
  });
  const LOCAL: Record<string, string> = {
    ruby: 'HUB_API = "https://hub.docker.com/v2"\n',
    php: '<?php\n$HUB_API = "https://hub.docker.com/v2";\n',
    rust: 'const HUB_API: &str = "https://hub.docker.com/v2";\n',
    perl: 'my $HUB_API = "https://hub.docker.com/v2";\n',
  };

  it('reports a concatenation once, as the whole expression, with holes for unknown names', () => {
    const text = 'requests.get("https://hub.docker.com/v2/repositories/" + ns + "/")\n';
    const c = only('python', text);
    expect(c).toMatchObject({ shown: 'https://hub.docker.com/v2/repositories/{ns}/', rebuilt: true, literal: undefined });
    expect(c.url).toBe(`https://hub.docker.com/v2/repositories/${hole('ns')}/`);
    expect(c.source).toBe('"https://hub.docker.com/v2/repositories/" + ns + "/"');
  });

  it.each([
    ['python', 'requests.get(f"{HUB_API}/repositories/{ns}/")'],
    ['python', 'requests.get("%s/repositories/%s/" % (HUB_API, ns))'],
    ['python', 'requests.get("%(base)s/repositories/%(ns)s/" % {"base": HUB_API, "ns": ns})'],
    ['python', 'requests.get("{}/repositories/{}/".format(HUB_API, ns))'],
    ['python', 'requests.get("{base}/repositories/{ns}/".format(base=HUB_API, ns=ns))'],
    ['python', 'requests.get(urljoin(HUB_API + "/", "repositories/" + ns + "/"))'],
    ['go', 'http.Get(fmt.Sprintf("%s/repositories/%s/", HUB_API, ns))'],
    ['go', 'http.Get(fmt.Sprintf("%[1]s/repositories/%[2]s/", HUB_API, ns))'],
    ['go', 'http.Get(url.JoinPath(HUB_API, "repositories", ns) + "/")'],
    ['ruby', 'HTTParty.get("#{HUB_API}/repositories/#{ns}/")'],
    ['ruby', 'HTTParty.get(File.join(HUB_API, "repositories", ns) + "/")'],
    ['php', '$c->get("$HUB_API/repositories/$ns/");'],
    ['php', '$c->get("{$HUB_API}/repositories/{$ns}/");'],
    ['php', "$c->get($HUB_API . '/repositories/' . $ns . '/');"],
    ['kotlin', 'client.get("$HUB_API/repositories/${ns}/")'],
    ['csharp', 'client.GetAsync($"{HUB_API}/repositories/{ns}/");'],
    ['csharp', 'client.GetAsync(string.Format("{0}/repositories/{1}/", HUB_API, ns));'],
    ['java', 'rest.getForObject(String.format("%s/repositories/%s/", HUB_API, ns), String.class);'],
    ['rust', 'reqwest::get(format!("{}/repositories/{}/", HUB_API, ns))'],
    ['rust', 'reqwest::get(format!("{HUB_API}/repositories/{ns}/"))'],
    ['perl', '$ua->get("$HUB_API/repositories/$ns/");'],
    ['perl', "$ua->get(sprintf('%s/repositories/%s/', $HUB_API, $ns));"],
  ])('%s: %s', (lang, text) => {
    // Python looks in other files only for imported names.
    // (A base defined in the file is a candidate of its own in some languages: the built URL is the one asked about.)
    const found = extract(lang, lang === 'python' ? `from hub_config import HUB_API\n${text}` : (LOCAL[lang] ?? '') + text, HUB).filter((x) => x.url.includes('/repositories/'));
    expect(found).toHaveLength(1);
    const c = found[0];
    expect(c).toMatchObject({ shown: 'https://hub.docker.com/v2/repositories/{ns}/', rebuilt: true, method: 'GET', methodSource: 'explicit' });
  });

  it('substitutes module constants of the same file, nearest assignment first', () => {
    const text = [
      'const (',
      '\thubAPI = "https://hub.docker.com/v2"',
      '\treposPath = "/repositories/"',
      ')',
      'func f(ns string) {',
      '\tbase := "https://example.com"',
      '\tbase = hubAPI',
      '\thttp.Get(base + reposPath + ns)',
      '}',
    ].join('\n');
    const hub = extract('go', text).filter((c) => c.url.includes('hub.docker.com'));
    expect(hub).toHaveLength(1);
    expect(hub[0]).toMatchObject({ shown: 'https://hub.docker.com/v2/repositories/{ns}', source: 'base + reposPath + ns' });
  });

  it('takes an imported constant from the project index', () => {
    const text = 'from hub_config import HUB_API\nrequests.head(HUB_API + "/repositories/acme/web")\n';
    expect(only('python', text, HUB)).toMatchObject({ url: 'https://hub.docker.com/v2/repositories/acme/web', method: 'HEAD' });
  });

  it('asks other files only for names a Python module imports', () => {
    const url = (text: string) => only('python', text, HUB).shown;
    expect(url('requests.get(HUB_API + "/repositories/acme/")')).toBe('{HUB_API}/repositories/acme/');
    expect(url('from cfg import HUB_API as API\nrequests.get(API + "/repositories/acme/")')).toBe('https://hub.docker.com/v2/repositories/acme/');
    expect(url('import cfg\nrequests.get(cfg.HUB_API + "/repositories/acme/")')).toBe('https://hub.docker.com/v2/repositories/acme/');
    expect(url('from cfg import *\nrequests.get(HUB_API + "/repositories/acme/")')).toBe('https://hub.docker.com/v2/repositories/acme/');
  });

  it('names holes after environment variables and uses their defaults', () => {
    expect(only('python', 'requests.get(os.environ["HUB_BASE_URL"] + "/v2/repositories/" + ns)').shown).toBe(
      '{HUB_BASE_URL}/v2/repositories/{ns}',
    );
    const text = 'BASE = os.getenv("HUB", "https://hub.docker.com/v2")\nrequests.get(BASE + "/repositories/acme/")\n';
    expect(only('python', text).url).toBe('https://hub.docker.com/v2/repositories/acme/');
    expect(only('go', 'http.Get(os.Getenv("HUB_BASE_URL") + "/v2/users/login")').shown).toBe('{HUB_BASE_URL}/v2/users/login');
  });

  it('keeps a host-less path host-less', () => {
    const c = only('python', 'requests.get(base + "repositories/" + ns)');
    expect(c.shown).toBe('{base}repositories/{ns}');
  });

  it('reports a base only where the URL is finished, and a whole URL where it is defined', () => {
    const text = [
      'from hub_config import HUB_API',
      'REPO = HUB_API + "/repositories/acme/web"',
      'TAGS = REPO + "/tags"',
      'SEARCH = "https://hub.docker.com/api/content/v1/products/search"',
      'requests.get(TAGS)',
      'requests.get(SEARCH, params={"q": "x"})',
    ].join('\n');
    expect(extract('python', text, HUB).map((c) => [c.shown, c.method])).toEqual([
      ['https://hub.docker.com/v2/repositories/acme/web/tags', 'GET'],
      ['https://hub.docker.com/api/content/v1/products/search', 'GET'],
    ]);
  });
});

describe('method evidence', () => {
  const U = '"https://hub.docker.com/v2/repositories/acme/web"';
  const cases: Array<[string, string, string | null, string]> = [
    ['python', `requests.head(${U})`, 'HEAD', 'explicit'],
    ['python', `httpx.Client().post(${U})`, 'POST', 'explicit'],
    ['python', `async with aiohttp.ClientSession() as s:\n    await s.get(${U})`, 'GET', 'explicit'],
    ['python', `requests.request("HEAD", ${U})`, 'HEAD', 'explicit'],
    ['python', `requests.request(method, ${U})`, null, 'unknown'],
    ['python', `METHOD = "HEAD"\nrequests.request(METHOD, ${U})`, 'HEAD', 'explicit'],
    ['python', `urllib.request.Request(${U}, method="HEAD")`, 'HEAD', 'explicit'],
    ['python', `urllib.request.Request(${U}, data=b"{}")`, 'POST', 'implied'],
    ['python', `urlopen(${U})`, 'GET', 'default'],
    ['python', `urlopen(${U}, b"{}")`, 'POST', 'implied'],
    ['python', `u = ${U}\nprint(u)\nrequests.head(u)`, 'HEAD', 'explicit'],
    // A URL no call sends (a constant) is read as a GET; printed, it is a message and no call at all (messages-and-data.test.ts).
    ['python', `HUB_REPO = ${U}`, 'GET', 'default'],
    ['go', `http.Head(${U})`, 'HEAD', 'explicit'],
    ['go', `http.PostForm(${U}, v)`, 'POST', 'explicit'],
    ['go', `http.NewRequest(http.MethodHead, ${U}, nil)`, 'HEAD', 'explicit'],
    ['go', `http.NewRequest("POST", ${U}, body)`, 'POST', 'explicit'],
    ['go', `http.NewRequestWithContext(ctx, method, ${U}, nil)`, null, 'unknown'],
    ['go', `u, _ := url.Parse(${U})\nhttp.Head(u.String())`, 'HEAD', 'explicit'],
    ['ruby', `req = Net::HTTP::Head.new(URI(${U}))`, 'HEAD', 'explicit'],
    ['ruby', `Net::HTTP.post_form URI(${U}), {}`, 'POST', 'explicit'],
    ['ruby', `HTTParty.head ${U}`, 'HEAD', 'explicit'],
    ['ruby', `Faraday.post(${U})`, 'POST', 'explicit'],
    ['java', `HttpRequest.newBuilder().uri(URI.create(${U})).method("HEAD", noBody()).build();`, 'HEAD', 'explicit'],
    ['java', `HttpRequest.newBuilder(URI.create(${U})).POST(body).build();`, 'POST', 'explicit'],
    ['java', `HttpRequest.newBuilder().uri(URI.create(${U})).build();`, 'GET', 'default'],
    ['java', `new Request.Builder().url(${U}).head().build();`, 'HEAD', 'explicit'],
    ['java', `rest.headForHeaders(${U});`, 'HEAD', 'explicit'],
    ['java', `rest.exchange(${U}, HttpMethod.HEAD, null, Void.class);`, 'HEAD', 'explicit'],
    ['java', `client.execute(new HttpHead(${U}));`, 'HEAD', 'explicit'],
    ['kotlin', `client.head(${U})`, 'HEAD', 'explicit'],
    ['kotlin', `client.request(${U}) { method = HttpMethod.Head }`, 'HEAD', 'explicit'],
    ['csharp', `await client.SendAsync(new HttpRequestMessage(HttpMethod.Head, ${U}));`, 'HEAD', 'explicit'],
    ['csharp', `await client.PostAsJsonAsync(${U}, body);`, 'POST', 'explicit'],
    ['csharp', `await client.GetFromJsonAsync<Repo>(${U});`, 'GET', 'explicit'],
    ['php', `$ch = curl_init(${U});\ncurl_setopt($ch, CURLOPT_NOBODY, true);\ncurl_exec($ch);`, 'HEAD', 'implied'],
    ['php', `$ch = curl_init(${U});\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, "HEAD");\ncurl_exec($ch);`, 'HEAD', 'explicit'],
    ['php', `$ch = curl_init(${U});\ncurl_setopt($ch, CURLOPT_POST, 1);\ncurl_exec($ch);`, 'POST', 'explicit'],
    ['php', `$ch = curl_init();\ncurl_setopt_array($ch, [CURLOPT_URL => ${U}, CURLOPT_NOBODY => true]);`, 'HEAD', 'implied'],
    ['php', `$ch = curl_init(${U});\ncurl_exec($ch);\n$x = curl_init();\ncurl_setopt($x, CURLOPT_POST, 1);`, 'GET', 'default'],
    ['php', `$client->request('HEAD', ${U});`, 'HEAD', 'explicit'],
    ['php', `$client->head(${U});`, 'HEAD', 'explicit'],
    ['php', `file_get_contents(${U});`, 'GET', 'default'],
    ['rust', `reqwest::blocking::get(${U})?;`, 'GET', 'explicit'],
    ['rust', `client.request(Method::HEAD, ${U}).send()`, 'HEAD', 'explicit'],
    ['perl', `HTTP::Request->new(HEAD => ${U});`, 'HEAD', 'explicit'],
    ['perl', `$ua->request(HEAD ${U});`, 'HEAD', 'explicit'],
    ['perl', `HTTP::Tiny->new->request('POST', ${U});`, 'POST', 'explicit'],
    ['perl', `my $page = get ${U};`, 'GET', 'explicit'],
  ];
  it.each(cases)('%s: %s', (lang, text, method, source) => {
    expect(only(lang, text)).toMatchObject({ method, methodSource: source });
  });

  it('names verbs in any of their spellings', () => {
    expect(['head', 'HEAD', 'MethodHead', 'GetAsync', 'getForObject', 'get_response', 'PostForm'].map(verbOf)).toEqual([
      'HEAD', 'HEAD', 'HEAD', 'GET', 'GET', 'GET', 'POST',
    ]);
    expect(['headers', 'getenv', 'GETX', 'method'].map(verbOf)).toEqual([null, null, null, null]);
  });
});

describe('formatters of the lowered form', () => {
  const text = (t: string): Pieces => [{ text: t, start: 0, end: t.length }];
  const show = (ps: Pieces) => ps.map((p) => ('text' in p ? p.text : `{${p.hole}}`)).join('');
  const args = (values: string[], named = new Map<string, string>()) => (key: number | string) => {
    const v = typeof key === 'number' ? values[key] : named.get(key);
    return v === undefined ? undefined : text(v);
  };

  it('printf fills verbs in order and by index; holes stand for missing values', () => {
    expect(show(formatPieces('printf', text('%s/r/%d/%%2F'), args(['a', 'b'])))).toBe('a/r/b/%2F');
    expect(show(formatPieces('printf', text('%[2]s/%[1]s'), args(['a', 'b'])))).toBe('b/a');
    expect(show(formatPieces('printf', text('%s/%s'), args(['a'])))).toBe('a/{1}');
    // C, Java, PHP, Ruby, Perl: `%2$s` names its argument from 1, whatever the holes' order.
    expect(show(formatPieces('printf', text('%3$s/r/%2$s/%1$-4s/%%'), args(['a', 'b', 'c'])))).toBe('c/r/b/a/%');
  });

  it('printf reads a hole across the pieces an escape splits a string into (Kotlin `"%2\\$s/r/%1\\$s"`)', () => {
    // Source `%2\$s/r/%1\$s`: the `\$` escapes (two characters) are pieces of their own, one character of text.
    const split: Pieces = [
      { text: '%2', start: 0, end: 2 },
      { text: '$', start: 2, end: 4 },
      { text: 's/r/%1', start: 4, end: 10 },
      { text: '$', start: 10, end: 12 },
      { text: 's', start: 12, end: 13 },
    ];
    const out = formatPieces('printf', split, args(['a', 'b']));
    expect(show(out)).toBe('b/r/a');
    // The literal between the holes keeps its place in the source.
    expect(out.find((p) => 'text' in p && p.text === '/r/')).toMatchObject({ start: 5, end: 8 });
  });

  it('brace formats take positions, indexes and names', () => {
    expect(show(formatPieces('brace', text('{}/{1}/{n}/{m}'), args(['a', 'b'], new Map([['n', 'N']]))))).toBe('a/b/N/{m}');
  });

  it('joins paths with one slash and resolves references like a browser', () => {
    expect(show(joinPieces('path', [text('https://hub.docker.com/v2/'), text('/repositories/'), text('acme')], '/'))).toBe('https://hub.docker.com/v2/repositories/acme');
    expect(show(joinPieces('url', [text('https://hub.docker.com/v2/'), text('repositories/acme')], ''))).toBe('https://hub.docker.com/v2/repositories/acme');
    expect(show(joinPieces('url', [text('https://hub.docker.com/v2'), text('repositories/acme')], ''))).toBe('https://hub.docker.com/repositories/acme');
    expect(show(joinPieces('url', [text('https://hub.docker.com/v2/'), text('/v2/users/login')], ''))).toBe('https://hub.docker.com/v2/users/login');
  });
});

describe('robustness', () => {
  it('never throws on broken code and keeps every range inside the text', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = `"'\`#$@{}()[]<>/\\:=.,;+%!?&|-_ \n\tqrfHUB https://hub.docker.com/v2/repositories/`;
    for (let n = 0; n < 300; n++) {
      let text = '';
      for (let i = Math.floor(next() * 160); i > 0; i--) text += alphabet[Math.floor(next() * alphabet.length)];
      for (const lang of Object.keys(ADAPTERS)) {
        for (const c of extract(lang, text)) {
          expect(0 <= c.start && c.start <= c.end && c.end <= text.length).toBe(true);
        }
      }
    }
  });
});
