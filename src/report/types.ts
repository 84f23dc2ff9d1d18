import type { Finding, Rule, ScanStats, Severity } from '../core/types.js';

/**
 * A rule of another family that is not a Hub `Rule` (e.g. the Engine pin rules of
 * rules/engine-api.yaml, `ENGINE_TABLE.rules`): enough to describe it in SARIF and the audits.
 */
export interface RuleDescription {
  id: string;
  title: string;
  description: string;
  docs?: string;
  severity?: Severity;
}

export interface ReportContext {
  tool: { name: string; version: string };
  rules: readonly Rule[];
  /** Descriptions of rules outside `rules`; a finding whose rule is in neither gets one made from it. */
  ruleDescriptions?: readonly RuleDescription[];
  stats: ScanStats;
  /** Colour the text output (the CLI decides from the TTY and NO_COLOR/FORCE_COLOR). */
  color?: boolean;
  cwd?: string;
  /** The --fail-on threshold: reports that mark failures (junit) follow it. Default warning. */
  failOn?: Severity | 'none';
}

/** A reporter is pure: findings in, one string out. */
export type Reporter = (findings: readonly Finding[], ctx: ReportContext) => string;
