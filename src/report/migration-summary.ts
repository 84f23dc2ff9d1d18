import type { Finding } from '../core/types.js';

/**
 * The audit's migration summary (issue 31): of the Hub calls found, how many hublint rewrites
 * safely (`--fix`), how many it suggests (`--fix --fix-type unsafe`, after a glance at the
 * evidence) and how many need a person, with the reason; per file and per rule. Pins and
 * hublint's own findings are not calls to migrate.
 */

export type MigrationLevel = 'safe' | 'suggested' | 'person';

export interface MigrationCounts {
  calls: number;
  safe: number;
  suggested: number;
  person: number;
}

export interface MigrationRow extends MigrationCounts {
  key: string;
}

export interface MigrationSummary {
  totals: MigrationCounts;
  byFile: MigrationRow[];
  byRule: MigrationRow[];
  /** Why the calls that need a person need one, most common first. */
  reasons: Array<{ reason: string; calls: number }>;
}

/** A finding's level: a partial migration (shown, never written) needs a person. */
export function migrationLevel(f: Finding): MigrationLevel {
  if (!f.fix || f.fix.partial) return 'person';
  return f.fix.policy === 'safe' ? 'safe' : 'suggested';
}

/** Why a call needs a person, as the finding says it. */
export function personReason(f: Finding): string {
  return f.fix?.partial ?? f.fixRefusal ?? (f.replacement ? 'no automatic rewrite' : 'no replacement endpoint exists');
}

const zero = (): MigrationCounts => ({ calls: 0, safe: 0, suggested: 0, person: 0 });

function add(map: Map<string, MigrationCounts>, key: string, level: MigrationLevel): void {
  const c = map.get(key) ?? zero();
  c.calls++;
  c[level]++;
  map.set(key, c);
}

const rows = (map: Map<string, MigrationCounts>): MigrationRow[] =>
  [...map].map(([key, c]) => ({ key, ...c })).sort((a, b) => b.calls - a.calls || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

export function migrationSummary(findings: readonly Finding[]): MigrationSummary {
  const totals = zero();
  const byFile = new Map<string, MigrationCounts>();
  const byRule = new Map<string, MigrationCounts>();
  const reasons = new Map<string, number>();
  for (const f of findings) {
    if (f.family !== 'hub' || f.status === 'error') continue;
    const level = migrationLevel(f);
    totals.calls++;
    totals[level]++;
    add(byFile, f.file, level);
    add(byRule, f.ruleId, level);
    if (level === 'person') reasons.set(personReason(f), (reasons.get(personReason(f)) ?? 0) + 1);
  }
  return {
    totals,
    byFile: rows(byFile),
    byRule: rows(byRule),
    reasons: [...reasons].map(([reason, calls]) => ({ reason, calls })).sort((a, b) => b.calls - a.calls || (a.reason < b.reason ? -1 : 1)),
  };
}

/**
 * A fix as the audit shows it: the finding's line before and after the edits on it, and each
 * edit elsewhere (body keys, the response key, the scheme) by line with its new text. The
 * snippet is already redacted; where redaction changed its length the line is not diffed.
 */
export function fixDiff(f: Finding): string | null {
  if (!f.fix) return null;
  const own = f.fix.edits.filter((e) => e.line === f.line && e.endLine === f.line);
  const out: string[] = [];
  const line = f.snippet;
  const canDiff = own.length > 0 && !line.includes('***') && own.every((e) => e.endColumn - 1 <= line.length);
  if (canDiff) {
    let after = line;
    for (const e of [...own].sort((a, b) => b.column - a.column)) after = after.slice(0, e.column - 1) + e.text + after.slice(e.endColumn - 1);
    out.push(`@@ line ${f.line} @@`, `- ${line.trim()}`, `+ ${after.trim()}`);
  }
  for (const e of f.fix.edits) {
    if (canDiff && own.includes(e)) continue;
    out.push(`@@ line ${e.line}, column ${e.column}${e.kind ? ` (${e.kind})` : ''} @@ → ${e.text === '' ? '(removed)' : e.text}`);
  }
  return out.join('\n');
}
