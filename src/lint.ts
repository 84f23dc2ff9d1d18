import { relative } from 'node:path';
import { lintText, sortFindings } from './core/lint-text.js';
import type { Finding, Rule, ScanStats, Severity } from './core/types.js';
import { readCandidateFile, type SkipReason } from './discover/read.js';
import { parseSize } from './discover/size.js';
import { toPosix, walk } from './discover/walk.js';
import { ConstantIndex } from './extract/constants.js';
import { HUB_HOST_PATTERN, makePrefilter } from './extract/prefilter.js';
import { adapterNameFor, type AdapterName } from './extract/registry.js';
import { compileRules } from './match/ruleset.js';
import { loadRules } from './rules/load.js';

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
  /** One-line notices about skipped files. */
  onNotice?: (message: string) => void;
  /** Called once per file done (progress). */
  onFile?: (done: number, findings: number) => void;
}

export interface LintResult {
  findings: Finding[];
  stats: ScanStats;
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

  const take = (path: string, text: string, absolute?: string) => {
    stats.filesScanned++;
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
  for (const file of kept.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const found = await lintText(file.path, file.text, { ruleSet, context: { constants: index }, prefilter: hostFilter });
    for (const f of found) {
      const override = options.ruleSeverity?.[f.ruleId];
      if (override === 'off') continue;
      if (override) f.severity = override;
      findings.push(f);
    }
    options.onFile?.(++done, findings.length);
  }
  sortFindings(findings);
  stats.findings = findings.length;
  for (const f of findings) stats.bySeverity[f.severity]++;
  stats.durationMs = Date.now() - started;
  return { findings, stats };
}

export function relativePosix(cwd: string, absolute: string): string {
  return toPosix(relative(cwd, absolute));
}
