import { relative, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sortFindings } from '../core/sort-findings.js';
import { internalErrorFinding, lintText, type LintTextOptions } from './lint-file.js';
import { hashText } from '../core/hash.js';
import type { Finding, Rule, ScanStats, Severity } from '../core/types.js';
import { readCandidateFile, type SkipReason } from '../discover/read.js';
import { parseSize } from '../discover/size.js';
import { toPosix, walkBatches } from '../discover/walk.js';
import { ConstantIndex } from '../extract/constants.js';
import { HUB_HOST_PATTERN, makePrefilter } from '../extract/prefilter.js';
import { compileRules } from '../match/ruleset.js';
import { loadRules } from '../rules/load.js';
import { applySuppressions, unusedDirectiveFinding } from '../suppress/apply.js';
import { applyBaseline, type Baseline } from '../suppress/baseline.js';
import { inShard } from '../discover/shard.js';
import { hubFilesOfRepository } from '../discover/project-constants.js';
import { LineIndex } from '../core/position.js';
import { mayHoldPins, mayPinIn, PIN_BYTE_PATTERN } from '../pins/extract/prefilter.js';
import type { BytePrefilterOptions } from './read/byte-prefilter.js';
import { ReadScratch } from './read/fast-read.js';
import { makeReadGate, mayUseConstants, readBatch, readNamed, type ReadItem, type ReadReply } from './read/read-batch.js';
import { startScanPool, type ScanPool } from './workers/scan-pool.js';
import { workersBesideMainThread } from './workers/worker-pool.js';
import { ReadQueue } from './read/read-queue.js';

export interface LintOptions {
  /** Files and folders to scan (default: the working directory). */
  paths?: string[];
  cwd?: string;
  /** In-memory files (stdin, staged content): scanned instead of reading from disk. */
  files?: Array<{ path: string; text: string }>;
  /** Rule files added to the built-in table. */
  ruleFiles?: string[];
  /** Rules given directly (library use); replaces the built-in table plus ruleFiles. */
  rules?: Rule[];
  noIgnore?: boolean;
  include?: string[];
  exclude?: string[];
  maxFileSize?: number | string;
  /** Per-rule severity, or 'off' to drop the rule. */
  ruleSeverity?: Record<string, Severity | 'off'>;
  extraHubHosts?: string[];
  hubBaseVariables?: string[];
  /** Report suppression directives that suppress nothing. */
  reportUnusedDisable?: boolean;
  /** Findings known from a baseline are left out; progress goes to stats.baseline. */
  baseline?: Baseline;
  /** `{index, count}` (1-based index): scan only the files whose path hash falls in this shard. */
  shard?: { index: number; count: number };
  /** Reuse adapter results of files unchanged since the last run with the same rules (--cache). */
  cache?: { location: string };
  /** Also report pinned Engine API versions (info in a plain scan). Default true. */
  pins?: boolean;
  /** One-line notices about skipped files. */
  onNotice?: (message: string) => void;
  /** Called once per file done (progress). */
  onFile?: (done: number, findings: number, total?: number) => void;
}

export interface LintResult {
  findings: Finding[];
  stats: ScanStats;
  /** What --fix needs to check and re-lint a file exactly as it was scanned. */
  scanned: { hash: (file: string) => string | undefined; textOptions: LintTextOptions; relint: (file: string, text: string) => Promise<Finding[]> };
}

export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;
/** Below this many files to lint a run stays on the main thread. */
const SMALL_RUN = 64;
/**
 * Past this many files to read, scan workers read the rest: about the work a worker's
 * start-up costs (~20 ms of a core), so small trees and pre-commit runs start no thread.
 */
const PARALLEL_READ = 256;
/** Kept files this thread lints while scan workers read (the rest go to the workers). */
const EARLY_LINT = 64;
/** Batches of paths handed to one scan worker before it answers (~5 ms of reading each). */
const IN_FLIGHT_PER_WORKER = 4;
/** Paths per message to a scan worker: ~5 ms of reading, small enough to balance the workers. */
const READ_BATCH = 256;

/**
 * A turn of the event loop every BREATH ms of work on this thread. A scan without workers
 * (pre-commit, HUBLINT_WORKERS=0) is otherwise one long run of promise callbacks, and the
 * host's SIGINT/SIGTERM handlers, which run between turns, would only see the signal after
 * the report was printed.
 */
const BREATH = 25;
let lastBreath = Date.now();
async function breathe(): Promise<void> {
  if (Date.now() - lastBreath < BREATH) return;
  await new Promise((next) => setImmediate(next));
  lastBreath = Date.now();
}

function emptyStats(): ScanStats {
  return { filesScanned: 0, filesSkipped: 0, skipped: {}, findings: 0, bySeverity: { error: 0, warning: 0, info: 0 }, durationMs: 0 };
}


/**
 * Scans files for deprecated Docker Hub API calls. Two passes: the first reads every file
 * once, keeps only those that name a Hub host and indexes their string constants; the
 * second re-reads, only if some constant was found, the JS/Python/Go files that may import one.
 */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const maxSize = options.maxFileSize === undefined ? DEFAULT_MAX_FILE_SIZE : parseSize(options.maxFileSize);
  const rules = options.rules ?? (await loadRules(options.ruleFiles));
  const ruleSet = compileRules(rules, { extraHubHosts: options.extraHubHosts, hubBaseVariables: options.hubBaseVariables });
  const stats = emptyStats();
  const notice = options.onNotice ?? (() => {});
  const skip = (path: string, reason: SkipReason, detail: string) => {
    stats.filesSkipped++;
    stats.skipped[reason] = (stats.skipped[reason] ?? 0) + 1;
    if (reason !== 'binary') notice(`${path}: skipped: ${detail}`);
  };

  const extraHosts = (options.extraHubHosts ?? []).map((h) => h.toLowerCase());
  const mentionsHub = (text: string) => HUB_HOST_PATTERN.test(text) || extraHosts.some((h) => text.toLowerCase().includes(h));
  const index = new ConstantIndex();
  const kept: Array<{ path: string; text: string }> = [];
  const later: Array<{ path: string; absolute: string }> = [];

  // While scan workers read, this thread lints the first kept files as they come in, with
  // the constant index so far; at the end a file is linted again only if a constant it
  // names was defined after its early lint (workers/scan-worker.ts, lintAll).
  let pool: ScanPool | undefined;
  const early = new Map<string, { mark: number; findings: Promise<Finding[]> }>();
  const earlyOptions: LintTextOptions = { ruleSet, context: { constants: index }, prefilter: () => true };
  // Not while discovery runs: it feeds the workers, and loading the TypeScript compiler here
  // would stop it for ~80 ms. Files kept before then wait for discoveryDone.
  const earlyWaiting: Array<{ path: string; text: string }> = [];
  let earlyQueued = 0;
  let discoveryDone = false;
  let earlyChain: Promise<unknown> = Promise.resolve();
  const lintEarly = (file: { path: string; text: string }) => {
    if (!discoveryDone) {
      earlyWaiting.push(file);
      return;
    }
    // One at a time, in arrival order; the mark is taken when its lint starts.
    const findings = earlyChain.then(async () => {
      // A turn of the event loop between files: the workers' replies get their next batches.
      await new Promise((next) => setImmediate(next));
      const mark = index.mark();
      const result = lintText(file.path, file.text, earlyOptions);
      early.set(file.path, { mark, findings: result });
      return result;
    });
    early.set(file.path, { mark: 0, findings });
    earlyChain = findings.catch(() => undefined);
  };

  const pinFindings: Finding[] = [];
  const pinTexts: Array<{ path: string; text: string }> = [];
  const wantPins = options.pins !== false;
  const addPins = (found: { findings: Finding[]; suppressed: number }) => {
    stats.suppressed = ((stats.suppressed as number | undefined) ?? 0) + found.suppressed;
    pinFindings.push(...found.findings);
  };
  /** `pins`: the file's pin findings when a scan worker already looked for them. */
  const take = (path: string, text: string, absolute?: string, pins?: { findings: Finding[]; suppressed: number }) => {
    stats.filesScanned++;
    // The pin extractors load only if some file may hold a pin (see below).
    if (pins) addPins(pins);
    else if (wantPins && mayPinIn(path) && mayHoldPins(text)) pinTexts.push({ path, text });
    if (options.reportUnusedDisable && text.includes('hublint-disable') && !mentionsHub(text)) {
      // Directives that can have nothing to suppress are still reported.
      kept.push({ path, text });
      return;
    }
    if (mentionsHub(text) || (options.hubBaseVariables ?? []).some((v) => text.includes(v))) {
      kept.push({ path, text });
      index.addFile(path, text);
      if (!options.cache && earlyQueued++ < EARLY_LINT && mentionsHub(text)) lintEarly({ path, text });
    } else if (absolute) {
      passOver(path, absolute);
    }
  };
  // A file that names no Hub host may still import a Hub constant: the second pass decides.
  const passOver = (path: string, absolute: string) => {
    if (mayUseConstants(path)) later.push({ path, absolute });
  };

  // The gate on raw bytes: most files are never decoded (see read/byte-prefilter.ts).
  const gate: BytePrefilterOptions = {
    extraHosts,
    substrings: [...(options.hubBaseVariables ?? []), ...(options.reportUnusedDisable ? ['hublint-disable'] : [])],
    patterns: wantPins ? [PIN_BYTE_PATTERN] : [],
  };
  const byteGate = makeReadGate(gate);
  const scratch = new ReadScratch();
  const cacheFile = options.cache ? resolve(cwd, options.cache.location) : null;
  const readSlow = async (file: { path: string; absolute: string; raw?: Buffer }) => {
    const read = await readCandidateFile(file.raw ?? file.absolute, maxSize);
    if ('skipped' in read) skip(file.path, read.skipped, read.detail);
    else take(file.path, read.text, file.absolute);
  };
  const readHere = (items: ReadItem[]) => readBatch(items, byteGate, maxSize, scratch, mayUseConstants);
  const merge = async (items: readonly ReadItem[], reply: ReadReply) => {
    stats.filesScanned += reply.quiet;
    for (const i of reply.quietListed) passOver(items[i].path, items[i].absolute);
    for (const o of reply.outcomes) {
      if (o.outcome === 'kept') take(o.path, o.text, o.absolute, o.pins);
      else if (o.outcome === 'skipped') skip(o.path, o.reason, o.detail);
      else await readSlow(o);
    }
  };

  // Past PARALLEL_READ regular files, the rest is read by a pool of scan workers while
  // discovery goes on (workers/scan-worker.ts); the pool then runs the adapters too.
  try {
    let subset = options.files !== undefined;
    // Some files only: the rest of the repository may define the constants they use. git
    // runs while they are read.
    let repositoryFiles = subset ? hubFilesOfRepository(cwd) : undefined;
    if (options.files) {
      for (const f of options.files) take(f.path, f.text);
    } else {
      let regular = 0;
      let queue: ReadQueue | undefined;
      let batch: ReadItem[] = [];
      for await (const files of walkBatches(options.paths ?? ['.'], { cwd, noIgnore: options.noIgnore, include: options.include, exclude: options.exclude, onNotice: notice })) {
        for (const file of files) {
          if (options.shard && !inShard(file.path, options.shard.index, options.shard.count)) continue;
          // hublint's own cache holds findings, URLs included: it is not the user's code.
          if (cacheFile !== null && file.absolute === cacheFile) continue;
          if (file.explicit && !subset) {
            subset = true;
            repositoryFiles = hubFilesOfRepository(cwd);
          }
          // Symlinks and anything discovery could not type go the careful way (loops, FIFOs, dirs).
          if (file.kind !== 'file') {
            await readSlow(file);
            continue;
          }
          if (!pool && ++regular > PARALLEL_READ) {
            pool = startPool(rules, options, gate, maxSize, wantPins);
            if (pool) {
              const started = (queue = new ReadQueue(pool, pool.size * IN_FLIGHT_PER_WORKER, readHere, merge));
              // A worker takes ~70 ms to start: this thread reads on until they are ready.
              pool.ready().then(
                () => started.start(),
                () => undefined,
              );
            }
          }
          if (!queue?.isStarted()) {
            const items = [file];
            await merge(items, readHere(items));
            await breathe();
            // Let the workers' `ready` in now and then.
            if (pool && ++regular % READ_BATCH === 0) await new Promise((next) => setImmediate(next));
            continue;
          }
          batch.push({ path: file.path, absolute: file.absolute });
          if (batch.length === READ_BATCH) {
            queue.add(batch);
            batch = [];
            // Discovery runs on sync calls: let the workers' replies in, so they get more work.
            await new Promise((next) => setImmediate(next));
          }
        }
      }
      if (queue && batch.length > 0) queue.add(batch);
      // With workers, this thread lints the files kept so far (also those kept before the
      // pool started) while they read on, then reads what still waits; without, every file
      // is linted once all are read.
      if (pool) {
        discoveryDone = true;
        for (const file of earlyWaiting.splice(0)) lintEarly(file);
      }
      await earlyChain;
      await queue?.drainHere();
      await queue?.done();
      await earlyChain;
    }

    if (pinTexts.length > 0) {
      const { scanPins } = await import('./lint-pins.js');
      for (const { path, text } of pinTexts) {
        addPins(scanPins(path, text));
        await breathe();
      }
    }

    // Only some files scanned: constants may live in files that were not.
    const mayImport = later.length > 0 || kept.length > 0 || (options.files ?? []).some((f) => mayUseConstants(f.path));
    if (subset && mayImport) {
      const scanned = new Set(kept.map((f) => f.path));
      for (const f of await (repositoryFiles ?? hubFilesOfRepository(cwd))) if (!scanned.has(f.path)) index.addFile(f.path, f.text);
    }
    if (subset && options.files) {
      // In-memory files (staged content) that may import one of those constants.
      const usesConstant = makePrefilter([...index.names()]);
      for (const f of options.files) if (!kept.some((k) => k.path === f.path) && mayUseConstants(f.path) && usesConstant(f.text)) kept.push(f);
    }

    const names = [...index.names()];
    if (names.length > 0 && later.length > 0) kept.push(...(await secondPass(later, names, maxSize, scratch, pool)));

    const prefilter = makePrefilter([...names, ...(options.hubBaseVariables ?? [])]);
    const hostFilter = (text: string) => mentionsHub(text) || prefilter(text);
    const findings: Finding[] = [];
    let done = 0;
    let suppressed = (stats.suppressed as number | undefined) ?? 0;
    const hashes = new Map<string, string>();
    const textOptions: LintTextOptions = { ruleSet, context: { constants: index }, prefilter: hostFilter };
    kept.sort((a, b) => (a.path < b.path ? -1 : 1));
    const lintHere = (file: { path: string; text: string }): Promise<Finding[]> => {
      const e = early.get(file.path);
      if (e) {
        const added = index.namesAddedSince(e.mark);
        if (added.length === 0 || !makePrefilter(added)(file.text)) return e.findings;
      }
      return lintText(file.path, file.text, textOptions);
    };
    const results = await cachedLintAll(kept, rules, options, (todo) => lintAll(todo, rules, options, lintHere, pool && { pool, here: (f) => early.has(f.path) }));
    for (const [i, file] of kept.entries()) {
      const all = results[i];
      if (all.length) hashes.set(file.path, hashText(file.text));
      const s = applySuppressions(file.text, all);
      suppressed += s.suppressed;
      const found = s.kept;
      if (options.reportUnusedDisable && s.unused.length) {
        const lines = new LineIndex(file.text);
        found.push(...s.unused.map((d) => unusedDirectiveFinding(file.path, d, lines.lineText(d.line))));
      }
      for (const f of found) {
        const override = options.ruleSeverity?.[f.ruleId];
        if (override === 'off') continue;
        if (override) f.severity = override;
        findings.push(f);
      }
      options.onFile?.(++done, findings.length, kept.length);
    }
    for (const f of pinFindings) {
      const override = options.ruleSeverity?.[f.ruleId];
      if (override === 'off') continue;
      if (override) f.severity = override;
      findings.push(f);
    }
    stats.suppressed = suppressed;
    let result = findings;
    if (options.baseline) {
      const b = applyBaseline(findings, options.baseline);
      result = b.kept;
      stats.baseline = b.progress;
    }
    sortFindings(result);
    stats.findings = result.length;
    for (const f of result) stats.bySeverity[f.severity]++;
    stats.durationMs = Date.now() - started;
    return { findings: result, stats, scanned: { hash: (f) => hashes.get(f), textOptions, relint: (file, text) => lintText(file, text, textOptions) } };
  } finally {
    await pool?.close();
  }
}

/**
 * --cache: a file's findings depend on its content, the rules and options, and the
 * project's constant index (the files that name a Hub host); only files whose all three are
 * unchanged reuse last run's findings. The cache saves the adapters, not the reads.
 */
async function cachedLintAll(
  kept: Array<{ path: string; text: string }>,
  rules: readonly Rule[],
  options: LintOptions,
  run: (todo: Array<{ path: string; text: string }>) => Promise<Finding[][]>,
): Promise<Finding[][]> {
  if (!options.cache) return run(kept);
  const { FileCache, cacheKeyOf, constantsHashOf, hashContent } = await import('./cache.js');
  const { toolVersion } = await import('../core/version.js');
  const key = cacheKeyOf({ version: toolVersion(), rules, hosts: options.extraHubHosts ?? [], bases: options.hubBaseVariables ?? [] });
  const cache = FileCache.open<Finding[]>(options.cache.location, key);
  const hashes = kept.map((f) => hashContent(f.text));
  const context = constantsHashOf(kept.flatMap((f, i) => (HUB_HOST_PATTERN.test(f.text) ? [{ path: f.path, hash: hashes[i] }] : [])));
  const out: Finding[][] = new Array(kept.length);
  const todo: number[] = [];
  kept.forEach((f, i) => {
    const hit = cache.byContent(f.path, hashes[i], context);
    if (hit) out[i] = hit.result;
    else todo.push(i);
  });
  const fresh = await run(todo.map((i) => kept[i]));
  todo.forEach((i, j) => {
    out[i] = fresh[j];
    cache.set(kept[i].path, { size: kept[i].text.length, mtimeMs: 0, hash: hashes[i], context, result: fresh[j] });
  });
  try {
    cache.save();
  } catch (e) {
    options.onNotice?.((e as Error).message ?? `cannot write the cache ${options.cache.location}`);
  }
  return out;
}

// Next to this module: dist/scan/workers/ for dist/scan/run.js, dist/bin/workers/ for the CLI bundle dist/bin/hublint.js.
// The pools run from the built package only (their workers are compiled JS).
const builtWorker = (name: string) => [new URL(`./workers/${name}`, import.meta.url)].find((u) => existsSync(fileURLToPath(u))) ?? null;
const WORKER_URL = builtWorker('lint-worker.js');
const SCAN_WORKER_URL = builtWorker('scan-worker.js');

/** The scan workers of a big run: one per core but one; none with one core or HUBLINT_WORKERS=0. */
function startPool(rules: readonly Rule[], options: LintOptions, gate: BytePrefilterOptions, maxSize: number, pins: boolean): ScanPool | undefined {
  const size = workersBesideMainThread();
  if (size < 1 || process.env.HUBLINT_WORKERS === '0' || SCAN_WORKER_URL === null) return undefined;
  return startScanPool({
    init: { rules, ruleSetOptions: { extraHubHosts: options.extraHubHosts, hubBaseVariables: options.hubBaseVariables }, gate, maxSize, pins },
    size,
    workerUrl: SCAN_WORKER_URL,
  });
}

/**
 * The second pass: files that name no Hub host but may use a constant of the index are
 * read again, and kept if they name one of its constants. In the scan workers when there are any.
 */
async function secondPass(later: ReadItem[], names: string[], maxSize: number, scratch: ReadScratch, pool: ScanPool | undefined): Promise<Array<{ path: string; text: string }>> {
  const onlyNames = makePrefilter(names);
  const batches: ReadItem[][] = [];
  for (let i = 0; i < later.length; i += READ_BATCH) batches.push(later.slice(i, i + READ_BATCH));
  const found = await Promise.all(batches.map((items) => (pool ? pool.names(items, names).catch(() => readNamed(items, names, maxSize, scratch)) : readNamed(items, names, maxSize, scratch))));
  // The byte gate matches whole words; the text test is the one lintText's prefilter applies.
  return found.flat().filter((f) => onlyNames(f.text));
}

/**
 * Runs the adapters over the kept files: in a pool of worker threads sized to the cores for
 * a big run, on this thread for a small one (a worker costs a thread and a second load of
 * the adapters). The pool runs from the built package only (its worker is compiled JS).
 */
async function lintAll(
  kept: Array<{ path: string; text: string }>,
  rules: readonly Rule[],
  options: LintOptions,
  inline: (file: { path: string; text: string }) => Promise<Finding[]>,
  scan?: { pool: ScanPool; here: (file: { path: string }) => boolean },
): Promise<Finding[][]> {
  if (scan) {
    // Files linted early stay here; the scan workers, which hold the rules already, take the rest.
    const there = kept.filter((f) => !scan.here(f));
    if (there.length > 0) scan.pool.setConstants(kept.filter((f) => HUB_HOST_PATTERN.test(f.text)));
    return Promise.all(kept.map((file) => (scan.here(file) ? inline(file) : scan.pool.lint(file.path, file.text).catch(() => inline(file)))));
  }
  const size = Math.min(availableParallelism(), Math.ceil(kept.length / SMALL_RUN));
  if (kept.length < SMALL_RUN || size < 2 || process.env.HUBLINT_WORKERS === '0' || WORKER_URL === null) {
    const out: Finding[][] = [];
    for (const file of kept) {
      out.push(await inline(file));
      await breathe();
    }
    return out;
  }
  const { startLintPool } = await import('./workers/lint-pool.js');
  const pool = startLintPool({ rules, ruleSetOptions: { extraHubHosts: options.extraHubHosts, hubBaseVariables: options.hubBaseVariables }, size, warm: [], workerUrl: WORKER_URL });
  try {
    // Every worker rebuilds the same constant index from the files that fed it.
    pool.setConstants(kept.filter((f) => HUB_HOST_PATTERN.test(f.text)));
    return await Promise.all(kept.map((file) => pool.lint(file.path, file.text).catch((error: unknown) => [internalErrorFinding(file.path, 'worker', error)])));
  } finally {
    await pool.close();
  }
}

export function relativePosix(cwd: string, absolute: string): string {
  return toPosix(relative(cwd, absolute));
}
