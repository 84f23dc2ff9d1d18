import { Option } from 'commander';
import { UsageError } from '../core/errors.js';
import type { Finding, ScanStats, Severity } from '../core/types.js';

/**
 * The one gate of every command that reports problems (a scan, `baseline`'s scan, `merge`,
 * `engine check`): exit 1 when a finding is at or above `--fail-on`, or when the warnings are
 * more than `--max-warnings`; ESLint's rules, ESLint's words.
 */

export type FailOn = Severity | 'none';

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export function failOnOption(): Option {
  return new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity (default warning)').choices(['error', 'warning', 'info', 'none']);
}

export function maxWarningsOption(): Option {
  return new Option('--max-warnings <n>', 'exit 1 when there are more than n warnings (-1: no limit)');
}

/** `--max-warnings N`: a whole number, or -1 for no limit (ESLint's default). */
export function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^(?:\d+|-1)$/.test(value)) throw new UsageError(`--max-warnings takes a whole number or -1 (no limit), not '${value}'`);
  const n = Number(value);
  return n < 0 ? undefined : n;
}

export interface Gate {
  failOn: FailOn;
  maxWarnings?: number;
}

/**
 * The exit code of findings as reported (after --quiet, the baseline, fixes, a merge). A run
 * failed by its warnings alone would print nothing that says why: `tell` says it, as ESLint.
 */
export function gateExit(findings: readonly Finding[], gate: Gate, tell: (line: string) => void): 0 | 1 {
  const failed = gate.failOn !== 'none' && findings.some((f) => RANK[f.severity] >= RANK[gate.failOn as Severity]);
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  // As ESLint, the notice is printed whenever the limit is passed, errors or not.
  if (gate.maxWarnings !== undefined && warnings > gate.maxWarnings) {
    tell(`hublint found too many warnings (maximum: ${gate.maxWarnings}).`);
    return 1;
  }
  return failed ? 1 : 0;
}

/**
 * The gate's verdict is known before the report is printed: a reader that closes the pipe
 * early (`hublint . | head -1`, `hublint merge a.json | head -1`) ends the run with it (main.ts's
 * broken-pipe handler exits with process.exitCode), so a failing gate never passes because
 * nobody read the whole report.
 */
export function gateBeforePrinting(code: number): number {
  process.exitCode = code;
  return code;
}

/** `stats` counts what the report holds (after --quiet, a fix, a merge, a judgement). */
export function recount(stats: ScanStats, findings: readonly Finding[]): void {
  stats.findings = findings.length;
  stats.bySeverity = { error: 0, warning: 0, info: 0 };
  for (const f of findings) stats.bySeverity[f.severity]++;
}
