import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { UsageError } from '../core/errors.js';
import type { Finding, Severity } from '../core/types.js';
import { TOOL_NAME, toolVersion } from '../core/version.js';
import { lint, type LintOptions } from '../lint.js';
import { FORMATS, reporterFor } from '../report/index.js';
import { loadRules } from '../rules/load.js';
import { useColor } from './output.js';

export interface ScanFlags {
  format: string;
  output?: string;
  rules: string[];
  ignore: boolean;
  maxFileSize: string;
  failOn: Severity | 'none';
  quiet?: boolean;
  maxWarnings?: string;
  stdin?: boolean;
  stdinFilename?: string;
  hubHost: string[];
  baseVar: string[];
  debug?: boolean;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function addScanOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('text'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--rules <file>', 'add a rule file of the same schema as rules/hub-api.yaml (repeatable)', collect, [])
    .option('--no-ignore', 'scan everything but .git: ignore neither .gitignore nor node_modules')
    .option('--max-file-size <size>', 'skip files larger than this (bytes, KB, MB)', '5MB')
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity').choices(['error', 'warning', 'info', 'none']).default('warning'))
    .option('--quiet', 'report errors only')
    .option('--max-warnings <n>', 'exit 1 when there are more than n warnings')
    .option('--stdin', 'scan standard input')
    .option('--stdin-filename <name>', 'the file name standard input is scanned as (picks the language)')
    .option('--hub-host <host>', 'another host that serves the Hub API, e.g. a proxy (repeatable)', collect, [])
    .option('--base-var <name>', 'a variable whose value is a Hub base URL (repeatable)', collect, [])
    .option('--debug', 'print stack traces of errors');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function exitCodeFor(findings: readonly Finding[], flags: Pick<ScanFlags, 'failOn' | 'maxWarnings'>): number {
  if (flags.failOn !== 'none' && findings.some((f) => RANK[f.severity] >= RANK[flags.failOn as Severity])) return 1;
  if (flags.maxWarnings !== undefined && findings.filter((f) => f.severity === 'warning').length > Number(flags.maxWarnings)) return 1;
  return 0;
}

export async function runScan(paths: string[], flags: ScanFlags): Promise<number> {
  if (flags.maxWarnings !== undefined && !/^\d+$/.test(flags.maxWarnings)) throw new UsageError(`--max-warnings takes a whole number, not '${flags.maxWarnings}'`);
  if (flags.stdin && paths.length) throw new UsageError('--stdin scans standard input: give no paths with it');
  if (flags.stdinFilename && !flags.stdin) throw new UsageError('--stdin-filename goes with --stdin');
  const cwd = process.cwd();
  const rules = await loadRules(flags.rules);
  const options: LintOptions = {
    cwd,
    paths,
    rules,
    noIgnore: !flags.ignore,
    maxFileSize: flags.maxFileSize,
    extraHubHosts: flags.hubHost,
    hubBaseVariables: flags.baseVar,
    onNotice: (m) => process.stderr.write(`hublint: ${m}\n`),
  };
  if (flags.stdin) options.files = [{ path: flags.stdinFilename ?? '<stdin>', text: await readStdin() }];
  const result = await lint(options);
  const findings = flags.quiet ? result.findings.filter((f) => f.severity === 'error') : result.findings;
  const reporter = await reporterFor(flags.format);
  const stream = process.stdout;
  const text = reporter(findings, {
    tool: { name: TOOL_NAME, version: toolVersion() },
    rules,
    stats: result.stats,
    color: flags.output ? false : useColor(stream),
    cwd,
  });
  if (flags.output) writeFileSync(flags.output, text);
  else stream.write(text);
  return exitCodeFor(findings, flags);
}
