import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesMayHoldPins, extractPins, mayHoldPins, mayPinIn, PIN_EXTRACTORS } from '../../src/pins/extract/index.js';
import { lintPinsText } from '../../src/scan/lint-pins.js';
import { FIXTURES, listFiles } from '../helpers/fixtures.js';

/** What scan/read/byte-prefilter.ts hands the pattern: the UTF-8 bytes seen as Latin-1. */
const bytesPass = (text: string) => bytesMayHoldPins(Buffer.from(text, 'utf8').toString('latin1'));

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
  ['Main.java', 'import com.github.dockerjava.core.RemoteApiVersion;\nconfig.withApiVersion(RemoteApiVersion.VERSION_1_32)\n'],
  ['run.sh', 'java -Dapi.version=1.41 -jar app.jar\n'],
  ['docker-java.properties', 'api.version=1.41\n'],
  ['hosts.ini', '[docker]\nhost1 docker_api_version=1.41\n'],
  ['rsyslog.conf', 'module(load="imdocker" ApiVersionStr="v1.41")\n'],
  ['daemon.json', '{ "min-api-version": "1.24" }\n'],
  ['inspect.sh', 'curl --unix-socket /var/run/docker.sock http://localhost/v1.41/containers/json\n'],
  ['old.sh', 'curl http:/v1.24/containers/json\n'],
  ['client.dart', "// /var/run/docker.sock\nfinal api = EngineService(http, version ?? 'v1.24');\n"],
  ['app.js', "// dockerode\nthis.version = opts.version || 'v1.24';\n"],
  ['session.py', '# unix:///var/run/docker.sock\nself.version = version or "1.41"\n'],
  ['engine.properties', 'docker.api.version=1.40\n'],
  ['engine.properties', 'engine.api-version=1.41\n'],
  ['core.clj', '(d/client {:conn {:uri "unix:///var/run/docker.sock"} :api-version "v1.40"})\n'],
  ['core_test.clj', '(def conn {:uri "unix:///var/run/docker.sock" :version "v1.41"})\n'],
  ['modem.js', "// docker-modem\nmodule.exports = { \"version\": 'v1.12' };\n"],
  ['EngineHttp.php', "<?php // docker.sock\n$base = $uris->createUri('/v1.40');\n"],
  ['runtime.ts', '// Docker Engine API\nexport const BASE_PATH = "http://localhost/v1.41";\n'],
  ['engine.ts', '// docker.sock\nexport const url = (path: string) => `/v1.43${path}`;\n'],
  ['Setup.java', '// docker-java\n// .withApiVersion("1.26")\n'],
  ['engine.ts', "const API = 'v1.41';\nrequest({ socketPath: '/var/run/docker.sock', path: `/${API}/containers/json` });\n"],
  ['client.go', 'apiVersion := "1.41"\ncli, _ := client.NewClientWithOpts(client.WithVersion(apiVersion))\n'],
  ['api.php', "<?php\n$api = 'v1.41';\n$url = 'http://localhost/' . $api . '/containers/json'; // docker.sock\n"],
  ['Engine.php', "<?php\n$api = 'v1.41';\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_UNIX_SOCKET_PATH, $sock);\ncurl_setopt($ch, CURLOPT_URL, \"http://localhost/{$api}/info\");\n"],
];

describe('the pin prefilter', () => {
  it.each(EXAMPLES)('passes %s: %j', async (path, text) => {
    expect((await lintPinsText(path, text)).length).toBeGreaterThan(0);
    expect(mayHoldPins(text)).toBe(true);
    expect(bytesPass(text)).toBe(true);
  });

  it('passes every fixture file with a pin, in text and in bytes', async () => {
    const root = join(FIXTURES, 'pins');
    const all = listFiles(root);
    const counts = await Promise.all(all.map(async (file) => (await lintPinsText(relative(root, file), readFileSync(file, 'utf8'))).length));
    const withPins = all.filter((_, i) => counts[i] > 0);
    expect(withPins.length).toBeGreaterThan(20);
    for (const file of withPins) {
      const text = readFileSync(file, 'utf8');
      expect(mayHoldPins(text), file).toBe(true);
      expect(bytesMayHoldPins(readFileSync(file).toString('latin1')), file).toBe(true);
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
    // Code goes through the data flow (pins/flow/), not these extractors: fewer texts hold their pins.
    expect(found).toBeGreaterThan(150);
  });
});

describe('files that never run', () => {
  it('pin nothing: declarations, source maps and vendored trees are not searched, sources are', () => {
    const text = 'export const DOCKER_API_VERSION = "1.24";\nprocess.env.DOCKER_API_VERSION = "1.24";\n';
    for (const path of ['types/client.d.ts', 'types/client.d.mts', 'types/client.d.cts', 'dist/client.js.map', 'DIST/CLIENT.JS.MAP', 'node_modules/dockerode/lib/docker.js', 'app/vendor/github.com/docker/docker/client/client.go', 'third_party\\sdk\\client.py']) {
      expect(mayPinIn(path)).toBe(false);
      expect(extractPins(path, text)).toEqual([]);
    }
    for (const path of ['src/client.ts', 'src/client.mts', 'src/d.ts.js', 'maps/index.js', 'src/vendors/client.ts', 'node_modules.js']) {
      expect(mayPinIn(path)).toBe(true);
      expect(extractPins(path, text).length).toBeGreaterThan(0);
    }
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
      await lintPinsText('a.js', 'const x = 1;');
      await lintPinsText('ci.yml', 'name: build');
      const notYet = loaded();
      await lintPinsText('ci.yml', 'variables:\\n  DOCKER_API_VERSION: "1.41"\\n');
      process.stdout.write(JSON.stringify([before, notYet, loaded()]));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([false, false, true]);
  });
});
