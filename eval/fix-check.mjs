#!/usr/bin/env node
// Runs every corpus case through --fix-dry-run's planning and the three checks that guard a
// write (resolves to the replacement, parses, token skeleton kept) and counts what happens:
//   node eval/fix-check.mjs [--fix-type safe|unsafe] [--json] [--cases DIR]
// Needs dist/ (npm run build). Each case is scanned on its own, as a user would, from a copy in
// a temporary folder, so nothing in the repository is touched.
//
// An applied fix is counted against the case's labels: a fix on a line that no label of the
// same rule names is a fix "to a call of another rule" (the target is zero). A fixed file whose
// fixed text fails to re-parse or changes outside string literals is counted too (target zero):
// that check is re-run here on the dry run's output, apart from the one inside --fix.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CaseError, caseIds, loadCase } from './lib/cases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { 'fix-type': { type: 'string', default: 'safe' }, json: { type: 'boolean', default: false }, cases: { type: 'string' } } });
const casesDir = values.cases ?? join(root, 'eval', 'cases');
const fixType = values['fix-type'];
if (fixType !== 'safe' && fixType !== 'unsafe') {
  process.stderr.write('fix-check: --fix-type is safe or unsafe\n');
  process.exit(2);
}

const { lint } = await import(join(root, 'dist', 'scan', 'run.js'));
const { runFix } = await import(join(root, 'dist', 'fix', 'run-fix.js'));
const { verifyFix } = await import(join(root, 'dist', 'fix', 'verify.js'));

const totals = { cases: 0, findings: 0, applied: 0, refused: 0, rolledBack: 0, wrongRule: 0, brokenFiles: 0, filesFixed: 0 };
const reasons = new Map();
const problems = [];
const appliedList = [];
const count = (reason) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
// The variable part of a reason (a URL, a name) is cut so that reasons group.
const group = (r) => r.replace(/\{[^}]*\}/g, '{…}').replace(/https?:\/\/\S+/g, '<url>');

for (const id of caseIds(casesDir)) {
  let c;
  try {
    c = loadCase(casesDir, id);
  } catch (error) {
    if (error instanceof CaseError) continue;
    throw error;
  }
  totals.cases++;
  const work = mkdtempSync(join(tmpdir(), 'hublint-fixcheck-'));
  try {
    cpSync(join(casesDir, id), work, { recursive: true });
    rmSync(join(work, 'case.yaml'));
    const result = await lint({ cwd: work, paths: ['.'] });
    const hub = result.findings.filter((f) => f.ruleId.startsWith('hub-'));
    totals.findings += hub.length;
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
        const n = hub.filter((f) => f.file === r.file && f.fix).length;
        totals.rolledBack += n;
        for (let i = 0; i < n; i++) count(`rolled back by the checks: ${group(r.reason ?? '')}`);
        continue;
      }
      totals.filesFixed++;
      for (const f of r.fixed) {
        appliedPrints.add(f.fingerprint);
        totals.applied++;
        appliedList.push(`${id}: ${f.file}:${f.line} ${f.ruleId}`);
        const labelled = c.labels.some((l) => l.file === f.file && l.rule === f.ruleId && (l.line === f.line || (l.alt ?? []).includes(f.line)));
        if (!labelled) {
          totals.wrongRule++;
          problems.push(`${id}: ${f.file}:${f.line} fixed as ${f.ruleId}, which no label names there`);
        }
      }
      // The checks once more, on the dry run's own output.
      const v = await result.scanned.verifier(r.file, r.diff.before);
      const why = await verifyFix(r.diff.before, r.diff.after, r.fixed, r.fixed.flatMap((f) => f.fix.edits), v);
      if (why) {
        totals.brokenFiles++;
        problems.push(`${id}: ${r.file}: ${why}`);
      }
    }
    for (const f of hub) {
      if (appliedPrints.has(f.fingerprint) || results.some((r) => r.status === 'refused' && r.file === f.file && f.fix)) continue;
      totals.refused++;
      if (f.fix) count('unsafe rewrite (only with --fix-type unsafe)');
      else count(group(f.fixRefusal ?? 'no automatic rewrite'));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const byReason = [...reasons].sort((a, b) => b[1] - a[1]);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ fixType, ...totals, reasons: Object.fromEntries(byReason), applied: appliedList, problems }, null, 2)}\n`);
} else {
  const t = totals;
  process.stdout.write(
    [
      `${t.cases} cases, ${t.findings} Hub findings (--fix-type ${fixType}): ${t.applied} fixes applied in ${t.filesFixed} files, ${t.refused} refused, ${t.rolledBack} rolled back by the checks`,
      `applied to a call of another rule: ${t.wrongRule}; fixed files failing to parse or changing outside strings: ${t.brokenFiles}`,
      '',
      '| reason a finding was not fixed | findings |',
      '|---|---:|',
      ...byReason.map(([r, n]) => `| ${r.replace(/\|/g, '\\|')} | ${n} |`),
      '',
      'applied:',
      ...appliedList.map((a) => `  ${a}`),
      ...(problems.length ? ['', ...problems] : []),
      '',
    ].join('\n'),
  );
}
process.exit(totals.wrongRule || totals.brokenFiles ? 1 : 0);
