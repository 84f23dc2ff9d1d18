import { realpathSync } from 'node:fs';
import { readBoundedFile } from '../core/read-bounded.js';
import { refuseOutputOverInput } from './output.js';
import { Option, type Command } from 'commander';
import { ConfigError } from '../core/errors.js';
import { sortFindings } from '../core/sort-findings.js';
import type { BaselineProgress, Finding, Rule, ScanStats } from '../core/types.js';
import { fromJsonFinding, type JsonFinding } from '../report/finding-json.js';
import { FORMATS } from '../report/index.js';
import { builtinRules } from '../rules/builtin.js';
import { RULE_ID } from '../rules/validate.js';
import { writeReports } from './scan-command.js';
import { loadConfig } from '../config/load-config.js';
import { say } from './emit.js';
import { failOnOption, gateBeforePrinting, maxWarningsOption, parseMaxWarnings, recount, gateExit, type FailOn } from './gate.js';

interface ShardOutput {
  findings: Finding[];
  stats: ScanStats;
  rules?: Rule[];
}

function readShard(file: string): ShardOutput {
  const bytes = readBoundedFile(file, 'hublint JSON output');
  let doc: ShardOutput;
  try {
    doc = JSON.parse(bytes.toString('utf8')) as ShardOutput;
  } catch (e) {
    throw new ConfigError(`${file}: cannot read hublint JSON output (${(e as NodeJS.ErrnoException).code ?? (e as Error).message.split('\n')[0]})`);
  }
  if (!Array.isArray(doc?.findings) || typeof doc.stats !== 'object' || doc.stats === null) throw new ConfigError(`${file}: not a hublint --format json output`);
  (doc.findings as unknown[]).forEach((f, i) => {
    if (!isFinding(f)) throw new ConfigError(`${file}: findings[${i}] is not a hublint finding (needs ruleId, severity, file, line and fingerprint)`);
    const bad = badPosition(f) ?? badText(f);
    if (bad) throw new ConfigError(`${file}: findings[${i}].${bad}`);
  });
  // The JSON shape flattens a pin's fields; the typed finding keeps them under `pin`.
  const findings = (doc.findings as unknown[]).map((f) => fromJsonFinding(f as JsonFinding));
  return { ...doc, findings };
}

const SEVERITIES = new Set(['error', 'warning', 'info']);

/** What merging, sorting and every reporter rely on; a hand-edited or truncated file may lack it. */
function isFinding(f: unknown): f is Finding {
  if (typeof f !== 'object' || f === null) return false;
  const x = f as Record<string, unknown>;
  return typeof x.ruleId === 'string' && typeof x.fingerprint === 'string' && typeof x.file === 'string' && SEVERITIES.has(x.severity as string) && typeof x.line === 'number' && typeof x.column === 'number';
}

/** The largest line or column a scan can give (SARIF and the annotation formats take 32-bit ints). */
const MAX_POSITION = 2 ** 31 - 1;

/**
 * A position a scan could have written: integers from 1 (a line of 1e308 or a column of -5
 * would make invalid SARIF and a forged-looking annotation), an end not before its start.
 */
function badPosition(f: Finding): string | null {
  const x = f as unknown as Record<string, unknown>;
  for (const key of ['line', 'column', 'endLine', 'endColumn']) {
    const v = x[key];
    if (v === undefined && key.startsWith('end')) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_POSITION) return `${key} is ${JSON.stringify(v) ?? String(v)}: a position is a whole number from 1 to ${MAX_POSITION}`;
  }
  if (typeof x.endLine === 'number' && x.endLine < f.line) return `endLine ${x.endLine} is before line ${f.line}`;
  return null;
}

/**
 * The texts a scan writes, as it writes them: a kebab-case rule id, a file name that is not
 * empty and holds no NUL (no file system has one), a message, and a url and a snippet that
 * are strings when present. A reporter given anything else fails or writes nonsense.
 */
function badText(f: Finding): string | null {
  const x = f as unknown as Record<string, unknown>;
  const show = (v: unknown) => (typeof v === 'string' ? 'not a kebab-case rule id' : v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);
  if (!RULE_ID.test(f.ruleId)) return `ruleId is ${show(f.ruleId)}: a scan writes a rule's id`;
  if (f.file === '' || f.file.includes('\0')) return `file is ${f.file === '' ? 'empty' : 'a name holding NUL'}: a scan writes a file's path`;
  if (typeof x.message !== 'string') return `message is ${show(x.message)}: a scan writes a text`;
  for (const key of ['url', 'snippet']) if (x[key] !== undefined && typeof x[key] !== 'string') return `${key} is ${show(x[key])}: a scan writes a text`;
  return null;
}

function isProgress(v: unknown): v is BaselineProgress {
  const x = v as Record<string, unknown> | null;
  return typeof x === 'object' && x !== null && ['total', 'fixed', 'remaining'].every((k) => typeof x[k] === 'number');
}

/** Adds up numeric stats, key by key, nested maps included. */
function sumStats(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    if (typeof v === 'number') out[k] = (typeof cur === 'number' ? cur : 0) + v;
    else if (v && typeof v === 'object' && !Array.isArray(v)) out[k] = sumStats((cur as Record<string, unknown>) ?? {}, v as Record<string, unknown>);
  }
  return out;
}

export function registerMergeCommand(program: Command): void {
  program
    .command('merge')
    .description('combine the JSON outputs of sharded scans (--shard) into one report')
    .argument('<files...>', 'outputs of `hublint --format json`')
    // Text by default, as a scan's: merge is the last step of a sharded run, read by a person
    // or gated on; `-f json` gives a file that can be merged again.
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('text'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .addOption(failOnOption())
    .addOption(maxWarningsOption())
    .option('-c, --config <file>', 'take failOn from this config file instead of the nearest .hublint.yaml')
    .action(async (files: string[], flags: { format: string; output?: string; failOn?: FailOn; maxWarnings?: string; config?: string }) => {
      const maxWarnings = parseMaxWarnings(flags.maxWarnings);
      // The shards were gated by the config's failOn: the merged report is gated the same way.
      const failOn = flags.failOn ?? (await loadConfig(process.cwd(), flags.config)).config.failOn ?? 'warning';
      // The same output named twice (a glob that overlaps) must not count its files twice.
      const real = (f: string) => {
        try {
          return realpathSync(f);
        } catch {
          return f;
        }
      };
      if (flags.output) refuseOutputOverInput([{ what: '-o', path: flags.output }], files.map((f) => ({ what: 'the merged file', path: f })));
      const shards = [...new Map(files.map((f) => [real(f), f])).values()].map(readShard);
      const byFingerprint = new Map<string, Finding>();
      for (const s of shards) for (const f of s.findings) if (!byFingerprint.has(f.fingerprint)) byFingerprint.set(f.fingerprint, f);
      const findings = sortFindings([...byFingerprint.values()]);
      const stats = shards.map((s) => s.stats as unknown as Record<string, unknown>).reduce(sumStats) as unknown as ScanStats;
      // Read here, at the edge, so that no reporter has to check what a hand-edited file holds.
      if (stats.baseline !== undefined && !isProgress(stats.baseline)) delete stats.baseline;
      recount(stats, findings);
      const rules = new Map<string, Rule>(builtinRules().map((r) => [r.id, r]));
      for (const s of shards) for (const r of s.rules ?? []) if (!rules.has(r.id)) rules.set(r.id, r);
      // Gated before printing: `hublint merge … | head -1` keeps a failing code.
      gateBeforePrinting(gateExit(findings, { failOn, maxWarnings }, say));
      await writeReports(findings, stats, [...rules.values()], process.cwd(), { format: flags.format, output: flags.output, report: [], failOn });
    });
}
