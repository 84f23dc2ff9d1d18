#!/usr/bin/env node
// Profiles hublint (node --cpu-prof) on the benchmark corpus and the pre-commit cases and
// prints where the time goes, without the timing runs of run.mjs: the loop to use while
// optimising ("profile before and after each change").
//
//   node bench/profile.mjs [--case full|clean|findings|gitignore|gitignore-off]... [--bin FILE] [--scale N] [--corpus-home DIR]
//
// gitignore / gitignore-off: the default mode (.gitignore respected) and --no-ignore on a
// monorepo-shaped tree with one .gitignore per package (bench/lib/monorepo.mjs).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusHome, ensureInstall, ensureScaled } from './lib/corpus.mjs';
import { formatSummary } from './lib/cpuprofile.mjs';
import { precommitFiles } from './lib/cases.mjs';
import { ensureMonorepo } from './lib/monorepo.mjs';
import { profileCases } from './lib/profile-runs.mjs';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const log = (m) => process.stderr.write(`[profile] ${m}\n`);
const { values: opt } = parseArgs({
  options: {
    case: { type: 'string', multiple: true, default: ['full', 'clean', 'findings'] },
    bin: { type: 'string', default: join(REPO, 'dist', 'bin', 'cli', 'main.js') },
    scale: { type: 'string', default: '1' },
    'corpus-home': { type: 'string' },
  },
});
const home = opt['corpus-home'] ?? corpusHome();
mkdirSync(home, { recursive: true });
const tree = ensureScaled(home, ensureInstall(home, log), Number(opt.scale), log);
const files = precommitFiles(tree);
const all = {
  full: { name: 'full-scan', args: ['--no-ignore', '--format', 'json', '.'], okStatus: [0, 1] },
  clean: { name: 'precommit-clean', args: files.clean, okStatus: [0] },
  findings: { name: 'precommit-findings', args: files.withFindings, okStatus: [1] },
};
const wanted = opt.case.map((c) => {
  if (!all[c] && !c.startsWith('gitignore')) throw new Error(`unknown case ${c}`);
  return c;
});
if (wanted.some((c) => c.startsWith('gitignore'))) {
  const mono = ensureMonorepo(home, tree, log);
  all.gitignore = { name: 'monorepo-gitignore', args: ['--format', 'json', mono], okStatus: [0, 1] };
  all['gitignore-off'] = { name: 'monorepo-no-ignore', args: ['--no-ignore', '--format', 'json', mono], okStatus: [0, 1] };
}
const results = profileCases({ bin: opt.bin, cwd: tree.root, outDir: join(home, 'profiles-adhoc'), cases: wanted.map((c) => all[c]) });
for (const p of results) process.stdout.write(`${formatSummary(p.summary, `${p.name} (${(p.ms / 1000).toFixed(2)} s wall)`)}\n\n(${p.file})\n\n`);
