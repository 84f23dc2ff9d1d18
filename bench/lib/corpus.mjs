// The benchmark corpus of issue 7: an npm install of pinned packages (bench/corpus/
// package.json + package-lock.json, installed with `npm ci`, so every machine gets the
// same 23k files), copied N times for --scale N, with the planted Hub calls written into
// every copy. Everything lives under $TMPDIR and is reused while the lockfile and the
// plant generator are unchanged.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plantInto, PLANT_GENERATOR_FILE } from './plant.mjs';

const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
/** The first corpus (issue 7): a node_modules tree in which almost no file mentions Docker. */
export const SPEC_DIR = join(BENCH_DIR, 'corpus');
/**
 * The second corpus (issue 20): renovate, testcontainers and dockerode, a tree in which many
 * files talk to Docker. renovate and testcontainers declare newer Node engines than 20; the
 * tree is installed for scanning only (no scripts run), so the engine check is turned off.
 */
export const DOCKER_SPEC_DIR = join(BENCH_DIR, 'corpus-docker');

function hashOf(files) {
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 12);
}

/** $TMPDIR/hublint-bench-<name of the spec folder>-<hash of the lockfile>: changes when the pinned set changes. */
export function corpusHome(base = tmpdir(), spec = SPEC_DIR) {
  const name = spec === SPEC_DIR ? 'corpus' : basename(spec);
  return join(base, `hublint-bench-${name}-${hashOf([join(spec, 'package.json'), join(spec, 'package-lock.json')])}`);
}

/** Installs the pinned packages once; a half-finished install never counts as done. */
export function ensureInstall(home, log, spec = SPEC_DIR) {
  const done = join(home, 'install');
  if (existsSync(join(done, '.complete'))) return done;
  const work = join(home, `install.tmp-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(spec, f), join(work, f));
  log(`installing the pinned corpus into ${work} (npm ci --ignore-scripts) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--ignore-scripts', '--engine-strict=false', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] });
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
