import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/core/errors.js';
import { loadRuleFile, loadRules } from '../src/rules/load.js';
import { HUB_RULES } from '../src/rules/hub-table.generated.js';
import { validateRuleFile } from '../src/rules/validate.js';
import { FIXTURES, expectedOf, listFiles } from './helpers/fixtures.js';

const ROOT = join(import.meta.dirname, '..');
const REQUIRED_IDS = [
  'hub-list-repositories', 'hub-create-repository', 'hub-get-repository', 'hub-check-repository',
  'hub-v1-retired', 'hub-users-login', 'hub-user-repositories', 'hub-search-removed',
];

describe('the rule table', () => {
  it('is the YAML deprecation log, validated (the generated file is not stale)', () => {
    const fromYaml = validateRuleFile(parse(readFileSync(join(ROOT, 'rules/hub-api.yaml'), 'utf8')), 'rules/hub-api.yaml');
    expect(fromYaml).toEqual(HUB_RULES);
  });

  it('has exactly the ids of the deprecation log, each unique', () => {
    expect(HUB_RULES.map((r) => r.id).sort()).toEqual([...REQUIRED_IDS].sort());
  });

  for (const rule of HUB_RULES) {
    describe(rule.id, () => {
      it('defaults severity from status', () => {
        expect(rule.severity).toBe(rule.status === 'removed' ? 'error' : 'warning');
      });
      it('names a replacement or says why there is none', () => {
        for (const v of rule.variants) {
          if (v.replacement === null) expect(v.replacementReason).toMatch(/\w/);
          else expect(v.replacement.path).toMatch(/^\//);
          expect(['safe', 'unsafe', 'none']).toContain(v.fix.policy);
        }
      });
      it('has a docs page and a README row', () => {
        const doc = join(ROOT, 'docs/rules', `${rule.id}.md`);
        expect(existsSync(doc)).toBe(true);
        expect(readFileSync(doc, 'utf8')).toContain(`# ${rule.id}`);
        expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`[${rule.id}](docs/rules/${rule.id}.md)`);
      });
      it('has positive fixtures in every core language', () => {
        const langs = new Set<string>();
        for (const f of listFiles(FIXTURES)) {
          if (expectedOf(f, readFileSync(f, 'utf8')).has(rule.id)) langs.add(f.slice(FIXTURES.length + 1).split('/')[0]);
        }
        for (const lang of ['js', 'ts', 'python', 'go', 'shell', 'yaml', 'dockerfile', 'markdown']) expect([...langs]).toContain(lang);
      });
    });
  }

  it('has negative fixtures (files expecting nothing) in every core language', () => {
    const negatives = new Set<string>();
    for (const f of listFiles(FIXTURES)) {
      if (/\/(pins|fix)\//.test(f)) continue;
      if (expectedOf(f, readFileSync(f, 'utf8')).size === 0) negatives.add(f.slice(FIXTURES.length + 1).split('/')[0]);
    }
    for (const lang of ['js', 'ts', 'python', 'go', 'shell', 'yaml', 'dockerfile', 'markdown']) expect([...negatives]).toContain(lang);
  });
});

describe('rule file validation', () => {
  const bad: Array<[string, unknown, RegExp]> = [
    ['bad status', { rules: [{ ...base(), status: 'gone' }] }, /rules\[0\] \(my-rule\): field 'status' must be one of deprecated, removed, legacy/],
    ['bad date', { rules: [{ ...base(), date: '19/09/2025' }] }, /field 'date' must be an ISO date/],
    ['missing variants', { rules: [{ ...base(), variants: [] }] }, /field 'variants' must be a non-empty list/],
    ['unknown key', { rules: [{ ...base(), colour: 'red' }] }, /field 'colour' is not a known field/],
    ['bad path', { rules: [{ ...base(), variants: [{ ...variant(), path: 'v2/x' }] }] }, /field 'variants\[0\]\.path' must start with \//],
    ['null replacement without reason', { rules: [{ ...base(), variants: [{ ...variant(), replacement: null, fix: { policy: 'none', note: 'n' } }] }] }, /replacementReason' is required/],
    ['duplicate id', { rules: [base(), base()] }, /repeats the id of an earlier rule/],
  ];
  for (const [name, doc, message] of bad) {
    it(`rejects ${name} with one line naming file, entry and field`, () => {
      let error: unknown;
      try {
        validateRuleFile(doc, 'mine.yaml');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^mine\.yaml: /);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    });
  }

  it('loads a user rule file next to the built-in table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-rules-'));
    const file = join(dir, 'internal.yaml');
    writeFileSync(file, 'rules:\n  - id: my-rule\n    status: deprecated\n    date: 2026-01-02\n    title: t\n    description: d\n    docs: https://wiki.example/api\n    migration: m\n    variants:\n      - methods: [GET]\n        hosts: [api.example.com]\n        path: /v1/things/{id}\n        replacement: { operation: Get thing, method: GET, path: "/v2/things/{id}" }\n        fix: { policy: safe, note: path only }\n');
    const own = await loadRuleFile(file);
    expect(own[0]).toMatchObject({ id: 'my-rule', severity: 'warning', source: file });
    const all = await loadRules([file]);
    expect(all.map((r) => r.id)).toEqual([...HUB_RULES.map((r) => r.id), 'my-rule']);
  });
});

function base() {
  return { id: 'my-rule', status: 'deprecated', date: '2026-01-02', title: 't', description: 'd', docs: 'https://x.example', migration: 'm', variants: [variant()] };
}
function variant() {
  return { methods: ['GET'], hosts: ['api.example.com'], path: '/v1/x', replacement: { operation: 'o', method: 'GET', path: '/v2/x' }, fix: { policy: 'safe', note: 'n' } };
}
