// Issue 13: every case of the real-world corpus runs through --fix planning and the three checks
// that guard a write, with the same code as eval/fix-check.mjs (eval/lib/fix-check.mjs), here
// on src/ so CI needs no build.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseError, caseIds, loadCase } from '../../eval/lib/cases.mjs';
import { checkCase, type CaseFixCheck } from '../../eval/lib/fix-check.mjs';
import { lint } from '../../src/scan/run.js';
import { runFix } from '../../src/fix/run-fix.js';
import { comparableUrl, expectedUrl, verifyFix } from '../../src/fix/verify.js';
import { decodeUrl } from '../../src/fix/plan.js';
import { showHoles } from '../../src/core/hole.js';

const casesDir = join(import.meta.dirname, '..', '..', 'eval', 'cases');
const common = { lint, runFix, verifyFix, expectedUrl, decodeUrl, comparableUrl: (u: string) => showHoles(comparableUrl(u)) };

async function runCorpus(fixType: 'safe' | 'unsafe'): Promise<Map<string, CaseFixCheck>> {
  const deps = { ...common, fixType };
  const jobs: [string, ReturnType<typeof loadCase>][] = [];
  for (const id of caseIds(casesDir)) {
    try {
      jobs.push([id, loadCase(casesDir, id)]);
    } catch (error) {
      if (!(error instanceof CaseError)) throw error;
    }
  }
  const out = new Map<string, CaseFixCheck>();
  // A few cases at once: the scan awaits parsers and the file system, so this overlaps the waits.
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const [id, c] = jobs[next++];
      out.set(id, await checkCase(c, join(casesDir, id), deps));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

describe('--fix on every corpus case (issue 13)', () => {
  it.each(['safe', 'unsafe'] as const)('--fix-type %s applies fixes only to calls of their own rule, each re-resolving to the replacement, and every fixed file passes the checks', async (fixType) => {
    const results = await runCorpus(fixType);
    const cases = [...results.values()];
    expect(results.size).toBeGreaterThan(100);
    const applied = [...results].flatMap(([id, r]) => r.applied.map((a) => ({ id, ...a })));
    const where = (a: (typeof applied)[number]) => `${a.id}: ${a.finding.file}:${a.finding.line} ${a.finding.ruleId}`;
    // The corpus does have fixable calls; a planner that fixes nothing would pass the rest vacuously.
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.filter((a) => !a.labelled).map(where)).toEqual([]);
    expect(applied.filter((a) => !a.resolves).map(where)).toEqual([]);
    // The parse and skeleton checks (no new syntax error, nothing changed outside strings).
    expect(cases.flatMap((r) => r.brokenFiles.map((b) => `${b.file}: ${b.why}`))).toEqual([]);
    // Every finding is either fixed or refused with a reason.
    for (const r of cases) {
      expect(r.applied.length + r.notFixed.length).toBe(r.findings);
      for (const n of r.notFixed) expect(n.reason).not.toBe('');
    }
  }, 300_000);
});
