// Turns judged cases into the Markdown tables `npm run accuracy` prints (and `--write` writes into
// eval/README.md), and the plain lists of misses and false findings.

function tally(events) {
  const t = { tp: 0, fp: 0, fn: 0, tpMethod: 0 };
  for (const e of events) {
    t[e.kind] += 1;
    if (e.kind === 'tp' && e.methodRight) t.tpMethod += 1;
  }
  return t;
}

function ratio(n, d) {
  return d === 0 ? '—' : (n / d).toFixed(2);
}

/** Strict precision / recall, and the same counting only method-right matches as right. */
export function scores(events) {
  const t = tally(events);
  return {
    ...t,
    labels: t.tp + t.fn,
    findings: t.tp + t.fp,
    precision: ratio(t.tp, t.tp + t.fp),
    recall: ratio(t.tp, t.tp + t.fn),
    precisionMethod: ratio(t.tpMethod, t.tp + t.fp),
    recallMethod: ratio(t.tpMethod, t.tp + t.fn),
  };
}

function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

const byKey = (events, key) => {
  const m = new Map();
  for (const e of events) m.set(e[key], [...(m.get(e[key]) ?? []), e]);
  return m;
};

const FAMILY_ORDER = { hub: 0, pins: 1, other: 2 };
const CONTEXT_ORDER = ['code', 'test', 'config', 'comment', 'doc'];

/** The Markdown block: summary, per rule, per language, per context. */
export function tables(judged, ruleIds = []) {
  const events = judged.flatMap((j) => j.events);
  const lenient = judged.flatMap((j) => j.lenientEvents);
  const repos = new Set(judged.flatMap((j) => j.repos));
  const passing = judged.filter((j) => j.passed).length;
  const out = [];
  const labelsOf = (fam) => events.filter((e) => e.family === fam && e.kind !== 'fp').length;
  out.push(
    `${judged.length} cases (${passing} passing) from ${repos.size} repositories; ${labelsOf('hub')} Hub labels, ${labelsOf('pins')} pin labels.`,
    '',
  );

  const summaryRows = [];
  for (const fam of ['hub', 'pins']) {
    for (const group of ['code', 'docs', 'all']) {
      const pick = (e) => e.family === fam && (group === 'all' || e.group === group);
      const s = scores(events.filter(pick));
      const l = scores(lenient.filter(pick));
      const hub = fam === 'hub';
      summaryRows.push([
        `${hub ? 'Hub' : 'pins'} ${group}`,
        s.labels,
        s.findings,
        s.tp,
        s.fp,
        s.fn,
        s.precision,
        s.recall,
        hub ? s.precisionMethod : '—',
        hub ? s.recallMethod : '—',
        hub ? l.precision : '—',
        hub ? l.recall : '—',
      ]);
    }
  }
  out.push(
    '**By family** (strict = right rule, right line; lenient = any Hub rule on the right line)',
    '',
    table(['family', 'labels', 'findings', 'right', 'false', 'missed', 'P strict', 'R strict', 'P with method', 'R with method', 'P lenient', 'R lenient'], summaryRows),
    '',
  );

  const perRule = byKey(events, 'rule');
  for (const id of ruleIds) if (!perRule.has(id)) perRule.set(id, []);
  const familyRank = (id, es) => FAMILY_ORDER[es[0]?.family ?? (id.startsWith('hub-') ? 'hub' : id === 'engine-api-pin' ? 'pins' : 'other')];
  const ruleRows = [...perRule]
    .sort(([a, ea], [b, eb]) => familyRank(a, ea) - familyRank(b, eb) || a.localeCompare(b))
    .map(([rule, es]) => {
      const s = scores(es);
      const hub = familyRank(rule, es) === 0;
      const c = scores(es.filter((e) => e.group === 'code'));
      const d = scores(es.filter((e) => e.group === 'docs'));
      return [rule, s.labels, s.findings, s.precision, s.recall, hub ? s.precisionMethod : '—', hub ? s.recallMethod : '—', `${c.precision} / ${c.recall}`, `${d.precision} / ${d.recall}`];
    });
  out.push('**By rule** (false findings count against the rule they were reported as)', '', table(['rule', 'labels', 'findings', 'P', 'R', 'P with method', 'R with method', 'code P / R', 'docs P / R'], ruleRows), '');

  const famCols = (es) => {
    const h = scores(es.filter((e) => e.family === 'hub'));
    const p = scores(es.filter((e) => e.family === 'pins'));
    return [h.labels, h.findings, h.precision, h.recall, h.precisionMethod, h.recallMethod, p.labels, p.findings, p.precision, p.recall];
  };
  const famHead = ['Hub labels', 'Hub findings', 'Hub P', 'Hub R', 'Hub P method', 'Hub R method', 'pin labels', 'pin findings', 'pins P', 'pins R'];
  const langCases = byKey(judged, 'language');
  const langRows = [...langCases.keys()].sort().map((lang) => [`${lang} (${langCases.get(lang).length})`, ...famCols(events.filter((e) => e.language === lang))]);
  out.push('**By language** (cases in brackets)', '', table(['language', ...famHead], langRows), '');

  const ctxRows = CONTEXT_ORDER.map((ctx) => [ctx, ...famCols(events.filter((e) => e.context === ctx))]);
  out.push('**By context** (code = code, test, config; docs = comment, doc)', '', table(['context', ...famHead], ctxRows));
  return out.join('\n');
}

/** One line per miss and per false finding, grouped by case. */
export function problemLines(judged) {
  const lines = [];
  for (const j of judged) {
    if (j.crash) lines.push(`crash  ${j.id}  ${j.crash}`);
    for (const m of j.internalErrors) lines.push(`internal-error  ${j.id}  ${m}`);
    for (const e of j.misses) lines.push(`miss   ${j.id}  ${e.file}:${e.line}  ${e.rule}${e.expectedMethod ? ` ${e.expectedMethod}` : ''}  [${e.context}]`);
    for (const e of j.falses) lines.push(`false  ${j.id}  ${e.file}:${e.line}  ${e.rule}${e.method ? ` ${e.method}` : ''}  [${e.context}]`);
    for (const e of j.events) {
      if (e.kind === 'tp' && e.family === 'hub' && !e.methodRight) lines.push(`method ${j.id}  ${e.file}:${e.line}  ${e.rule}  found ${e.method ?? 'none'}, labelled ${e.expectedMethod}`);
    }
  }
  return lines;
}
