import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// A pin whose literal stands in one file and is used in another names the use (file:line) in
// its message and detail; its fingerprint must not move with that line, or a baseline would
// report the pin again whenever the using file is edited above the call.
const root = mkdtempSync(join(tmpdir(), 'hublint-pin-fingerprint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const put = (path: string, data: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), data);
};
type Report = { findings: Array<{ file: string; line: number; message: string; fingerprint: string; detail: string }> };
const pins = (): Report['findings'] => (JSON.parse(hublint(['pins', '--format', 'json', '.'], { cwd: root }).stdout) as Report).findings;

describe('fingerprint of a pin used in another file', () => {
  it('names the use but keeps its fingerprint when the use moves', () => {
    put('relay/settings.py', 'ENGINE_API = "1.44"\n');
    put('relay/cli.py', 'import docker\nfrom relay.settings import ENGINE_API\n\nclient = docker.from_env(version=ENGINE_API)\n');
    const before = pins();
    expect(before.map((f) => [f.file, f.line])).toEqual([['relay/settings.py', 1]]);
    expect(before[0].message).toContain('relay/cli.py:4');

    put('relay/cli.py', 'import docker\nfrom relay.settings import ENGINE_API\n\n# connect\n# to the daemon\nclient = docker.from_env(version=ENGINE_API)\n');
    const after = pins();
    expect(after[0].message).toContain('relay/cli.py:6');
    expect(after[0].detail).toContain('relay/cli.py:6');
    expect(after[0].fingerprint).toBe(before[0].fingerprint);
  });
});
