#!/usr/bin/env node
// The first-look score (issue 30): hublint run as a user would on real files and repositories
// nobody here has looked at, scored against labels written by someone who does not fix the
// detection, before any change is made for them. The real code is not ours to commit: the
// labels and the checkouts live outside this repository; this script only reads them.
//
//   node eval/first-look.mjs --labels FILE --root DIR [--cli PATH] [--json]
//
//   --labels FILE  the round's labels (YAML, format below)
//   --root DIR     the folder the label paths are relative to; scanned once, as
//                  `hublint -f json --fail-on none .` with DIR as working directory
//   --cli PATH     the hublint to score (default: this checkout's dist/bin/cli/main.js); to
//                  re-run a recorded round, pass the build it was scored with
//   --json         print the numbers as JSON instead of the tables
//   --record NOTE  also keep the numbers in eval/first-look/scores.json as the scoring of this
//                  round by the build NOTE describes (`main at abc1234, before any change for it`);
//                  `npm run accuracy` prints every recorded round
//   --scores FILE  the record --record writes (default eval/first-look/scores.json)
//
// Labels file: `labels:` is a list in the format of eval/README.md (file, line, alt, rule,
// method, version, context, optional) with `file` relative to --root; optional `round`,
// `date` and `sources` (owner/name, commit, folder) describe the round. Scoring is the
// corpus's (eval/lib/judge.mjs): strict = right rule and right line, one label per finding.
// Each labelled or reported file is judged as its own case, so the language table is per file.
//
// It also prints fix coverage (of the Hub labels in code whose rule has a replacement, how
// many get a safe rewrite from --fix-dry-run, a rewrite from --fix-dry-run --fix-type unsafe,
// or a suggestion in the JSON report) and the recall of the grep baseline the issue names.
//
// Exit codes: 0 scored; 2 bad usage, a malformed labels file or a failed scan.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { CaseError, checkLabel, contextGroup } from './lib/cases.mjs';
import { familyOf, judgeCase } from './lib/judge.mjs';
import { problemLines, scores, tables } from './lib/report.mjs';
import { recordOf, writeRecord } from './lib/first-look-record.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const GREP_BASELINE = '/v2/repositories|/v1/repositories|/v2/users|products/search';

function die(message) {
  process.stderr.write(`first-look: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      labels: { type: 'string' },
      root: { type: 'string' },
      cli: { type: 'string', default: join(repoRoot, 'dist', 'bin', 'cli', 'main.js') },
      json: { type: 'boolean', default: false },
      record: { type: 'string' },
      scores: { type: 'string', default: join(repoRoot, 'eval', 'first-look', 'scores.json') },
    },
  }).values;
} catch (error) {
  die(error.message);
}
if (!args.labels || !args.root) die('usage: node eval/first-look.mjs --labels FILE --root DIR [--cli PATH] [--json]');
const root = resolve(args.root);
const cli = resolve(args.cli);
if (!existsSync(root)) die(`--root ${args.root}: no such folder`);
if (!existsSync(cli)) die(`--cli ${args.cli}: no such file`);

function loadLabels(path) {
  let doc;
  try {
    doc = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    die(`${path}: ${error.code === 'ENOENT' ? 'no such file' : `not valid YAML: ${error.message.split('\n')[0]}`}`);
  }
  if (!Array.isArray(doc?.labels)) die(`${path}: labels must be a list`);
  const fail = (key, what) => {
    throw new CaseError(`${path}: ${key} ${what}`);
  };
  try {
    return { ...doc, labels: doc.labels.map((l, i) => checkLabel(l, `labels[${i}]`, root, fail)) };
  } catch (error) {
    if (error instanceof CaseError) die(error.message);
    throw error;
  }
}

function hubRuleTable() {
  const doc = parse(readFileSync(join(repoRoot, 'rules', 'hub-api.yaml'), 'utf8'));
  return {
    ids: new Set(doc.rules.map((r) => r.id)),
    // A rule "has a replacement" when one of its variants names one (hub-v1-retired's image
    // list has none; its tag routes do).
    withReplacement: new Set(doc.rules.filter((r) => r.variants.some((v) => v.replacement)).map((r) => r.id)),
    // ... and one a rewrite may reach: the rule's own fix policy is not `none` (the search API's
    // replacement takes other parameters and answers in another shape: no edit kind reaches it).
    rewritable: new Set(doc.rules.filter((r) => r.variants.some((v) => v.replacement && v.fix?.policy !== 'none')).map((r) => r.id)),
  };
}

function hublint(extra) {
  const r = spawnSync(process.execPath, [cli, ...extra, '.'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) die(`hublint did not run: ${r.error.message}`);
  return r;
}

function scan() {
  const r = hublint(['-f', 'json', '--fail-on', 'none']);
  if (r.status !== 0) die(`hublint exited ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
  try {
    return JSON.parse(r.stdout).findings;
  } catch {
    die('hublint printed no JSON report');
  }
}

/** file → set of old-side line numbers a unified diff removes or replaces. */
function changedLines(diff) {
  const out = new Map();
  let file = null;
  let old = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) {
      file = line.slice(4).replace(/^a\//, '').replace(/\t.*$/, '');
      continue;
    }
    if (line.startsWith('+++ ')) continue;
    const hunk = /^@@ -(\d+)/.exec(line);
    if (hunk) {
      old = Number(hunk[1]);
      continue;
    }
    if (file === null) continue;
    if (line.startsWith('-')) {
      if (!out.has(file)) out.set(file, new Set());
      out.get(file).add(old);
      old += 1;
    } else if (line.startsWith(' ')) old += 1;
  }
  return out;
}

function fixedLines(fixType) {
  const r = hublint(['--fix-dry-run', '--fix-type', fixType, '--fail-on', 'none']);
  if (r.status !== 0) die(`hublint --fix-dry-run exited ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
  return changedLines(r.stdout);
}

/** Files a grep for the issue's baseline pattern hits, with the lines it hits. */
function grepBaseline() {
  const r = spawnSync('grep', ['-rnIE', '--exclude-dir=.git', GREP_BASELINE, '.'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const hits = new Map();
  let count = 0;
  for (const line of r.stdout.split('\n')) {
    const m = /^\.\/(.+?):(\d+):/.exec(line);
    if (!m) continue;
    count += 1;
    if (!hits.has(m[1])) hits.set(m[1], new Set());
    hits.get(m[1]).add(Number(m[2]));
  }
  return { hits, count };
}

const LANGUAGE_BY_EXT = {
  '.js': 'js', '.cjs': 'js', '.mjs': 'js', '.jsx': 'js', '.ts': 'ts', '.tsx': 'ts', '.py': 'python', '.go': 'go',
  '.sh': 'shell', '.bash': 'shell', '.rb': 'ruby', '.java': 'java', '.kt': 'kotlin', '.kts': 'kotlin', '.php': 'php',
  '.cs': 'csharp', '.rs': 'rust', '.scala': 'scala', '.groovy': 'groovy', '.pl': 'perl', '.ps1': 'powershell',
  '.yml': 'yaml', '.yaml': 'yaml', '.json': 'json', '.md': 'markdown', '.rst': 'markdown', '.http': 'http',
  '.html': 'html', '.vue': 'js', '.swift': 'swift', '.c': 'c', '.cpp': 'cpp', '.hcl': 'hcl', '.tf': 'hcl',
};
function languageOf(file) {
  const name = file.split('/').pop();
  if (/^(Dockerfile|Containerfile)/.test(name)) return 'dockerfile';
  if (/^(GNU)?[Mm]akefile/.test(name)) return 'makefile';
  if (/^Jenkinsfile/.test(name)) return 'groovy';
  return LANGUAGE_BY_EXT[extname(name).toLowerCase()] ?? 'other';
}

const labelsDoc = loadLabels(resolve(args.labels));
const hub = hubRuleTable();
const findings = scan();

// One pseudo-case per file that has a label or a scored finding: the corpus judge matches
// within a file anyway, and the language table then counts files.
const files = new Set([
  ...labelsDoc.labels.map((l) => l.file),
  ...findings.filter((f) => familyOf(f.ruleId, hub.ids) !== 'other').map((f) => f.file),
]);
const judged = [...files].sort().map((file) => {
  // The id is the file's top folder (one checkout per repository), so the problem list names it.
  const c = { id: file.split('/')[0], dir: root, kind: 'site', language: languageOf(file), sources: [{ repo: file.split('/')[0] }], labels: labelsDoc.labels.filter((l) => l.file === file), silent: [] };
  return judgeCase(c, { findings: findings.filter((f) => f.file === file), crash: null }, hub.ids);
});
const events = judged.flatMap((j) => j.events);

// Fix coverage, over Hub labels in code whose rule has a replacement (found or not): a label
// counts when --fix-dry-run rewrites its line (safe) or --fix-dry-run --fix-type unsafe does
// (a suggestion: a rewrite resting on evidence, applied by --fix-type unsafe), except a partial
// login, which the dry run shows but --fix never writes. The report's `suggestion` text is not
// counted: every finding carries one, refused ones included (it says what to call by hand).
// Before 2 December the text alone counted, which made the coverage equal the labels found.
const safe = fixedLines('safe');
const unsafe = fixedLines('unsafe');
const fixable = labelsDoc.labels.filter((l) => !l.optional && familyOf(l.rule, hub.ids) === 'hub' && contextGroup(l.context) === 'code' && hub.withReplacement.has(l.rule));
const rightFinding = new Set();
for (const j of judged) for (const e of j.events) if (e.kind === 'tp') rightFinding.add(`${e.file}:${e.line}:${e.rule}`);
const touched = (map, l) => l.lines.some((n) => map.get(l.file)?.has(n));
const coverage = { labels: fixable.length, found: 0, safe: 0, suggestion: 0, partial: 0, any: 0 };
/** The labels no rewrite reaches: not found, or found and refused or only partly migrated, with the report's reason. */
const unfixed = [];
const findingAt = (l) => findings.find((x) => x.file === l.file && l.lines.includes(x.line) && x.ruleId === l.rule);
// A partial login is shown by the dry run but never written (issue 31): it is no rewrite.
const rewritten = (l) => touched(safe, l) || (touched(unsafe, l) && !findingAt(l)?.fix?.partial);
for (const l of fixable) {
  if (!rightFinding.has(`${l.file}:${l.line}:${l.rule}`)) {
    unfixed.push(`not found ${l.file}:${l.line} ${l.rule}`);
    continue;
  }
  coverage.found += 1;
  const f = findingAt(l);
  if (touched(safe, l)) coverage.safe += 1;
  else if (rewritten(l)) coverage.suggestion += 1;
  else {
    if (f?.fix?.partial) coverage.partial += 1;
    unfixed.push(`${f?.fix?.partial ? 'partial' : 'refused'} ${l.file}:${l.line} ${l.rule}: ${f?.fixRefusal ?? f?.fix?.partial ?? 'no reason given'}`);
  }
}
coverage.any = coverage.safe + coverage.suggestion;
// The same over the labels whose rule's fix policy allows a rewrite at all (shown beside it).
const rewritable = fixable.filter((l) => hub.rewritable.has(l.rule));
coverage.rewritableLabels = rewritable.length;
coverage.rewritableAny = rewritable.filter((l) => rightFinding.has(`${l.file}:${l.line}:${l.rule}`) && rewritten(l)).length;

// The grep baseline: recall of the issue's pattern on the Hub labels in code, and its hit count.
const grep = grepBaseline();
const hubCode = labelsDoc.labels.filter((l) => !l.optional && familyOf(l.rule, hub.ids) === 'hub' && contextGroup(l.context) === 'code');
const grepFound = hubCode.filter((l) => l.lines.some((n) => grep.hits.get(l.file)?.has(n))).length;

const pick = (fam, group) => scores(events.filter((e) => e.family === fam && (group === 'all' || e.group === group)));
const summary = {
  round: labelsDoc.round ?? null,
  date: labelsDoc.date ?? null,
  cli,
  sources: Array.isArray(labelsDoc.sources) ? labelsDoc.sources.length : null,
  labels: { hubCode: pick('hub', 'code').labels, hubDocs: pick('hub', 'docs').labels, pinsCode: pick('pins', 'code').labels, pinsDocs: pick('pins', 'docs').labels },
  hubCode: pick('hub', 'code'),
  hubDocs: pick('hub', 'docs'),
  pinsCode: pick('pins', 'code'),
  pinsDocs: pick('pins', 'docs'),
  fixCoverage: coverage,
  grep: { recall: hubCode.length ? Number((grepFound / hubCode.length).toFixed(2)) : null, found: grepFound, labels: hubCode.length, hits: grep.count },
};

if (args.record !== undefined) {
  if (!args.record.trim()) die('--record needs a note saying which build was scored');
  writeRecord(resolve(args.scores), recordOf(summary, args.record.trim(), new Date().toISOString().slice(0, 10)));
}

if (args.json) {
  process.stdout.write(`${JSON.stringify({ ...summary, problems: problemLines(judged), unfixed }, null, 2)}\n`);
} else {
  const pr = (s) => `${s.precision} / ${s.recall}`;
  const c = coverage;
  const out = [
    `First look${summary.round ? ` (${summary.round})` : ''}: ${summary.sources ?? '?'} sources, ${files.size} files judged; labels: Hub code ${summary.labels.hubCode}, Hub docs ${summary.labels.hubDocs}, pins code ${summary.labels.pinsCode}, pins docs ${summary.labels.pinsDocs}`,
    '',
    '| Hub code P / R | Hub docs P / R | pins code P / R | pins docs P / R | fix coverage | grep baseline R (Hub code) |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${pr(summary.hubCode)} | ${pr(summary.hubDocs)} | ${pr(summary.pinsCode)} | ${pr(summary.pinsDocs)} | ${c.any} / ${c.labels} (safe ${c.safe}, suggestion ${c.suggestion}; partial logins shown only ${c.partial}; found ${c.found}; ${c.rewritableAny} / ${c.rewritableLabels} whose rule's fix policy is not none) | ${summary.grep.recall ?? '—'} (${grepFound} / ${hubCode.length}; ${grep.count} hits) |`,
    '',
    tables(judged, [...hub.ids, 'engine-api-pin']),
    '',
  ];
  const problems = problemLines(judged);
  out.push(problems.length ? `Misses, false findings, wrong methods (${problems.length}):\n${problems.join('\n')}` : 'No miss, no false finding.');
  if (unfixed.length) out.push('', `Hub labels in code with a replacement and no rewrite (${unfixed.length}):\n${unfixed.join('\n')}`);
  process.stdout.write(`${out.join('\n')}\n`);
}
