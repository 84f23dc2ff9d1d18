import { toJsonFinding } from './finding-json.js';
import { migrationSummary } from './migration-summary.js';
import type { Reporter } from './types.js';

/**
 * The machine-readable output. It carries the user's own rules (not the built-in table) so
 * that `hublint merge` can rebuild any report from shard outputs alone.
 */
export const jsonReporter: Reporter = (findings, ctx) => {
  const custom = ctx.rules.filter((r) => !r.source.startsWith('rules/'));
  const migration = migrationSummary(findings);
  return `${JSON.stringify({ tool: ctx.tool, findings: findings.map(toJsonFinding), stats: ctx.stats, ...(migration.totals.calls ? { migration } : {}), ...(custom.length ? { rules: custom } : {}) }, null, 2)}\n`;
};
