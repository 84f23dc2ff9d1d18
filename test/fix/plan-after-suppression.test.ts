import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candidate } from '../../src/core/types.js';

// The planner itself, wrapped so the test sees which candidates it is asked to rewrite.
vi.mock('../../src/fix/plan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/fix/plan.js')>();
  return { ...real, planFix: vi.fn(real.planFix) };
});

const { planFix } = await import('../../src/fix/plan.js');
const { lint } = await import('../../src/scan/run.js');
const { runFix } = await import('../../src/fix/run-fix.js');
const { makeBaseline } = await import('../../src/suppress/baseline.js');

const OLD = 'https://registry.hub.docker.com/v2/repositories/acme';
const SOURCE = [
  `const web = await fetch('${OLD}/web/');`,
  '// hublint-disable-next-line hub-get-repository',
  `const api = await fetch('${OLD}/api/');`,
  `const db = await fetch('${OLD}/db/');`,
  `const all = await fetch('${OLD}/?page_size=10');`,
  '',
].join('\n');

const planned = () => vi.mocked(planFix).mock.calls.map(([, c]) => (c as Candidate).url);

describe('fix planning after suppression', () => {
  beforeEach(() => {
    vi.mocked(planFix).mockClear();
  });

  it('plans no fix for a finding an inline directive, a rule turned off or the baseline drops, and still fixes the others in the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-plan-'));
    const file = join(dir, 'client.js');
    writeFileSync(file, SOURCE);
    const options = { paths: ['.'], cwd: dir, pins: false, ruleSeverity: { 'hub-list-repositories': 'off' as const } };

    // The baseline knows the `db` call: it is accepted debt, not to be rewritten.
    const first = await lint(options);
    const baseline = makeBaseline(first.findings.filter((f) => f.url.endsWith('/db/')));
    vi.mocked(planFix).mockClear();

    const result = await lint({ ...options, baseline });
    expect(result.stats.suppressed).toBe(1);
    expect(result.stats.baseline).toEqual({ total: 1, fixed: 0, remaining: 1 });
    expect(result.findings.map((f) => f.url)).toEqual([`${OLD}/web/`]);
    // Only the finding that survived was planned: not the suppressed, turned-off or baselined ones.
    expect(planned()).toEqual([`${OLD}/web/`]);
    expect(result.findings[0].fix?.policy).toBe('safe');
    expect(result.findings[0]).not.toHaveProperty('pendingFix');

    const fixed = await runFix(result.findings, {
      cwd: dir,
      fixType: 'safe',
      dryRun: false,
      relint: result.scanned.relint,
      verifier: result.scanned.verifier,
      scannedHash: result.scanned.hash,
    });
    expect(fixed.map((r) => r.status)).toEqual(['fixed']);
    expect(readFileSync(file, 'utf8')).toBe(SOURCE.replace(`${OLD}/web/`, 'https://hub.docker.com/v2/namespaces/acme/repositories/web/'));
  });

  it('lintText, which applies no suppression, returns every finding with its fix planned', async () => {
    const { lintText } = await import('../../src/scan/lint-file.js');
    const { compileRules } = await import('../../src/match/ruleset.js');
    const { builtinRules } = await import('../../src/rules/builtin.js');
    const { NO_PROJECT } = await import('../../src/extract/types.js');
    const found = await lintText('client.js', SOURCE, { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: () => true });
    // lintText applies no suppression: all four calls, each with its fix, none with internal state.
    expect(found.map((f) => f.fix?.policy)).toEqual(['safe', 'safe', 'safe', 'safe']);
    expect(found.some((f) => 'pendingFix' in f)).toBe(false);
    expect(planned()).toHaveLength(4);
  });
});
