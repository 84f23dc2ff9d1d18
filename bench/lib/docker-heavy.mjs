// The second half of the benchmark (issue 20): trees in which many files talk to Docker.
//
// - the Docker-heavy corpus (bench/corpus-docker: renovate, testcontainers, dockerode and
//   their 700 dependencies, 41.6k files), with the same planted calls as the first corpus;
// - any other source trees named with --tree NAME=DIR (e.g. a checkout of renovatebot/renovate);
// - a scaling check over a mix of different packages (the first corpus, renovate's package,
//   the rest of the Docker-heavy tree): each part alone and all of them in one run;
// - the stage timings of one run of each tree (HUBLINT_TIMINGS=1: read, parse, lowering,
//   resolution (in the file, through the project resolver), lint, pins, with and without workers).
//
// Every table is timed interleaved (A B C, A B C, …), one warm-up round discarded, medians.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmtMs, timeGroup, timeOnce } from './measure.mjs';
import { checkRecall } from './recall.mjs';

/** The yardstick of issue 20: Hub hosts, Engine API version paths, the Engine's version variable. */
export const DOCKER_RG_PATTERN = 'hub\\.docker\\.com|index\\.docker\\.io|/v1\\.[0-9]+/|DOCKER_API_VERSION';

const NO_WORKERS = { ...process.env, HUBLINT_WORKERS: '0' };
// One worker whatever the machine's load (by default none starts on a saturated machine):
// the peak RSS target is about a run with a worker.
const ONE_WORKER = { ...process.env, HUBLINT_WORKERS: '1' };

/** hublint (default, HUBLINT_WORKERS=1 and =0) and ripgrep on one tree; recall when `planted` is given. */
export function scanTree({ bin, rg, root, label, planted, runs, outDir, log }) {
  log(`${label}: hublint, hublint with HUBLINT_WORKERS=1 and =0, and rg, 1 warm-up + ${runs} runs each, interleaved`);
  const out = join(outDir, `hublint-${label.replace(/\W+/g, '-')}.json`);
  const seen = [];
  const hub = (name, env) => ({
    name,
    cmd: process.execPath,
    args: [bin, '--no-ignore', '--format', 'json', '.'],
    cwd: root,
    env,
    okStatus: [0, 1],
    stdoutFile: () => out,
    onRun: () => seen.push(JSON.parse(readFileSync(out, 'utf8'))),
  });
  const results = timeGroup(
    [hub('hublint', process.env), hub('hublint, HUBLINT_WORKERS=1', ONE_WORKER), hub('hublint, HUBLINT_WORKERS=0', NO_WORKERS), { name: 'rg', cmd: rg, args: ['-uuu', '-i', '-c', DOCKER_RG_PATTERN, '.'], cwd: root, okStatus: [0, 1] }],
    runs,
    log,
  );
  const counts = new Set(seen.map((r) => r.findings.length));
  if (counts.size !== 1) log(`warning: ${label}: hublint reported different finding counts across runs: ${[...counts].join(', ')}`);
  const last = seen[seen.length - 1];
  const files = countFiles(rg, root, join(outDir, 'files.txt'));
  return { label, results, stats: last.stats, findings: last.findings.length, files, recall: planted ? checkRecall(planted, last.findings) : null };
}

/** The tree's size in files (for the table), as ripgrep lists them. */
function countFiles(rg, root, listFile) {
  const all = timeOnce(rg, ['-uuu', '--files', '.'], { cwd: root, stdoutFile: listFile, useGnuTime: false });
  return all.status === 0 ? readFileSync(listFile, 'utf8').split('\n').filter(Boolean).length : null;
}

/**
 * The mix: different packages, not copies of one. Each part is a list of paths (scanned
 * from `cwd`); the whole is all of them in one run. Linear means whole ≈ sum of the parts.
 */
export function mixCheck({ bin, parts, cwd, runs, log }) {
  log(`scaling check on a mix of packages: ${parts.map((p) => p.name).join(', ')} alone, then together; 1 warm-up + ${runs} runs each, interleaved`);
  const cmd = (name, paths) => ({ name, cmd: process.execPath, args: [bin, '--no-ignore', '--format', 'json', ...paths], cwd, okStatus: [0, 1] });
  const commands = [...parts.map((p) => cmd(p.name, p.paths)), cmd('whole', parts.flatMap((p) => p.paths))];
  return { parts: parts.map((p) => p.name), results: timeGroup(commands, runs, log) };
}

/** Everything under node_modules but `except` (top-level entries; scoped folders whole). */
export function nodeModulesExcept(root, except) {
  return readdirSync(join(root, 'node_modules'))
    .filter((e) => e !== except && e !== '.bin' && e !== '.package-lock.json')
    .map((e) => `node_modules/${e}`);
}

/** One run with HUBLINT_TIMINGS=1: { stage: { ms, n } } from the `hublint: timing` lines, and the wall time. */
export function stageTimings({ bin, root, env = process.env }) {
  const r = timeOnce(process.execPath, [bin, '--no-ignore', '--format', 'json', '.'], { cwd: root, env: { ...env, HUBLINT_TIMINGS: '1' } });
  const stages = {};
  for (const m of r.stderr.matchAll(/^hublint: timing (.+) ([\d.]+) ms (\d+)$/gm)) stages[m[1]] = { ms: Number(m[2]), n: Number(m[3]) };
  return { wallMs: r.ms, rssKB: r.rssKB, stages };
}

/** Stage timings of several runs side by side (columns), rows in a fixed, readable order. */
export function renderStageTable(columns) {
  const L = [];
  const ORDER = ['pass read', 'read', 'read kept', 'pins', 'kept files', 'kept bytes', 'pass lint', 'lint', 'lint cached', 'parse', 'lower', 'resolve project', 'resolve', 'extract', 'match', 'pass finish', 'workers'];
  const rank = (s) => {
    const i = ORDER.findIndex((o) => s === o || s.startsWith(`${o} `));
    return i < 0 ? ORDER.length : i;
  };
  const stages = [...new Set(columns.flatMap((c) => Object.keys(c.timing.stages)))].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  L.push(`| stage | ${columns.map((c) => c.name).join(' | ')} |`);
  L.push(`|---|${columns.map(() => '---:').join('|')}|`);
  L.push(`| wall (one run, timings on) | ${columns.map((c) => fmtMs(c.timing.wallMs)).join(' | ')} |`);
  for (const s of stages) {
    const countOnly = ['kept files', 'kept bytes', 'read kept', 'workers'].includes(s);
    const cell = (c) => {
      const t = c.timing.stages[s];
      if (!t) return '';
      if (countOnly) return s === 'kept bytes' ? `${(t.n / 1e6).toFixed(1)} MB` : String(t.n);
      return `${fmtMs(t.ms)} (${t.n})`;
    };
    L.push(`| ${s} | ${columns.map(cell).join(' | ')} |`);
  }
  return L.join('\n');
}
