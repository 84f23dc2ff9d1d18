#!/usr/bin/env node
// Measures what the V8 code cache (src/runtime/compile-cache.ts) buys on the TypeScript
// compiler's start-up: fresh processes that load the compiler and parse one small file,
//   require          require() of ts-morph's bundled typescript.js (what parse.ts costs today,
//                    minus ts-morph's own wrapper)
//   import ts-morph  `import { ts } from 'ts-morph'` (exactly what src/extract/languages/js/parse.ts does)
//   cache: hit       dist/runtime/typescript.js loadTypeScript() with a warm cache
//   cache: miss      the same with an empty cache folder (the run that writes the cache)
// plus `node -e 0` for scale. Interleaved rounds, one warm-up, medians.
//
//   node bench/code-cache.mjs [--runs N] [--readme]      (needs dist/: npx tsc -p tsconfig.build.json)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { fmtMs, timeGroup } from './lib/measure.mjs';
import { replaceSection } from './lib/readme.mjs';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const { values: opt } = parseArgs({ options: { runs: { type: 'string', default: '10' }, readme: { type: 'boolean', default: false } } });
const perf = pathToFileURL(join(REPO, 'dist', 'perf', 'typescript.js')).href;
const SAMPLE = 'const r = await fetch("https://hub.docker.com/v2/repositories/acme/web/", { method: "HEAD" }); export default r;';
const parse = `ts.createSourceFile('x.ts', ${JSON.stringify(SAMPLE)}, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)`;
const warmDir = mkdtempSync(join(tmpdir(), 'hublint-code-cache-warm-'));
const coldRoot = mkdtempSync(join(tmpdir(), 'hublint-code-cache-cold-'));
let coldRun = 0;

const node = (name, code, env = {}) => ({ name, cmd: process.execPath, args: ['--input-type=module', '-e', code], cwd: REPO, env: { ...process.env, ...env } });
const commands = [
  node('node -e 0', '0'),
  node('require typescript.js', `import { createRequire } from 'node:module'; const r = createRequire(${JSON.stringify(join(REPO, 'package.json'))}); const ts = r(r.resolve('@ts-morph/common/dist/typescript.js', { paths: [r.resolve('ts-morph')] })); ${parse};`),
  node('import { ts } from ts-morph', `import { ts } from 'ts-morph'; ${parse};`),
  node('code cache: hit', `const { loadTypeScript } = await import(${JSON.stringify(perf)}); const { ts, state } = loadTypeScript(); if (state !== 'hit') throw new Error(state); ${parse};`, { HUBLINT_CACHE_DIR: warmDir }),
];
// A miss needs an empty folder every time: the command itself is rebuilt per round.
const miss = node('code cache: miss (writes it)', '', {});
Object.defineProperty(miss, 'env', {
  get() {
    coldRun++;
    return { ...process.env, HUBLINT_CACHE_DIR: join(coldRoot, String(coldRun)) };
  },
});
miss.args = ['--input-type=module', '-e', `const { loadTypeScript } = await import(${JSON.stringify(perf)}); const { ts, state } = loadTypeScript(); if (state !== 'miss') throw new Error(state); ${parse};`];
commands.push(miss);

// Prime the warm cache: the run that writes it.
const prime = spawnSync(process.execPath, ['--input-type=module', '-e', `const { loadTypeScript } = await import(${JSON.stringify(perf)}); const { ts } = loadTypeScript(); ${parse};`], { cwd: REPO, env: { ...process.env, HUBLINT_CACHE_DIR: warmDir }, stdio: 'inherit' });
if (prime.status !== 0) throw new Error('priming the code cache failed');

try {
  const results = timeGroup(commands, Number(opt.runs), (m) => process.stderr.write(`${m}\n`));
  const base = results.get('node -e 0').medianMs;
  const req = results.get('require typescript.js').medianMs;
  const out = [`Run of ${new Date().toISOString()}, \`node bench/code-cache.mjs ${process.argv.slice(2).join(' ')}\`, medians of ${opt.runs}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`, ''];
  out.push('| load the compiler + parse one file | median | min – max | over `node -e 0` | peak RSS |', '|---|---:|---:|---:|---:|');
  for (const [name, r] of results) {
    out.push(`| ${name} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} – ${fmtMs(r.maxMs)} | ${name === 'node -e 0' ? '—' : fmtMs(r.medianMs - base)} | ${r.peakRssKB ? `${(r.peakRssKB / 1024).toFixed(0)} MB` : 'n/a'} |`);
  }
  const hit = results.get('code cache: hit').medianMs;
  const morph = results.get('import { ts } from ts-morph').medianMs;
  out.push('', `Above \`node -e 0\`: \`import { ts } from 'ts-morph'\` ${fmtMs(morph - base)}, require of typescript.js ${fmtMs(req - base)}, code cache hit ${fmtMs(hit - base)} (${((1 - (hit - base) / (morph - base)) * 100).toFixed(0)}% less than ts-morph, ${((1 - (hit - base) / (req - base)) * 100).toFixed(0)}% less than the plain require).`);
  process.stdout.write(`${out.join('\n')}\n`);
  if (opt.readme) {
    const readme = join(REPO, 'bench', 'README.md');
    writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'code-cache', out.join('\n'), 'node bench/code-cache.mjs --readme'));
  }
} finally {
  rmSync(warmDir, { recursive: true, force: true });
  rmSync(coldRoot, { recursive: true, force: true });
}
