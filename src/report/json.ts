import { toJsonFinding } from './finding-json.js';
import { migrationSummary } from './migration-summary.js';
import { joinJson, streamedJson, type StreamedJson } from './streamed-json.js';
import type { Reporter, ReportContext } from './types.js';
import type { Finding } from '../core/types.js';

/**
 * The machine-readable output. It carries the user's own rules (not the built-in table) so
 * that `hublint merge` can rebuild any report from shard outputs alone.
 */
export function jsonDocument(findings: readonly Finding[], ctx: ReportContext): StreamedJson {
  const custom = ctx.rules.filter((r) => !r.source.startsWith('rules/'));
  const migration = migrationSummary(findings);
  const document = (items: unknown[]) => ({ tool: ctx.tool, findings: items, stats: ctx.stats, ...(migration.totals.calls ? { migration } : {}), ...(custom.length ? { rules: custom } : {}) });
  return streamedJson(document, mapped(findings));
}

function* mapped(findings: readonly Finding[]): Iterable<unknown> {
  for (const f of findings) yield toJsonFinding(f);
}

export const jsonReporter: Reporter = (findings, ctx) => `${joinJson(jsonDocument(findings, ctx))}\n`;
