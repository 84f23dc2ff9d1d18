import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
