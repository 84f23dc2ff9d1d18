#!/usr/bin/env node
// --fix on whole repositories (issue 13; not in CI): copies each recorded checkout (see
// eval/repos.mjs) to a temporary folder, never touching the original, runs the built CLI there
// with --fix-dry-run and then --fix, and checks every file --fix changed: it parses no worse than
// before, its code outside string literals is unchanged, and each URL it now builds is the
// replacement of a finding of the same rule (the three checks of src/fix/verify.ts, re-run from
// the outside on the bytes --fix wrote). Prints per repository the fixes applied and refused,
// with the reasons, as the Markdown table of eval/README.md.
//
//   node eval/fix-repos.mjs [--root DIR] [--fix-type safe|unsafe] [--checks] [--diffs DIR] [owner/name|checkout ...]
//
// A positional that names a folder under --root with no record in eval/repos/ is run as a
// checkout of its own (issue 31's repositories are judged for their fixes, not their findings).
// --checks runs each repository's own checks on the copy before and after --fix (py_compile,
// bash -n, tsc --noEmit, go vet, javac, gcc -fsyntax-only, where the toolchain is here) and reports
// whether they give the same result; --diffs writes each dry run's diff to DIR/<checkout>.diff,
// where each rewritten call is judged by hand.
//
// Needs dist/ (npm run build). Exit 1 when a changed file fails a check, a project check changes
// its result, or the dry run and the write disagree; 2 on bad usage or a missing checkout.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { groupReason } from './lib/fix-check.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'bin', 'cli', 'main.js');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { root: { type: 'string', default: '/work/scratch' }, 'fix-type': { type: 'string', default: 'safe' }, checks: { type: 'boolean' }, diffs: { type: 'string' } } });
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
for (const p of positionals) if (!records.some((r) => r.repo === p || r.checkout === p) && existsSync(join(values.root, p))) records.push({ repo: p, checkout: p });

const cli = (args, cwd) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
// Files named in a unified diff's `+++ b/...` lines.
const diffFiles = (out) => [...out.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]);
const filesOf = (dir, ext, out = []) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === '.git' || e.name === 'node_modules' || e.name === 'vendor') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) filesOf(p, ext, out);
    else if (ext.some((x) => e.name.endsWith(x))) out.push(p);
  }
  return out;
};
const have = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const TSC = join(root, 'node_modules', '.bin', 'tsc');
// The project's own checks, as a user would run them, with the copy's path taken out of the output
// so that a run before --fix and one after compare as text.
function projectChecks(work) {
  const run = (name, cmd, args, cwd = work) => {
    const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, GOFLAGS: '-mod=readonly', GOPROXY: 'off', GOTOOLCHAIN: 'local' } });
    // Lines sorted: go and tsc may print in another order from one run to the next.
    return [name, `${r.status} ${(r.stdout + r.stderr).split(work).join('.').split('\n').sort().join('\n')}`];
  };
  const out = [];
  const rel = (p) => p.slice(work.length + 1);
  const py = filesOf(work, ['.py']);
  if (py.length) out.push(run('python -m py_compile', 'python3', ['-c', 'import py_compile,sys\nfor f in sys.argv[1:]:\n  try: py_compile.compile(f, doraise=True, cfile="/dev/null")\n  except Exception as e: print(f, type(e).__name__)', ...py.map(rel)]));
  for (const f of filesOf(work, ['.sh'])) out.push(run(`bash -n ${rel(f)}`, 'bash', ['-n', rel(f)]));
  for (const f of filesOf(work, ['tsconfig.json'])) out.push(run(`tsc --noEmit -p ${rel(f)}`, TSC, ['--noEmit', '-p', rel(f)]));
  if (have('go')) for (const f of filesOf(work, ['go.mod'])) out.push(run(`go vet (${rel(f)})`, 'go', ['vet', './...'], dirname(f)));
  const java = filesOf(work, ['.java']);
  if (java.length && have('javac')) out.push(run('javac', 'javac', ['-proc:none', '-d', join(tmpdir(), 'hublint-fixrepos-javac'), ...java.map(rel)]));
  const c = filesOf(work, ['.c']);
  if (c.length && have('gcc')) out.push(run('gcc -fsyntax-only', 'gcc', ['-fsyntax-only', ...c.map(rel)]));
  return out;
}

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
    const checksBefore = values.checks ? projectChecks(work) : [];
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
    // A partial login migration is shown by the dry run and never written (issue 31): a file whose
    // only fixes are partial is in the diff and not among the written files.
    const shownOnly = (file) => hub.filter((f) => f.file === file && f.fix).every((f) => f.fix.partial);
    const planned = diffFiles(dry.stdout).filter((file) => !shownOnly(file)).sort();
    if (JSON.stringify(planned) !== JSON.stringify([...changed].sort())) problems.push(`${rec.repo}: --fix-dry-run showed ${planned.join(', ') || 'nothing'}, --fix changed ${changed.join(', ') || 'nothing'}`);
    for (const file of changed) {
      const was = texts.get(file);
      const now = readFileSync(join(work, file), 'utf8');
      const fixed = applied.filter((f) => f.file === file);
      const v = await before.scanned.verifier(file, was);
      const why = fixed.length === 0 ? 'changed with no finding fixed' : await verifyFix(was, now, fixed, fixed.flatMap((f) => f.fix.edits), v);
      if (why) problems.push(`${rec.repo}: ${file}: ${why}`);
    }
    if (values.diffs) {
      // What --fix wrote (not the dry run, which also shows the partial migrations it never writes).
      mkdirSync(values.diffs, { recursive: true });
      const was = mkdtempSync(join(tmpdir(), 'hublint-fixrepos-was-'));
      const parts = changed.map((file, i) => {
        writeFileSync(join(was, String(i)), texts.get(file));
        return spawnSync('diff', ['-u', '--label', `a/${file}`, '--label', `b/${file}`, join(was, String(i)), join(work, file)], { encoding: 'utf8' }).stdout;
      });
      rmSync(was, { recursive: true, force: true });
      writeFileSync(join(values.diffs, `${basename(rec.checkout ?? rec.repo)}.diff`), parts.join(''));
    }
    let checks = '—';
    if (values.checks) {
      const now = new Map(projectChecks(work));
      const differ = checksBefore.filter(([name, res]) => now.get(name) !== res).map(([name]) => name);
      for (const name of differ) problems.push(`${rec.repo}: ${name} gives another result after --fix`);
      checks = checksBefore.length === 0 ? 'none here' : `${checksBefore.length - differ.length}/${checksBefore.length} same`;
    }
    const reasons = new Map();
    for (const f of hub) {
      if (applied.includes(f)) continue;
      const reason = f.fix?.partial
        ? 'partial login migration, shown by the dry run, never written'
        : f.fix
          ? f.fix.policy === 'safe' || fixType === 'unsafe'
            ? 'rolled back by the checks'
            : 'unsafe rewrite (only with --fix-type unsafe)'
          : groupReason(f.fixRefusal ?? 'no automatic rewrite');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    rows.push({ repo: rec.repo, findings: hub.length, applied: applied.length, files: changed.length, refused: hub.length - applied.length, reasons, checks });
    process.stderr.write(`${rec.repo}: ${hub.length} Hub findings, ${applied.length} fixed in ${changed.length} files\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
const cell = (s) => s.replace(/\|/g, '\\|');
process.stdout.write(
  [
    `| repository | Hub findings | fixes applied | files changed | refused | why refused |${values.checks ? ' checks before = after |' : ''}`,
    `|---|---:|---:|---:|---:|---|${values.checks ? '---|' : ''}`,
    ...rows.map((r) => `| ${r.repo} | ${r.findings} | ${r.applied} | ${r.files} | ${r.refused} | ${[...r.reasons].map(([k, n]) => `${cell(k)} (${n})`).join('; ') || '—'} |${values.checks ? ` ${r.checks} |` : ''}`),
    `| **total (${rows.length})** | ${sum('findings')} | ${sum('applied')} | ${sum('files')} | ${sum('refused')} | |${values.checks ? ' |' : ''}`,
    '',
    `changed files failing a check, or dry run and write disagreeing: ${problems.length}`,
    ...problems,
    '',
  ].join('\n'),
);
process.exit(problems.length ? 1 : 0);
