import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// The built CLI reads YAML with the one-file copy of `yaml` next to its bundle
// (dist/bin/vendor/yaml.js, through the code cache), not with the package's own ~90 files.
describe('the bundled CLI on the YAML path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-yaml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds a call in a CI file without loading the yaml package's own files", () => {
    writeFileSync(join(dir, 'ci.yml'), ['jobs:', '  login:', '    steps:', '      - run: curl -X POST https://hub.docker.com/v2/users/login -d "$CREDS"', ''].join('\n'));
    // Lists, at exit, the files of node_modules/yaml/ that this process loaded.
    const recorder = join(dir, 'recorder.cjs');
    writeFileSync(recorder, "process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache).filter((f) => /node_modules[\\\\/]yaml[\\\\/]/.test(f)))));\n");
    const run = hublint([dir, '--format', 'json'], { env: { NODE_OPTIONS: `--require ${recorder}` } });
    const findings = JSON.parse(run.stdout).findings as Array<{ ruleId: string; line: number; method: string }>;
    expect(findings.map((f) => [f.ruleId, f.line, f.method])).toEqual([['hub-users-login', 4, 'POST']]);
    expect(JSON.parse(run.stderr)).toEqual([]);
  });
});
