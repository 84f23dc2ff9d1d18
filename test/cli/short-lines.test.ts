import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// Issue 32 row 11: ESLint keeps a finding's line short and the rest in the rule's docs; a line of
// ~250 characters wraps in an 80–120 column terminal. The whole message and reason stay in JSON.
const WIDTH = 120;
const REPO = join(import.meta.dirname, '..', '..');

/** Each finding line and the line under it (what a person has to do), as printed. */
function findingLines(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((l, i) => (/^ {2}\d+:\d+ /.test(l) ? [l, ...(/^ {2}\s+(needs a person|fix): /.test(lines[i + 1] ?? '') ? [lines[i + 1]] : [])] : []));
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hublint-short-'));
  // Four reasons that were 100–250 characters: a value of unknown arity, a partial login, a
  // value spanning segments, no replacement at all.
  writeFileSync(join(work, 'hub.py'), [
    'import requests',
    'def get(ns, name):',
    '    return requests.get(f"https://hub.docker.com/v2/repositories/{ns}/{name}/")',
    'def login(u):',
    '    return requests.post("https://hub.docker.com/v2/users/login", json={"username": u})',
    '',
  ].join('\n'));
  writeFileSync(join(work, 'images.sh'), 'curl -s "https://index.docker.io/v1/repositories/acme/web/images"\n');
  writeFileSync(join(work, '.env'), 'DOCKER_API_VERSION=1.41\n');
  writeFileSync(join(work, 'values.yaml'), 'docker:\n  api_version: 1.40\n');
});

describe('text lines are ESLint-short; the whole text stays in the JSON', () => {
  it('a scan: every finding line and its "needs a person" line fit 120 columns, and say the point', () => {
    const r = hublint(['.'], { cwd: work });
    expect([r.code, r.stderr]).toEqual([1, '']);
    const lines = findingLines(r.stdout);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
    expect(r.stdout).toContain('needs a person: the value of {ns} is not known\n');
    expect(r.stdout).toContain('needs a person: a partial login migration would send the old body to the new route\n');
    expect(r.stdout).toMatch(/removed 2022-08-23; no replacement {2}hub-v1-retired\n\s+needs a person: The Hub API has no replacement for image lists\n/);
    // Same method, new path: only the path is said.
    expect(r.stdout).toMatch(/deprecated 2025-09-19; use \/v2\/namespaces\/\{namespace\}\/repositories\/\{repository\} {2}hub-get-repository/);
    expect(r.stdout).toMatch(/Engine API 1\.41 pinned; too old for Engine 29\.0–29\.2; too new for Engine 17\.11–19\.03 {2}engine-api-pin/);
    expect(r.stdout).toMatch(/Engine API 1\.4 pinned \(a YAML number: quote "1\.40"\); too old for Engine 17\.03–29\.7 {2}engine-api-pin/);

    const json = JSON.parse(hublint(['.', '-f', 'json'], { cwd: work }).stdout) as { findings: { ruleId: string; message: string; fixRefusal?: string }[] };
    const refusals = json.findings.map((f) => f.fixRefusal ?? '');
    expect(refusals).toContain('the value of {ns} is not known: it may hold namespace/repository (several path segments), and neither its name nor an escape says otherwise');
    expect(refusals.some((x) => x.startsWith('a partial login migration would send the old body to the new route; not found: '))).toBe(true);
    expect(json.findings.find((f) => f.ruleId === 'engine-api-pin')?.message).toContain('(env: DOCKER_API_VERSION)');
  });

  it('the fixtures tree: no finding line over 120 columns', () => {
    const r = hublint(['fixtures', '--no-color'], { cwd: REPO });
    expect(r.code).toBe(1);
    const lines = findingLines(r.stdout);
    expect(lines.length).toBeGreaterThan(300);
    const long = lines.filter((l) => l.length > WIDTH + 2);
    expect(long).toEqual([]);
    // No cut word is left dangling where a clause end was there to use.
    expect(lines.filter((l) => l.endsWith(' not found'))).toEqual([]);
  });

  it('engine check: verdicts per release on the line, the fix under it, the daemon texts in the JSON', () => {
    const r = hublint(['engine', 'check', '--engine', '25.0,29.0', '.'], { cwd: work });
    expect(r.code).toBe(1);
    const lines = findingLines(r.stdout);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
    expect(r.stdout).toMatch(/Engine API 1\.41 — 25\.0: accepted-downgraded; 29\.0: rejected-too-old {2}engine-api-pin\n\s+fix: remove the variable so the client negotiates\n/);
    const json = JSON.parse(hublint(['engine', 'check', '--engine', '25.0,29.0', '.', '-f', 'json'], { cwd: work }).stdout) as { findings: { message: string }[] };
    expect(json.findings.map((f) => f.message).join('\n')).toContain('client version 1.41 is too old. Minimum supported API version is 1.44');
  });

  it('merge renders the same short lines from JSON shards', () => {
    const shard = join(work, 'shard.json');
    writeFileSync(shard, hublint(['.', '-f', 'json'], { cwd: work }).stdout);
    const merged = hublint(['merge', shard], { cwd: work });
    expect(merged.code).toBe(1);
    expect(merged.stdout).toContain('needs a person: the value of {ns} is not known\n');
    for (const line of findingLines(merged.stdout)) expect(line.length, line).toBeLessThanOrEqual(WIDTH);
  });
});
