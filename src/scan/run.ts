import { resolve } from 'node:path';
import type { ExcludeGlob } from '../discover/excluded.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashText } from '../core/hash.js';
import { LineIndex } from '../core/position.js';
import { sortFindings } from '../core/sort-findings.js';
import type { Candidate, Finding, Rule, RuleSetting, ScanStats, Severity } from '../core/types.js';
import { readCandidateFile, type SkipReason } from '../discover/read.js';
import { symlinkScope } from '../discover/symlink-scope.js';
import { inShard } from '../discover/shard.js';
import { DEFAULT_MAX_FILE_SIZE, parseSize } from '../discover/size.js';
import { walkBatches } from '../discover/walk.js';
import { hasOwnNeedleFor } from '../extract/registry.js';
import { HUB_HOST_PATTERN, makePrefilter, prefilterHosts } from '../extract/prefilter.js';
import type { ProjectResolver } from '../extract/resolve/project.js';
import { compileRules, type RuleSet } from '../match/ruleset.js';
import { mayHoldPins, mayPinIn, PIN_BYTE_PATTERNS } from '../pins/extract/prefilter.js';
import { loadRules } from '../rules/load.js';
import { applySuppressions, unknownRuleMessage, unusedDirectiveFinding } from '../suppress/apply.js';
import { configurableRuleIds } from '../rules/rule-ids.js';
import { applyBaseline, type Baseline } from '../suppress/baseline.js';
import { AST_ADAPTERS, AST_SIZE_LIMIT, internalErrorFinding, lexerFor, lintFile, lintText, type LintTextOptions } from './lint-file.js';
import { mayPlanAnEdit, planFixes } from '../fix/plan-finding.js';
import { mirrorTest } from '../fix/asserted.js';
import type { Lexed } from '../core/lexeme.js';
import { stripBom } from '../core/strip-bom.js';
import { fixVerifierFor } from './fix-verifier.js';
import type { FixVerifier } from '../fix/verify.js';
import type { PinScan } from './lint-pins.js';
import type { BytePrefilterOptions } from './read/byte-prefilter.js';
import { ReadScratch } from './read/fast-read.js';
import { ExtractMemo } from './extract-memo.js';
import { shareWork } from './workers/share-work.js';
import { adapterNameFor } from '../extract/registry.js';
import { addTiming, count, nowMs } from '../runtime/stage-clock.js';
import { makeReadGate, mayJoinForeignBase, readBatch, type ReadItem, type ReadReply } from './read/read-batch.js';
import { mayShareAPackage, mayUseForeignValues, packageSiblings } from './package-siblings.js';
import { projectResolver } from './project-files.js';
import { ReadQueue } from './read/read-queue.js';
import { startScanPool, type ScanPool } from './workers/scan-pool.js';
import { scanWorkerCount } from './workers/worker-pool.js';

export interface LintOptions {
  /** Files and folders to scan (default: the working directory). */
  paths?: string[];
  cwd?: string;
  /** In-memory files (stdin, staged content): scanned instead of reading from disk, as well as `paths` when these are not empty. */
  files?: Array<{
    path: string;
    text: string;
    /** Why it was not read (staged content over the size limit). */
    skipped?: string;
    /** The name's bytes when they are not valid UTF-8: `path` is their decoding, which names no file (--fix leaves it alone). */
    raw?: Buffer;
  }>;
  /** Rule files added to the built-in table. */
  ruleFiles?: string[];
  /** Rules given directly (library use); replaces the built-in table plus ruleFiles. */
  rules?: Rule[];
  noIgnore?: boolean;
  /** Globs of the files a folder walk scans: a string is relative to `cwd`; `{ glob, base }` to `base`. */
  include?: ExcludeGlob[];
  /** Globs to leave out: a string is relative to `cwd`; `{ glob, base }` to `base` (a config file's folder). */
  exclude?: ExcludeGlob[];
  maxFileSize?: number | string;
  /** Per rule: a severity for calls in code ('off' drops the rule), or { severity, docs } (docs: mentions in documentation and comments, info by default). */
  ruleSeverity?: Record<string, RuleSetting>;
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
  /**
   * Hub findings on a test's expected URL (fix/asserted.ts): not calls, so not reported nor
   * counted; --fix rewrites them only in step with the code they mirror.
   */
  mirrors?: Finding[];
  stats: ScanStats;
  /** What --fix needs to check and re-lint a file exactly as it was scanned. */
  scanned: {
    hash: (file: string) => string | undefined;
    textOptions: LintTextOptions;
    relint: (file: string, text: string) => Promise<Finding[]>;
    /** Re-reads a fixed text by meaning, parse and skeleton before --fix writes it. */
    verifier: (file: string, text: string) => Promise<FixVerifier>;
    /** The file's name on disk is not valid UTF-8: `file` is its decoding, not a path to write. */
    undecodableName: (file: string) => boolean;
    /** Every file the scan met, and a reader of any: where a constant a fix rewrites may be used. */
    paths: () => readonly string[];
    read: (path: string) => string | undefined;
    /** The URLs a file builds when other files read as `overlay` gives them (a fix's edited texts). */
    candidatesWith: (file: string, text: string, overlay: ReadonlyMap<string, string>) => Promise<Candidate[]>;
  };
}

/** The discovery options of `lint`, which the pin listing shares (rules do not apply to pins). */
export type PinScanOptions = Pick<LintOptions, 'paths' | 'cwd' | 'files' | 'noIgnore' | 'include' | 'exclude' | 'maxFileSize' | 'onNotice'>;

export interface PinScanResult {
  findings: Finding[];
  stats: ScanStats;
}

export { DEFAULT_MAX_FILE_SIZE };
/** Below this many files to lint a run stays on the main thread. */
const SMALL_RUN = 64;
/**
 * Below this much text for the syntax-tree adapters the lint pass stays on this thread. A
 * thread that lints pays the TypeScript compiler's and the grammars' start-up, and lowers
 * again every file its sites read values from (imports, package siblings), which the other
 * thread lowered already. Measured with one worker (bench/README.md): renovate's tree (1.4 MB
 * to parse) lints 18% slower shared than on this thread alone; a 25 MB mix of 60 repositories
 * 20% faster. File counts say little, one bundled file can weigh a thousand small ones.
 */
const PARALLEL_LINT = 4 * 1024 * 1024;

/** What the lint pass costs, in characters the parsers read (the flat adapters cost a tenth). */
function lintCost(files: readonly TextFile[]): number {
  let n = 0;
  for (const f of files) n += AST_ADAPTERS.has(adapterNameFor(f.path)) && f.text.length <= AST_SIZE_LIMIT ? f.text.length : f.text.length / 10;
  return n;
}
/**
 * Once this thread has spent this long reading (measured, not guessed from a file count:
 * one big file weighs more than a folder of small ones), scan workers read the rest: about
 * what a worker's start-up costs (~20 ms of a core, ~70 ms until it is up), so small trees
 * and pre-commit runs start no thread.
 */
const PARALLEL_READ_MS = 30;
/** Kept files this thread lints while scan workers read (the rest go to the workers). */
const EARLY_LINT = 64;
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

type TextFile = { path: string; text: string };

/** What one scan collects on its way: filled by the read pass, used by the passes after it. */
interface Scan {
  options: LintOptions;
  cwd: string;
  maxSize: number;
  rules: readonly Rule[];
  ruleSet: RuleSet;
  /** Look for Hub calls (false: pins only, see lintPins). */
  hub: boolean;
  /** Look for Engine API pins. */
  pins: boolean;
  stats: ScanStats;
  mentionsHub: (text: string) => boolean;
  /** Values of other files, read on demand from the sites that need them. */
  project: ProjectResolver;
  /** Files for the adapters. */
  kept: TextFile[];
  /** Go/Java/Kotlin/C# files the byte gate passed over: a kept file of their folder may define what they use. */
  quietPackageFiles: ReadItem[];
  /** Every file the read pass met, kept or not: where a constant a fix rewrites may be used. */
  seen: string[];
  pinFindings: Finding[];
  /** Pin suppressions so far (Hub suppressions are added by finish). */
  suppressed: number;
  scratch: ReadScratch;
  pool?: ScanPool;
  early: EarlyLint;
  /** Files whose names are not valid UTF-8: reported by their decoding, which names no file. */
  undecodable: Set<string>;
}

/**
 * Scans files for deprecated Docker Hub API calls and pinned Engine API versions, in three
 * passes: the read pass reads every file once and keeps only those that name a Hub host or,
 * in a language that reads other files' values, a Hub path (and looks for pins in those that
 * may hold one); the lint pass runs the adapters over the kept files, which read the values
 * their sites need from other files on demand (extract/resolve/project.ts); finish applies
 * suppressions, severities and the baseline.
 */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  return runScan(options, true);
}

/**
 * Every pinned Engine API version under the paths, with the same discovery (globs,
 * .gitignore, size and binary guards), the same read and the same inline suppressions as
 * `lint`: the scan with the Hub rules left out.
 */
export async function lintPins(options: PinScanOptions = {}): Promise<PinScanResult> {
  const { findings, stats } = await runScan({ ...options, pins: true, rules: [] }, false);
  return { findings, stats };
}

/** A file's URLs read against a project where some files have other texts (a fix's edits, before they are written). */
async function candidatesWith(file: string, text: string, overlay: ReadonlyMap<string, string>, at: { cwd: string; maxSize: number; options: LintOptions; textOptions: LintTextOptions }): Promise<Candidate[]> {
  const kept = (at.options.files ?? []).filter((f) => !overlay.has(f.path));
  const project = projectResolver({ cwd: at.cwd, maxSize: at.maxSize, files: [...kept, ...[...overlay].map(([path, t]) => ({ path, text: t }))] });
  const verifier = await fixVerifierFor(file, text, { ...at.textOptions, context: { ...at.textOptions.context, project } });
  return verifier.candidates(text);
}

async function runScan(options: LintOptions, hub: boolean): Promise<LintResult> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const maxSize = options.maxFileSize === undefined ? DEFAULT_MAX_FILE_SIZE : parseSize(options.maxFileSize);
  const rules = options.rules ?? (await loadRules(options.ruleFiles));
  const ruleSet = compileRules(rules, { extraHubHosts: options.extraHubHosts, hubBaseVariables: options.hubBaseVariables });
  const extraHosts = prefilterHosts(rules, options.extraHubHosts);
  const mentionsHub = (text: string) => HUB_HOST_PATTERN.test(text) || extraHosts.some((h) => text.toLowerCase().includes(h));
  const hubBase = makePrefilter(options.hubBaseVariables ?? []);
  const project = projectResolver({ cwd, maxSize, files: options.files });
  // One memo per run: identical vendored copies are extracted once (extract-memo.ts).
  const textOptions: LintTextOptions = { ruleSet, context: { project }, prefilter: (text, file) => mentionsHub(text) || hubBase(text) || (file !== undefined && mayUseForeignValues(file, text)), memo: new ExtractMemo() };
  const scan: Scan = {
    options,
    cwd,
    maxSize,
    rules,
    ruleSet,
    hub,
    pins: options.pins !== false,
    stats: { filesScanned: 0, filesSkipped: 0, skipped: {}, findings: 0, bySeverity: { error: 0, warning: 0, info: 0 }, durationMs: 0 },
    mentionsHub,
    project,
    kept: [],
    quietPackageFiles: [],
    seen: [],
    pinFindings: [],
    undecodable: new Set(),
    suppressed: 0,
    scratch: new ReadScratch(),
    early: new EarlyLint({ ...textOptions, prefilter: () => true }, !options.baseline),
  };
  try {
    await wall('pass read', () => readPass(scan));
    if (scan.hub) scan.kept.push(...packageSiblings(scan.kept, scan.quietPackageFiles, scan.maxSize, scan.scratch));
    count('kept files', scan.kept.length);
    count('kept bytes', scan.kept.reduce((n, f) => n + f.text.length, 0));
    count('workers', scan.pool?.size ?? 0);
    const results = await wall('pass lint', () => lintPass(scan, textOptions));
    const { findings, mirrors, hashes } = await wall('pass finish', () => finish(scan, results));
    // The findings are out: the kept texts and the early lexing go (the closures of this scope
    // that outlive it, such as the prefilter, keep `scan` reachable while the report is written).
    scan.kept.length = 0;
    scan.early.lexed.clear();
    scan.stats.durationMs = Date.now() - started;
    const scanned = scannedFor(hashes, textOptions, scan.undecodable);
    return {
      findings,
      mirrors,
      stats: scan.stats,
      scanned: { ...scanned, paths: () => scan.seen, read: (path) => scan.project.textOf(path), candidatesWith: (file, text, overlay) => candidatesWith(file, text, overlay, { cwd, maxSize, options, textOptions: scanned.textOptions }) },
    };
  } finally {
    await scan.pool?.close();
  }
}

/**
 * What --fix needs after the scan, made apart from runScan: a closure there would keep the
 * whole scan (every kept file's text) alive while the report is written, and the memo of
 * vendored copies (their texts and candidates) is for the lint pass only.
 */
function scannedFor(hashes: Map<string, string>, lintOptions: LintTextOptions, undecodable: Set<string>): Omit<LintResult['scanned'], 'paths' | 'read' | 'candidatesWith'> {
  const textOptions: LintTextOptions = { ...lintOptions, memo: undefined };
  return { hash: (f) => hashes.get(f), textOptions, relint: (file, text) => lintText(file, text, textOptions), verifier: (file, text) => fixVerifierFor(file, text, textOptions), undecodableName: (file) => undecodable.has(file) };
}

/** A pass's wall time on this thread (stage-clock), whatever the workers did meanwhile. */
async function wall<T>(stage: string, pass: () => Promise<T>): Promise<T> {
  const begun = nowMs();
  try {
    return await pass();
  } finally {
    addTiming(stage, nowMs() - begun);
  }
}

/**
 * While scan workers read, this thread lints the first kept files as they come in; the lint
 * pass reuses their findings (values of other files are read from disk, not from what the
 * read pass has seen so far, so an early lint sees the same as a late one).
 */
class EarlyLint {
  private readonly results = new Map<string, Promise<Finding[]>>();
  // Not while discovery runs: it feeds the workers, and loading the TypeScript compiler here
  // would stop it for ~80 ms. Files kept before then wait for start().
  private readonly waiting: TextFile[] = [];
  private started = false;
  private chain: Promise<unknown> = Promise.resolve();
  queued = 0;
  /**
   * The fix step's lexing of the files linted here, by path: done now, while the workers
   * still read, rather than at the end with every other thread idle (the finish plans the
   * fixes and takes it from here). Not with a baseline: most of its findings get no fix.
   */
  readonly lexed = new Map<string, Lexed>();

  constructor(
    private readonly options: LintTextOptions,
    private readonly lexAhead: boolean,
  ) {}

  add(file: TextFile): void {
    if (!this.started) {
      this.waiting.push(file);
      return;
    }
    // One at a time, in arrival order.
    const findings = this.chain.then(async () => {
      // A turn of the event loop between files: the workers' replies get their next batches.
      await new Promise((next) => setImmediate(next));
      const found = await lintFile(file.path, file.text, this.options);
      const pending = this.lexAhead ? mayPlanAnEdit(found) : undefined;
      const lexer = pending ? await lexerFor(pending.language) : null;
      if (lexer) this.lexed.set(file.path, lexer.lex(stripBom(file.text)));
      return found;
    });
    this.results.set(file.path, findings);
    this.chain = findings.catch(() => undefined);
  }

  /** Discovery is done: lint the files that waited, and those kept from now on. */
  start(): void {
    this.started = true;
    for (const file of this.waiting.splice(0)) this.add(file);
  }

  settled(): Promise<unknown> {
    return this.chain;
  }

  has(path: string): boolean {
    return this.results.has(path);
  }

  /** The early findings of a file. */
  reuse(file: TextFile): Promise<Finding[]> | undefined {
    return this.results.get(file.path);
  }
}

/**
 * The read pass: walks the paths (or takes the in-memory files), reads each file once
 * through the byte gate, looks for pins in the files that may hold one, keeps the files
 * that name a Hub host (or a Hub path, in a language that reads other files' values). Past PARALLEL_READ_MS of reading the
 * rest is read by a pool of scan workers while discovery goes on (workers/scan-worker.ts);
 * the pool then runs the adapters too.
 */
async function readPass(scan: Scan): Promise<void> {
  const { options, stats } = scan;
  const notice = options.onNotice ?? (() => {});
  const skip = (path: string, reason: SkipReason, detail: string) => {
    stats.filesSkipped++;
    stats.skipped[reason] = (stats.skipped[reason] ?? 0) + 1;
    if (reason !== 'binary' && reason !== 'symlink-inside') notice(`${path}: skipped: ${detail}`);
  };
  const pinTexts: TextFile[] = [];
  const addPins = (path: string, found: PinScan) => {
    scan.suppressed += found.suppressed;
    scan.pinFindings.push(...found.findings);
  };
  const take = (path: string, text: string) => {
    stats.filesScanned++;
    // The pin extractors load only if some file may hold a pin (see below).
    if (scan.pins && mayPinIn(path) && mayHoldPins(text)) pinTexts.push({ path, text });
    if (!scan.hub) return;
    if (options.reportUnusedDisable && text.includes('hublint-disable') && !scan.mentionsHub(text)) {
      // Directives that can have nothing to suppress are still reported.
      scan.kept.push({ path, text });
      return;
    }
    // A Hub path without a host may be joined to a base another file defines: its sites ask.
    if (scan.mentionsHub(text) || mayJoinForeignBase(path, text) || (options.hubBaseVariables ?? []).some((v) => text.includes(v)) || hasOwnNeedleFor(path, text)) {
      scan.kept.push({ path, text });
      if (!options.cache && scan.early.queued++ < EARLY_LINT && scan.mentionsHub(text)) scan.early.add({ path, text });
    }
  };

  // The gate on raw bytes: most files are never decoded (see read/byte-prefilter.ts).
  const gate: BytePrefilterOptions = {
    extraHosts: prefilterHosts(scan.rules, options.extraHubHosts),
    crossFilePaths: scan.hub,
    substrings: [...(options.hubBaseVariables ?? []), ...(options.reportUnusedDisable ? ['hublint-disable'] : [])],
    patterns: scan.pins ? PIN_BYTE_PATTERNS : [],
  };
  const byteGate = makeReadGate(gate);
  const cacheFile = options.cache ? resolve(scan.cwd, options.cache.location) : null;
  const linkScope = symlinkScope(scan.cwd, options.paths ?? ['.']);
  const readSlow = async (file: { path: string; absolute: string; raw?: Buffer }) => {
    if (file.raw) scan.undecodable.add(file.path);
    const read = await readCandidateFile(file.raw ?? file.absolute, scan.maxSize);
    if ('skipped' in read) skip(file.path, read.skipped, read.detail);
    else take(file.path, read.text);
  };
  const readHere = (items: ReadItem[]) => readBatch(items, byteGate, scan.maxSize, scan.scratch, mayShareAPackage);
  const merge = async (items: readonly ReadItem[], reply: ReadReply) => {
    stats.filesScanned += reply.quiet;
    for (const i of items) scan.seen.push(i.path);
    if (scan.hub) for (const i of reply.quietListed) scan.quietPackageFiles.push(items[i]);
    for (const o of reply.outcomes) {
      if (o.outcome === 'kept') take(o.path, o.text);
      else if (o.outcome === 'skipped') skip(o.path, o.reason, o.detail);
      else await readSlow(o);
    }
  };

  if (options.files) {
    for (const f of options.files) {
      if (f.raw) scan.undecodable.add(f.path);
      if (f.skipped) skip(f.path, 'too-large', f.skipped);
      else take(f.path, f.text);
    }
  }
  // Paths given with in-memory files are walked too (--changed-since: names not UTF-8 come in memory).
  if (!options.files || (options.paths?.length ?? 0) > 0) {
    let regular = 0;
    let readMs = 0;
    let poolRefused = false;
    let queue: ReadQueue | undefined;
    let batch: ReadItem[] = [];
    for await (const files of walkBatches(options.paths ?? ['.'], { cwd: scan.cwd, noIgnore: options.noIgnore, include: options.include, exclude: options.exclude, onNotice: options.onNotice })) {
      for (const file of files) {
        if (options.shard && !inShard(file.path, options.shard.index, options.shard.count)) continue;
        // hublint's own cache holds findings, URLs included: it is not the user's code.
        if (cacheFile !== null && file.absolute === cacheFile) continue;
        if (file.kind === 'symlink') {
          const verdict = linkScope(file.absolute, file.explicit === true);
          if (verdict === 'outside') {
            skip(file.path, 'symlink-outside', 'symlink to a file outside the scanned folders (not followed)');
            continue;
          }
          if (verdict === 'inside') {
            skip(file.path, 'symlink-inside', 'symlink to a file the scan reads under its own name');
            continue;
          }
        }
        // Symlinks and anything discovery could not type go the careful way (loops, FIFOs, dirs).
        if (file.kind !== 'file') {
          scan.seen.push(file.path);
          await readSlow(file);
          continue;
        }
        if (!scan.pool && !poolRefused && readMs > PARALLEL_READ_MS) {
          // Asked once: no pool (HUBLINT_WORKERS=0, one core) means none for the rest of the run.
          poolRefused = true;
          scan.pool = startPool(scan, gate);
          if (scan.pool) {
            const started = (queue = new ReadQueue(scan.pool, readHere, merge));
            // A worker takes ~70 ms to start: this thread reads on until they are ready.
            scan.pool.ready().then(
              () => started.start(),
              () => undefined,
            );
          }
        }
        if (!queue?.isStarted()) {
          const items = [file];
          const begun = nowMs();
          const reply = readHere(items);
          readMs += nowMs() - begun;
          await merge(items, reply);
          await breathe();
          // Let the workers' `ready` in now and then.
          if (scan.pool && ++regular % READ_BATCH === 0) await new Promise((next) => setImmediate(next));
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
    if (scan.pool) scan.early.start();
    await scan.early.settled();
    await queue?.drainHere(() => scan.early.settled());
    await queue?.done();
    await scan.early.settled();
  }

  if (pinTexts.length > 0) {
    const { scanPins } = await import('./lint-pins.js');
    const project = { lookup: scan.project, read: (path: string) => scan.project.textOf(path) };
    for (const { path, text } of pinTexts) {
      addPins(path, await scanPins(path, text, project));
      await breathe();
    }
  }
  if (scan.pinFindings.length > 0) {
    // A literal several files' clients lead to, or found here and by a worker: once.
    const { oncePerLiteral } = await import('./lint-pins.js');
    scan.pinFindings = oncePerLiteral(scan.pinFindings);
  }
}

/** The lint pass: the adapters over the kept files (sorted by path), through the cache when asked. */
async function lintPass(scan: Scan, textOptions: LintTextOptions): Promise<Finding[][]> {
  scan.kept.sort((a, b) => (a.path < b.path ? -1 : 1));
  if (scan.options.cache) return cachedLintAll(scan, textOptions);
  const lintHere = (file: TextFile): Promise<Finding[]> => scan.early.reuse(file) ?? lintFile(file.path, file.text, textOptions);
  const pool = scan.pool;
  return lintAll(scan.kept, scan.rules, scan.options, { cwd: scan.cwd, maxSize: scan.maxSize }, lintHere, pool && { pool, here: (f) => scan.early.has(f.path) });
}

/** Per-rule severity from the options; undefined when the rule is turned off. */
function withSeverity(f: Finding, settings: Record<string, RuleSetting> | undefined): Finding | undefined {
  const level = severityOf(settings?.[f.ruleId], f.pendingFix?.candidate.prose === true || f.pendingFix?.candidate.docs === true);
  if (level === 'off') return undefined;
  if (level) f.severity = level;
  return f;
}

/**
 * What a config sets for one finding (undefined: it keeps its own). A severity alone is for
 * calls in code: a commented-out or documented call stays info, as the README promises,
 * unless the setting names `docs`. `off` alone turns the rule off everywhere.
 */
function severityOf(setting: RuleSetting | undefined, inDocs: boolean): Severity | 'off' | undefined {
  if (setting === undefined) return undefined;
  if (typeof setting === 'string') return setting === 'off' || !inDocs ? setting : undefined;
  return inDocs ? setting.docs : setting.severity;
}

/**
 * Finish: inline suppressions (and unused directives), per-rule severities, the baseline,
 * then the fixes of the findings left (planned only now: a suppressed or baselined finding
 * gets none), the output order and the stats.
 */
async function finish(scan: Scan, results: Finding[][]): Promise<{ findings: Finding[]; mirrors: Finding[]; hashes: Map<string, string> }> {
  const { options, stats } = scan;
  const findings: Finding[] = [];
  const hashes = new Map<string, string>();
  let done = 0;
  const knownIds = new Set([...configurableRuleIds(scan.rules), 'internal-error', 'unused-disable-directive']);
  const add = (f: Finding) => {
    // A file hublint could not read to its end is said on stderr too, whatever the format.
    if (f.ruleId === 'internal-error') options.onNotice?.(`${f.file}: ${f.message}`);
    const kept = withSeverity(f, options.ruleSeverity);
    if (kept) findings.push(kept);
  };
  for (const [i, file] of scan.kept.entries()) {
    const all = results[i];
    if (all.length) hashes.set(file.path, hashText(file.text));
    const s = applySuppressions(file.text, all, knownIds);
    scan.suppressed += s.suppressed;
    const found = s.kept;
    const unknown = new Map(s.unknown.map((u) => [u.directive, u.ids]));
    if (options.reportUnusedDisable && (s.unused.length || unknown.size)) {
      const lines = new LineIndex(file.text);
      const reported = [...new Set([...s.unused, ...unknown.keys()])];
      found.push(...reported.map((d) => unusedDirectiveFinding(file.path, d, lines.snippet(d.line), unknown.get(d))));
    } else {
      // Without --report-unused-disable a misspelt rule id is still worth one line.
      for (const [d, ids] of unknown) options.onNotice?.(`${file.path}:${d.line}: ${unknownRuleMessage(d, ids)}; --report-unused-disable reports it`);
    }
    found.forEach(add);
    options.onFile?.(++done, findings.length, scan.kept.length);
  }
  scan.pinFindings.forEach(add);
  // The pin listing's stats stay as they always were: no suppression count.
  if (scan.hub) stats.suppressed = scan.suppressed;
  let result = findings;
  if (options.baseline) {
    const b = applyBaseline(findings, options.baseline);
    result = b.kept;
    stats.baseline = b.progress;
  }
  const texts = new Map(scan.kept.map((f) => [f.path, f.text]));
  const textOf = (file: string) => {
    const text = texts.get(file);
    return text === undefined ? undefined : stripBom(text);
  };
  // Which findings a test only expects is read from their candidates, before planning drops them.
  const mirrored = result.map(mirrorTest(textOf));
  // Planning keeps each finding at its index (a failed file's internal error comes after them).
  result = await planFixes(result, textOf, lexerFor, (file) => scan.early.lexed.get(file));
  const mirrors = result.filter((_, i) => mirrored[i] === true);
  result = result.filter((_, i) => mirrored[i] !== true);
  sortFindings(result);
  stats.findings = result.length;
  for (const f of result) stats.bySeverity[f.severity]++;
  return { findings: result, mirrors, hashes };
}

/**
 * --cache: a file's findings depend on its content, the rules and options, the files that
 * name a Hub host (the context hash), and the files and folders its sites read values from
 * (an imported module, a Go package sibling, a sourced script: `deps`, noted by the project
 * resolver while the file was linted, with the hash of what each held). A file reuses last
 * run's findings only when all of them are unchanged; a dependency is re-read to check it
 * (through the run's resolver, so each is read once). The cache saves the adapters, not
 * the reads. The files to lint are linted on this thread, one at a time: the resolver that
 * notes a file's dependencies is this thread's.
 */
async function cachedLintAll(scan: Scan, textOptions: LintTextOptions): Promise<Finding[][]> {
  const { kept, rules, options, project } = scan;
  const { FileCache, cacheKeyOf, cacheSecret, constantsHashOf, hashContent } = await import('./cache.js');
  const { toolVersion } = await import('../core/version.js');
  const secret = cacheSecret();
  if (secret === undefined) {
    options.onNotice?.('--cache: no key to sign the cache with (set HUBLINT_CACHE_SECRET, or make ~/.cache writable): scanning without it');
    const plain: Finding[][] = [];
    for (const f of kept) plain.push(await lintFile(f.path, f.text, textOptions));
    return plain;
  }
  const key = cacheKeyOf({
    version: toolVersion(),
    rules,
    hosts: options.extraHubHosts ?? [],
    bases: options.hubBaseVariables ?? [],
    // Every option that changes what a file gives: another value is another cache.
    options: { maxFileSize: options.maxFileSize, reportUnusedDisable: options.reportUnusedDisable, ruleSeverity: options.ruleSeverity, noIgnore: options.noIgnore },
  });
  const cache = FileCache.open<Finding[]>(options.cache!.location, key, secret);
  const hashes = kept.map((f) => hashContent(f.text));
  const context = constantsHashOf(kept.flatMap((f, i) => (HUB_HOST_PATTERN.test(f.text) ? [{ path: f.path, hash: hashes[i] }] : [])));
  const depHash = (dep: string) => hashContent(project.dependencyText(dep));
  const out: Finding[][] = new Array(kept.length);
  for (const [i, f] of kept.entries()) {
    const hit = cache.byContent(f.path, hashes[i], context);
    if (hit && Object.entries(hit.deps ?? {}).every(([dep, hash]) => depHash(dep) === hash)) {
      out[i] = hit.result;
      continue;
    }
    const noted = new Set<string>();
    out[i] = await lintFile(f.path, f.text, { ...textOptions, context: { ...textOptions.context, project: project.tracked(noted) } });
    noted.delete(`f:${f.path}`);
    const deps = noted.size > 0 ? Object.fromEntries([...noted].sort().map((dep) => [dep, depHash(dep)])) : undefined;
    // A finding whose fix is still to be planned carries its raw candidate (the URL as
    // written, credentials included): such a file is linted again next time, not stored.
    if (out[i].some((x) => x.pendingFix !== undefined)) cache.delete(f.path);
    else cache.set(f.path, { size: f.text.length, mtimeMs: 0, hash: hashes[i], context, deps, result: out[i] });
    await breathe();
  }
  try {
    cache.save();
  } catch (e) {
    options.onNotice?.((e as Error).message ?? `cannot write the cache ${options.cache!.location}`);
  }
  return out;
}

// Next to this module: dist/scan/workers/ for dist/scan/run.js, dist/bin/workers/ for the CLI bundle dist/bin/hublint.js.
// The pools run from the built package only (their workers are compiled JS).
const builtWorker = (name: string) => [new URL(`./workers/${name}`, import.meta.url)].find((u) => existsSync(fileURLToPath(u))) ?? null;
const WORKER_URL = builtWorker('lint-worker.js');
const SCAN_WORKER_URL = builtWorker('scan-worker.js');

/** The scan workers of a big run: one per idle core but one; none with one core or HUBLINT_WORKERS=0 (scanWorkerCount). */
function startPool(scan: Scan, gate: BytePrefilterOptions): ScanPool | undefined {
  const size = scanWorkerCount();
  if (size < 1 || SCAN_WORKER_URL === null) return undefined;
  const { options } = scan;
  return startScanPool({
    init: { rules: scan.rules, ruleSetOptions: { extraHubHosts: options.extraHubHosts, hubBaseVariables: options.hubBaseVariables }, gate, maxSize: scan.maxSize, cwd: scan.cwd },
    size,
    workerUrl: SCAN_WORKER_URL,
  });
}

/**
 * Runs the adapters over the kept files: in a pool of worker threads sized to the cores for
 * a big run, on this thread for a small one (a worker costs a thread and a second load of
 * the adapters). The pool runs from the built package only (its worker is compiled JS).
 */
async function lintAll(
  kept: TextFile[],
  rules: readonly Rule[],
  options: LintOptions,
  project: { cwd: string; maxSize: number },
  inline: (file: TextFile) => Promise<Finding[]>,
  scan?: { pool: ScanPool; here: (file: { path: string }) => boolean },
): Promise<Finding[][]> {
  if (scan) {
    // Files linted early stay here. The rest is shared with the scan workers (which hold the
    // rules already and load the parsers on their first file) when it is worth a parser's
    // start-up there; this thread lints too, from the other end of the list.
    const there = kept.filter((f) => !scan.here(f));
    if (lintCost(there) < PARALLEL_LINT) return Promise.all(kept.map(inline));
    count('lint shared', there.length);
    return shareWork(kept, { here: inline, there: (file) => scan.pool.lint(file.path, file.text), stay: scan.here, inFlight: scan.pool.size * 2, breathe });
  }
  const cost = lintCost(kept);
  // The cores other processes leave idle, this thread's included (worker-pool.ts): looked at
  // only for a big lint, since looking takes a few milliseconds (a pre-commit run has none to spare).
  const big = kept.length >= SMALL_RUN && cost >= PARALLEL_LINT;
  const size = big ? Math.min(scanWorkerCount() + 1, Math.ceil(cost / PARALLEL_LINT)) : 1;
  if (size < 2 || WORKER_URL === null) {
    const out: Finding[][] = [];
    for (const file of kept) {
      out.push(await inline(file));
      await breathe();
    }
    return out;
  }
  const { startLintPool } = await import('./workers/lint-pool.js');
  const pool = startLintPool({ rules, ruleSetOptions: { extraHubHosts: options.extraHubHosts, hubBaseVariables: options.hubBaseVariables }, size, warm: [], workerUrl: WORKER_URL, project });
  try {
    return await Promise.all(kept.map((file) => pool.lint(file.path, file.text).catch((error: unknown) => [internalErrorFinding(file.path, 'worker', error)])));
  } finally {
    await pool.close();
  }
}
