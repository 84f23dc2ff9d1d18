// The first-look rounds as scored (issue 30 and 31): eval/first-look/scores.json keeps one entry
// per round and build, written by `eval/first-look.mjs --record NOTE`, so `npm run accuracy`
// prints every round's score and fix coverage beside the corpus's without the real checkouts
// (they are not ours to commit). Rounds 1 and 2, scored before their labels were kept here,
// were entered from eval/README.md's table by hand and say so in `note`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** The recorded entries, oldest round first; [] when the file is missing. */
export function readRecords(path) {
  if (!existsSync(path)) return [];
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(doc)) throw new Error(`${path}: must be a JSON array of scored rounds`);
  return doc;
}

/** What one scoring says of a round, as recorded: the numbers, not the problem list. */
export function recordOf(summary, note, scoredOn) {
  const pr = (s) => ({ labels: s.labels, right: s.tp, false: s.fp, missed: s.fn, precision: s.precision, recall: s.recall });
  return {
    round: summary.round,
    labelled: summary.date,
    scored: scoredOn,
    build: note,
    sources: summary.sources,
    hubCode: pr(summary.hubCode),
    hubDocs: pr(summary.hubDocs),
    pinsCode: pr(summary.pinsCode),
    pinsDocs: pr(summary.pinsDocs),
    fixCoverage: summary.fixCoverage,
    grep: summary.grep,
  };
}

/** Adds `entry`, replacing an earlier one of the same round and build; sorted by round, then scoring date. */
export function writeRecord(path, entry) {
  const kept = readRecords(path).filter((e) => !(String(e.round) === String(entry.round) && e.build === entry.build));
  kept.push(entry);
  kept.sort((a, b) => String(a.round).localeCompare(String(b.round), 'en', { numeric: true }) || String(a.scored).localeCompare(String(b.scored)));
  writeFileSync(path, `${JSON.stringify(kept, null, 2)}\n`);
}

const pair = (s) => (s ? `${s.precision ?? '—'} / ${s.recall ?? '—'}` : '—');
const share = (n, d) => (d ? ` (${Math.round((100 * n) / d)}%)` : '');

/** The per-round table `npm run accuracy` prints and writes into eval/README.md. */
export function roundsTable(records) {
  if (records.length === 0) return 'No first-look round is recorded (eval/first-look/scores.json).';
  const rows = records.map((r) => {
    const c = r.fixCoverage ?? {};
    const reachable = c.rewritableLabels === undefined ? '—' : `${c.rewritableAny} / ${c.rewritableLabels}${share(c.rewritableAny, c.rewritableLabels)}`;
    // Rows entered from the README's old table counted partial logins the dry run shows: at most that many.
    const bound = /upper bound/.test(r.note ?? '') ? '≤ ' : '';
    return `| ${r.round} | ${r.scored ?? '—'} | ${r.build} | ${pair(r.hubCode)} | ${pair(r.pinsCode)} | ${bound}${c.any ?? '—'} / ${c.labels ?? '—'}${share(c.any, c.labels)} | ${reachable} | ${c.safe ?? '—'} | ${c.suggestion ?? '—'} | ${c.found ?? '—'} |`;
  });
  return [
    '**First look, per round** (real code scored before it was tuned to; eval/first-look/scores.json, written by `eval/first-look.mjs --record`). Fix coverage: of the Hub labels in code whose rule has a replacement, those that `--fix-dry-run` rewrites (safe) or `--fix-dry-run --fix-type unsafe` rewrites (suggestion); beside it the same over the rules whose fix policy is not `none` (the search API\'s replacement changes parameters and response, so no rewrite reaches it).',
    '',
    '| round | scored | build | Hub code P / R | pins code P / R | fix coverage | of those a rewrite may reach | safe | suggestion | found |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
