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

type Edit = NonNullable<Finding['fix']>['edits'][number];

/** The line with the edits on it applied, the line's first `indent` characters trimmed off. */
function applied(line: string, own: readonly Edit[], indent: number): string | null {
  if (!own.every((e) => e.column - 1 >= indent && e.endColumn - 1 - indent <= line.length)) return null;
  let after = line;
  for (const e of [...own].sort((a, b) => b.column - a.column)) after = after.slice(0, e.column - 1 - indent) + e.text + after.slice(e.endColumn - 1 - indent);
  return after;
}

/** The characters before an edit's new text in the fix's target URL, which the line has before the edit too. */
const LEAD = 8;

/**
 * The finding's line after its fix, from the snippet, which is the line trimmed (core/redact.ts)
 * while edit columns count from the line's start. The indent (at most the match's column) is
 * the one where the first edit stands after what its new text follows in the fix's target URL
 * (`…com/v2/` before `namespac`), or else whose result holds the target. Null when no indent
 * does: no line is diffed then, each edit is listed.
 */
function lineAfter(f: Finding, own: readonly Edit[]): string | null {
  const line = f.snippet;
  const target = f.fix?.target;
  if (own.length === 0 || line.includes('***') || !target) return null;
  const first = [...own].sort((a, b) => a.column - b.column)[0];
  const p = first.text.length > 0 ? target.indexOf(first.text) : -1;
  const lead = p >= LEAD ? target.slice(p - LEAD, p) : null;
  const known = target.split('{')[0];
  // The indent is at most the match's column, and at least what puts the last edit inside the snippet.
  const lastEnd = Math.max(...own.map((e) => e.endColumn - 1));
  for (let indent = Math.max(0, lastEnd - line.length); indent < f.column; indent++) {
    const after = applied(line, own, indent);
    if (after === null) continue;
    const at = first.column - 1 - indent;
    if (lead !== null ? line.slice(at - LEAD, at) === lead : known.length >= 12 && after.includes(known) && !line.includes(known)) return after;
  }
  return null;
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
  const after = lineAfter(f, own);
  if (after !== null) out.push(`@@ line ${f.line} @@`, `- ${f.snippet}`, `+ ${after.trim()}`);
  for (const e of f.fix.edits) {
    if (after !== null && own.includes(e)) continue;
    out.push(`@@ line ${e.line}, column ${e.column}${e.kind ? ` (${e.kind})` : ''} @@ → ${e.text === '' ? '(removed)' : e.text}`);
  }
  return out.join('\n');
}
