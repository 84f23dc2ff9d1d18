import { statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { ConfigError, UsageError } from '../core/errors.js';
import type { Finding, Rule, ScanStats, Severity } from '../core/types.js';
import { TOOL_NAME, toolVersion } from '../core/version.js';
import { loadConfig, type HublintConfig } from '../config/load-config.js';
import { changedSince, stagedFiles } from '../discover/git.js';
import { parseShard } from '../discover/shard.js';
import { basedGlobs, excludeMatcher, type ExcludeGlob } from '../discover/excluded.js';
import { DEFAULT_MAX_FILE_SIZE, lint, type LintOptions, type LintResult } from '../scan/run.js';
import { documentFor, FORMATS, reporterFor } from '../report/index.js';
import { loadRules } from '../rules/load.js';
import { configurableRuleIds } from '../rules/rule-ids.js';
import { readBaseline } from '../suppress/baseline.js';
import { ENGINE_TABLE } from '../rules/engine-table.generated.js';
import { refuseOutputOverInput, scannedRoots, useColor, writeReportFile, type NamedPath } from './output.js';
import { readBoundedStdin } from '../core/read-bounded.js';
import { parseSize } from '../discover/size.js';
import { err, isTerminal, kindOfFormat, out, outPrinted, printable, printableJson, say } from './emit.js';
import { progressLine } from './progress.js';
import { formatTimings, timingsEnabled } from '../runtime/stage-clock.js';
import { fixFlow, type FixFlags } from './fix-flow.js';
import { letSignalsIn, SIGNAL_EXIT } from './signals.js';
import { markCodeCacheReady } from '../runtime/compile-cache.js';
import { failOnOption, gateBeforePrinting, maxWarningsOption, parseMaxWarnings, recount, gateExit, type FailOn } from './gate.js';

export interface ScanFlags extends FixFlags {
  config?: string;
  format: string;
  output?: string;
  report: string[];
  rules: string[];
  ignore: boolean;
  maxFileSize?: string;
  failOn?: Severity | 'none';
  quiet?: boolean;
  maxWarnings?: string;
  stdin?: boolean;
  stdinFilename?: string;
  hubHost: string[];
  baseVar: string[];
  baseline?: string;
  reportUnusedDisable?: boolean;
  staged?: boolean;
  changedSince?: string;
  shard?: string;
  cache?: boolean;
  cacheLocation?: string;
  debug?: boolean;
  exclude: string[];
  ignorePattern: string[];
  /** false with --no-warn-ignored. */
  warnIgnored?: boolean;
  printConfig?: string;
  /** --color / --no-color: undefined when neither was given (then NO_COLOR, FORCE_COLOR, the TTY decide). */
  color?: boolean;
}

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Options shared by every command that scans (the default command, baseline, pins, engine check). */
export function addScanOptions(cmd: Command): Command {
  return cmd
    .option('-c, --config <file>', 'use this config file instead of the nearest .hublint.yaml')
    .option('--rules <file>', 'add a rule file of the same schema as rules/hub-api.yaml (repeatable)', collect, [])
    .option('--no-ignore', 'scan everything but .git: ignore neither .gitignore nor node_modules')
    .option('--max-file-size <size>', 'skip files larger than this (bytes, KB, MB; default 5MB)')
    .option('--stdin', 'scan standard input')
    .option('--stdin-filename <name>', 'the file name standard input is scanned as (picks the language)')
    .option('--staged', 'scan the staged content of staged files (git index)')
    .option('--changed-since <rev>', 'scan files that differ between REV and the working tree, untracked ones included')
    .option('--shard <i/n>', 'scan only shard I of N (stable path hash), for CI matrices')
    .option('--cache', 'reuse results for files unchanged since the last run (content hash)')
    .option('--cache-location <file>', 'where --cache keeps its data', '.hublintcache')
    .option('--exclude <glob>', 'leave out files matching GLOB, as config exclude: does (repeatable)', collect, [])
    .addOption(new Option('--ignore-pattern <glob>', 'the same as --exclude (ESLint\'s name)').argParser(collect).default([]))
    .option('--no-warn-ignored', 'no notice when a file named, staged or changed is left out by an exclude glob')
    .option('--hub-host <host>', 'another host that serves the Hub API, e.g. a proxy (repeatable)', collect, [])
    .option('--base-var <name>', 'a variable whose value is a Hub base URL (repeatable)', collect, [])
    .option('--debug', 'print stack traces of errors, and the time of each scan stage on stderr (also HUBLINT_TIMINGS=1)');
}

export function addReportOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('text'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--report <fmt=file>', 'also write FMT to FILE (repeatable), e.g. sarif=hublint.sarif', collect, [])
    .addOption(failOnOption())
    .option('--quiet', 'report errors only: warnings are neither printed, counted, nor failing (--fail-on warning, --max-warnings), as in ESLint 9')
    .option('--color', 'colour the text output even off a terminal (as FORCE_COLOR=1)')
    .option('--no-color', 'never colour the output (as NO_COLOR=1)')
    .addOption(maxWarningsOption())
    .option('--baseline <file>', 'report only findings not in this baseline (from `hublint baseline`)')
    .option('--report-unused-disable', 'report hublint-disable directives that suppress nothing');
}

export function addFixOptions(cmd: Command): Command {
  return cmd
    .option('--fix', 'rewrite deprecated calls where it is safe (atomic writes; line endings, BOM and mode kept)')
    .option('--fix-dry-run', 'print the fixes as a unified diff and change nothing')
    .option('--fix-hardlinks', 'also fix files with several hard links (this name gets the fix, the other names keep the old content)')
    // No default value: a --fix-type given without --fix or --fix-dry-run is refused, not ignored.
    .addOption(new Option('--fix-type <type>', 'which rewrites --fix or --fix-dry-run applies: safe, or unsafe too (default: safe)').choices(['safe', 'unsafe']));
}

/** The exit code of the findings as reported; a run failed by its warnings alone says why on stderr. */
export function exitCodeFor(findings: readonly Finding[], failOn: FailOn, maxWarnings?: string): number {
  return gateExit(findings, { failOn, maxWarnings: parseMaxWarnings(maxWarnings) }, say);
}

export interface PreparedScan {
  options: LintOptions;
  rules: Rule[];
  config: HublintConfig;
  cwd: string;
  /** The files the scan reads besides the tree (named files, config, rule files): no output may replace one. */
  inputs: NamedPath[];
  /** The files and folders read from disk: an output inside a folder of them replaces a file the scan reads. */
  scanned: string[];
}

/**
 * Flags and config become lint options: a flag wins over the config, the config over defaults.
 * `readsBaseline` false: the baseline is what the command writes (`hublint baseline`), so a
 * baseline file the config names need not exist yet.
 */
export async function prepareScan(paths: string[], flags: ScanFlags, readsBaseline = true): Promise<PreparedScan> {
  parseMaxWarnings(flags.maxWarnings);
  const sources = [flags.stdin && '--stdin', flags.staged && '--staged', flags.changedSince && '--changed-since'].filter(Boolean);
  if (sources.length > 1) throw new UsageError(`${sources.join(' and ')} cannot be combined`);
  if (sources.length && paths.length) throw new UsageError(`${sources[0]} chooses the files itself: give no paths with it`);
  if (flags.stdinFilename && !flags.stdin) throw new UsageError('--stdin-filename goes with --stdin');
  // Both would either rewrite files the user asked only to see, or show a diff that was written: refuse.
  if (flags.fix && flags.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be combined: --fix-dry-run shows the fixes, --fix writes them');
  if (flags.fix && (flags.staged || flags.stdin)) {
    throw new UsageError(`--fix cannot be used with ${flags.staged ? '--staged' : '--stdin'}: it would rewrite the working tree, not what was scanned`);
  }
  if (flags.fixType !== undefined && !flags.fix && !flags.fixDryRun) throw new UsageError('--fix-type goes with --fix or --fix-dry-run');
  if (flags.fixDryRun && flags.staged) throw new UsageError('--fix-dry-run cannot be used with --staged: the diff would not apply to the working tree');
  const cwd = process.cwd();
  const { config, file: configFile } = await loadConfig(cwd, flags.config);
  const ruleFiles = [...(config.ruleFiles ?? []), ...flags.rules];
  const baselineFile = flags.baseline ?? config.baseline;
  const inputs: NamedPath[] = [
    ...paths.map((p) => ({ what: 'the scanned file', path: resolve(cwd, p) })),
    ...(configFile ? [{ what: 'the config', path: configFile }] : []),
    ...ruleFiles.map((f) => ({ what: 'the rule file', path: resolve(cwd, f) })),
  ];
  const cacheLocation = flags.cache ? resolve(cwd, flags.cacheLocation ?? '.hublintcache') : undefined;
  // --stdin and --staged read no folder from disk.
  const scanned = flags.stdin || flags.staged ? [] : scannedRoots(paths, cwd);
  refuseOutputOverInput(
    [
      ...(flags.output ? [{ what: '-o', path: flags.output }] : []),
      ...(flags.report ?? []).map((spec) => ({ what: '--report', path: spec.replace(/^[a-z]+=/, '') })),
      ...(cacheLocation ? [{ what: '--cache-location', path: cacheLocation }] : []),
    ],
    [...inputs, ...(baselineFile && readsBaseline ? [{ what: 'the baseline', path: baselineFile }] : [])],
    scanned,
  );
  if (cacheLocation && statSync(cacheLocation, { throwIfNoEntry: false })?.isFile() === false) {
    throw new UsageError(`--cache-location ${flags.cacheLocation}: not a regular file; name a file for the cache`);
  }
  const rules = await loadRules(ruleFiles);
  const known = new Set(configurableRuleIds(rules));
  for (const id of Object.keys(config.rules ?? {})) {
    if (!known.has(id)) throw new ConfigError(`${relative(cwd, configFile!) || configFile}: unknown rule '${id}' under rules`, { hint: `known rules: ${[...known].join(', ')} (\`hublint rules\`)` });
  }
  const exclude = excludesOf(config, configFile, flags);
  const options: LintOptions = {
    cwd,
    paths,
    rules,
    noIgnore: !flags.ignore,
    include: includesOf(config, configFile),
    exclude,
    maxFileSize: flags.maxFileSize ?? config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    ruleSeverity: config.rules,
    extraHubHosts: [...(config.hubHosts ?? []), ...flags.hubHost],
    hubBaseVariables: [...(config.baseVariables ?? []), ...flags.baseVar],
    // As ESLint's reportUnusedDisableDirectives: a severity in the config turns the report on.
    reportUnusedDisable: flags.reportUnusedDisable || (config.rules?.['unused-disable-directive'] ?? 'off') !== 'off',
    baseline: baselineFile && readsBaseline ? readBaseline(baselineFile) : undefined,
    shard: flags.shard ? parseShard(flags.shard) : undefined,
    cache: flags.cache ? { location: flags.cacheLocation ?? '.hublintcache' } : undefined,
    onNotice: (m) => say(`hublint: ${m}`),
  };
  // A folder walk leaves excluded files out silently; a file the user (or git) named is left out
  // with a notice, as ESLint's warn-ignored does: not a finding, the exit code unchanged.
  const excluded = await excludeMatcher(exclude, cwd);
  const kept = (path: string): boolean => {
    const glob = excluded(path);
    if (glob !== undefined && flags.warnIgnored !== false) say(`hublint: ${path}: skipped: matches exclude pattern ${glob} (--no-warn-ignored hides this notice)`);
    return glob === undefined;
  };
  if (flags.stdin) {
    const text = (await readBoundedStdin(parseSize(options.maxFileSize!))).toString('utf8');
    // An editor or hook pipes a file by its name: an excluded name is left out as a named file is (ESLint: "File ignored").
    options.files = flags.stdinFilename === undefined || kept(flags.stdinFilename) ? [{ path: flags.stdinFilename ?? '<stdin>', text }] : [];
  }
  if (flags.staged) options.files = stagedFiles(cwd, parseSize(options.maxFileSize!)).filter((f) => kept(f.path));
  if (flags.changedSince) {
    // Changed files whose names are not UTF-8 come in memory, the rest as paths: the scan takes both.
    const changed = changedSince(flags.changedSince, cwd, parseSize(options.maxFileSize!));
    options.paths = changed.paths.filter(kept);
    options.files = changed.files.filter((f) => kept(f.path));
  } else if (paths.length) options.paths = paths.filter((p) => statSync(resolve(cwd, p), { throwIfNoEntry: false })?.isDirectory() || kept(p));
  // Every path named was left out: scan nothing (no paths would mean `.`).
  if ((flags.changedSince || paths.length) && options.paths!.length === 0) options.files ??= [];
  return { options, rules, config, cwd, inputs, scanned };
}

/**
 * One rule for excludes (discover/excluded.ts): the config's globs are relative to the folder of
 * the config file that holds them, as ESLint's; `--exclude` / `--ignore-pattern` to the working folder.
 */
/** The config's include globs, relative to the config file's folder (the same rule as its excludes). */
export function includesOf(config: HublintConfig, configFile: string | null): ExcludeGlob[] | undefined {
  return config.include?.map((glob) => (configFile ? { glob, base: dirname(configFile) } : glob));
}

export function excludesOf(config: HublintConfig, configFile: string | null, flags: Pick<ScanFlags, 'exclude' | 'ignorePattern'>): ExcludeGlob[] {
  const fromConfig = (config.exclude ?? []).map((glob) => (configFile ? { glob, base: dirname(configFile) } : glob));
  return [...fromConfig, ...(flags.exclude ?? []), ...(flags.ignorePattern ?? [])];
}

export async function writeReports(findings: readonly Finding[], stats: ScanStats, rules: readonly Rule[], cwd: string, flags: Pick<ScanFlags, 'format' | 'output' | 'report' | 'color'> & { failOn?: Severity | 'none' }): Promise<void> {
  const base = { tool: { name: TOOL_NAME, version: toolVersion() }, rules, ruleDescriptions: ENGINE_TABLE.rules, stats, cwd, failOn: flags.failOn };
  for (const spec of flags.report) {
    const m = /^([a-z]+)=(.+)$/.exec(spec);
    if (!m) throw new UsageError(`--report takes FORMAT=FILE (e.g. sarif=out.sarif), not '${spec}'`);
    await reporterFor(m[1]);
  }
  const main = await reporterFor(flags.format);
  const color = flags.output ? false : useColor({ isTTY: isTerminal(1) }, flags.color);
  // JSON and SARIF are written item by item, never held whole (issue 34 row 5).
  const document = await documentFor(flags.format);
  if (document) {
    if (flags.output) writeReportFile(flags.output, printableJson(document(findings, { ...base, color: false })));
    else outPrinted(printableJson(document(findings, { ...base, color: false })));
  } else {
    const text = main(findings, { ...base, color });
    if (flags.output) writeReportFile(flags.output, printable(text, kindOfFormat(flags.format)));
    else out(text, kindOfFormat(flags.format, color));
  }
  for (const spec of flags.report) {
    const [, format, file] = /^([a-z]+)=(.+)$/.exec(spec)!;
    const streamed = await documentFor(format);
    // `-` is standard output, as for most CLIs (`--report github=-` beside a SARIF file): the writer knows it.
    if (streamed) writeReportFile(file, printableJson(streamed(findings, { ...base, color: false })));
    else writeReportFile(file, printable((await reporterFor(format))(findings, { ...base, color: false }), kindOfFormat(format)));
  }
}

export async function scanWith(prepared: PreparedScan): Promise<LintResult> {
  const progress = progressLine();
  try {
    return await lint({ ...prepared.options, onFile: progress.onFile });
  } finally {
    progress.done();
    // --debug (or HUBLINT_TIMINGS=1): where the scan's time went, one line per stage.
    if (timingsEnabled()) err(formatTimings());
  }
}

/**
 * `--print-config FILE`, as ESLint's: the configuration that applies to FILE, resolved (the
 * config file found, flags merged in, every rule's severity), as JSON. Nothing is scanned.
 */
async function printConfig(file: string, flags: ScanFlags): Promise<number> {
  const cwd = process.cwd();
  const { file: configFile, config } = await loadConfig(cwd, flags.config);
  const rules = await loadRules([...(config.ruleFiles ?? []), ...flags.rules]);
  const exclude = excludesOf(config, configFile, flags);
  const severity = Object.fromEntries([...rules.map((r) => [r.id, r.severity]), ...ENGINE_TABLE.rules.map((r) => [r.id, r.severity])]);
  const resolved = {
    file,
    configFile,
    excluded: (await excludeMatcher(exclude, cwd))(file) !== undefined,
    include: config.include ?? [],
    exclude: basedGlobs(exclude, cwd).map((g) => g.glob),
    rules: { ...severity, ...config.rules },
    ruleFiles: [...(config.ruleFiles ?? []), ...flags.rules],
    failOn: flags.failOn ?? config.failOn ?? 'warning',
    maxFileSize: flags.maxFileSize ?? config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    hubHosts: [...(config.hubHosts ?? []), ...flags.hubHost],
    baseVariables: [...(config.baseVariables ?? []), ...flags.baseVar],
    baseline: flags.baseline ?? config.baseline ?? null,
  };
  out(`${JSON.stringify(resolved, null, 2)}\n`, 'json');
  return 0;
}

export async function runScan(paths: string[], flags: ScanFlags): Promise<number> {
  if (flags.printConfig !== undefined) return printConfig(flags.printConfig, flags);
  const prepared = await prepareScan(paths, flags);
  const result = await scanWith(prepared);
  let all = result.findings;
  if (flags.fix || flags.fixDryRun) {
    const fromStdin = flags.stdin ? new Map(prepared.options.files?.map((f) => [f.path, f.text])) : undefined;
    const fixed = await fixFlow(result, flags, prepared.cwd, fromStdin);
    if (fixed.exitSignal) {
      say(`hublint: interrupted (${fixed.exitSignal}); every file is either wholly fixed or untouched`);
      return SIGNAL_EXIT[fixed.exitSignal];
    }
    all = fixed.remaining;
    recount(result.stats, all);
    if (flags.fixDryRun && !flags.fix) {
      // A diff prints lines of the files around each change: each is masked and escaped.
      const code = gateBeforePrinting(exitCodeFor(all, flags.failOn ?? prepared.config.failOn ?? 'warning', flags.maxWarnings));
      out(fixed.diff);
      return code;
    }
  }
  // --quiet, as ESLint 9: warnings are not reported, so neither the stats nor the gate count them.
  const findings = flags.quiet ? all.filter((f) => f.severity === 'error') : all;
  if (flags.quiet) recount(result.stats, findings);
  const failOn = flags.failOn ?? prepared.config.failOn ?? 'warning';
  // A signal that came during the scan's last stretch of work is handled here, before any report.
  await letSignalsIn();
  const code = gateBeforePrinting(exitCodeFor(findings, failOn, flags.maxWarnings));
  await writeReports(findings, result.stats, prepared.rules, prepared.cwd, { ...flags, failOn });
  // A run that scanned and reported: the code it compiled is what later runs need (bin.ts).
  markCodeCacheReady();
  return code;
}

