#!/usr/bin/env node
// Before/after: times several hublint builds on the same cases, interleaved round by round,
// so "what each step bought" is measured in one run on one machine state.
//
//   node bench/compare.mjs --bin base=/tmp/hl-base/dist/cli/main.js --bin new=dist/cli/main.js
//        [--case full|clean|findings|monorepo]... [--runs N] [--precommit-runs N] [--env-ca unset|set] [--readme SECTION]
//
// monorepo: the default mode (.gitignore respected) on the monorepo-shaped tree of bench/lib/monorepo.mjs.
//
// A build is any hublint CLI file; build a snapshot of a tree with `tsc -p tsconfig.build.json`.
// Also times `node -e 0` (pre-commit cases) and ripgrep and the plain Node pass (full scan).
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusHome, ensureInstall, ensureScaled } from './lib/corpus.mjs';
import { precommitFiles } from './lib/cases.mjs';
import { ensureMonorepo } from './lib/monorepo.mjs';
import { checkRecall } from './lib/recall.mjs';
import { ensureDebianTool, fmtMs, timeGroup } from './lib/measure.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { replaceSection } from './lib/readme.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const log = (m) => process.stderr.write(`${m}\n`);
const { values: opt } = parseArgs({
  options: {
    bin: { type: 'string', multiple: true, default: [] },
    case: { type: 'string', multiple: true, default: ['full', 'clean', 'findings'] },
    runs: { type: 'string', default: '5' },
    'precommit-runs': { type: 'string', default: '10' },
    'env-ca': { type: 'string', default: 'set' },
    'corpus-home': { type: 'string' },
    readme: { type: 'string' },
  },
});
const bins = opt.bin.map((b) => {
  const i = b.indexOf('=');
  return i > 0 ? { name: b.slice(0, i), path: resolve(b.slice(i + 1)) } : { name: b, path: resolve(b) };
});
if (bins.length === 0) throw new Error('give at least one --bin NAME=PATH');
const home = opt['corpus-home'] ?? corpusHome();
const tree = ensureScaled(home, ensureInstall(home, log), 1, log);
const files = precommitFiles(tree);
const env = { ...process.env };
if (opt['env-ca'] === 'unset') delete env.NODE_EXTRA_CA_CERTS;
const out = (name) => join(home, `compare-${name}.json`);

const tables = [];
if (opt.case.includes('full')) {
  const rg = ensureDebianTool('rg', 'ripgrep', log);
  const recall = {};
  const commands = [
    ...bins.map((b) => ({
      name: b.name,
      cmd: process.execPath,
      args: [b.path, '--no-ignore', '--format', 'json', '.'],
      cwd: tree.root,
      env,
      okStatus: [1],
      stdoutFile: () => out(b.name),
      onRun: () => {
        const r = checkRecall(tree.planted, JSON.parse(readFileSync(out(b.name), 'utf8')).findings);
        recall[b.name] = `${r.found}/${r.total}`;
      },
    })),
    { name: 'rg', cmd: rg, args: ['-uuu', '-i', '-c', 'hub\\.docker\\.com|index\\.docker\\.io|hub%2Edocker%2Ecom', '.'], cwd: tree.root, env },
    { name: 'node-regex', cmd: process.execPath, args: [join(BENCH, 'node-regex.mjs'), '.'], cwd: tree.root, env },
  ];
  log(`full scan: ${commands.map((c) => c.name).join(', ')}`);
  const r = timeGroup(commands, Number(opt.runs), log);
  const nodeRegex = r.get('node-regex').medianMs;
  const rgMs = r.get('rg').medianMs;
  tables.push(['full scan', r, (name) => (recall[name] ? `${(r.get(name).medianMs / rgMs).toFixed(2)}× rg, ${(r.get(name).medianMs / nodeRegex).toFixed(2)}× node-regex, recall ${recall[name]}` : '')]);
}
if (opt.case.includes('monorepo')) {
  const mono = ensureMonorepo(home, tree, log);
  const commands = bins.map((b) => ({ name: b.name, cmd: process.execPath, args: [b.path, '--format', 'json', '.'], cwd: mono, env, okStatus: [0, 1] }));
  log(`monorepo (.gitignore respected): ${commands.map((c) => c.name).join(', ')}`);
  tables.push(['monorepo tree, .gitignore respected', timeGroup(commands, Number(opt.runs), log), () => '']);
}
const pre = [];
if (opt.case.includes('clean')) pre.push(['10 clean', files.clean, [0]]);
if (opt.case.includes('findings')) pre.push(['10 JS/TS findings', files.withFindings, [1]]);
if (pre.length) {
  const commands = [{ name: 'node -e 0', cmd: process.execPath, args: ['-e', '0'], cwd: tree.root, env }];
  for (const [label, list, ok] of pre) for (const b of bins) commands.push({ name: `${b.name}: ${label}`, cmd: process.execPath, args: [b.path, ...list], cwd: tree.root, env, okStatus: ok });
  log(`pre-commit (NODE_EXTRA_CA_CERTS ${env.NODE_EXTRA_CA_CERTS ? 'set' : 'unset'}): ${commands.map((c) => c.name).join(', ')}`);
  const r = timeGroup(commands, Number(opt['precommit-runs']), log);
  const base = r.get('node -e 0').medianMs;
  tables.push([`pre-commit (NODE_EXTRA_CA_CERTS ${env.NODE_EXTRA_CA_CERTS ? 'set' : 'unset'})`, r, (name) => (name === 'node -e 0' ? '' : `${(r.get(name).medianMs / base).toFixed(2)}× node -e 0`)]);
}
const lines = [
  `Run of ${new Date().toISOString()}: \`node bench/compare.mjs ${process.argv.slice(2).join(' ')}\`; load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
  '',
  ...bins.map((b) => `- \`${b.name}\`: \`${b.path}\``),
];
for (const [title, r, note] of tables) {
  lines.push('', `| ${title} | median | min – max | peak RSS | |`, '|---|---:|---:|---:|---|');
  for (const [name, x] of r) lines.push(`| ${name} | ${fmtMs(x.medianMs)} | ${fmtMs(x.minMs)} – ${fmtMs(x.maxMs)} | ${x.peakRssKB ? `${(x.peakRssKB / 1024).toFixed(0)} MB` : 'n/a'} | ${note(name)} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
// --readme NAME: put the tables into bench/README.md between <!-- NAME:begin --> and <!-- NAME:end -->.
if (opt.readme) {
  const readme = join(BENCH, 'README.md');
  writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), opt.readme, lines.join('\n'), 'node bench/compare.mjs'));
}
