// One corpus case through --fix-dry-run's planning and, once more, the three checks that guard a
// write (issue 13). Shared by eval/fix-check.mjs (the counts in eval/README.md, run on dist/) and
// test/fix/corpus-fixes.test.ts (the same checks in CI, run on src/): the caller hands in the
// lint, runFix, verifyFix, expectedUrl and decodeUrl it wants, so one piece of code serves both.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The variable part of a reason (a URL, a name) is cut so that reasons group.
export const groupReason = (r) => r.replace(/\{[^}]*\}/g, '{…}').replace(/https?:\/\/\S+/g, '<url>');

/**
 * Scans a copy of case `id` as a user would and plans its fixes as a dry run. Returns, for the
 * case: the Hub findings, the applied fixes (each with whether a label of the same rule names its
 * line and whether the fixed text re-extracts the replacement URL), the fixed files the checks
 * reject, and why each other finding was not fixed.
 */
export async function checkCase(c, caseDir, { lint, runFix, verifyFix, expectedUrl, decodeUrl, comparableUrl = (u) => decodeUrl(u.trim()), fixType = 'safe' }) {
  const out = { findings: 0, withReplacement: 0, applied: [], brokenFiles: [], filesFixed: 0, notFixed: [] };
  const work = mkdtempSync(join(tmpdir(), 'hublint-fixcheck-'));
  try {
    cpSync(caseDir, work, { recursive: true });
    rmSync(join(work, 'case.yaml'));
    const result = await lint({ cwd: work, paths: ['.'] });
    const hub = result.findings.filter((f) => f.ruleId.startsWith('hub-'));
    out.findings = hub.length;
    // Fix coverage is counted over the calls whose rule has a replacement to rewrite them to.
    out.withReplacement = hub.filter((f) => f.replacement).length;
    const results = await runFix(hub, {
      cwd: work,
      fixType,
      dryRun: true,
      relint: result.scanned.relint,
      verifier: result.scanned.verifier,
      scannedHash: result.scanned.hash,
    });
    const appliedPrints = new Set();
    for (const r of results) {
      if (r.status === 'refused') {
        for (const f of hub.filter((x) => x.file === r.file && x.fix)) out.notFixed.push({ finding: f, reason: `rolled back by the checks: ${groupReason(r.reason ?? '')}`, rolledBack: true });
        continue;
      }
      if (r.fixed.some((f) => !f.fix.partial)) out.filesFixed++;
      const v = await result.scanned.verifier(r.file, r.diff.before);
      const was = await v.candidates(r.diff.before);
      const now = new Set((await v.candidates(r.diff.after)).map((x) => comparableUrl(x.url)));
      for (const f of r.fixed) {
        appliedPrints.add(f.fingerprint);
        // A partial migration is shown by the dry run, never written: it is not a fix.
        if (f.fix.partial) {
          out.notFixed.push({ finding: f, reason: `partial migration, shown only: ${groupReason(f.fix.partial)}`, partial: true });
          continue;
        }
        const labelled = c.labels.some((l) => l.file === f.file && l.rule === f.ruleId && (l.line === f.line || (l.alt ?? []).includes(f.line)));
        // Re-resolution, read from the outside: the construction the fix edited now builds the
        // replacement of the URL it built before.
        const first = f.fix.edits.find((e) => !e.kind) ?? f.fix.edits[0];
        const old = was.find((x) => x.start <= first.start && first.end <= x.end);
        const want = old && f.replacement ? comparableUrl(f.fix.target ?? expectedUrl(old.url, f.replacement.path)) : null;
        out.applied.push({ finding: f, labelled, resolves: want !== null && now.has(want), want });
      }
      // The checks once more, on the dry run's own output.
      const why = await verifyFix(r.diff.before, r.diff.after, r.fixed, r.fixed.flatMap((f) => f.fix.edits), v);
      if (why) out.brokenFiles.push({ file: r.file, why });
    }
    for (const f of hub) {
      if (appliedPrints.has(f.fingerprint) || results.some((r) => r.status === 'refused' && r.file === f.file && f.fix)) continue;
      out.notFixed.push({ finding: f, reason: f.fix ? 'unsafe rewrite (only with --fix-type unsafe)' : groupReason(f.fixRefusal ?? 'no automatic rewrite') });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}
