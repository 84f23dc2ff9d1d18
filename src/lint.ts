import { relative } from 'node:path';
import { lintText, sortFindings, type LintTextOptions } from './core/lint-text.js';
import { hashText } from './core/hash.js';
import type { Finding, Rule, ScanStats, Severity } from './core/types.js';
import { readCandidateFile, type SkipReason } from './discover/read.js';
import { parseSize } from './discover/size.js';
import { toPosix, walk } from './discover/walk.js';
import { ConstantIndex } from './extract/constants.js';
import { HUB_HOST_PATTERN, makePrefilter } from './extract/prefilter.js';
import { adapterNameFor, type AdapterName } from './extract/registry.js';
import { compileRules } from './match/ruleset.js';
import { loadRules } from './rules/load.js';
import { applySuppressions, unusedDirectiveFinding } from './suppress/apply.js';
import { applyBaseline, type Baseline } from './suppress/baseline.js';
import { inShard } from './discover/shard.js';
import { LineIndex } from './core/position.js';
import { lintPinsText } from './pins/lint-pins.js';

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
  scanned: { hash: (file: string) => string | undefined; textOptions: LintTextOptions };
}

export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;
const CONSTANT_USERS = new Set<AdapterName>(['js', 'python', 'go']);

function emptyStats(): ScanStats {
  return { filesScanned: 0, filesSkipped: 0, skipped: {}, findings: 0, bySeverity: { error: 0, warning: 0, info: 0 }, durationMs: 0 };
}

/** Runs `fn` over items with at most `limit` in flight: reads overlap without opening every file at once. */
async function pool<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const p: Promise<void> = fn(item).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
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

  const pinFindings: Finding[] = [];
  const take = (path: string, text: string, absolute?: string) => {
    stats.filesScanned++;
    if (options.pins !== false) {
      const pins = lintPinsText(path, text);
      if (pins.length) {
        const s = applySuppressions(text, pins);
        stats.suppressed = ((stats.suppressed as number | undefined) ?? 0) + s.suppressed;
        pinFindings.push(...s.kept);
      }
    }
    if (options.reportUnusedDisable && text.includes('hublint-disable') && !mentionsHub(text)) {
      // Directives that can have nothing to suppress are still reported.
      kept.push({ path, text });
      return;
    }
    if (mentionsHub(text) || (options.hubBaseVariables ?? []).some((v) => text.includes(v))) {
      kept.push({ path, text });
      index.addFile(path, text);
    } else if (absolute && CONSTANT_USERS.has(adapterNameFor(path))) {
      later.push({ path, absolute });
    }
  };

  if (options.files) {
    for (const f of options.files) take(f.path, f.text);
  } else {
    await pool(walk(options.paths ?? ['.'], { cwd, noIgnore: options.noIgnore, include: options.include, exclude: options.exclude }), 16, async (file) => {
      if (options.shard && !inShard(file.path, options.shard.index, options.shard.count)) return;
      const read = await readCandidateFile(file.absolute, maxSize);
      if ('skipped' in read) skip(file.path, read.skipped, read.detail);
      else take(file.path, read.text, file.absolute);
    });
  }

  const names = [...index.names()];
  if (names.length > 0 && later.length > 0) {
    const usesConstant = makePrefilter(names);
    await pool(later, 16, async (file) => {
      const read = await readCandidateFile(file.absolute, maxSize);
      if (!('skipped' in read) && usesConstant(read.text)) kept.push({ path: file.path, text: read.text });
    });
  }

  const prefilter = makePrefilter([...names, ...(options.hubBaseVariables ?? [])]);
  const hostFilter = (text: string) => mentionsHub(text) || prefilter(text);
  const findings: Finding[] = [];
  let done = 0;
  let suppressed = (stats.suppressed as number | undefined) ?? 0;
  const hashes = new Map<string, string>();
  const textOptions: LintTextOptions = { ruleSet, context: { constants: index }, prefilter: hostFilter };
  for (const file of kept.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const all = await lintText(file.path, file.text, textOptions);
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
  return { findings: result, stats, scanned: { hash: (f) => hashes.get(f), textOptions } };
}

export function relativePosix(cwd: string, absolute: string): string {
  return toPosix(relative(cwd, absolute));
}
