#!/usr/bin/env node
// The Engine pin pass alone (src/pins), in process, over every file of the benchmark corpus
// held in memory: no discovery, no reads, no start-up, so only the pin code is timed.
//
//   prefilter       mayHoldPins(text) on every file
//   byte gate       PIN_BYTE_PATTERN.test(latin1 view of the bytes) on every file (the
//                   pattern scan/read/byte-prefilter.ts runs before decoding; builds without it: —)
//   lintPinsText    lintPinsText(path, text) on every file: what scan/run.ts's take() did
//   gated           mayHoldPins(text) && lintPinsText(path, text): what scan/run.ts does now
//   <extractor>     each extractor of PIN_EXTRACTORS alone, on the files the prefilter passes
//
// Several builds can be compared in one run (interleaved round by round, medians); each
// must be a built dist/ folder. The findings of every build are compared: the run fails
// (exit 1) when two builds report different findings.
//
//   node bench/pins-speed.mjs [--dist LABEL=DIR]... [--rev LABEL=GITREV]... [--runs N]
//                             [--corpus DIR | --corpus-home DIR] [--json FILE]
//
//   --dist LABEL=DIR   a built dist/ folder (default: after=dist, this tree's build)
//   --rev LABEL=REV    build src/ of a git revision into a temp folder (git archive + tsc) and
//                      time it: `--rev before=HEAD --dist after=dist` is the before/after of
//                      uncommitted changes
//   --runs N           timed rounds after one discarded warm-up (default 5)
//   --corpus DIR       the tree to read (default: scale 1 of the benchmark corpus, built
//                      and cached by bench/lib/corpus.mjs when missing)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusHome, ensureInstall, ensureScaled } from './lib/corpus.mjs';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const MAX = 5 * 1024 * 1024;
const SNIFF = 8192;

const { values: opt } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true },
    rev: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
    corpus: { type: 'string' },
    'corpus-home': { type: 'string' },
    json: { type: 'string' },
  },
});
const log = (m) => process.stderr.write(`${m}\n`);
const runs = Number(opt.runs);

function labelled(spec, what) {
  const i = spec.indexOf('=');
  if (i <= 0) throw new Error(`--${what} wants LABEL=${what === 'rev' ? 'REV' : 'DIR'}, got ${spec}`);
  return [spec.slice(0, i), spec.slice(i + 1)];
}

/** src/ of a revision, built with this tree's node_modules in a temp folder; returns its dist/. */
function buildRevision(rev, temps) {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-pins-speed-'));
  temps.push(dir);
  const files = ['src', 'rules', 'schema', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
  const archive = spawnSync('git', ['archive', '--format=tar', rev, ...files], { cwd: REPO, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${rev}: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  log(`building ${rev} in ${dir} …`);
  // tsc emits even when the revision has type errors; only a missing lint-pins.js is fatal.
  spawnSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'ignore' });
  return join(dir, 'dist');
}

function corpusRoot() {
  if (opt.corpus) return resolve(opt.corpus);
  const home = opt['corpus-home'] ?? corpusHome();
  return ensureScaled(home, ensureInstall(home, log), 1, log).root;
}

/** Every file scan/run.ts would decode: regular, at most 5 MB, no NUL in the first 8 KB. */
function loadCorpus(root) {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git') walk(p);
      } else if (e.isFile()) {
        const bytes = readFileSync(p);
        if (bytes.length > MAX || bytes.subarray(0, SNIFF).includes(0)) continue;
        files.push({ path: relative(root, p), bytes, text: bytes.toString('utf8') });
      }
    }
  };
  walk(root);
  return files;
}

async function loadBuild(label, dist) {
  const url = (p) => pathToFileURL(join(dist, p)).href;
  const { lintPinsText } = await import(url('scan/lint-pins.js'));
  const index = await import(url('pins/extract/index.js'));
  return { label, dist, lintPinsText, mayHoldPins: index.mayHoldPins, bytePattern: index.bytesMayHoldPins ? { test: index.bytesMayHoldPins } : (index.PIN_BYTE_PATTERN ?? null), extractors: index.PIN_EXTRACTORS };
}

/** One round of every measurement for one build. */
function round(build, files) {
  const ms = {};
  const time = (name, fn) => {
    const t0 = performance.now();
    const r = fn();
    ms[name] = performance.now() - t0;
    return r;
  };
  const passed = time('prefilter', () => files.filter((f) => build.mayHoldPins(f.text)));
  if (build.bytePattern) {
    // The Latin-1 view is made outside the clock: scan/read/byte-prefilter.ts makes it anyway.
    let t = 0;
    let n = 0;
    for (const f of files) {
      const s = f.bytes.toString('latin1');
      const t0 = performance.now();
      if (build.bytePattern.test(s)) n++;
      t += performance.now() - t0;
    }
    ms['byte gate'] = t;
    ms.byteGatePassed = n;
  }
  let findings = 0;
  const digest = [];
  time('lintPinsText', () => {
    for (const f of files) {
      const found = build.lintPinsText(f.path, f.text);
      if (found.length) {
        findings += found.length;
        digest.push(`${f.path}\n${JSON.stringify(found)}`);
      }
    }
  });
  time('gated', () => {
    for (const f of files) if (build.mayHoldPins(f.text)) build.lintPinsText(f.path, f.text);
  });
  for (const [name, extract] of build.extractors) {
    time(`  ${name}`, () => {
      for (const f of passed) extract(f.path, f.text);
    });
  }
  return { ms, passed: passed.length, findings, digest: digest.join('\n') };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 1 : 0)} ms`);

const temps = [];
try {
  const builds = [];
  for (const spec of opt.rev ?? []) {
    const [label, rev] = labelled(spec, 'rev');
    builds.push(await loadBuild(label, buildRevision(rev, temps)));
  }
  for (const spec of opt.dist ?? (opt.rev?.length ? [] : ['after=dist'])) {
    const [label, dir] = labelled(spec, 'dist');
    builds.push(await loadBuild(label, resolve(REPO, dir)));
  }
  const root = corpusRoot();
  log(`reading ${root} …`);
  const files = loadCorpus(root);
  const mb = files.reduce((a, f) => a + f.bytes.length, 0) / 1e6;
  log(`${files.length} files, ${mb.toFixed(0)} MB in memory; ${runs} rounds after a warm-up`);

  const results = new Map(builds.map((b) => [b.label, []]));
  for (let r = 0; r <= runs; r++) {
    for (const b of builds) {
      const out = round(b, files);
      if (r > 0) results.get(b.label).push(out);
    }
    if (r > 0) log(`round ${r}/${runs}`);
  }

  const names = [...new Set([...results.values()].flatMap((rs) => Object.keys(rs[0].ms)).filter((n) => n !== 'byteGatePassed'))];
  const header = `| ${['measurement', ...builds.map((b) => b.label)].join(' | ')} |`;
  const rows = [header, `|${['---', ...builds.map(() => '---:')].join('|')}|`];
  for (const name of names) {
    const cells = builds.map((b) => {
      const xs = results.get(b.label).map((o) => o.ms[name]).filter((x) => x !== undefined);
      return xs.length ? `${fmt(median(xs))} (${fmt(Math.min(...xs))} – ${fmt(Math.max(...xs))})` : '—';
    });
    rows.push(`| ${name.trim() === name ? name : `extractor \`${name.trim()}\` (passed files)`} | ${cells.join(' | ')} |`);
  }
  const first = (b) => results.get(b.label)[0];
  rows.push(`| files the prefilter passes | ${builds.map((b) => `${first(b).passed} of ${files.length}`).join(' | ')} |`);
  rows.push(`| files the byte gate passes | ${builds.map((b) => (first(b).ms.byteGatePassed === undefined ? '—' : String(first(b).ms.byteGatePassed))).join(' | ')} |`);
  rows.push(`| findings | ${builds.map((b) => String(first(b).findings)).join(' | ')} |`);
  process.stdout.write(`Pin pass over ${files.length} files (${mb.toFixed(0)} MB) of ${root}, medians of ${runs} (min – max); node ${process.version}\n\n${rows.join('\n')}\n`);

  const same = builds.every((b) => first(b).digest === first(builds[0]).digest);
  if (!same) process.stdout.write('\n**The builds report different findings.**\n');
  else if (builds.length > 1) process.stdout.write('\nAll builds report the same findings.\n');
  if (opt.json) {
    mkdirSync(dirname(resolve(opt.json)), { recursive: true });
    const json = builds.map((b) => ({ label: b.label, dist: b.dist, rounds: results.get(b.label).map((o) => ({ ms: o.ms, passed: o.passed, findings: o.findings })) }));
    writeFileSync(opt.json, JSON.stringify({ date: new Date().toISOString(), root, files: files.length, runs, builds: json }, null, 2));
  }
  process.exitCode = same ? 0 : 1;
} finally {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
}
