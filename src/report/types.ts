import type { Finding, Rule, ScanStats } from '../core/types.js';

export interface ReportContext {
  tool: { name: string; version: string };
  rules: readonly Rule[];
  stats: ScanStats;
  /** Colour the text output (the CLI decides from the TTY and NO_COLOR/FORCE_COLOR). */
  color?: boolean;
  cwd?: string;
}

/** A reporter is pure: findings in, one string out. */
export type Reporter = (findings: readonly Finding[], ctx: ReportContext) => string;
