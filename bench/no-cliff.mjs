// Issue 34: one row per hostile shape, each at N and 4N, timed with the built CLI
// (HUBLINT_WORKERS=0, median of --runs after one warm-up): t(4N) / t(N) must stay <= 5; the
// last column is the peak RSS at N and 4N (GNU time), which must not grow with the files kept.
// Prints a Markdown table. Usage: node bench/no-cliff.mjs [--bin dist/bin/cli/main.js] [--runs 3] [--warmup 1]
// [--only TEXT] (the rows whose name holds TEXT: one row at a time on a busy machine)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { timeGroup } from './lib/measure.mjs';
import { hubFiles } from './lib/hub-files.mjs';
import { minifiedBundle } from './lib/minified-bundle.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const bin = opt('--bin', join(import.meta.dirname, '..', 'dist', 'bin', 'cli', 'main.js'));
const runs = Number(opt('--runs', '3'));
const U = (i) => `https://hub.docker.com/v2/repositories/acme/r${i}/`;
const urls = (n) => Array.from({ length: n }, (_, i) => U(i)).join(' ');

/**
 * [name, N, file, make(n)]: N chosen so that t(N) >= 2 s on this machine where the input allows;
 * a file of a language read by a syntax tree stays under 1 MB at 4N (above it a file gets the
 * plain URL scan, another path), which caps N for the comment rows.
 */
const ALL_SHAPES = [
  ['shell line of N URLs', 2000, 'a.sh', (n) => `echo ${urls(n)}\n`],
  ['Go comment line of N URLs', 5000, 'a.go', (n) => `package main\n// ${urls(n)}\nfunc main() {}\n`],
  ['JS comment line of N URLs', 5000, 'a.js', (n) => `// ${urls(n)}\n`],
  ['Python comment line of N URLs', 5000, 'a.py', (n) => `# ${urls(n)}\n`],
  ['N Go comment lines', 4700, 'a.go', (n) => `package main\n${Array.from({ length: n }, (_, i) => `// ${U(i)}\n`).join('')}func main() {}\n`],
  ['N curl lines', 10000, 'a.sh', (n) => Array.from({ length: n }, (_, i) => `curl ${U(i)}\n`).join('')],
  ['N x `$x` in one URL', 10000, 'a.sh', (n) => `u=https://hub.docker.com/v2/repositories/acme/${'$x'.repeat(n)}\n`],
  ['N nested shell ifs', 800, 'a.sh', (n) => `${'if true; then\n'.repeat(n)}curl ${U(1)}\n${'fi\n'.repeat(n)}`],
  // Row 1: ~980 bytes a module, so 4N (940 KB) stays under the 1 MB above which a file gets the plain URL scan.
  ['minified bundle of N modules', 240, 'index.js', (n) => minifiedBundle(n)],
  // Row 5: memory must not grow with the files kept (peak RSS at 4N against N, the last column).
  ['N JS files of ~19 KB naming the Hub', 100, null, hubFiles],
  // Row 5, one file: a JS array of N URLs (5.7 MB at 4N, hence --max-file-size below), N findings kept for the report.
  ['one JS array of N URLs', 25000, 'a.js', (n) => `const urls = [\n${Array.from({ length: n }, (_, i) => `  "${U(i)}",`).join('\n')}\n];\n`],
  // --fix over many projects: each rewrites a constant another of its files uses; the uses are
  // looked for in the constant's own project only (once every file was asked for every constant).
  ['N projects rewriting a shared constant (--fix-dry-run)', 150, null, constantProjects, ['--fix-dry-run', '--fix-type', 'unsafe']],
  // --fix over one test file of N cases, each asserting the URL a function builds: every finding
  // asks for its function's header and its test case's calls (once each re-read the file's lines).
  ['one test file of N cases asserting Hub URLs (--fix-dry-run)', 2000, null, assertingTests, ['--fix-dry-run', '--fix-type', 'unsafe']],
];

/** A module building a Hub URL from its two arguments, and one test file of N cases asserting it. */
function assertingTests(n) {
  const cases = Array.from({ length: n }, (_, i) => `it('builds r${i}', () => {\n  expect(repoUrl('acme', 'r${i}')).toBe('https://hub.docker.com/v2/repositories/acme/r${i}/');\n});\n`);
  return {
    'package.json': '{ "name": "board", "type": "module" }\n',
    'src/urls.js': 'export function repoUrl(owner, name) {\n  return `https://hub.docker.com/v2/repositories/${owner}/${name}/`;\n}\n',
    'test/urls.test.js': `import { repoUrl } from '../src/urls.js';\n\n${cases.join('')}`,
  };
}

/** N small JS projects: a routes module exporting two Hub constants, a module using them, eight files of filler. */
function constantProjects(n) {
  const out = {};
  for (let i = 0; i < n; i++) {
    out[`p${i}/package.json`] = `{ "name": "board-${i}", "type": "module" }\n`;
    out[`p${i}/src/routes.js`] = `export const TEAM_IMAGES = 'https://hub.docker.com/v2/repositories/team${i}/';\nexport const API_REPO = 'https://hub.docker.com/v2/repositories/team${i}/api/';\n`;
    out[`p${i}/src/board.js`] = `import { TEAM_IMAGES, API_REPO } from './routes.js';\nexport const images = () => fetch(\`\${TEAM_IMAGES}?page_size=50\`);\nexport const api = () => fetch(API_REPO);\n`;
    for (let k = 0; k < 8; k++) out[`p${i}/src/util${k}.js`] = `export const API_REPO_${k} = ${k};\nexport function step${k}(x) { return x + API_REPO_${k}; }\n`;
  }
  return out;
}
const only = opt('--only', null);
const SHAPES = only === null ? ALL_SHAPES : ALL_SHAPES.filter(([name]) => name.includes(only));
if (SHAPES.length === 0) throw new Error(`--only ${only}: no row's name holds it`);

// Per process: another run of this script on the same machine must not remove this one's files.
const home = join(tmpdir(), `hublint-bench-no-cliff-${process.pid}`);
rmSync(home, { recursive: true, force: true });
const commands = [];
for (const [name, n, file, make, extra = []] of SHAPES) {
  for (const size of [n, 4 * n]) {
    const dir = join(home, `${SHAPES.findIndex((s) => s[0] === name)}-${size}`);
    mkdirSync(dir, { recursive: true });
    const made = make(size);
    for (const [name, text] of Object.entries(file === null ? made : { [file]: made })) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    commands.push({ name: `${name} @${size}`, cmd: process.execPath, args: [bin, '--no-ignore', '--max-file-size', '10MB', ...extra, '-f', 'json', '-o', join(home, `report-${size}.json`), file ?? '.'], cwd: dir, env: { ...process.env, HUBLINT_WORKERS: '0' }, okStatus: [0, 1] });
  }
}
const results = timeGroup(commands, runs, (m) => process.stderr.write(`${m}\n`), { warmup: Number(opt('--warmup', '1')) });
const rows = SHAPES.map(([name, n]) => {
  const a = results.get(`${name} @${n}`);
  const b = results.get(`${name} @${4 * n}`);
  const rss = a.peakRssKB && b.peakRssKB ? `${Math.round(a.peakRssKB / 1024)} / ${Math.round(b.peakRssKB / 1024)} MB (${(b.peakRssKB / a.peakRssKB).toFixed(2)})` : 'n/a';
  return `| ${name} | ${n} | ${(a.medianMs / 1000).toFixed(2)} s | ${(b.medianMs / 1000).toFixed(2)} s | ${(b.medianMs / a.medianMs).toFixed(2)} | ${rss} |`;
});
process.stdout.write(['| shape | N | t(N) | t(4N) | t(4N)/t(N) | peak RSS N / 4N |', '|---|---|---|---|---|---|', ...rows, ''].join('\n'));
rmSync(home, { recursive: true, force: true });
