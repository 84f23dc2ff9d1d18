#!/usr/bin/env node
// The read pass alone (discovery → read → prefilter, no adapters), in the ways scan/run.ts
// could do it, to put numbers on the proposals before anyone rewrites scan/run.ts:
//
//   current      dist/discover/walk.js (fast-glob stream) + readCandidateFile (promise fs,
//                16 in flight) + the Hub regex on the decoded text: what scan/run.ts does now
//   sync         Dirent walk (readdirSync withFileTypes) + dist/scan/read/fast-read.js (open,
//                fstat, read, close; one scratch buffer) + dist/scan/read/byte-prefilter.js
//   workers=N    the same reads and byte prefilter in N worker threads; the main thread
//                walks and hands out batches of paths
//
// Each mode runs in its own process:  node bench/read-pass.mjs MODE FOLDER
// Without arguments it times every mode on the benchmark corpus (interleaved, medians):
//   node bench/read-pass.mjs [--runs N] [--corpus-home DIR]
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = (p) => pathToFileURL(join(REPO, 'dist', p)).href;
const MAX = 5 * 1024 * 1024;
const BATCH = 256;

function walkSync(root, out) {
  for (const e of readdirSync(root, { withFileTypes: true })) {
    const p = join(root, e.name);
    if (e.isDirectory()) {
      if (e.name !== '.git') walkSync(p, out);
    } else if (e.isFile()) out.push(p);
  }
  return out;
}

async function readSyncGate(paths) {
  const { readFileFast, ReadScratch } = await import(dist('scan/read/fast-read.js'));
  const { makeBytePrefilter } = await import(dist('scan/read/byte-prefilter.js'));
  const gate = makeBytePrefilter();
  const scratch = new ReadScratch();
  const kept = [];
  let bytes = 0;
  for (const p of paths) {
    const r = readFileFast(p, MAX, scratch);
    if ('skipped' in r) continue;
    bytes += r.size;
    if (r.bytes.subarray(0, 8192).includes(0)) continue;
    if (gate(r.bytes)) kept.push({ path: p, text: r.bytes.toString('utf8') });
  }
  return { kept, bytes };
}

async function runMode(mode, root) {
  const started = performance.now();
  let files = 0;
  let kept = 0;
  if (mode === 'current') {
    const { walk } = await import(dist('discover/walk.js'));
    const { readCandidateFile } = await import(dist('discover/read.js'));
    const HUB = /hub\.docker\.com|index\.docker\.io|hub%2Edocker%2Ecom/i;
    const running = new Set();
    for await (const file of walk([root], { cwd: root, noIgnore: true })) {
      const p = readCandidateFile(file.absolute, MAX).then((r) => {
        files++;
        if (!('skipped' in r) && HUB.test(r.text)) kept++;
      });
      const q = p.finally(() => running.delete(q));
      running.add(q);
      if (running.size >= 16) await Promise.race(running);
    }
    await Promise.all(running);
  } else if (mode === 'sync') {
    const paths = walkSync(root, []);
    files = paths.length;
    kept = (await readSyncGate(paths)).kept.length;
  } else if (mode.startsWith('workers=')) {
    const n = Number(mode.slice('workers='.length));
    const paths = walkSync(root, []);
    files = paths.length;
    let next = 0;
    await new Promise((resolve, reject) => {
      let live = n;
      for (let i = 0; i < n; i++) {
        const w = new Worker(new URL(import.meta.url), { workerData: { reader: true } });
        const feed = () => {
          if (next < paths.length) {
            w.postMessage(paths.slice(next, next + BATCH));
            next += BATCH;
          } else {
            w.postMessage(null);
          }
        };
        w.on('message', (m) => {
          kept += m;
          feed();
        });
        w.on('error', reject);
        w.on('exit', () => --live === 0 && resolve());
        feed();
      }
    });
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  process.stdout.write(`${JSON.stringify({ mode, files, kept, ms: Math.round(performance.now() - started) })}\n`);
}

if (!isMainThread && workerData?.reader) {
  parentPort.on('message', async (paths) => {
    if (paths === null) return parentPort.close();
    parentPort.postMessage((await readSyncGate(paths)).kept.length);
  });
} else if (process.argv[2] && !process.argv[2].startsWith('--')) {
  await runMode(process.argv[2], process.argv[3] ?? '.');
} else {
  const { values: opt } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'corpus-home': { type: 'string' } } });
  const { corpusHome, ensureInstall, ensureScaled } = await import('./lib/corpus.mjs');
  const { timeGroup, fmtMs } = await import('./lib/measure.mjs');
  const log = (m) => process.stderr.write(`${m}\n`);
  const home = opt['corpus-home'] ?? corpusHome();
  const tree = ensureScaled(home, ensureInstall(home, log), 1, log);
  const self = fileURLToPath(import.meta.url);
  const modes = ['current', 'sync', 'workers=1', `workers=${Math.max(2, availableParallelism())}`];
  const cmd = (name, args) => ({ name, cmd: process.execPath, args, cwd: tree.root });
  const results = timeGroup(
    [cmd('node -e 0', ['-e', '0']), cmd('node-regex', [join(REPO, 'bench', 'node-regex.mjs'), '.']), ...modes.map((m) => cmd(m, [self, m, '.']))],
    Number(opt.runs),
    log,
  );
  process.stdout.write('| read pass (whole process) | median | min – max | peak RSS |\n|---|---:|---:|---:|\n');
  for (const [name, r] of results) process.stdout.write(`| ${name} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${r.peakRssKB ? `${(r.peakRssKB / 1024).toFixed(0)} MB` : 'n/a'} |\n`);
}
