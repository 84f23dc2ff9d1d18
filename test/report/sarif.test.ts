import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { artifactLocation, sarifReporter } from '../../src/report/sarif.js';
import { findingsSet, ROOT, type FindingsSet } from './findings-set.js';

const run = promisify(execFile);

/**
 * The validator's native binary. node_modules/.bin/sarif-multitool is a wrapper that spawns it
 * with `shell: true`, so a `;` in `--rule-kind "Gh;Sarif"` would end the shell command there;
 * calling the binary the package resolves to passes the arguments untouched.
 */
const MULTITOOL: string = createRequire(import.meta.url)('@microsoft/sarif-multitool');

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri?: string;
  help: { text: string; markdown: string };
  defaultConfiguration: { level: string };
  properties: { tags: string[] };
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level?: string;
  message: { text?: string; id?: string; arguments?: string[] };
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Region } }>;
  partialFingerprints: Record<string, string>;
  fixes?: Array<{ artifactChanges: Array<{ artifactLocation: { uri: string }; replacements: Array<{ deletedRegion: Region; insertedContent: { text: string } }> }> }>;
}

interface SarifLog {
  $schema: string;
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri?: string; rules: SarifRule[] } };
    results: SarifResult[];
    originalUriBaseIds?: Record<string, { uri: string }>;
    invocations: Array<{ executionSuccessful: boolean }>;
  }>;
}

let set: FindingsSet;
let log: SarifLog;
let dir: string;

beforeAll(async () => {
  set = await findingsSet();
  log = JSON.parse(sarifReporter(set.findings, set.ctx));
  dir = mkdtempSync(join(tmpdir(), 'hublint-sarif-'));
});

describe('sarif reporter', () => {
  it('is one SARIF 2.1.0 run whose driver carries the rule table', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0].tool.driver;
    expect(driver).toMatchObject({ name: 'hublint', version: '0.1.0', semanticVersion: '0.1.0' });
    // No home yet, so no informationUri pointing at a URL nobody owns (issue 19 row 15).
    expect(driver).not.toHaveProperty('informationUri');
    for (const rule of set.ctx.rules) {
      const d = driver.rules.find((r) => r.id === rule.id);
      expect(d, rule.id).toBeDefined();
      expect(d!.shortDescription.text).toBe(rule.title);
      expect(d!.fullDescription.text).toBe(rule.description);
      expect(d!.helpUri).toBe(rule.docs);
      expect(d!.help.text).toContain(rule.status);
      expect(d!.help.markdown).toContain(rule.migration);
      if (rule.date) expect(d!.help.text).toContain(rule.date);
      expect(d!.defaultConfiguration.level).toBe({ error: 'error', warning: 'warning', info: 'note' }[rule.severity]);
      expect(d!.properties.tags).toContain(rule.status);
    }
    const v1 = driver.rules.find((r) => r.id === 'hub-v1-retired')!;
    expect(v1.help.text).toContain('/v2/namespaces/{namespace}/repositories/{repository}/tags');
    expect(v1.help.text).toContain('docker image ls');
  });

  it('synthesises a driver rule for every rule id the table lacks', () => {
    const ids = log.runs[0].tool.driver.rules.map((r) => r.id);
    for (const id of ['internal-error', 'engine-api-pin', 'engine-cli-image']) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of log.runs[0].results) expect(log.runs[0].tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
  });

  it('maps each finding to a result with level, relative location, fingerprint and fix', () => {
    const results = log.runs[0].results;
    expect(results).toHaveLength(set.findings.length);
    set.findings.forEach((f: Finding, i) => {
      const r = results[i];
      expect(r.level).toBe({ error: 'error', warning: 'warning', info: 'note' }[f.severity]);
      expect(r.message.text).toBe(f.message);
      const loc = r.locations[0].physicalLocation;
      expect(loc.artifactLocation).toEqual({ uri: f.file, uriBaseId: '%SRCROOT%' });
      expect(loc.region).toEqual({ startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn });
      expect(r.partialFingerprints).toEqual({ 'hublint/v1': f.fingerprint });
      expect('fixes' in r).toBe(f.fix !== undefined);
      if (f.fix) expect(r.fixes?.[0].artifactChanges[0].replacements).toHaveLength(f.fix.edits.length);
    });
    expect(results.filter((r) => r.fixes).length).toBeGreaterThan(1);
    const fixed = set.findings.findIndex((f) => f.fingerprint.endsWith('-fix'));
    const change = results[fixed].fixes![0].artifactChanges[0];
    expect(change.artifactLocation.uri).toBe(set.findings[fixed].file);
    expect(change.replacements[0].insertedContent.text).toBe(set.findings[fixed].replacement?.url);
    expect(change.replacements[0].deletedRegion.startColumn).toBe(set.findings[fixed].column);
    expect(log.runs[0].originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `${pathToFileURL(ROOT).href}/` } });
    expect(log.runs[0].invocations).toEqual([{ executionSuccessful: true }]);
  });

  it('percent-encodes relative URIs and keeps absolute paths as file URLs', () => {
    expect(artifactLocation('dir with space/a#b?.txt')).toEqual({ uri: 'dir%20with%20space/a%23b%3F.txt', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('./src/app.ts')).toEqual({ uri: 'src/app.ts', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('src\\win\\app.ts').uri).toBe('src/win/app.ts');
    expect(artifactLocation('/abs/x y.ts')).toEqual({ uri: 'file:///abs/x%20y.ts' });
  });

  it("passes Microsoft's SARIF validator with GitHub's ingestion rules: 0 errors", async () => {
    const file = join(dir, 'hublint.sarif');
    const out = join(dir, 'validation.sarif');
    // Edge cases on top of the realistic set: awkward file names and an inverted range.
    const extra: Finding[] = [
      { ...set.findings[0], file: 'odd dir/naïve #1.ts', fingerprint: 'odd1' },
      { ...set.findings[0], file: 'z.ts', line: 4, endLine: 3, fingerprint: 'odd2' },
    ];
    writeFileSync(file, sarifReporter([...set.findings, ...extra], set.ctx));
    const { stdout } = await run(MULTITOOL, ['validate', '--rule-kind', 'Gh;Sarif', '--level', 'Error;Warning;Note', '--output', out, file], { timeout: 120_000 });
    expect(stdout).toContain('Analysis completed successfully');
    const report = JSON.parse(readFileSync(out, 'utf8')) as SarifLog;
    const run0 = report.runs[0];
    // A result without `level` takes its rule's default configuration, and 'warning' without one (SARIF §3.27.10).
    const ruleDefaults = run0.tool.driver.rules as Array<{ defaultConfiguration?: { level?: string } }>;
    const levelOf = (r: SarifResult & { ruleIndex?: number }): string =>
      r.level ?? (r.ruleIndex === undefined ? undefined : ruleDefaults[r.ruleIndex]?.defaultConfiguration?.level) ?? 'warning';
    const results = run0.results.map((r) => ({ ...r, level: levelOf(r) }));
    const errors = results.filter((r) => r.level === 'error');
    expect(errors.map((r) => `${r.ruleId} ${JSON.stringify(r.message)}`)).toEqual([]);
    const warnings = results.filter((r) => r.level === 'warning');
    // One warning by design: hublint has no public home yet, so it names no informationUri
    // rather than a URL nobody owns (SARIF §3.19.12 makes it optional; README, issue 19 row 15).
    expect(warnings.map((r) => `${r.ruleId} ${JSON.stringify(r.message)}`)).toEqual(['SARIF2005 {"id":"Warning_ProvideToolnformationUri","arguments":["runs[0].tool.driver","hublint"]}']);
  }, 180_000);

  it('the validator does report errors (it is not a no-op)', async () => {
    const bad = JSON.parse(sarifReporter(set.findings.slice(0, 1), set.ctx)) as SarifLog;
    Object.assign(bad.runs[0].results[0].locations[0].physicalLocation.region, { startColumn: 9, endColumn: 2 });
    bad.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'C:\\not a uri';
    const file = join(dir, 'bad.sarif');
    const out = join(dir, 'bad-validation.sarif');
    writeFileSync(file, JSON.stringify(bad));
    await run(MULTITOOL, ['validate', '--rule-kind', 'Gh;Sarif', '--output', out, file], { timeout: 120_000 }).catch(() => undefined);
    const ids = (JSON.parse(readFileSync(out, 'utf8')) as SarifLog).runs[0].results.filter((r) => r.level === 'error').map((r) => r.ruleId);
    expect(ids).toEqual(expect.arrayContaining(['SARIF1002', 'SARIF1007']));
  }, 180_000);
});
