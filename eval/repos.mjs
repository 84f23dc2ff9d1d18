#!/usr/bin/env node
// Whole-repository runs (issue 12; not in CI): re-scans the recorded checkouts of real public
// repositories with default options and diffs the findings against the verdicts recorded in
// eval/repos/<owner>__<name>.json, so a later extraction can be re-judged in minutes.
//
//   node eval/repos.mjs [--root DIR] [--write] [--table] [owner/name ...]
//
//   --root DIR   where the checkouts live (default /work/scratch; a record's `checkout` is the
//                folder name under it). Check a repository out at the recorded commit:
//                git clone https://github.com/OWNER/NAME DIR/NAME && git -C DIR/NAME checkout COMMIT
//   --write      add the findings nobody judged yet to the record as `unjudged` (judge them by
//                hand: set verdict to right or wrong and give the wrong ones a class)
//   --table      print the Markdown table of eval/README.md from the records, without scanning
//   --readme     with --table: write it into eval/README.md between the repos markers
//
// A finding is matched to a recorded verdict by `file:line:rule`, else by its fingerprint (the
// line moved). Per repository it prints Hub and pin counts: right, wrong, missed (the recorded
// misses still not found plus the right findings that disappeared), and unjudged.
// Exit codes: 0 done; 2 bad usage, a missing checkout or a failed scan.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const recordsDir = join(root, 'eval', 'repos');
const CLI = join(root, 'dist', 'bin', 'cli', 'main.js');

function die(message) {
  process.stderr.write(`repos: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string', default: '/work/scratch' },
      write: { type: 'boolean' },
      table: { type: 'boolean' },
      readme: { type: 'boolean' },
    },
  });
} catch (e) {
  die(e.message);
}
const { values, positionals } = args;

const family = (ruleId) => (ruleId === 'engine-api-pin' ? 'pins' : ruleId.startsWith('hub-') ? 'hub' : null);
const keyOf = (f) => `${f.file}:${f.line}:${f.ruleId}`;

function loadRecords() {
  const all = readdirSync(recordsDir).filter((n) => n.endsWith('.json')).sort();
  const records = all.map((n) => ({ path: join(recordsDir, n), ...JSON.parse(readFileSync(join(recordsDir, n), 'utf8')) }));
  if (positionals.length === 0) return records;
  const wanted = new Set(positionals);
  const chosen = records.filter((r) => wanted.has(r.repo));
  for (const name of wanted) if (!chosen.some((r) => r.repo === name)) die(`no record for ${name} in eval/repos/`);
  return chosen;
}

/** Counts of a record as recorded: each recorded finding by verdict, each recorded miss. */
function recordedCounts(rec) {
  const c = { hub: { right: 0, wrong: 0, missed: 0, unjudged: 0 }, pins: { right: 0, wrong: 0, missed: 0, unjudged: 0 } };
  for (const f of rec.findings) c[family(f.key.split(':').pop())][f.verdict] += 1;
  for (const m of rec.misses) c[family(m.rule)].missed += 1;
  return c;
}

function scan(rec) {
  const dir = join(values.root, rec.checkout);
  if (!existsSync(dir)) die(`${rec.repo}: no checkout at ${dir} (clone it at ${rec.commit})`);
  const head = spawnSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  if (head !== rec.commit) process.stderr.write(`repos: ${rec.repo}: checkout is at ${head.slice(0, 12)}, the record at ${rec.commit.slice(0, 12)}\n`);
  const r = spawnSync(process.execPath, [CLI, '-f', 'json', '--fail-on', 'none', '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) die(`${rec.repo}: hublint exited ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
  return JSON.parse(r.stdout).findings.filter((f) => family(f.ruleId));
}

/** Judges a fresh scan by the record; returns the counts and the lines worth reading. */
function diff(rec, findings) {
  const byKey = new Map(rec.findings.map((f) => [f.key, f]));
  const byPrint = new Map(rec.findings.map((f) => [f.fingerprint, f]));
  const c = { hub: { right: 0, wrong: 0, missed: 0, unjudged: 0 }, pins: { right: 0, wrong: 0, missed: 0, unjudged: 0 } };
  const seen = new Set();
  const news = [];
  const lines = [];
  for (const f of findings) {
    const fam = family(f.ruleId);
    const known = byKey.get(keyOf(f)) ?? byPrint.get(f.fingerprint);
    // A recorded miss that is found now is right.
    const miss = rec.misses.find((m) => m.rule === f.ruleId && m.file === f.file && (m.line === f.line || (m.alt ?? []).includes(f.line)));
    if (known) {
      seen.add(known.key);
      c[fam][known.verdict] += 1;
    } else if (miss) {
      seen.add(`miss:${miss.file}:${miss.line}`);
      c[fam].right += 1;
      lines.push(`  now found: ${keyOf(f)} (was a recorded miss)`);
    } else {
      c[fam].unjudged += 1;
      news.push({ key: keyOf(f), fingerprint: f.fingerprint, version: f.version, method: f.method ?? undefined,
        snippet: (f.snippet ?? '').slice(0, 120), verdict: 'unjudged', class: '' });
      lines.push(`  unjudged: ${keyOf(f)} ${f.version ?? f.method ?? ''} | ${(f.snippet ?? '').slice(0, 90)}`);
    }
  }
  for (const m of rec.misses) if (!seen.has(`miss:${m.file}:${m.line}`)) c[family(m.rule)].missed += 1;
  for (const f of rec.findings) {
    if (seen.has(f.key)) continue;
    const fam = family(f.key.split(':').pop());
    if (f.verdict === 'right') {
      c[fam].missed += 1;
      lines.push(`  lost: ${f.key} (was right)`);
    } else lines.push(`  gone: ${f.key} (was ${f.verdict})`);
  }
  return { c, news, lines };
}

const cell = (x) => `${x.right} / ${x.wrong} / ${x.missed}${x.unjudged ? ` (+${x.unjudged} unjudged)` : ''}`;

function table(rows) {
  const out = ['| repository | commit | files | Hub right / wrong / missed | pins right / wrong / missed | notes |', '|---|---|---|---|---|---|'];
  const total = { hub: { right: 0, wrong: 0, missed: 0, unjudged: 0 }, pins: { right: 0, wrong: 0, missed: 0, unjudged: 0 } };
  for (const { rec, c } of rows) {
    for (const fam of ['hub', 'pins']) for (const k of Object.keys(total[fam])) total[fam][k] += c[fam][k];
    const classes = new Map();
    for (const f of rec.findings) if (f.verdict === 'wrong') classes.set(f.class, (classes.get(f.class) ?? 0) + 1);
    const notes = [...[...classes].map(([k, n]) => `wrong ×${n}: ${k}`), ...rec.misses.map((m) => `missed: ${m.note}`)];
    if (rec.note) notes.push(rec.note);
    out.push(`| ${rec.repo} | ${rec.commit.slice(0, 12)} | ${rec.files} | ${cell(c.hub)} | ${cell(c.pins)} | ${notes.join('; ').replaceAll('|', '\\|')} |`);
  }
  out.push(`| **total (${rows.length})** | | | ${cell(total.hub)} | ${cell(total.pins)} | |`);
  return out.join('\n');
}

const records = loadRecords();
if (values.table) {
  const text = table(records.map((rec) => ({ rec, c: recordedCounts(rec) })));
  if (!values.readme) {
    process.stdout.write(`${text}\n`);
    process.exit(0);
  }
  const readme = join(root, 'eval', 'README.md');
  const BEGIN = '<!-- repos:begin (generated by node eval/repos.mjs --table --readme) -->';
  const END = '<!-- repos:end -->';
  const old = readFileSync(readme, 'utf8');
  const at = old.indexOf(BEGIN);
  const to = old.indexOf(END);
  if (at < 0 || to < at) die(`eval/README.md has no ${BEGIN} ... ${END} block`);
  writeFileSync(readme, `${old.slice(0, at + BEGIN.length)}\n${text}\n${old.slice(to)}`);
  process.exit(0);
}
if (!existsSync(CLI)) die('dist/ is missing: run npm run build');
const rows = [];
for (const rec of records) {
  const { c, news, lines } = diff(rec, scan(rec));
  rows.push({ rec, c });
  process.stdout.write(`${rec.repo}: Hub ${cell(c.hub)}; pins ${cell(c.pins)}\n${lines.length ? `${lines.join('\n')}\n` : ''}`);
  if (values.write && news.length) {
    const { path, ...plain } = rec;
    plain.findings = [...plain.findings, ...news];
    writeFileSync(path, `${JSON.stringify(plain, null, 2)}\n`);
  }
}
process.stdout.write(`\n${table(rows)}\n`);
