import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// The tree-sitter runtime stays outside the esbuild bundle: the built CLI must find the
// installed package and its grammar .wasm files at run time.
describe('the bundled CLI on the tree-sitter path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-ts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('parses a Python file and reports at the call site that writes the deprecated path', () => {
    writeFileSync(
      join(dir, 'client.py'),
      [
        'import requests',
        'BASE = "https://hub.docker.com"',
        'def api(path):',
        '    return f"{BASE}/v2/{path}"',
        'def fetch(path):',
        '    return requests.get(api(path)).json()',
        'fetch(f"repositories/{team}/{app}/")',
        '',
      ].join('\n'),
    );
    const run = hublint([dir, '--format', 'json']);
    expect(run.stderr).toBe('');
    const findings = JSON.parse(run.stdout).findings as Array<{ ruleId: string; line: number; method: string }>;
    expect(findings.map((f) => [f.ruleId, f.line, f.method])).toEqual([['hub-get-repository', 7, 'GET']]);
  });
});
