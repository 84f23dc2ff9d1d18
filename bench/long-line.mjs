// Issue 17 item 1: how long hublint takes on one very long line, per line length and file kind,
// and how long redact() alone takes on it. A line that held a Hub call used to be redacted
// whole before its snippet was cut, with a pattern that backtracked quadratically (100 KB:
// 5.4 s; 4 MB: still running after 730 s). Prints a Markdown table.
// Usage: node bench/long-line.mjs [--bin dist/bin/cli/main.js] [--runs 3]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const bin = opt('--bin', join(import.meta.dirname, '..', 'dist', 'bin', 'cli', 'main.js'));
const runs = Number(opt('--runs', '3'));
const { redact } = await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', 'core', 'redact.js')).href);

const CALL = 'curl https://hub.docker.com/v2/repositories/a/b/ ';
const KB = 1024;
const cases = [
  // [name, file name, text of n bytes]
  ['shell, call + letters', 'x.sh', (n) => `${CALL}${'a'.repeat(n)}\n`],
  ['shell, call + password-looking runs', 'y.sh', (n) => `${CALL}${'https://u:p'.repeat(n / 10)}\n`],
  ['one-line JSON', 'z.json', (n) => `${JSON.stringify({ u: CALL.trim().split(' ')[1], d: 'x'.repeat(n) })}\n`],
];
const sizes = [100 * KB, 1024 * KB, 4096 * KB];

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const dir = mkdtempSync(join(tmpdir(), 'hublint-long-line-'));
const rows = [];
try {
  for (const [name, file, make] of cases) {
    for (const size of sizes) {
      const text = make(size);
      const path = join(dir, file);
      writeFileSync(path, text);
      const cli = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const r = spawnSync(process.execPath, [bin, path], { encoding: 'utf8', timeout: 600_000 });
        cli.push(performance.now() - t);
        if (r.status !== 1) throw new Error(`${name} ${size}: exit ${r.status}: ${r.stderr}`);
      }
      const line = text.trimEnd();
      const t = performance.now();
      redact(line);
      const alone = performance.now() - t;
      rows.push(`| ${name} | ${(size / KB).toFixed(0)} KB | ${median(cli).toFixed(0)} ms | ${alone.toFixed(1)} ms |`);
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(['| file | line | `hublint FILE` (median of ' + runs + ') | `redact(line)` alone |', '|---|---|---|---|', ...rows, ''].join('\n'));
