import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// eval/first-look.mjs scores a folder of real files against labels kept outside the repository,
// with this checkout's build, as a user runs hublint. A tiny folder of our own stands in for the
// real files: one call found and safely fixable, one call written in a form labelled but (by
// construction of the label) on a line hublint cannot report, one pin.
const root = join(import.meta.dirname, '..', '..');
const script = join(root, 'eval', 'first-look.mjs');

function round(): { dir: string; labels: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-first-look-'));
  const files = join(dir, 'files');
  mkdirSync(join(files, 'acme__tool'), { recursive: true });
  writeFileSync(
    join(files, 'acme__tool', 'list.sh'),
    ['#!/bin/sh', 'curl -s "https://hub.docker.com/v2/repositories/acmecorp/?page_size=100"', 'echo done', 'export DOCKER_API_VERSION=1.41', ''].join('\n'),
  );
  const labels = join(dir, 'labels.yaml');
  writeFileSync(
    labels,
    [
      'round: test round',
      'sources: [{ repo: acme/tool }]',
      'labels:',
      '  - { file: acme__tool/list.sh, line: 2, rule: hub-list-repositories, method: GET, context: code }',
      '  - { file: acme__tool/list.sh, line: 3, rule: hub-users-login, method: POST, context: code }',
      '  - { file: acme__tool/list.sh, line: 4, rule: engine-api-pin, version: "1.41", context: code }',
      '',
    ].join('\n'),
  );
  return { dir: files, labels };
}

const run = (args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });

describe('eval/first-look.mjs', () => {
  it('scores the folder against the labels: precision, recall, fix coverage and the grep baseline', { timeout: 60_000 }, () => {
    const { dir, labels } = round();
    const r = run(['--labels', labels, '--root', dir, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      hubCode: { tp: number; fn: number; fp: number };
      pinsCode: { tp: number; fn: number };
      fixCoverage: { labels: number; found: number; safe: number; any: number };
      grep: { found: number; labels: number };
      problems: string[];
    };
    expect(out.hubCode).toMatchObject({ tp: 1, fn: 1, fp: 0 });
    expect(out.pinsCode).toMatchObject({ tp: 1, fn: 0 });
    // Both Hub labels' rules have a replacement; the found list call gets the safe rewrite.
    expect(out.fixCoverage).toMatchObject({ labels: 2, found: 1, safe: 1, any: 1 });
    expect(out.grep).toMatchObject({ found: 1, labels: 2 });
    expect(out.problems.some((p) => p.startsWith('miss') && p.includes('list.sh:3'))).toBe(true);

    const table = run(['--labels', labels, '--root', dir]);
    expect(table.status).toBe(0);
    expect(table.stdout).toContain('First look (test round): 1 sources');
    expect(table.stdout).toContain('| Hub code | 2 | 1 | 1 | 0 | 1 |');
  });

  it('--record keeps the numbers as the round scored by the named build, one entry per round and build', { timeout: 60_000 }, async () => {
    const { dir, labels } = round();
    const scoresFile = join(dir, '..', 'scores.json');
    for (const build of ['build A', 'build A', 'build B']) {
      const r = run(['--labels', labels, '--root', dir, '--json', '--record', build, '--scores', scoresFile]);
      expect(r.status).toBe(0);
    }
    const kept = JSON.parse(readFileSync(scoresFile, 'utf8')) as Array<{ round: string; build: string; hubCode: { right: number; missed: number }; fixCoverage: { any: number; labels: number } }>;
    // The same round and build scored twice is one entry, the later one.
    expect(kept.map((e) => e.build)).toEqual(['build A', 'build B']);
    expect(kept[0]).toMatchObject({ round: 'test round', hubCode: { right: 1, missed: 1 }, fixCoverage: { any: 1, labels: 2 } });
    // npm run accuracy prints the recorded rounds with their fix coverage.
    const { readRecords, roundsTable } = await import('../../eval/lib/first-look-record.mjs');
    const table = roundsTable(readRecords(scoresFile));
    expect(table).toContain('| test round |');
    expect(table).toContain('| 1 / 2 (50%) | 1 / 2 (50%) | 1 | 0 | 1 |');
    expect(run(['--labels', labels, '--root', dir, '--record', ' ', '--scores', scoresFile]).stderr).toMatch(/^first-look: --record needs a note/);
  });

  it('the fix coverage counts rewrites, not the suggestion text every finding carries', { timeout: 60_000 }, () => {
    const { dir, labels } = round();
    // A value of unknown arity: found, refused (its report still says what to call by hand).
    writeFileSync(join(dir, 'acme__tool', 'list.sh'), ['#!/bin/sh', 'curl -s "https://hub.docker.com/v2/repositories/$1/?page_size=100"', ''].join('\n'));
    writeFileSync(labels, 'labels:\n  - { file: acme__tool/list.sh, line: 2, rule: hub-list-repositories, method: GET, context: code }\n');
    const scan = spawnSync(process.execPath, [join(root, 'dist', 'bin', 'cli', 'main.js'), '-f', 'json', '--fail-on', 'none', '.'], { cwd: dir, encoding: 'utf8' });
    const finding = (JSON.parse(scan.stdout) as { findings: Array<{ suggestion?: string; fix?: unknown }> }).findings[0];
    expect(finding.suggestion).toBeTruthy();
    expect(finding.fix).toBeUndefined();
    const r = run(['--labels', labels, '--root', dir, '--json']);
    expect((JSON.parse(r.stdout) as { fixCoverage: unknown }).fixCoverage).toMatchObject({ labels: 1, found: 1, safe: 0, suggestion: 0, any: 0 });
  });

  it('a label naming a file that is not there is one line naming the key, exit 2', () => {
    const { dir, labels } = round();
    writeFileSync(labels, 'labels:\n  - { file: nowhere.sh, line: 1, rule: hub-users-login, method: POST, context: code }\n');
    const r = run(['--labels', labels, '--root', dir]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('labels[0].file');
  });

  it('without --labels or --root it prints its usage in one line, exit 2', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^first-look: usage: /);
  });
});
