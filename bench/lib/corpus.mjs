// The benchmark corpus of issue 7: an npm install of pinned packages (bench/corpus/
// package.json + package-lock.json, installed with `npm ci`, so every machine gets the
// same 23k files), copied N times for --scale N, with the planted Hub calls written into
// every copy. Everything lives under $TMPDIR and is reused while the lockfile and the
// plant generator are unchanged.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plantInto, PLANT_GENERATOR_FILE } from './plant.mjs';

const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const SPEC_DIR = join(BENCH_DIR, 'corpus');

function hashOf(files) {
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 12);
}

/** $TMPDIR/hublint-bench-corpus-<hash of the lockfile>: changes when the pinned set changes. */
export function corpusHome(base = tmpdir()) {
  return join(base, `hublint-bench-corpus-${hashOf([join(SPEC_DIR, 'package.json'), join(SPEC_DIR, 'package-lock.json')])}`);
}

/** Installs the pinned packages once; a half-finished install never counts as done. */
export function ensureInstall(home, log) {
  const done = join(home, 'install');
  if (existsSync(join(done, '.complete'))) return done;
  const work = join(home, `install.tmp-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(SPEC_DIR, f), join(work, f));
  log(`installing the pinned corpus into ${work} (npm ci --ignore-scripts) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm ci failed in ${work} (exit ${r.status ?? r.signal})`);
  writeFileSync(join(work, '.complete'), new Date().toISOString() + '\n');
  rmSync(done, { recursive: true, force: true });
  renameSync(work, done);
  return done;
}

/**
 * The tree a run scans at scale N: copy-1 … copy-N, each a full copy of node_modules plus
 * the planted files. Returns the root and the manifest of planted calls (paths relative
 * to the root). The manifest sits next to the root, not in it, so it is never scanned.
 */
export function ensureScaled(home, install, scale, log) {
  const name = `scale-${scale}-${hashOf([PLANT_GENERATOR_FILE])}`;
  const root = join(home, name);
  const manifestFile = `${root}.planted.json`;
  if (existsSync(manifestFile) && existsSync(root)) return { root, planted: JSON.parse(readFileSync(manifestFile, 'utf8')) };
  // Trees of older plant generators are removed, so the temp folder does not grow.
  for (const entry of readdirSync(home)) {
    if (entry.startsWith(`scale-${scale}-`)) rmSync(join(home, entry), { recursive: true, force: true });
  }
  const work = `${root}.tmp-${process.pid}`;
  const planted = [];
  for (let i = 1; i <= scale; i++) {
    log(`copying the corpus: copy ${i} of ${scale} …`);
    const copy = join(work, `copy-${i}`);
    cpSync(join(install, 'node_modules'), join(copy, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    for (const p of plantInto(copy)) planted.push({ ...p, file: `copy-${i}/${p.file}` });
  }
  renameSync(work, root);
  writeFileSync(manifestFile, JSON.stringify(planted, null, 1) + '\n');
  return { root, planted };
}
