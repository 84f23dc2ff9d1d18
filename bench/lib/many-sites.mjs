// One generated file with many Hub calls (a generated API client, a test table): the lint of
// one file must cost in proportion to its sites. Each language's file holds N functions, each
// with its own `url` built from the module's base and one request; timed at N and at 4N.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { timeGroup } from './measure.mjs';

const GENERATORS = {
  py: (n) =>
    ['import requests', 'BASE = "https://hub.docker.com/v2"', ...Array.from({ length: n }, (_, i) => `\ndef fetch_${i}(org):\n    url = f"{BASE}/repositories/{org}/"\n    return requests.get(url, params={"page": ${i}}).json()`)].join('\n') + '\n',
  ts: (n) =>
    ['const BASE = "https://hub.docker.com/v2";', ...Array.from({ length: n }, (_, i) => `\nexport async function fetch${i}(org: string) {\n  const url = \`\${BASE}/repositories/\${org}/\`;\n  return (await fetch(url, { headers: { page: "${i}" } })).json();\n}`)].join('\n') + '\n',
  swift: (n) =>
    ['import Foundation', 'let base = "https://hub.docker.com/v2"', ...Array.from({ length: n }, (_, i) => `\nfunc fetch${i}(org: String) {\n    let url = URL(string: "\\(base)/repositories/\\(org)/")!\n    URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()\n}`)].join('\n') + '\n',
};

/** Writes the files under `dir`: many-<n>.<ext> for each language and size. */
export function writeManySites(dir, sizes) {
  mkdirSync(dir, { recursive: true });
  const files = [];
  for (const [ext, gen] of Object.entries(GENERATORS)) {
    for (const n of sizes) {
      const path = join(dir, `many-${n}.${ext}`);
      writeFileSync(path, gen(n));
      files.push({ ext, n, path });
    }
  }
  return files;
}

/** Times hublint on each file (interleaved); returns { files, results } keyed `<ext> <n>`. */
export function manySitesCheck({ bin, dir, sizes, runs, log }) {
  const files = writeManySites(dir, sizes);
  log(`one file with many sites: ${Object.keys(GENERATORS).join(', ')} at ${sizes.join(' and ')} functions; 1 warm-up + ${runs} runs each, interleaved`);
  const commands = files.map((f) => ({ name: `${f.ext} ${f.n}`, cmd: process.execPath, args: [bin, '--format', 'json', f.path], cwd: dir, env: { ...process.env, HUBLINT_WORKERS: '0' }, okStatus: [0, 1] }));
  return { files, results: timeGroup(commands, runs, log) };
}
