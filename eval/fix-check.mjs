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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CaseError, caseIds, loadCase } from './lib/cases.mjs';
import { checkCase } from './lib/fix-check.mjs';

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
const { verifyFix, expectedUrl, comparableUrl } = await import(join(root, 'dist', 'fix', 'verify.js'));
const { decodeUrl } = await import(join(root, 'dist', 'fix', 'plan.js'));
const { showHoles } = await import(join(root, 'dist', 'core', 'hole.js'));
const deps = { lint, runFix, verifyFix, expectedUrl, decodeUrl, comparableUrl: (u) => showHoles(comparableUrl(u)), fixType };

const totals = { cases: 0, findings: 0, withReplacement: 0, applied: 0, suggestions: 0, partial: 0, refused: 0, rolledBack: 0, wrongRule: 0, notResolving: 0, brokenFiles: 0, filesFixed: 0 };
const reasons = new Map();
const problems = [];
const appliedList = [];

for (const id of caseIds(casesDir)) {
  let c;
  try {
    c = loadCase(casesDir, id);
  } catch (error) {
    if (error instanceof CaseError) continue;
    throw error;
  }
  totals.cases++;
  const r = await checkCase(c, join(casesDir, id), deps);
  totals.findings += r.findings;
  totals.withReplacement += r.withReplacement;
  totals.filesFixed += r.filesFixed;
  for (const a of r.applied) {
    const f = a.finding;
    totals.applied++;
    if (f.fix.policy === 'unsafe') totals.suggestions++;
    appliedList.push(`${id}: ${f.file}:${f.line} ${f.ruleId}`);
    if (!a.labelled) {
      totals.wrongRule++;
      problems.push(`${id}: ${f.file}:${f.line} fixed as ${f.ruleId}, which no label names there`);
    }
    if (!a.resolves) {
      totals.notResolving++;
      problems.push(`${id}: ${f.file}:${f.line} does not re-resolve to ${a.want ?? 'a replacement'}`);
    }
  }
  for (const b of r.brokenFiles) {
    totals.brokenFiles++;
    problems.push(`${id}: ${b.file}: ${b.why}`);
  }
  for (const n of r.notFixed) {
    if (n.rolledBack) totals.rolledBack++;
    else if (n.partial) totals.partial++;
    else totals.refused++;
    reasons.set(n.reason, (reasons.get(n.reason) ?? 0) + 1);
  }
}

const byReason = [...reasons].sort((a, b) => b[1] - a[1]);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ fixType, coverage: totals.withReplacement ? totals.applied / totals.withReplacement : 0, ...totals, reasons: Object.fromEntries(byReason), applied: appliedList, problems }, null, 2)}\n`);
} else {
  const t = totals;
  process.stdout.write(
    [
      `${t.cases} cases, ${t.findings} Hub findings (--fix-type ${fixType}): ${t.applied} fixes applied in ${t.filesFixed} files, ${t.refused} refused, ${t.rolledBack} rolled back by the checks`,
      `fix coverage: ${t.applied} of ${t.withReplacement} Hub calls whose rule has a replacement (${t.withReplacement ? Math.round((100 * t.applied) / t.withReplacement) : 0}%): ${t.applied - t.suggestions} safe, ${t.suggestions} suggestions; ${t.partial} partial migrations shown only`,
      `applied to a call of another rule: ${t.wrongRule}; not re-resolving to the replacement: ${t.notResolving}; fixed files failing to parse or changing outside strings: ${t.brokenFiles}`,
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
process.exit(totals.wrongRule || totals.notResolving || totals.brokenFiles ? 1 : 0);
