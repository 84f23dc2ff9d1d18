// `node --cpu-prof` runs of hublint on the corpus and on the pre-commit cases.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { summariseProfile } from './cpuprofile.mjs';

/** cases: [{ name, args, okStatus }]; returns [{ name, file, ms, summary }]. */
export function profileCases({ bin, cwd, outDir, cases, env = process.env, nodeFlags = [] }) {
  rmSync(outDir, { recursive: true, force: true });
  const out = [];
  for (const c of cases) {
    const dir = join(outDir, c.name);
    mkdirSync(dir, { recursive: true });
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [...nodeFlags, '--cpu-prof', '--cpu-prof-dir', dir, bin, ...c.args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (!c.okStatus.includes(r.status)) throw new Error(`profiling ${c.name}: exit ${r.status ?? r.signal}\n${r.stderr.slice(-2000)}`);
    const file = join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile')));
    out.push({ name: c.name, file, ms, summary: summariseProfile(file, 12) });
  }
  return out;
}
