// Summarises a V8 .cpuprofile (from `node --cpu-prof`): where the samples went, by
// function (self time), by bucket (our stages, dependencies, Node internals, GC, idle) and
// by inclusive time of the stage functions we care about.
import { readFileSync } from 'node:fs';

/**
 * Buckets in priority order: the first pattern that matches the frame's URL or function
 * name wins. Our own stages are matched on the dist/ path, dependencies on their package.
 */
const BUCKETS = [
  ['(garbage collector)', (f) => f.functionName === '(garbage collector)'],
  ['(idle: waiting for I/O)', (f) => f.functionName === '(idle)'],
  ['(program: V8/native, parse/compile)', (f) => f.functionName === '(program)'],
  ['typescript compiler (ts-morph bundle)', (f) => /@ts-morph\/common\/dist\/typescript\.js|\/typescript\/lib\//.test(f.url)],
  ['ts-morph (rest)', (f) => /ts-morph/.test(f.url)],
  ['fast-glob / micromatch (discovery)', (f) => /fast-glob|micromatch|picomatch|@nodelib|fastq|merge2|braces|glob-parent/.test(f.url)],
  ['ignore (gitignore rules)', (f) => /node_modules\/ignore\//.test(f.url)],
  ['yaml', (f) => /node_modules\/yaml\//.test(f.url)],
  ['commander', (f) => /node_modules\/commander\//.test(f.url)],
  ['other dependencies', (f) => /node_modules\//.test(f.url)],
  ['hublint: discover (walk/read)', (f) => /\/dist\/discover\//.test(f.url)],
  ['hublint: scan/run.ts orchestration', (f) => /\/dist\/scan\/run\.js/.test(f.url)],
  ['hublint: prefilter', (f) => /\/dist\/extract\/prefilter\.js/.test(f.url)],
  ['hublint: constants index', (f) => /\/dist\/extract\/constants\.js/.test(f.url)],
  ['hublint: adapters', (f) => /\/dist\/extract\//.test(f.url)],
  ['hublint: match', (f) => /\/dist\/match\//.test(f.url)],
  ['hublint: engine client', (f) => /\/dist\/engine\//.test(f.url)],
  ['hublint: Engine pins (lintPinsText)', (f) => /\/dist\/pins\//.test(f.url)],
  ['hublint: other', (f) => /\/dist\//.test(f.url)],
  ['node: ESM/CJS loader', (f) => /node:internal\/modules\//.test(f.url)],
  ['node: fs / streams', (f) => /node:internal\/fs|node:fs|node:internal\/streams|node:stream/.test(f.url)],
  ['node: other internals', (f) => /^node:/.test(f.url)],
  ['native / builtins', () => true],
];

/** Stage functions whose inclusive time is reported (a function counted once per stack). */
const STAGES = [
  ['lint()', (f) => f.functionName === 'lint' && /dist\/scan\/run\.js/.test(f.url)],
  ['walk() discovery generator', (f) => f.functionName === 'walk' && /dist\/discover\/walk\.js/.test(f.url)],
  ['gitignoreFilter()', (f) => f.functionName === 'gitignoreFilter' || (/dist\/discover\/walk\.js/.test(f.url) && f.functionName === '' )],
  ['readCandidateFile()', (f) => f.functionName === 'readCandidateFile'],
  ['decode() (bytes → string)', (f) => f.functionName === 'decode' && /dist\/discover\/read\.js/.test(f.url)],
  ['take() (prefilter gate in scan/run.ts)', (f) => f.functionName === 'take' && /dist\/scan\/run\.js/.test(f.url)],
  ['mentionsHub() regex', (f) => f.functionName === 'mentionsHub'],
  ['lintText()', (f) => f.functionName === 'lintText'],
  ['lintPinsText() (Engine pins, every file read)', (f) => f.functionName === 'lintPinsText'],
  ['createSourceFile (TS parse)', (f) => f.functionName === 'createSourceFile'],
  ['module loading (compile + evaluate)', (f) => /node:internal\/modules\//.test(f.url)],
];

export function summariseProfile(file, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Sample i lasted timeDeltas[i + 1] (V8 records the delta before the next sample).
  const selfUs = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const dt = timeDeltas[i + 1] ?? 0;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + dt);
  }
  const totalUs = profile.endTime - profile.startTime;
  const byBucket = new Map();
  const byFunction = new Map();
  for (const [id, us] of selfUs) {
    const f = nodes.get(id).callFrame;
    const bucket = BUCKETS.find(([, test]) => test(f))[0];
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + us);
    const key = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const stageUs = new Map(STAGES.map(([name]) => [name, 0]));
  for (const [id, us] of selfUs) {
    const hit = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = nodes.get(cur).callFrame;
      for (const [name, test] of STAGES) if (!hit.has(name) && test(f)) hit.add(name);
    }
    for (const name of hit) stageUs.set(name, stageUs.get(name) + us);
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    file,
    totalMs: totalUs / 1000,
    buckets: sorted(byBucket).map(([name, us]) => ({ name, ms: us / 1000, pct: (100 * us) / totalUs })),
    functions: sorted(byFunction).slice(0, top).map(([name, us]) => ({ name, ms: us / 1000, pct: (100 * us) / totalUs })),
    stages: [...stageUs].map(([name, us]) => ({ name, ms: us / 1000, pct: (100 * us) / totalUs })),
  };
}

function shortUrl(url) {
  if (!url) return '';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const d = url.lastIndexOf('/dist/');
  if (d >= 0) return url.slice(d + 1);
  return url.replace(/^file:\/\//, '');
}

export function formatSummary(s, title) {
  const ms = (v) => v.toFixed(0).padStart(6);
  const lines = [`### ${title}`, '', `Profiled wall time ${s.totalMs.toFixed(0)} ms.`, '', '| bucket (self time) | ms | % |', '|---|---:|---:|'];
  for (const b of s.buckets.filter((x) => x.pct >= 0.5)) lines.push(`| ${b.name} | ${ms(b.ms)} | ${b.pct.toFixed(1)} |`);
  lines.push('', '| stage (inclusive) | ms | % |', '|---|---:|---:|');
  for (const b of s.stages.filter((x) => x.ms > 0)) lines.push(`| ${b.name} | ${ms(b.ms)} | ${b.pct.toFixed(1)} |`);
  lines.push('', '| top functions (self) | ms | % |', '|---|---:|---:|');
  for (const b of s.functions) lines.push(`| \`${b.name.replace(/\|/g, '\\|')}\` | ${ms(b.ms)} | ${b.pct.toFixed(1)} |`);
  return lines.join('\n');
}
