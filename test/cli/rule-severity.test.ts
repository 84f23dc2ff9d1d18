import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

/**
 * A rule's severity in the config is for calls in code; mentions in docs and comments stay info
 * unless the config asks (issue 32 row 3): `rules: { id: { severity, docs } }`.
 */

const REMOVED = 'https://index.docker.io/v1/repositories/acme/web/tags';

/** A project as `hublint init` leaves it, with a commented-out call and a documented one. */
function initialised(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-severity-'));
  expect(hublint(['init'], { cwd: dir }).code).toBe(0);
  writeFileSync(join(dir, 'old.sh'), `# we used to: curl ${REMOVED}\necho done\n`);
  writeFileSync(join(dir, 'MIGRATION.md'), `The old call was \`GET ${REMOVED}\`.\n`);
  return dir;
}

const severities = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Array<{ file: string; severity: string }> }).findings.map((f) => `${f.file} ${f.severity}`);

describe('rules: severity for code, docs for docs and comments', () => {
  it("init's config (hub-v1-retired: error) leaves a commented-out and a documented call at info: exit 0", () => {
    const dir = initialised();
    const r = hublint([], { cwd: dir });
    expect(r.stdout).toMatch(/no problems, 2 info findings \(\d+ files? scanned\)/);
    expect(r.code).toBe(0);
    expect(severities(hublint(['-f', 'json'], { cwd: dir }).stdout)).toEqual(['MIGRATION.md info', 'old.sh info']);
  });

  it('the same call in code is an error: exit 1', () => {
    const dir = initialised();
    writeFileSync(join(dir, 'live.sh'), `curl ${REMOVED}\n`);
    const r = hublint(['-f', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(severities(r.stdout)).toEqual(['MIGRATION.md info', 'live.sh error', 'old.sh info']);
  });

  it('{ severity, docs } sets both; off alone turns the rule off everywhere', () => {
    const dir = initialised();
    writeFileSync(join(dir, 'live.sh'), `curl ${REMOVED}\n`);
    writeFileSync(join(dir, '.hublint.yaml'), 'rules:\n  hub-v1-retired: { severity: error, docs: warning }\n');
    const both = hublint(['-f', 'json'], { cwd: dir });
    expect(severities(both.stdout)).toEqual(['MIGRATION.md warning', 'live.sh error', 'old.sh warning']);
    writeFileSync(join(dir, '.hublint.yaml'), 'rules:\n  hub-v1-retired:\n    docs: "off"\n');
    expect(severities(hublint(['-f', 'json'], { cwd: dir }).stdout)).toEqual(['live.sh error']);
    writeFileSync(join(dir, '.hublint.yaml'), 'rules:\n  hub-v1-retired: "off"\n');
    const off = hublint(['-f', 'json'], { cwd: dir });
    expect([off.code, severities(off.stdout)]).toEqual([0, []]);
  });

  it('a bad setting is one line naming the file and the key, exit 2', () => {
    const dir = initialised();
    for (const bad of ['hub-v1-retired: loud', 'hub-v1-retired: { docs: loud }', 'hub-v1-retired: { severity: error, code: error }', 'hub-v1-retired: {}']) {
      writeFileSync(join(dir, '.hublint.yaml'), `rules:\n  ${bad}\n`);
      const r = hublint([], { cwd: dir });
      expect(r.code, bad).toBe(2);
      expect(r.stderr.split('\n')[0], bad).toBe(`hublint: ${join(dir, '.hublint.yaml')}: 'rules.hub-v1-retired' must be one of error, warning, info, off, or { severity, docs } set to one of them`);
    }
  });
});
