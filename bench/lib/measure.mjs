// Timing: wall time from the parent (hrtime around spawnSync), peak RSS of the child from
// GNU time (`/usr/bin/time -f %M -o FILE`), output to a file so a big report never sits in
// a pipe. Commands of one group are interleaved round by round (A B C, A B C, …) so a
// noisy neighbour on a shared machine hits every tool alike; round 0 is a warm-up.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GNU_TIME = '/usr/bin/time';

/** Installs a Debian package when a tool is missing (root or sudo), as the issue asks. */
export function ensureDebianTool(binary, pkg, log) {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  log(`${binary} is missing: apt-get install -y ${pkg}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args) => spawnSync(sudo.length ? sudo[0] : args[0], sudo.length ? [...sudo.slice(1), ...args] : args.slice(1), { stdio: 'inherit' });
  run(['apt-get', 'update']);
  const r = run(['apt-get', 'install', '-y', pkg]);
  if (r.status !== 0) return null;
  const again = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return again.status === 0 ? again.stdout.trim() : null;
}

/**
 * Runs one command once. `stdoutFile`: where its stdout goes (default /dev/null).
 * Returns { ms, rssKB (null without GNU time), status }.
 */
export function timeOnce(cmd, args, { cwd, env, stdoutFile, useGnuTime = existsSync(GNU_TIME) } = {}) {
  const rssFile = join(tmpdir(), `hublint-bench-rss-${process.pid}`);
  const out = openSync(stdoutFile ?? '/dev/null', 'w');
  const err = openSync(`${rssFile}.stderr`, 'w');
  const argv = useGnuTime ? [GNU_TIME, ['-f', '%M', '-o', rssFile, cmd, ...args]] : [cmd, args];
  const start = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv[1], { cwd, env, stdio: ['ignore', out, err] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  closeSync(out);
  closeSync(err);
  let rssKB = null;
  if (useGnuTime && existsSync(rssFile)) {
    // GNU time writes "Command exited with non-zero status N" before the format line.
    const lines = readFileSync(rssFile, 'utf8').trim().split('\n');
    rssKB = Number(lines[lines.length - 1]) || null;
    rmSync(rssFile, { force: true });
  }
  const stderr = readFileSync(`${rssFile}.stderr`, 'utf8');
  rmSync(`${rssFile}.stderr`, { force: true });
  if (r.error) throw r.error;
  return { ms, rssKB, status: r.status, signal: r.signal, stderr };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Interleaved runs of several commands. `commands`: [{ name, cmd, args, cwd, env,
 * okStatus: [0, 1], onRun(result, round) }]. Returns name → { runs: [ms…], rss: [KB…],
 * medianMs, minMs, maxMs, peakRssKB }.
 */
export function timeGroup(commands, runs, log, { warmup = 1 } = {}) {
  const results = new Map(commands.map((c) => [c.name, { runs: [], rss: [] }]));
  for (let round = 0; round < warmup + runs; round++) {
    const line = [];
    for (const c of commands) {
      const r = timeOnce(c.cmd, c.args, { cwd: c.cwd, env: c.env, stdoutFile: c.stdoutFile?.(round) });
      const ok = c.okStatus ?? [0];
      if (!ok.includes(r.status)) {
        throw new Error(`${c.name} exited with ${r.status ?? r.signal} (expected ${ok.join(' or ')}):\n${r.stderr.slice(-2000)}`);
      }
      c.onRun?.(r, round);
      line.push(`${c.name} ${fmtMs(r.ms)}`);
      if (round >= warmup) {
        results.get(c.name).runs.push(r.ms);
        if (r.rssKB !== null) results.get(c.name).rss.push(r.rssKB);
      }
    }
    log?.(`  round ${round + 1}/${warmup + runs}${round < warmup ? ' (warm-up, discarded)' : ''}: ${line.join(', ')}`);
  }
  for (const r of results.values()) {
    r.medianMs = median(r.runs);
    r.minMs = Math.min(...r.runs);
    r.maxMs = Math.max(...r.runs);
    r.peakRssKB = r.rss.length ? Math.max(...r.rss) : null;
  }
  return results;
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}
