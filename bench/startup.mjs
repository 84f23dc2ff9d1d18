#!/usr/bin/env node
// What hublint's start-up costs, piece by piece: fresh processes that import one module
// (graph) each, against `node -e 0`. The pre-commit targets (10 clean files ≤ 1.5× and 10
// JS/TS files with findings ≤ 8× `node -e 0`) are decided here.
//
//   node bench/startup.mjs [--runs N] [--bin FILE] [--readme]     (needs dist/; --readme: into bench/README.md)
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fmtMs, timeGroup } from './lib/measure.mjs';
import { replaceSection } from './lib/readme.mjs';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const { values: opt } = parseArgs({ options: { runs: { type: 'string', default: '15' }, bin: { type: 'string', default: join(REPO, 'dist', 'bin', 'cli', 'main.js') }, readme: { type: 'boolean', default: false } } });
const dist = (p) => pathToFileURL(join(REPO, 'dist', p)).href;
const imp = (name, specifiers) => ({
  name,
  cmd: process.execPath,
  args: ['--input-type=module', '-e', specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(' ')],
  cwd: REPO,
});
const commands = [
  { name: 'node -e 0', cmd: process.execPath, args: ['-e', '0'], cwd: REPO },
  // The `--input-type=module -e` route has its own cost (ESM loader start): the baseline of the rows below.
  imp('ESM -e baseline (import node:path)', ['node:path']),
  imp('import commander', ['commander']),
  imp('import fast-glob', ['fast-glob']),
  imp('import ignore', ['ignore']),
  imp('import yaml', ['yaml']),
  imp('import dist/engine/index.js (Engine client)', [dist('engine/index.js')]),
  imp('import dist/config/load-config.js (+ validator)', [dist('config/load-config.js')]),
  imp('import dist/report/index.js', [dist('report/index.js')]),
  imp('import dist/scan/run.js (scan core)', [dist('scan/run.js')]),
  imp('import dist/cli/scan-command.js', [dist('cli/scan-command.js')]),
  { name: 'hublint --version (whole CLI graph)', cmd: process.execPath, args: [opt.bin, '--version'], cwd: REPO },
];
const results = timeGroup(commands, Number(opt.runs), (m) => process.stderr.write(`${m}\n`));
const out = [];
const base = results.get('node -e 0').medianMs;
const esm = results.get('ESM -e baseline (import node:path)').medianMs;
out.push('| start-up piece (fresh process) | median | over `node -e 0` | over the ESM -e baseline |', '|---|---:|---:|---:|');
for (const [name, r] of results) {
  const overEsm = name.startsWith('import') ? `+${fmtMs(r.medianMs - esm)}` : '—';
  out.push(`| ${name} | ${fmtMs(r.medianMs)} | ${name === 'node -e 0' ? '—' : `+${fmtMs(r.medianMs - base)}`} | ${overEsm} |`);
}
out.unshift(`Run of ${new Date().toISOString()}, \`node bench/startup.mjs ${process.argv.slice(2).join(' ')}\`, medians of ${opt.runs}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`, '');
process.stdout.write(`${out.join('\n')}\n`);
if (opt.readme) {
  const readme = join(REPO, 'bench', 'README.md');
  writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'startup', out.join('\n'), 'node bench/startup.mjs --readme'));
}
