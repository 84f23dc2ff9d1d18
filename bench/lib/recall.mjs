// Recall on the planted set: a planted call is found when hublint reports its rule id on
// its file and line. Findings in the corpus that are not planted calls are listed as extra.

/** planted: [{file, line, ruleId, ext}]; findings: hublint's JSON findings (file relative to the scan root). */
export function checkRecall(planted, findings) {
  const key = (file, line, ruleId) => `${file}\u0000${line}\u0000${ruleId}`;
  const reported = new Set(findings.map((f) => key(f.file, f.line, f.ruleId)));
  const onLine = new Map();
  for (const f of findings) {
    const k = `${f.file}\u0000${f.line}`;
    onLine.set(k, [...(onLine.get(k) ?? []), f.ruleId]);
  }
  const byExt = {};
  const misses = [];
  const expected = new Set();
  for (const p of planted) {
    expected.add(key(p.file, p.line, p.ruleId));
    const e = (byExt[p.ext] ??= { found: 0, total: 0 });
    e.total++;
    if (reported.has(key(p.file, p.line, p.ruleId))) e.found++;
    else misses.push({ ...p, got: onLine.get(`${p.file}\u0000${p.line}`) ?? [] });
  }
  // A file-level internal-error finding sits on line 1: it explains the misses in that file.
  const internal = new Map(findings.filter((f) => f.ruleId === 'internal-error').map((f) => [f.file, f.message]));
  for (const m of misses) if (!m.got.length && internal.has(m.file)) m.got = [`internal-error: ${internal.get(m.file)}`];
  const extra = findings.filter((f) => !expected.has(key(f.file, f.line, f.ruleId)));
  return { total: planted.length, found: planted.length - misses.length, byExt, misses, extra };
}
