import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// Pins found by data flow across files (issue 16) on a tree big enough for scan workers: a
// file whose client takes a version another file defines may be read by a worker or by the
// main thread, and either asks the other files itself. With workers and without, the same
// pins, each literal once, naming the same use.
const root = mkdtempSync(join(tmpdir(), 'hublint-parallel-pins-'));
const put = (path: string, data: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), data);
};

beforeAll(() => {
  for (let i = 0; i < 1800; i++) put(`filler${i % 30}/f${i}.${['js', 'py', 'go'][i % 3]}`, `// filler ${i}\nconst value${i} = "${'x'.repeat(i % 400)}";\n`);
  // Go: one constant per build tag, used in a third file of the package.
  put('zz-go/engine/version_linux.go', '//go:build linux\n\npackage engine\n\nconst pinned = "1.41"\n');
  put('zz-go/engine/version_windows.go', '//go:build windows\n\npackage engine\n\nconst pinned = "1.40"\n');
  put('zz-go/engine/connect.go', 'package engine\n\nimport "github.com/docker/docker/client"\n\nfunc Connect() (*client.Client, error) {\n\treturn client.NewClientWithOpts(client.WithVersion(pinned))\n}\n');
  // Python: a settings constant two modules hand to a client; reported once.
  put('zz-py/relay/settings.py', 'ENGINE_API = "1.45"\nSCHEMA = "2.0"\n');
  put('zz-py/relay/cli.py', 'import docker\nfrom relay.settings import ENGINE_API\n\nclient = docker.from_env(version=ENGINE_API)\n');
  put('zz-py/relay/worker.py', 'import docker\nfrom relay.settings import ENGINE_API, SCHEMA\n\napi = docker.APIClient(version=ENGINE_API)\nprint(SCHEMA)\n');
  // JS: a parameter filled at a call site in another file.
  put('zz-js/lib/connect.js', "import Docker from 'dockerode';\nexport function connect(version) {\n  return new Docker({ socketPath: '/var/run/docker.sock', version });\n}\n");
  put('zz-js/main.js', "import { connect } from './lib/connect.js';\nconst docker = connect('v1.43');\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scan = (workers: string) => hublint(['pins', '--format', 'json', '.'], { cwd: root, env: { HUBLINT_WORKERS: workers } });
type Report = { findings: Array<{ file: string; line: number; ruleId: string; message: string }> };

describe('pins across files with scan workers', () => {
  it('are the same with workers and without, each literal once', () => {
    const parallel = scan('2');
    const single = scan('0');
    expect(parallel.stderr).toBe(single.stderr);
    const a = JSON.parse(parallel.stdout) as Report;
    const b = JSON.parse(single.stdout) as Report;
    expect(a.findings).toEqual(b.findings);
    expect(a.findings.map((f) => `${f.file}:${f.line}`)).toEqual([
      'zz-go/engine/version_linux.go:5',
      'zz-go/engine/version_windows.go:5',
      'zz-js/main.js:2',
      'zz-py/relay/settings.py:1',
    ]);
    expect(a.findings.find((f) => f.file === 'zz-py/relay/settings.py')?.message).toContain('used by docker-py version= at zz-py/relay/cli.py:4');
    expect(a.findings.find((f) => f.file === 'zz-js/main.js')?.message).toContain('used by dockerode { version: … } at zz-js/lib/connect.js:3');
  });
});
