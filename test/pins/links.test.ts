import { describe, expect, it } from 'vitest';
import { checkPins } from '../../src/pins/check.js';
import { findRelease, targetOfRelease } from '../../src/pins/releases.js';
import type { PinVerdict } from '../../src/pins/types.js';
import { lintPins } from '../../src/scan/run.js';

/** A pins-only scan of in-memory files, as `hublint pins` runs it. */
async function pinsOf(files: Record<string, string>) {
  const { findings } = await lintPins({ files: Object.entries(files).map(([path, text]) => ({ path, text })) });
  return findings.filter((f) => f.family === 'pin');
}

const at = (f: { file: string; line: number }) => `${f.file}:${f.line}`;

describe('pins that cross files (issue 16)', () => {
  it('reports a Python constant of another module at its literal, once, naming the use', async () => {
    const found = await pinsOf({
      'app/settings.py': "ENGINE_API = '1.45'\nOLDEST_API = '1.24'\n",
      'app/client.py': 'import docker\nfrom app.settings import ENGINE_API\n\napi = docker.APIClient(version=ENGINE_API)\nenv = docker.from_env(version=ENGINE_API)\n',
    });
    expect(found.map(at)).toEqual(['app/settings.py:1']);
    expect(found[0].pin?.version).toBe('1.45');
    expect(found[0].message).toContain('used by docker-py version= at app/client.py:4');
  });

  it('follows a Go package constant behind a build tag to client.WithVersion in another file', async () => {
    const found = await pinsOf({
      'engine/api_linux.go': '//go:build linux\n\npackage engine\n\nconst pinned = "1.41"\n',
      'engine/api_windows.go': '//go:build windows\n\npackage engine\n\nconst pinned = "1.40"\n',
      'engine/connect.go': 'package engine\n\nimport "github.com/docker/docker/client"\n\nfunc Connect() (*client.Client, error) {\n\treturn client.NewClientWithOpts(client.WithVersion(pinned))\n}\n',
    });
    expect(found.map(at)).toEqual(['engine/api_linux.go:5', 'engine/api_windows.go:5']);
  });

  it('reads a keyword dict only when it is unpacked into a client', async () => {
    const found = await pinsOf({
      'cfg.py': 'API = "1.43"\nSCHEMA = "2.0"\n',
      't.py': 'import docker\nfrom cfg import API, SCHEMA\nkw = {}\nkw["version"] = API\nc = docker.APIClient(**kw)\nm = {}\nm["version"] = SCHEMA\n',
    });
    expect(found.map(at)).toEqual(['cfg.py:1']);
  });

  it('takes the module an import names, not a same-named constant elsewhere', async () => {
    const found = await pinsOf({
      'a/consts.py': 'ENGINE_API = "1.41"\n',
      'b/consts.py': 'ENGINE_API = "1.44"\n',
      'b/run.py': 'import docker\nfrom a.consts import ENGINE_API\ndocker.DockerClient(version=ENGINE_API)\n',
    });
    expect(found.map(at)).toEqual(['a/consts.py:1']);
  });

  it('resolves a JS import relative to the importing file for dockerode', async () => {
    const found = await pinsOf({
      'src/config/engine.js': "export const ENGINE_API = 'v1.41';\n",
      'src/lib/docker.js': "import Docker from 'dockerode';\nimport { ENGINE_API } from '../config/engine.js';\nexport const docker = new Docker({ socketPath: '/var/run/docker.sock', version: ENGINE_API });\n",
    });
    expect(found.map(at)).toEqual(['src/config/engine.js:1']);
  });

  it('follows CommonJS settings to dockerode: a required object\'s field, `require(…).a.b` inline, a default import of `module.exports`', async () => {
    const found = await pinsOf({
      'srv/settings.js': "module.exports = { apiVersion: 'v1.40', docker: { version: 'v1.41' } };\n",
      'srv/engine.cjs': "exports.ENGINE = 'v1.37';\n",
      'srv/lib/docker.js': [
        "const Docker = require('dockerode');",
        "const settings = require('../settings');",
        "const { ENGINE } = require('../engine.cjs');",
        "const a = new Docker({ socketPath: '/var/run/docker.sock', version: settings.apiVersion });",
        "const b = new Docker({ version: require('../settings').docker.version });",
        'const c = new Docker({ version: ENGINE });',
        '',
      ].join('\n'),
      'srv/lib/docker2.ts': "import Docker from 'dockerode';\nimport settings from '../settings';\nexport const d = new Docker({ version: settings.apiVersion });\n",
    });
    expect(found.map(at)).toEqual(['srv/engine.cjs:1', 'srv/settings.js:1', 'srv/settings.js:1']);
    expect(found.map((f) => f.pin?.version)).toEqual(['1.37', '1.40', '1.41']);
  });

  it('follows a PHP define() of an included file to the Engine path built over the socket; a define no client reads stays silent', async () => {
    const found = await pinsOf({
      'app/config.php': "<?php\ndefine('ENGINE_API', 'v1.41');\ndefine('SCHEMA_VERSION', 'v2.0');\n",
      'app/lib/engine.php': [
        '<?php',
        "require_once __DIR__ . '/../config.php';",
        '',
        'function containers() {',
        '    $ch = curl_init();',
        "    curl_setopt($ch, CURLOPT_UNIX_SOCKET_PATH, '/var/run/docker.sock');",
        "    curl_setopt($ch, CURLOPT_URL, 'http://localhost/' . ENGINE_API . '/containers/json');",
        '    return curl_exec($ch);',
        '}',
        '',
      ].join('\n'),
    });
    expect(found.map(at)).toEqual(['app/config.php:2']);
    expect(found[0].message).toContain('used by Engine request path /v… at app/lib/engine.php:7');
  });

  it('finds a PHP define() of a settings file above a client class that includes nothing (a constructor default, `"/{$this->api}{$path}"`)', async () => {
    const found = await pinsOf({
      'plugin/settings.php': "<?php\nif (!defined('ENGINE_API')) {\n    define('ENGINE_API', 'v1.43');\n}\n",
      'plugin/classes/Engine.php': [
        '<?php',
        'class Engine',
        '{',
        '    private $api;',
        '    public function __construct($api = ENGINE_API) { $this->api = $api; }',
        '    public function get($path)',
        '    {',
        '        $ch = curl_init();',
        "        curl_setopt($ch, CURLOPT_UNIX_SOCKET_PATH, '/run/engine.sock');",
        '        curl_setopt($ch, CURLOPT_URL, "http://localhost/{$this->api}{$path}");',
        '        return curl_exec($ch);',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    expect(found.map(at)).toEqual(['plugin/settings.php:3']);
  });

  it('stays silent for a version that reaches no client, and for a lower-case local passed through', async () => {
    const found = await pinsOf({
      'consts.py': 'SCHEMA_VERSION = "2.0"\nversion = "1.0"\n',
      'use.py': 'import docker\nfrom consts import SCHEMA_VERSION\nprint(SCHEMA_VERSION)\n\ndef make(version):\n    return docker.APIClient(version=version)\n',
    });
    expect(found).toEqual([]);
  });

  it('keeps a suppression comment on the literal', async () => {
    const found = await pinsOf({
      'settings.py': "ENGINE_API = '1.45'  # hublint-disable-line engine-api-pin\n",
      'client.py': 'import docker\nfrom settings import ENGINE_API\ndocker.APIClient(version=ENGINE_API)\n',
    });
    expect(found).toEqual([]);
  });

  it('gets a verdict in engine check like every other pin', async () => {
    const found = await pinsOf({
      'lib/dock/version.rb': "module Dock\n  API_VERSION = '1.16'\nend\n",
      'lib/dock/connection.rb': "module Dock\n  class Connection\n    def initialize\n      @c = Excon.new('unix:///', socket: '/var/run/docker.sock')\n    end\n\n    def get(path)\n      @c.request(method: :get, path: \"/v#{Dock::API_VERSION}#{path}\")\n    end\n  end\nend\n",
    });
    expect(found.map(at)).toEqual(['lib/dock/version.rb:2']);
    const { findings } = await checkPins(found, { targets: [targetOfRelease(findRelease('29.0')!)] });
    expect((findings[0].pin?.verdicts as PinVerdict[])[0].verdict).toBe('rejected-too-old');
  });
});

describe('versions written a step away from the client (issue 16)', () => {
  it('reads a parameter dict unpacked into the client and a dict of versions read by key', async () => {
    const found = await pinsOf({
      'relay.py': [
        'import docker',
        'CHANNELS = {"stable": "1.43", "legacy": "1.24"}',
        'HEADER = \'<?xml version="1.0"?>\'',
        'def connect():',
        '    params = {"version": "1.41", "timeout": 30}',
        '    return docker.DockerClient(**params)',
        'def by_channel(name):',
        '    return docker.APIClient(version=CHANNELS[name])',
        'def record(r):',
        '    r["version"] = "2.3"',
        '    return r',
        '',
      ].join('\n'),
    });
    expect(found.map((f) => `${at(f)} ${f.pin?.version}`)).toEqual(['relay.py:2 1.43', 'relay.py:2 1.24', 'relay.py:5 1.41']);
  });

  it('takes a Java class constant from the file of that class, and leaves a Kubernetes builder alone', async () => {
    const found = await pinsOf({
      'src/EngineDefaults.java': 'final class EngineDefaults {\n  static final String API_VERSION = "1.44";\n}\n',
      'src/Other.java': 'final class Other {\n  static final String API_VERSION = "1.41";\n}\n',
      'src/Conn.java': 'import com.github.dockerjava.core.DefaultDockerClientConfig;\nclass Conn {\n  Object c = DefaultDockerClientConfig.createDefaultConfigBuilder().withApiVersion(EngineDefaults.API_VERSION).build();\n}\n',
      'k8s/Map.java': 'class Map {\n  Object m = new ConfigMapBuilder().withApiVersion(Other.API_VERSION).build();\n}\n',
    });
    expect(found.map(at)).toEqual(['src/EngineDefaults.java:2']);
  });
});
