#!/usr/bin/env node
// --fix on whole repositories (issue 13; not in CI): copies each recorded checkout (see
// eval/repos.mjs) to a temporary folder, never touching the original, runs the built CLI there
// with --fix-dry-run and then --fix, and checks every file --fix changed: it parses no worse than
// before, its code outside string literals is unchanged, and each URL it now builds is the
// replacement of a finding of the same rule (the three checks of src/fix/verify.ts, re-run from
// the outside on the bytes --fix wrote). Prints per repository the fixes applied and refused,
// with the reasons, as the Markdown table of eval/README.md.
//
//   node eval/fix-repos.mjs [--root DIR] [--fix-type safe|unsafe] [owner/name|checkout ...]
//
// Needs dist/ (npm run build). Exit 1 when a changed file fails a check or the dry run and the
// write disagree; 2 on bad usage or a missing checkout.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { groupReason } from './lib/fix-check.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'bin', 'cli', 'main.js');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { root: { type: 'string', default: '/work/scratch' }, 'fix-type': { type: 'string', default: 'safe' } } });
const fixType = values['fix-type'];
if (fixType !== 'safe' && fixType !== 'unsafe') {
  process.stderr.write('fix-repos: --fix-type is safe or unsafe\n');
  process.exit(2);
}
const { lint } = await import(join(root, 'dist', 'scan', 'run.js'));
const { verifyFix } = await import(join(root, 'dist', 'fix', 'verify.js'));

const records = readdirSync(join(root, 'eval', 'repos'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(root, 'eval', 'repos', f), 'utf8')))
  .filter((r) => positionals.length === 0 || positionals.includes(r.repo) || positionals.includes(r.checkout));

const cli = (args, cwd) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
// Files named in a unified diff's `+++ b/...` lines.
const diffFiles = (out) => [...out.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]);

const rows = [];
const problems = [];
for (const rec of records) {
  const src = join(values.root, rec.checkout ?? basename(rec.repo));
  if (!existsSync(src)) {
    process.stderr.write(`fix-repos: no checkout at ${src}\n`);
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'hublint-fixrepos-'));
  try {
    // The work tree only: .git is not scanned and copying it would only cost time.
    cpSync(src, work, { recursive: true, filter: (p) => basename(p) !== '.git' });
    const before = await lint({ cwd: work, paths: ['.'] });
    const hub = before.findings.filter((f) => f.ruleId.startsWith('hub-'));
    const texts = new Map();
    for (const f of hub) if (!texts.has(f.file)) texts.set(f.file, readFileSync(join(work, f.file), 'utf8'));
    const dry = cli(['--fix-dry-run', '--fix-type', fixType, '.'], work);
    const fix = cli(['--fix', '--fix-type', fixType, '.'], work);
    if (dry.status === 2 || fix.status === 2) problems.push(`${rec.repo}: the CLI failed: ${(dry.stderr + fix.stderr).trim().split('\n')[0]}`);
    const after = await lint({ cwd: work, paths: ['.'] });
    const left = new Set(after.findings.map((f) => f.fingerprint));
    const applied = hub.filter((f) => f.fix && !left.has(f.fingerprint));
    const changed = [...texts.keys()].filter((file) => readFileSync(join(work, file), 'utf8') !== texts.get(file));
    const planned = diffFiles(dry.stdout).sort();
    if (JSON.stringify(planned) !== JSON.stringify([...changed].sort())) problems.push(`${rec.repo}: --fix-dry-run showed ${planned.join(', ') || 'nothing'}, --fix changed ${changed.join(', ') || 'nothing'}`);
    for (const file of changed) {
      const was = texts.get(file);
      const now = readFileSync(join(work, file), 'utf8');
      const fixed = applied.filter((f) => f.file === file);
      const v = await before.scanned.verifier(file, was);
      const why = fixed.length === 0 ? 'changed with no finding fixed' : await verifyFix(was, now, fixed, fixed.flatMap((f) => f.fix.edits), v);
      if (why) problems.push(`${rec.repo}: ${file}: ${why}`);
    }
    const reasons = new Map();
    for (const f of hub) {
      if (applied.includes(f)) continue;
      const reason = f.fix ? (f.fix.policy === 'safe' || fixType === 'unsafe' ? 'rolled back by the checks' : 'unsafe rewrite (only with --fix-type unsafe)') : groupReason(f.fixRefusal ?? 'no automatic rewrite');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    rows.push({ repo: rec.repo, findings: hub.length, applied: applied.length, files: changed.length, refused: hub.length - applied.length, reasons });
    process.stderr.write(`${rec.repo}: ${hub.length} Hub findings, ${applied.length} fixed in ${changed.length} files\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
const cell = (s) => s.replace(/\|/g, '\\|');
process.stdout.write(
  [
    `| repository | Hub findings | fixes applied | files changed | refused | why refused |`,
    '|---|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.repo} | ${r.findings} | ${r.applied} | ${r.files} | ${r.refused} | ${[...r.reasons].map(([k, n]) => `${cell(k)} (${n})`).join('; ') || '—'} |`),
    `| **total (${rows.length})** | ${sum('findings')} | ${sum('applied')} | ${sum('files')} | ${sum('refused')} | |`,
    '',
    `changed files failing a check, or dry run and write disagreeing: ${problems.length}`,
    ...problems,
    '',
  ].join('\n'),
);
process.exit(problems.length ? 1 : 0);
