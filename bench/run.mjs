#!/usr/bin/env node
// hublint's benchmark (issue 7). `npm run bench` or `node bench/run.mjs [options]`:
//
//   --scale N          corpus copies for the full scan (default 1)
//   --scale-check M    also scan M copies and compare with the base time (default 4; 0: off)
//   --runs N           timed runs per full-scan command, after one warm-up (default 5)
//   --precommit-runs N timed runs per pre-commit command, after one warm-up (default 10)
//   --bin FILE         the hublint CLI to time (default dist/bin/cli/main.js, the shipped bundle; build it first)
//   --snapshot         build a private copy of this tree's hublint (src, rules, schema) into the
//                      corpus folder and time that, so a rebuild of dist/ during the run (other
//                      people working in the tree) cannot change the binary half-way
//   --no-profile       skip the `node --cpu-prof` runs
//   --no-readme        print the results only; leave bench/README.md alone
//   --corpus-home DIR  where the corpus is built and cached (default $TMPDIR/hublint-bench-corpus-<hash>)
//   --json FILE        also write every measurement as JSON
//   --docker-runs N    timed runs per command on the Docker-heavy corpus, the --tree trees and the
//                      mix (default 3)
//   --no-docker        skip the Docker-heavy corpus (bench/corpus-docker) and the mix
//   --no-mix           skip the scaling check on a mix of packages
//   --no-stages        skip the stage-timing runs (HUBLINT_TIMINGS=1)
//   --no-many-sites    skip the check of one generated file with many Hub calls (lib/many-sites.mjs)
//   --tree NAME=DIR    also time hublint (with and without workers) and rg on a source tree, e.g.
//                      --tree renovate=/path/to/renovatebot/renovate (repeatable)
//   --docker-home DIR  where the Docker-heavy corpus lives (default $TMPDIR/hublint-bench-corpus-docker-<hash>)
//
// Plain Node ESM: no build step, no dependencies beyond Node 20, npm, ripgrep and GNU time
// (both installed from Debian when missing).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusHome, DOCKER_SPEC_DIR, ensureInstall, ensureScaled } from './lib/corpus.mjs';
import { mixCheck, nodeModulesExcept, renderStageTable, scanTree, stageTimings } from './lib/docker-heavy.mjs';
import { manySitesCheck } from './lib/many-sites.mjs';
import { precommitFiles } from './lib/cases.mjs';
import { formatSummary } from './lib/cpuprofile.mjs';
import { ensureDebianTool, fmtMs, GNU_TIME, timeGroup } from './lib/measure.mjs';
import { RULE_IDS } from './lib/plant.mjs';
import { checkRecall } from './lib/recall.mjs';
import { profileCases } from './lib/profile-runs.mjs';
import { replaceSection } from './lib/readme.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO = dirname(BENCH_DIR);
const started = process.hrtime.bigint();
const log = (m) => process.stderr.write(`[bench] ${m}\n`);

const { values: opt } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'scale-check': { type: 'string', default: '4' },
    runs: { type: 'string', default: '5' },
    'precommit-runs': { type: 'string', default: '10' },
    bin: { type: 'string', default: join(REPO, 'dist', 'bin', 'cli', 'main.js') },
    'no-profile': { type: 'boolean', default: false },
    snapshot: { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
    'corpus-home': { type: 'string' },
    json: { type: 'string' },
    'docker-runs': { type: 'string', default: '3' },
    'no-docker': { type: 'boolean', default: false },
    'no-mix': { type: 'boolean', default: false },
    'no-stages': { type: 'boolean', default: false },
    'no-many-sites': { type: 'boolean', default: false },
    tree: { type: 'string', multiple: true, default: [] },
    'docker-home': { type: 'string' },
  },
});
const positive = (name, min) => {
  const n = Number(opt[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} takes a whole number ≥ ${min}, not '${opt[name]}'`);
  return n;
};
const scale = positive('scale', 1);
const scaleCheck = positive('scale-check', 0);
const runs = positive('runs', 1);
const precommitRuns = positive('precommit-runs', 1);
const dockerRuns = positive('docker-runs', 1);
const extraTrees = opt.tree.map((t) => {
  const m = /^([^=]+)=(.+)$/.exec(t);
  if (!m || !existsSync(m[2])) throw new Error(`--tree takes NAME=DIR with an existing DIR, not '${t}'`);
  return { name: m[1], root: m[2] };
});
let bin = opt.bin;
const commandLine = `node bench/run.mjs${process.argv.slice(2).length ? ' ' + process.argv.slice(2).join(' ') : ''}`;

if (!opt.snapshot && !existsSync(bin)) {
  log(`${bin} does not exist: build hublint first (npx tsc -p tsconfig.build.json)`);
  process.exit(2);
}

// ---- machine and tools ----
const rg = ensureDebianTool('rg', 'ripgrep', log);
if (!rg) throw new Error('ripgrep is missing and could not be installed (apt-get install ripgrep)');
if (!existsSync(GNU_TIME) && !ensureDebianTool('time', 'time', log)) log('GNU time is missing: peak RSS will not be reported');
const sh = (cmd) => spawnSync('sh', ['-c', cmd], { encoding: 'utf8', cwd: REPO }).stdout?.trim() ?? '';
const cpuModel = (() => {
  try {
    return /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model;
  }
})();
const machine = {
  date: new Date().toISOString(),
  uname: sh('uname -a'),
  cpu: cpuModel,
  cores: cpus().length,
  node: process.version,
  rg: sh(`${rg} --version`).split('\n')[0],
  hublint: `${sh('git rev-parse --short HEAD')}${sh('git status --porcelain -- src') ? ' + uncommitted changes in src/' : ''}`,
  nodeExtraCaCerts: process.env.NODE_EXTRA_CA_CERTS ?? null,
  loadBefore: loadavg().map((l) => l.toFixed(2)).join(' '),
};
log(`${machine.cpu}, ${machine.cores} cores, node ${machine.node}, ${machine.rg}, load ${machine.loadBefore}`);

// ---- corpus ----
const home = opt['corpus-home'] ?? corpusHome();
mkdirSync(home, { recursive: true });
const install = ensureInstall(home, log);
const base = ensureScaled(home, install, scale, log);
const check = scaleCheck > 0 && scaleCheck !== scale ? ensureScaled(home, install, scaleCheck, log) : null;
if (opt.snapshot) bin = buildSnapshot(join(home, 'hublint-snapshot'));
const outDir = join(home, 'out');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// ---- full scan: hublint vs ripgrep vs the plain Node pass ----
const RG_PATTERN = 'hub\\.docker\\.com|index\\.docker\\.io|hub%2Edocker%2Ecom';

function fullScan(tree, label) {
  log(`full scan of ${label} (${tree.planted.length} planted calls): 1 warm-up + ${runs} runs each, interleaved`);
  const hubOut = join(outDir, `hublint-${label}.json`);
  const rgOut = join(outDir, `rg-${label}.txt`);
  const nodeOut = join(outDir, `node-regex-${label}.json`);
  const seen = [];
  const results = timeGroup(
    [
      {
        name: 'hublint',
        cmd: process.execPath,
        args: [bin, '--no-ignore', '--format', 'json', tree.root],
        cwd: tree.root,
        okStatus: [1],
        stdoutFile: () => hubOut,
        onRun: () => {
          const report = JSON.parse(readFileSync(hubOut, 'utf8'));
          seen.push({ findings: report.findings.length, stats: report.stats, report });
        },
      },
      { name: 'rg', cmd: rg, args: ['-uuu', '-i', '-c', RG_PATTERN, '.'], cwd: tree.root, stdoutFile: () => rgOut },
      { name: 'node-regex', cmd: process.execPath, args: [join(BENCH_DIR, 'node-regex.mjs'), '.'], cwd: tree.root, stdoutFile: () => nodeOut },
    ],
    runs,
    log,
  );
  const counts = new Set(seen.map((s) => s.findings));
  if (counts.size !== 1) log(`warning: hublint reported different finding counts across runs: ${[...counts].join(', ')}`);
  const last = seen[seen.length - 1];
  const nodeRef = JSON.parse(readFileSync(nodeOut, 'utf8'));
  const rgFiles = readFileSync(rgOut, 'utf8').split('\n').filter(Boolean).length;
  const recall = checkRecall(tree.planted, last.report.findings);
  return { label, results, stats: last.stats, nodeRef, rgFiles, recall };
}

const scans = [fullScan(base, `scale ${scale}`)];
if (check) scans.push(fullScan(check, `scale ${scaleCheck}`));

// ---- issue 20: the Docker-heavy corpus, other source trees, the mix, stage timings ----
let docker = null;
if (!opt['no-docker']) {
  const dHome = opt['docker-home'] ?? corpusHome(tmpdir(), DOCKER_SPEC_DIR);
  mkdirSync(dHome, { recursive: true });
  const tree = ensureScaled(dHome, ensureInstall(dHome, log, DOCKER_SPEC_DIR), 1, log);
  docker = { home: dHome, tree, root: join(tree.root, 'copy-1') };
  docker.scan = scanTree({ bin, rg, root: tree.root, label: 'Docker-heavy corpus', planted: tree.planted, runs: dockerRuns, outDir, log });
}
const treeScans = extraTrees.map((t) => ({ ...t, scan: scanTree({ bin, rg, root: t.root, label: t.name, runs: dockerRuns, outDir, log }) }));
let mix = null;
if (docker && !opt['no-mix']) {
  mix = mixCheck({
    bin,
    cwd: '/',
    runs: dockerRuns,
    log,
    parts: [
      { name: 'first corpus (copy-1)', paths: [join(base.root, 'copy-1')] },
      { name: 'renovate package', paths: [join(docker.root, 'node_modules', 'renovate')] },
      { name: 'Docker-heavy corpus but renovate', paths: nodeModulesExcept(docker.root, 'renovate').map((p) => join(docker.root, p)) },
    ],
  });
}
// One file, many sites: 400 and 1,600 functions per language (4×); linear is ≤ 4× plus start-up.
const MANY_SITES = [400, 1600];
const manySites = opt['no-many-sites'] ? null : manySitesCheck({ bin, dir: join(outDir, 'many-sites'), sizes: MANY_SITES, runs: dockerRuns, log });
const stageColumns = [];
const noWorkers = { ...process.env, HUBLINT_WORKERS: '0' };
if (!opt['no-stages']) log('stage timings: one run of each tree with HUBLINT_TIMINGS=1, with and without workers');
for (const [name, root] of opt['no-stages'] ? [] : [['first corpus', base.root], ...(docker ? [['Docker-heavy', docker.tree.root]] : []), ...extraTrees.map((t) => [t.name, t.root])]) {
  stageColumns.push({ name, timing: stageTimings({ bin, root }) });
  stageColumns.push({ name: `${name}, no workers`, timing: stageTimings({ bin, root, env: noWorkers }) });
}

// ---- pre-commit: 10 files, no findings / JS-TS findings, against `node -e 0` ----
const { clean: CLEAN, withFindings: WITH_FINDINGS } = precommitFiles(base);
const caSet = process.env.NODE_EXTRA_CA_CERTS !== undefined;
const envUnset = { ...process.env };
delete envUnset.NODE_EXTRA_CA_CERTS;
const envVariants = caSet ? [['CA set', process.env], ['CA unset', envUnset]] : [['CA unset', process.env]];
log(`pre-commit: 10 clean files and 10 JS/TS files with findings vs node -e 0, NODE_EXTRA_CA_CERTS ${caSet ? 'set (also measured unset)' : 'not set'}; 1 warm-up + ${precommitRuns} runs each`);
const precommitCommands = [];
for (const [tag, env] of envVariants) {
  precommitCommands.push(
    { name: `node -e 0 (${tag})`, cmd: process.execPath, args: ['-e', '0'], cwd: base.root, env },
    { name: `hublint 10 clean (${tag})`, cmd: process.execPath, args: [bin, ...CLEAN], cwd: base.root, env },
    { name: `hublint 10 JS/TS findings (${tag})`, cmd: process.execPath, args: [bin, ...WITH_FINDINGS], cwd: base.root, env, okStatus: [1] },
  );
}
const precommit = timeGroup(precommitCommands, precommitRuns, log);

// ---- profiles ----
let profiles = [];
if (!opt['no-profile']) {
  log('profiling (node --cpu-prof): full scan, 10 clean files, 10 JS/TS files with findings');
  profiles = profileCases({
    bin,
    cwd: base.root,
    outDir: join(home, 'profiles'),
    cases: [
      { name: 'full-scan', args: ['--no-ignore', '--format', 'json', '.'], okStatus: [1] },
      { name: 'precommit-clean', args: CLEAN, okStatus: [0] },
      { name: 'precommit-findings', args: WITH_FINDINGS, okStatus: [1] },
    ],
  });
}

// ---- report ----
machine.loadAfter = loadavg().map((l) => l.toFixed(2)).join(' ');
const totalS = Number(process.hrtime.bigint() - started) / 1e9;
const md = renderMarkdown();
process.stdout.write(`${md}\n`);
if (!opt['no-readme']) {
  const readme = join(BENCH_DIR, 'README.md');
  let text = replaceSection(readFileSync(readme, 'utf8'), 'results', md);
  if (profiles.length) text = replaceSection(text, 'profiles', renderProfiles());
  writeFileSync(readme, text);
  log(`wrote the results into ${relative(REPO, readme)}`);
}
if (opt.json) {
  const plain = (m) => Object.fromEntries([...m].map(([k, v]) => [k, v]));
  writeFileSync(
    opt.json,
    JSON.stringify({ machine, commandLine, totalS, scans: scans.map((s) => ({ ...s, results: plain(s.results) })), precommit: plain(precommit), manySites: manySites && plain(manySites.results), profiles }, null, 1),
  );
}
log(`done in ${totalS.toFixed(0)} s`);
const failedRecall = scans.some((s) => s.recall.found !== s.recall.total);
process.exitCode = failedRecall ? 1 : 0;

/** A copy of this tree's hublint, built with the repository's compiler and dependencies. */
function buildSnapshot(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of ['src', 'rules', 'schema', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) {
    if (existsSync(join(REPO, f))) cpSync(join(REPO, f), join(dir, f), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  log(`building a snapshot of hublint in ${dir} …`);
  // Type errors from work in progress elsewhere in the tree do not stop tsc from emitting.
  spawnSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'ignore' });
  spawnSync(process.execPath, [join(dir, 'scripts', 'bundle.mjs')], { cwd: dir, stdio: 'ignore' });
  const main = join(dir, 'dist', 'bin', 'cli', 'main.js');
  if (!existsSync(main)) throw new Error(`the snapshot build did not produce ${main}`);
  machine.hublint += ' (snapshot)';
  return main;
}

function renderMarkdown() {
  const L = [];
  const x = (v) => `${v.toFixed(2)}×`;
  const verdict = (ok) => (ok ? 'yes' : '**no**');
  const mb = (b) => (b / 1e6).toFixed(0);
  L.push(`Run of ${machine.date.slice(0, 10)} (${machine.date}), \`${commandLine}\`, total ${totalS.toFixed(0)} s.`);
  L.push('');
  L.push(`- machine: \`${machine.uname}\``);
  L.push(`- CPU: ${machine.cpu}, ${machine.cores} cores; load average ${machine.loadBefore} before, ${machine.loadAfter} after`);
  L.push(`- node ${machine.node}; ${machine.rg}; hublint ${machine.hublint}`);
  L.push(`- NODE_EXTRA_CA_CERTS: ${machine.nodeExtraCaCerts ? `set (\`${machine.nodeExtraCaCerts}\`)` : 'not set'}`);
  L.push(`- corpus: \`${home}\`; medians of ${runs} (full scan) and ${precommitRuns} (pre-commit) runs after one discarded warm-up, commands interleaved round by round`);
  L.push('');
  L.push('#### Full scan (`hublint --no-ignore --format json <corpus>`)');
  L.push('');
  L.push('| corpus | tool | median | min – max | files/s | MB/s | peak RSS |');
  L.push('|---|---|---:|---:|---:|---:|---:|');
  for (const s of scans) {
    const size = `${s.nodeRef.files} files, ${mb(s.nodeRef.bytes)} MB`;
    for (const [name, r] of s.results) {
      L.push(
        `| ${s.label} (${size}) | ${name} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${Math.round(s.nodeRef.files / (r.medianMs / 1000))} | ${(s.nodeRef.bytes / 1e6 / (r.medianMs / 1000)).toFixed(0)} | ${r.peakRssKB ? `${(r.peakRssKB / 1024).toFixed(0)} MB` : 'n/a'} |`,
      );
    }
  }
  L.push('');
  L.push('#### Targets');
  L.push('');
  L.push('| check | measured | target | met |');
  L.push('|---|---:|---:|---|');
  const s0 = scans[0];
  const h = s0.results.get('hublint');
  const rgR = h.medianMs / s0.results.get('rg').medianMs;
  const nodeR = h.medianMs / s0.results.get('node-regex').medianMs;
  L.push(`| full scan: hublint / rg | ${x(rgR)} | ≤ 10× | ${verdict(rgR <= 10)} |`);
  L.push(`| full scan: hublint / node-regex | ${x(nodeR)} | ≤ 1.2× | ${verdict(nodeR <= 1.2)} |`);
  L.push(`| full scan: hublint peak RSS | ${h.peakRssKB ? `${(h.peakRssKB / 1024).toFixed(0)} MB` : 'n/a'} | < 300 MB | ${h.peakRssKB ? verdict(h.peakRssKB < 300 * 1024) : 'n/a'} |`);
  for (const s of scans) {
    L.push(`| recall on the planted calls, ${s.label} (file, line, rule id) | ${s.recall.found}/${s.recall.total} (${((100 * s.recall.found) / s.recall.total).toFixed(1)}%) | 100% | ${verdict(s.recall.found === s.recall.total)} |`);
  }
  if (scans[1]) {
    const k = scans[1].results.get('hublint').medianMs / h.medianMs;
    const limit = (4.5 / 4) * (scaleCheck / scale);
    L.push(`| scale: hublint at ${scans[1].label} / ${s0.label} | ${x(k)} | ≤ ${limit.toFixed(2)}× | ${verdict(k <= limit)} |`);
  }
  for (const [tag] of envVariants) {
    const n = precommit.get(`node -e 0 (${tag})`).medianMs;
    const c = precommit.get(`hublint 10 clean (${tag})`).medianMs / n;
    const f = precommit.get(`hublint 10 JS/TS findings (${tag})`).medianMs / n;
    const name = (what) => `pre-commit, ${what} / \`node -e 0\` (NODE_EXTRA_CA_CERTS ${tag.replace('CA ', '')})`;
    if (tag === 'CA unset' && caSet) {
      // The targets are for the machine as it is (issue 7: "records whether NODE_EXTRA_CA_CERTS
      // was set"; issue 20: the clean case ≤ 1.3×). The run without it is an extra measurement,
      // which issue 7 recorded and was resolved without: information, with its goals for reference.
      const info = (limit, m) => `(information: the machine sets NODE_EXTRA_CA_CERTS; goal for reference ≤ ${limit}×, ${m ? 'within' : 'over'})`;
      L.push(`| ${name('10 clean files')} | ${x(c)} | ${info(1.5, c <= 1.5)} | |`);
      L.push(`| ${name('10 JS/TS files with findings')} | ${x(f)} | ${info(8, f <= 8)} | |`);
      continue;
    }
    // Issue 20 tightened the clean case to 1.3× where NODE_EXTRA_CA_CERTS is as the machine has it.
    L.push(`| ${name('10 clean files')} | ${x(c)} | ≤ 1.3× | ${verdict(c <= 1.3)} |`);
    L.push(`| ${name('10 JS/TS files with findings')} | ${x(f)} | ≤ 8× | ${verdict(f <= 8)} |`);
  }
  L.push(...dockerTargetRows(x, verdict));
  L.push('');
  L.push('#### Pre-commit (10 files named on the command line)');
  L.push('');
  L.push('| command | median | min – max | peak RSS |');
  L.push('|---|---:|---:|---:|');
  for (const [name, r] of precommit) L.push(`| ${name} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${r.peakRssKB ? `${(r.peakRssKB / 1024).toFixed(0)} MB` : 'n/a'} |`);
  L.push('');
  L.push('#### Recall on the planted set');
  L.push('');
  L.push(`Planted: ${plantSummary()}. A planted call counts when hublint reports its rule id on its file and line.`);
  L.push('');
  L.push('| corpus | file type | found | missed |');
  L.push('|---|---|---:|---:|');
  for (const s of scans) for (const [ext, r] of Object.entries(s.recall.byExt)) L.push(`| ${s.label} | .${ext} | ${r.found}/${r.total} | ${r.total - r.found} |`);
  for (const s of scans) {
    L.push('');
    L.push(`${s.label}: hublint scanned ${s.stats.filesScanned} files (skipped ${s.stats.filesSkipped}: ${JSON.stringify(s.stats.skipped)}); ripgrep matched ${s.rgFiles} files; the Node pass read ${s.nodeRef.files} files and matched ${s.nodeRef.hits}. Findings outside the planted set: ${s.recall.extra.length}.`);
    if (s.recall.misses.length) {
      L.push('');
      L.push(`Misses (${s.recall.misses.length}${s.recall.misses.length > 12 ? ', first 12' : ''}), with what hublint reported on that line:`);
      L.push('');
      for (const m of s.recall.misses.slice(0, 12)) L.push(`- \`${m.file}:${m.line}\` ${m.ruleId} → ${m.got.length ? m.got.map((g) => `\`${g}\``).join(', ') : 'nothing'}`);
    }
    if (s.recall.extra.length) {
      L.push('');
      L.push(`Unexpected findings (${s.recall.extra.length}${s.recall.extra.length > 8 ? ', first 8' : ''}):`);
      L.push('');
      for (const e of s.recall.extra.slice(0, 8)) L.push(`- \`${e.file}:${e.line}\` ${e.ruleId}: ${e.message.slice(0, 160)}`);
    }
  }
  L.push(...dockerSections());
  return L.join('\n');
}

function rss(r) {
  return r.peakRssKB ? `${(r.peakRssKB / 1024).toFixed(0)} MB` : 'n/a';
}

/** Target rows of issue 20: the Docker-heavy corpus against rg, its memory, workers never slower, the mix linear. */
function dockerTargetRows(x, verdict) {
  const L = [];
  const rows = [...(docker ? [['Docker-heavy corpus', docker.scan]] : []), ...treeScans.map((t) => [t.name, t.scan])];
  for (const [name, s] of rows) {
    const h = s.results.get('hublint');
    const w0 = s.results.get('hublint, HUBLINT_WORKERS=0');
    const r = h.medianMs / s.results.get('rg').medianMs;
    if (s === docker?.scan) {
      L.push(`| ${name}: hublint / rg (\`${'hub\\.docker\\.com|…|DOCKER_API_VERSION'}\`) | ${x(r)} | ≤ 10× (moonshot 5×) | ${verdict(r <= 10)} |`);
      L.push(`| ${name}: hublint peak RSS | ${rss(h)} | < 300 MB | ${h.peakRssKB ? verdict(h.peakRssKB < 300 * 1024) : 'n/a'} |`);
      const w1 = s.results.get('hublint, HUBLINT_WORKERS=1');
      if (w1) L.push(`| ${name}: hublint peak RSS with one worker (HUBLINT_WORKERS=1) | ${rss(w1)} | < 300 MB | ${w1.peakRssKB ? verdict(w1.peakRssKB < 300 * 1024) : 'n/a'} |`);
      L.push(`| ${name}: recall on the planted calls | ${s.recall.found}/${s.recall.total} | 100% | ${verdict(s.recall.found === s.recall.total)} |`);
    } else {
      L.push(`| ${name}: hublint / rg | ${x(r)} | (no target) | |`);
    }
    const w = h.medianMs / w0.medianMs;
    L.push(`| ${name}: hublint with workers / HUBLINT_WORKERS=0 | ${x(w)} | ≤ 1× (noise ±10%) | ${verdict(w <= 1.1)} |`);
    const one = s.results.get('hublint, HUBLINT_WORKERS=1');
    if (one) L.push(`| ${name}: hublint with one worker forced / HUBLINT_WORKERS=0 | ${x(one.medianMs / w0.medianMs)} | (information: the default starts one only when a core is idle, see busyNow in src/scan/workers/worker-pool.ts) | |`);
  }
  if (mix) {
    const sum = mix.parts.reduce((n, p) => n + mix.results.get(p).medianMs, 0);
    const k = mix.results.get('whole').medianMs / sum;
    L.push(`| mix of packages: whole run / sum of the parts' runs | ${x(k)} | ≤ 1× (linear; each part pays its own start-up) | ${verdict(k <= 1.05)} |`);
  }
  if (manySites) {
    const [small, big] = MANY_SITES;
    for (const ext of [...new Set(manySites.files.map((f) => f.ext))]) {
      const k = manySites.results.get(`${ext} ${big}`).medianMs / manySites.results.get(`${ext} ${small}`).medianMs;
      L.push(`| one .${ext} file of ${big} Hub calls / one of ${small} | ${x(k)} | ≤ ${big / small}× (linear) | ${verdict(k <= big / small)} |`);
    }
  }
  return L;
}

/** The tables of issue 20 under the first corpus's. */
function dockerSections() {
  const L = [];
  const scansHere = [...(docker ? [docker.scan] : []), ...treeScans.map((t) => t.scan)];
  if (scansHere.length) {
    L.push('');
    L.push(`#### Trees that talk to Docker (issue 20; yardstick \`rg -uuu -i -c '${'hub\\.docker\\.com|index\\.docker\\.io|/v1\\.[0-9]+/|DOCKER_API_VERSION'}'\`; medians of ${dockerRuns}, interleaved)`);
    L.push('');
    L.push('| tree | tool | median | min – max | peak RSS | × rg |');
    L.push('|---|---|---:|---:|---:|---:|');
    for (const s of scansHere) {
      const rgMs = s.results.get('rg').medianMs;
      for (const [name, r] of s.results) L.push(`| ${s.label} (${s.files} files) | ${name} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${rss(r)} | ${(r.medianMs / rgMs).toFixed(2)}× |`);
    }
    for (const s of scansHere) {
      L.push('');
      L.push(`${s.label}: hublint scanned ${s.stats.filesScanned} files (skipped ${s.stats.filesSkipped}), ${s.findings} findings${s.recall ? `; recall ${s.recall.found}/${s.recall.total}, findings outside the planted set ${s.recall.extra.length}` : ''}.`);
      if (s.recall?.misses.length) for (const m of s.recall.misses.slice(0, 8)) L.push(`- miss \`${m.file}:${m.line}\` ${m.ruleId} → ${m.got.length ? m.got.join(', ') : 'nothing'}`);
    }
  }
  if (mix) {
    L.push('');
    L.push(`#### Scaling on a mix of different packages (medians of ${dockerRuns}, interleaved)`);
    L.push('');
    L.push('| run | median | min – max | peak RSS |');
    L.push('|---|---:|---:|---:|');
    for (const [name, r] of mix.results) L.push(`| ${name} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${rss(r)} |`);
    const sum = mix.parts.reduce((n, p) => n + mix.results.get(p).medianMs, 0);
    L.push(`| sum of the parts | ${fmtMs(sum)} | | |`);
  }
  if (manySites) {
    L.push('');
    L.push(`#### One file with many Hub calls (a generated client: N functions, each a \`url\` from the module's base and one request; HUBLINT_WORKERS=0; medians of ${dockerRuns}, interleaved)`);
    L.push('');
    L.push('| file | median | min – max | peak RSS |');
    L.push('|---|---:|---:|---:|');
    for (const [name, r] of manySites.results) L.push(`| .${name.replace(' ', ', ')} functions | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${rss(r)} |`);
  }
  if (stageColumns.length) {
    L.push('');
    L.push('#### Where the time goes (one run each with `HUBLINT_TIMINGS=1`; ms summed over all threads, (n) = calls or files)');
    L.push('');
    L.push('`pass …` rows are wall time on the main thread; `read` is reading and the byte gate; `parse`, `lower`, `resolve` are per language (JS/TS: the TypeScript parse, the facts walk, the evaluation); `extract` is the whole adapter; `lint` is a file through the adapters and the rule table; `lint cached` files whose identical content was linted already in the run.');
    L.push('');
    L.push(renderStageTable(stageColumns));
  }
  return L;
}

function plantSummary() {
  const byExt = {};
  for (const p of base.planted) if (p.file.startsWith('copy-1/')) byExt[p.ext] = (byExt[p.ext] ?? 0) + 1;
  return `${Object.values(byExt).reduce((a, b) => a + b, 0)} calls per corpus copy (${Object.entries(byExt)
    .map(([e, n]) => `${n} in .${e}`)
    .join(', ')}), covering ${RULE_IDS.map((r) => `\`${r}\``).join(', ')} in every file type`;
}

function renderProfiles() {
  const L = [`Profiles of ${machine.date.slice(0, 10)} (\`node --cpu-prof\`, one run each; the .cpuprofile files are under \`${join(home, 'profiles')}\`, open them in Chrome DevTools).`];
  for (const p of profiles) {
    L.push('');
    L.push(formatSummary(p.summary, `${p.name} (${(p.ms / 1000).toFixed(2)} s wall with the profiler on)`));
  }
  return L.join('\n');
}

