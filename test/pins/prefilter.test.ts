import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractConstant } from '../../src/pins/extract/constant.js';
import { extractPins, mayHoldPins, mayPinIn, PIN_BYTE_PATTERN, PIN_EXTRACTORS } from '../../src/pins/extract/index.js';
import { lintPinsText } from '../../src/scan/lint-pins.js';
import { FIXTURES, listFiles } from '../helpers/fixtures.js';

/** What scan/read/byte-prefilter.ts hands the pattern: the UTF-8 bytes seen as Latin-1. */
const bytesPass = (text: string) => PIN_BYTE_PATTERN.test(Buffer.from(text, 'utf8').toString('latin1'));

/** A seeded generator (mulberry32): next(n) is an integer in [0, n). */
function random(seed: number): (n: number) => number {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** One plain example of each pin form, with the path its extractor wants. */
const EXAMPLES: Array<[string, string]> = [
  ['deploy.sh', 'export DOCKER_API_VERSION=1.41\n'],
  ['compose.env', 'COMPOSE_API_VERSION=1.24\n'],
  ['Dockerfile', 'ENV DOCKER_MIN_API_VERSION 1.24\n'],
  ['ci.yml', 'variables:\n  DOCKER_API_VERSION: "1.41"\n'],
  ['playbook.yml', '- community.docker.docker_container:\n    api_version: "1.41"\n'],
  ['daemon.yaml', 'min-api-version: "1.24"\n'],
  ['.gitlab-ci.yml', 'image: docker:24.0\n'],
  ['Dockerfile', 'FROM docker:20.10-cli\n'],
  ['main.go', 'import "github.com/docker/docker/client"\nclient.NewClientWithOpts(client.WithVersion("1.41"))\n'],
  ['main.go', 'import "github.com/moby/moby/client"\nclient.New(client.WithAPIVersion("1.47"))\n'],
  ['main.go', 'import "github.com/docker/docker/client"\nclient.NewClient("unix:///var/run/docker.sock", "1.24", nil, nil)\n'],
  ['main.go', 'import docker "github.com/fsouza/go-dockerclient"\ndocker.NewVersionedClient(endpoint, "1.41")\n'],
  ['app.py', 'import docker\nclient = docker.DockerClient(version="1.24")\n'],
  ['app.js', "const Docker = require('dockerode');\nnew Docker({ socketPath: '/var/run/docker.sock', version: 'v1.25' });\n"],
  ['Main.java', 'import com.github.dockerjava.core.*;\nconfig.withApiVersion("1.41");\n'],
  ['Main.java', 'import com.github.dockerjava.core.*;\nRemoteApiVersion.parseConfig("1.41");\n'],
  ['Main.java', 'withApiVersion(RemoteApiVersion.VERSION_1_32)\n'],
  ['run.sh', 'java -Dapi.version=1.41 -jar app.jar\n'],
  ['docker-java.properties', 'api.version=1.41\n'],
  ['hosts.ini', '[docker]\nhost1 docker_api_version=1.41\n'],
  ['rsyslog.conf', 'module(load="imdocker" ApiVersionStr="v1.41")\n'],
  ['daemon.json', '{ "min-api-version": "1.24" }\n'],
  ['inspect.sh', 'curl --unix-socket /var/run/docker.sock http://localhost/v1.41/containers/json\n'],
  ['inspect.sh', 'curl --unix-socket /var/run/docker.sock http://localhost/containers/json\n'],
  ['old.sh', 'curl http:/containers/json\n'],
  ['tcp.sh', 'curl http://10.0.0.2:2375/containers/json\n'],
  ['engine.ts', "const API = 'v1.41';\nrequest({ socketPath: '/var/run/docker.sock', path: `/${API}/containers/json` });\n"],
  ['client.go', 'apiVersion := "1.41"\ncli, _ := client.NewClientWithOpts(client.WithVersion(apiVersion))\n'],
  ['api.php', "<?php\ndefine('API', 'v1.41');\n$url = 'http://localhost/' . API . '/containers/json';\n"],
];

describe('the pin prefilter', () => {
  it.each(EXAMPLES)('passes %s: %j', (path, text) => {
    expect(extractPins(path, text).length).toBeGreaterThan(0);
    expect(mayHoldPins(text)).toBe(true);
    expect(bytesPass(text)).toBe(true);
  });

  it('passes every fixture file with a pin, in text and in bytes', () => {
    const root = join(FIXTURES, 'pins');
    const withPins = listFiles(root).filter((file) => lintPinsText(relative(root, file), readFileSync(file, 'utf8')).length > 0);
    expect(withPins.length).toBeGreaterThan(20);
    for (const file of withPins) {
      const text = readFileSync(file, 'utf8');
      expect(mayHoldPins(text), file).toBe(true);
      expect(PIN_BYTE_PATTERN.test(readFileSync(file).toString('latin1')), file).toBe(true);
    }
  });

  it('passes in bytes what it passes in text across non-ASCII whitespace', () => {
    for (const text of ["new Docker({ version:\u00a0'v1.25' })", 'API =\u3000"1.41"', "define(\u2003'API',\ufeff'v1.41')", 'x = \u00a0\u2028"1.41"']) {
      expect(mayHoldPins(text), JSON.stringify(text)).toBe(true);
      expect(bytesPass(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('lets common look-alikes through no more', () => {
    for (const text of [
      '{ "name": "x", "version": "1.0.0" }',
      'module.exports.version = pkg.version;',
      "new AWS.S3({ apiVersion: '2006-03-01' });",
      'fetch("https://api.example.com/v2/users")',
      'const SCHEMA = { version: 2 };',
      'parse("1.41")',
      '"engines": { "node": ">=20" }',
      'ratio: 1.5',
    ]) {
      expect(mayHoldPins(text), text).toBe(false);
      expect(bytesPass(text), text).toBe(false);
    }
  });

  it('passes the text every extractor finds a pin in (generated files)', () => {
    const parts = [
      'DOCKER_API_VERSION', 'COMPOSE_API_VERSION', 'docker_api_version', 'api_version', 'min-api-version', '"min-api-version"',
      'ApiVersionStr', 'RemoteApiVersion.VERSION_1_32', 'withApiVersion(', 'WithVersion(', 'NewClient(', 'NewVersionedClient(',
      'docker.from_env(', 'new Docker(', '{', '}', 'version=', 'version: ', '-Dapi.version=', 'api.version', 'image: ', 'FROM ',
      'docker:', '24.0', '-dind', 'services:', '  ', '\n', ' ', '=', ': ', ',', '"', "'", '1.41', 'v1.24', 'http:/',
      'http://localhost', '/containers/json', '/v1.41', 'unix://', '--unix-socket', 'docker.sock', ':2375', 'ENV ', '\u00a0', 'API', 'define(',
      'withApiVersion(RemoteApiVersion.VERSION_1_44)', 'ClientVersion { major_version: 1, minor_version: 44 }',
    ];
    const paths = ['x.ts', 'x.rs', 'ci.yml', 'Dockerfile', 'a.properties', 'daemon.json', 'x.py', 'hosts.ini', 'x.sh'];
    const next = random(7);
    let found = 0;
    for (let i = 0; i < 4000; i++) {
      let text = '';
      for (let j = 2 + next(20); j > 0; j--) text += parts[next(parts.length)];
      const path = paths[next(paths.length)];
      const any = PIN_EXTRACTORS.some(([, extract]) => {
        try {
          return extract(path, text).length > 0;
        } catch {
          return false;
        }
      });
      if (!any) continue;
      found++;
      expect(mayHoldPins(text), `${path}: ${JSON.stringify(text)}`).toBe(true);
      expect(bytesPass(text), `${path}: ${JSON.stringify(text)}`).toBe(true);
    }
    expect(found).toBeGreaterThan(300);
  });
});

// The constant extractor as it was (one regex opening with a lookbehind, the use found
// line by line): the rewrite must find exactly what it found.
// A name starts where no name character precedes it (`9$x` holds no name): the linear form of
// the pattern, which test/reliability/redos.test.ts requires.
const OLD_ASSIGNMENT = /(?<![\w$])(?<![(,]\s*)\$?([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]]+\s*)?(?::=|=)\s*(["'`])(v?\d+\.\d+)\2/gd;
const OLD_DEFINE = /\bdefine\(\s*["']([A-Za-z_]\w*)["']\s*,\s*(["'])(v?\d+\.\d+)\2/gd;
const OLD_ENGINE_USE = [
  /\/(?:containers|images|version|_ping|info|networks|volumes|exec|system|events|build|commit|swarm|services|nodes|tasks|secrets|configs|plugins)(?![\w-])/,
  /--unix-socket|unix:\/\/|docker\.sock|:237[56](?!\d)/,
];
function oldConstantSpans(text: string): string[] {
  const out: string[] = [];
  for (const m of [...text.matchAll(OLD_ASSIGNMENT), ...text.matchAll(OLD_DEFINE)]) {
    const definition = text.slice(0, m.index).split('\n').length - 1;
    const bare = m[1].replace(/^\$/, '').replace(/[$]/g, '\\$');
    const word = new RegExp(String.raw`(?<![\w$])\$?${bare}(?![\w$])`);
    // The reference keeps the one-regex shape; its use rule is the current one (a `version`
    // key must hold the name itself, so `version = '1.0'` in an XML builder is no pin).
    const call = new RegExp(String.raw`(?:(?:WithVersion|WithAPIVersion|withApiVersion|NewVersioned\w*Client\w*)\s*\(?[^)\n]*?|\bversion\s*[:=]\s*["'\`]?\$?\{?)(?<![\w$])\$?${bare}(?![\w$])`);
    const used = text.split('\n').some((line, i) => i !== definition && word.test(line) && (call.test(line) || OLD_ENGINE_USE.some((re) => re.test(line))));
    if (used && /^v?(\d+)\.(\d+)$/.test(m[3])) out.push(`${m.indices![3][0]}-${m.indices![3][1]} constant ${m[1]}`);
  }
  return out;
}
const newConstantSpans = (text: string) => extractConstant('x.ts', text).map((p) => `${p.start}-${p.end} ${p.detail}`);

describe('files that never run', () => {
  it('pin nothing: declarations and source maps are not searched, their sources are', () => {
    const text = 'export const DOCKER_API_VERSION = "1.24";\nprocess.env.DOCKER_API_VERSION = "1.24";\n';
    for (const path of ['types/client.d.ts', 'types/client.d.mts', 'types/client.d.cts', 'dist/client.js.map', 'DIST/CLIENT.JS.MAP']) {
      expect(mayPinIn(path)).toBe(false);
      expect(extractPins(path, text)).toEqual([]);
    }
    for (const path of ['src/client.ts', 'src/client.mts', 'src/d.ts.js', 'maps/index.js']) {
      expect(mayPinIn(path)).toBe(true);
      expect(extractPins(path, text).length).toBeGreaterThan(0);
    }
  });
});

describe('the constant extractor', () => {
  it('finds what the one-regex version found (generated files)', () => {
    const names = ['API', 'api', '$api', 'a$b', 'x', 'API_VERSION', '$$', '_v', '9$x'];
    const next = random(11);
    const pick = <T>(xs: T[]) => xs[next(xs.length)];
    const ws = () => pick(['', ' ', '  ', '\n', '\t', '\u00a0', '\r\n']);
    const noise = () => pick(['', 'f(', ', ', '(', 'const ', ';', 'x.', '"a" ', '/* 1.0 */', 'let y = 2;']);
    let found = 0;
    for (let i = 0; i < 3000; i++) {
      const name = pick(names);
      const q = pick(['"', "'", '`']);
      const def = noise() + name + ws() + pick(['', ': string', ':T', '<x>', ': Map<K, V[]>']) + ws() + pick(['=', ':=', ':']) + ws() + q + pick(['1.41', 'v1.24', '2.0', '1.', '1.4.1']) + q;
      const use = pick(['', '/containers/json ', 'version: ', 'WithVersion(', 'x.version = ', '/info ', '/infos ', 'docker.sock ', ':2375', ':23750 ']) + pick(['', '$', '${']) + pick([name, name, 'other']) + pick(['', '}', ')', '/_ping', ' /images']);
      const sep = () => pick(['\n', '\n', ' ', ';\n', '\r\n']);
      const text = pick([[def, use], [use, def], [noise(), def, noise(), use, def], [def]]).join(sep());
      const want = oldConstantSpans(text);
      if (want.length) found++;
      expect(newConstantSpans(text), JSON.stringify(text)).toEqual(want);
    }
    expect(found).toBeGreaterThan(150);
  });

  it.each([
    ['an assignment over two lines', 'const API_VERSION =\n  "1.41";\nfetch(`http://d/v${API_VERSION}/containers/json`)', ['23-27 constant API_VERSION']],
    ['a typed constant', 'const api: string = "v1.41";\nget(`/${api}/info`);', ['21-26 constant api']],
    ['a PHP variable', "$api = 'v1.41';\ncurl --unix-socket /var/run/docker.sock \"http://d/$api/info\"", ['8-13 constant api']],
    ['a keyword argument (not a constant)', 'f(version="1.41")\nurl = "/containers/json" + version', []],
    ['a use on the definition line only', 'const API = "1.41"; get(`/${API}/containers/json`);', []],
    ['an XML builder default (not a pin)', "if (!version) {\n  version = '1.0';\n}\nthis.version = this.stringify.xmlVersion(version);", []],
    ['two literals sharing a quote', "x='1.2'3.4'\nget('/'+x+'/info')", ['3-6 constant x']],
  ])('%s', (_name, text, want) => {
    expect(newConstantSpans(text)).toEqual(want);
    expect(oldConstantSpans(text)).toEqual(want);
  });

  it('stays linear on long runs of whitespace and many literals', () => {
    const text = `API =${' '.repeat(200_000)}"1.41"\n${'x = "1.0", '.repeat(50_000)}\nget("/" + API + "/info")\n`;
    const started = performance.now();
    expect(newConstantSpans(text)).toEqual([`${text.indexOf('"1.41"') + 1}-${text.indexOf('"1.41"') + 5} constant API`]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('start-up', () => {
  it('does not load the YAML parser until a YAML file may hold a pin', () => {
    const lintPins = new URL('../../dist/scan/lint-pins.js', import.meta.url).href;
    const script = `
      import { createRequire } from 'node:module';
      const { lintPinsText } = await import(${JSON.stringify(lintPins)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => /[\\\\/]yaml[\\\\/]/.test(k));
      const before = loaded();
      lintPinsText('a.js', 'const x = 1;');
      lintPinsText('ci.yml', 'name: build');
      const notYet = loaded();
      lintPinsText('ci.yml', 'variables:\\n  DOCKER_API_VERSION: "1.41"\\n');
      process.stdout.write(JSON.stringify([before, notYet, loaded()]));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([false, false, true]);
  });
});
