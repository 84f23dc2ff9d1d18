#!/usr/bin/env node
// `hublint engine run` next to `docker run` on the same daemon, in the same run: a container
// that writes 200 MB to stdout, read through a pipe by this script (as `| wc -c` would).
// Prints wall time and peak RSS (GNU time's %M) of each client, alternating the two so that
// a busy machine weighs on both alike; the goal (issue 18) is hublint within 1.2x of docker's
// time and under 64 MB of RSS.
//
//   node bench/engine-run.mjs [--mb 200] [--runs 3] [--docker /usr/bin/docker] [--bin dist/bin/cli/main.js]
//
// DOCKER_HOST must point at the daemon (scripts/engine-up.sh prints it); the image is
// HUBLINT_ENGINE_IMAGE (default hublint/busybox:latest, built by scripts/engine-up.sh).
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    docker: { type: 'string', default: '/usr/bin/docker' },
    bin: { type: 'string', default: 'dist/bin/cli/main.js' },
  },
});
const bytes = Number(values.mb) * 1024 * 1024;
const runs = Number(values.runs);
const image = process.env.HUBLINT_ENGINE_IMAGE ?? 'hublint/busybox:latest';
if (!process.env.DOCKER_HOST) {
  console.error('engine-run bench: set DOCKER_HOST (scripts/engine-up.sh prints it)');
  process.exit(2);
}
// busybox `head` reading /dev/zero: the container's side costs the same for both clients.
const command = ['sh', '-c', `head -c ${bytes} /dev/zero`];
const clients = {
  docker: [values.docker, 'run', '--rm', image, ...command],
  hublint: [process.execPath, values.bin, 'engine', 'run', '--rm', image, ...command],
};

/** One run under GNU time: wall seconds, peak RSS in MB, bytes read from its stdout, write calls. */
function measure(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %M', ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    let received = 0;
    let reads = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      received += chunk.length;
      reads++;
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stderr.trim().split('\n').at(-1) ?? '';
      const [seconds, kb] = last.split(' ').map(Number);
      if (code !== 0 || Number.isNaN(seconds)) return reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr}`));
      resolve({ seconds, rssMb: kb / 1024, received, reads });
    });
  });
}

const results = { docker: [], hublint: [] };
for (let i = 0; i < runs; i++) {
  for (const name of i % 2 === 0 ? ['docker', 'hublint'] : ['hublint', 'docker']) {
    const r = await measure(clients[name]);
    if (r.received !== bytes) throw new Error(`${name} passed on ${r.received} bytes, not ${bytes}`);
    results[name].push(r);
    console.log(`${name.padEnd(8)} run ${i + 1}: ${r.seconds.toFixed(2)} s, peak RSS ${r.rssMb.toFixed(1)} MB, ${r.reads} reads by the pipe's reader`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const d = { s: median(results.docker.map((r) => r.seconds)), rss: median(results.docker.map((r) => r.rssMb)) };
const h = { s: median(results.hublint.map((r) => r.seconds)), rss: median(results.hublint.map((r) => r.rssMb)) };
console.log('');
console.log(`| client | time (median of ${runs}) | peak RSS |`);
console.log('|---|---|---|');
console.log(`| \`docker run\` (${values.docker}) | ${d.s.toFixed(2)} s | ${d.rss.toFixed(1)} MB |`);
console.log(`| \`hublint engine run\` | ${h.s.toFixed(2)} s (${(h.s / d.s).toFixed(2)}x) | ${h.rss.toFixed(1)} MB |`);
const ok = h.s <= d.s * 1.2 && h.rss < 64;
console.log(`\ngoal (within 1.2x of docker's time, under 64 MB RSS): ${ok ? 'met' : 'NOT met'}`);
process.exitCode = ok ? 0 : 1;
