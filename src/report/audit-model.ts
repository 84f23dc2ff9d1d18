import type { BaselineProgress, Finding, Severity } from '../core/types.js';
import type { ReportContext } from './types.js';
import { fixDiff, migrationLevel, migrationSummary, type MigrationLevel, type MigrationSummary } from './migration-summary.js';
import { replacementCall, ruleCatalog, variantFor, variantSummary, type ReportRule } from './rule-catalog.js';

/**
 * What the migration audit reports (markdown, html) show, computed once: totals by rule,
 * status, date, top-level folder and file; every finding with the call to make instead and
 * its rule's migration note; Engine pins with their verdict per Engine release.
 */

export type SeverityCounts = Record<Severity, number>;

export interface RuleTotal {
  id: string;
  title: string;
  status: string;
  date: string | null;
  /** The date, or why there is none. */
  when: string;
  /** Why there is no date (the HTML table shows it under the date, wrapping). */
  dateNote: string | null;
  severity: Severity;
  findings: number;
  files: number;
  docs: string | null;
}

export interface GroupTotal {
  key: string;
  findings: number;
  rules: string[];
}

export interface PlaceTotal {
  key: string;
  findings: number;
  files: number;
  bySeverity: SeverityCounts;
}

export interface AuditFinding {
  index: number;
  file: string;
  folder: string;
  line: number;
  column: number;
  location: string;
  severity: Severity;
  ruleId: string;
  ruleTitle: string;
  status: string;
  date: string | null;
  message: string;
  /** The call as found: method and (redacted) URL. */
  call: string;
  /** The call to make instead, with the user's namespace/repository filled in. */
  replacement: string | null;
  /** Why there is no replacement, when there is none. */
  noReplacement: string | null;
  /** The rule's migration note (body or response shape changes). */
  migration: string | null;
  /** The rule variant's fix policy and note. */
  fixNote: string | null;
  /** The rule's note on its fix alone (`only the path changes`), beside an automatic fix's level. */
  fixWhy: string | null;
  fixPolicy: string;
  /** The edit hublint can make itself (src/fix), by policy; null when it has none for this call. */
  autoFix: 'safe' | 'unsafe' | null;
  /** What to do by hand (the finding's `suggestion`). */
  suggestion: string | null;
  /** The migration level: safe fix, suggestion, or needs a person (report/migration-summary.ts). */
  level: MigrationLevel | null;
  /** What a suggestion rests on. */
  evidence: string[];
  /** The fix as a diff, for a person to glance at; null without a fix. */
  diff: string | null;
  confidence: string;
}

export interface PinVerdict {
  against: string;
  verdict: string;
  behind: string | null;
  errorText: string | null;
  fix: string | null;
  probe: string | null;
}

export interface PinRow {
  index: number;
  location: string;
  ruleId: string;
  version: string;
  form: string;
  message: string;
  verdicts: PinVerdict[];
}

export interface RuleNote {
  id: string;
  title: string;
  status: string;
  when: string;
  description: string;
  docs: string | null;
  migration: string | null;
  variants: Array<{ summary: string; fix: string }>;
  findings: number;
}

export interface AuditModel {
  tool: { name: string; version: string };
  totals: { findings: number; files: number; filesScanned: number; rules: number; bySeverity: SeverityCounts };
  baseline: BaselineProgress | null;
  byRule: RuleTotal[];
  byStatus: GroupTotal[];
  byDate: GroupTotal[];
  byFolder: PlaceTotal[];
  byFile: PlaceTotal[];
  findings: AuditFinding[];
  rules: RuleNote[];
  pins: { releases: string[]; rows: PinRow[] };
  migration: MigrationSummary;
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const zero = (): SeverityCounts => ({ error: 0, warning: 0, info: 0 });
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const SEVERITY_RANK: Record<Severity, number> = { error: 2, warning: 1, info: 0 };
const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** `src/app.ts` → `src`; a file at the top is in `.`. */
export function topFolder(file: string): string {
  const parts = file.replace(/\\/g, '/').replace(/^\.\//, '').split('/');
  return parts.length > 1 ? parts[0] : '.';
}

function whenOf(rule: Pick<ReportRule, 'date' | 'dateNote'> | undefined, date: string | null): string {
  return date ?? rule?.date ?? (rule?.dateNote ? `no date (${rule.dateNote})` : 'no date');
}

function text(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}

/** A pin's verdicts as the audit reports show them. */
function verdictsOf(f: Finding): PinVerdict[] {
  return (f.pin?.verdicts ?? []).map((v) => ({
    against: v.against,
    verdict: v.verdict,
    behind: v.behind === null ? null : String(v.behind),
    errorText: text(v.errorText),
    fix: text(v.fix),
    // --probe's answer `{status, message}` as `HTTP 400: message`.
    probe: v.probe === null ? null : `HTTP ${v.probe.status}${v.probe.message ? `: ${v.probe.message}` : ''}`,
  }));
}

function place(map: Map<string, PlaceTotal & { fileSet: Set<string> }>, key: string, f: Finding): void {
  let t = map.get(key);
  if (!t) map.set(key, (t = { key, findings: 0, files: 0, bySeverity: zero(), fileSet: new Set() }));
  t.findings++;
  t.bySeverity[f.severity]++;
  t.fileSet.add(f.file);
}

function places(map: Map<string, PlaceTotal & { fileSet: Set<string> }>): PlaceTotal[] {
  return [...map.values()]
    .map(({ fileSet, ...t }) => ({ ...t, files: fileSet.size }))
    .sort((a, b) => b.findings - a.findings || byText(a.key, b.key));
}

function groups(map: Map<string, { n: number; rules: Set<string> }>, order: (a: string, b: string) => number): GroupTotal[] {
  return [...map.entries()].map(([key, g]) => ({ key, findings: g.n, rules: [...g.rules].sort(byText) })).sort((a, b) => order(a.key, b.key));
}

export function buildAuditModel(findings: readonly Finding[], ctx: ReportContext): AuditModel {
  const catalog = ruleCatalog(findings, ctx.rules, ctx.ruleDescriptions);
  const ruleById = new Map(catalog.map((r) => [r.id, r]));
  const perRule = new Map<string, { n: number; files: Set<string> }>();
  const perStatus = new Map<string, { n: number; rules: Set<string> }>();
  const perDate = new Map<string, { n: number; rules: Set<string> }>();
  const perFolder = new Map<string, PlaceTotal & { fileSet: Set<string> }>();
  const perFile = new Map<string, PlaceTotal & { fileSet: Set<string> }>();
  const bySeverity = zero();
  const rows: AuditFinding[] = [];
  const pins: PinRow[] = [];
  const releases = new Set<string>();

  // Reports read file by file: (file, line, column, rule), whatever order the findings came in.
  const ordered = findings
    .map((f, index) => ({ f, index }))
    .sort(({ f: a }, { f: b }) => byText(a.file, b.file) || a.line - b.line || a.column - b.column || byText(a.ruleId, b.ruleId));
  for (const { f, index } of ordered) {
    const rule = ruleById.get(f.ruleId);
    const r = perRule.get(f.ruleId) ?? { n: 0, files: new Set<string>() };
    r.n++;
    r.files.add(f.file);
    perRule.set(f.ruleId, r);
    const bump = (map: Map<string, { n: number; rules: Set<string> }>, key: string) => {
      const g = map.get(key) ?? { n: 0, rules: new Set<string>() };
      g.n++;
      g.rules.add(f.ruleId);
      map.set(key, g);
    };
    bump(perStatus, f.status);
    bump(perDate, f.date ?? rule?.date ?? 'no date');
    const folder = topFolder(f.file);
    place(perFolder, folder, f);
    place(perFile, f.file, f);
    bySeverity[f.severity]++;

    const variant = variantFor(rule, f);
    const location = `${f.file}:${f.line}:${f.column}`;
    rows.push({
      index,
      file: f.file,
      folder,
      line: f.line,
      column: f.column,
      location,
      severity: f.severity,
      ruleId: f.ruleId,
      ruleTitle: rule?.title ?? f.ruleId,
      status: f.status,
      date: f.date,
      message: f.message,
      call: f.pin && !f.url ? `API ${f.pin.version ?? '?'} (${f.pin.form})` : [f.method, f.url].filter(Boolean).join(' '),
      replacement: replacementCall(f),
      noReplacement: f.replacement ? null : (variant?.replacementReason ?? (variant ? 'no replacement endpoint exists' : null)),
      migration: rule?.migration ?? null,
      fixNote: variant ? `${variant.fix.policy}: ${variant.fix.note}` : null,
      fixWhy: variant ? variant.fix.note : null,
      fixPolicy: f.fixPolicy,
      autoFix: f.fix?.policy ?? null,
      suggestion: text(f.suggestion),
      level: f.family === 'hub' && f.status !== 'error' ? migrationLevel(f) : null,
      evidence: f.fix?.evidence ?? [],
      diff: fixDiff(f),
      confidence: f.confidence,
    });

    if (f.pin) {
      const verdicts = verdictsOf(f);
      for (const v of verdicts) releases.add(v.against);
      pins.push({ index, location, ruleId: f.ruleId, version: f.pin.version ?? '', form: f.pin.form, message: f.message, verdicts });
    }
  }

  const byRule: RuleTotal[] = [...perRule.entries()]
    .map(([id, t]) => {
      const rule = ruleById.get(id);
      return {
        id,
        title: rule?.title ?? id,
        status: rule?.status ?? 'unknown',
        date: rule?.date ?? null,
        when: whenOf(rule, null),
        dateNote: rule?.date ? null : (rule?.dateNote ?? null),
        severity: rule?.severity ?? 'warning',
        findings: t.n,
        files: t.files.size,
        docs: rule?.docs ?? null,
      };
    })
    // Errors first (a removed API above an info pin), then by count.
    .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.findings - a.findings || byText(a.id, b.id));

  const rules: RuleNote[] = catalog
    .filter((r) => perRule.has(r.id))
    .map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      when: whenOf(r, null),
      description: r.description,
      docs: r.docs,
      migration: r.migration,
      variants: r.variants.map((v) => ({ summary: variantSummary(v), fix: `${v.fix.policy}: ${v.fix.note}` })),
      findings: perRule.get(r.id)?.n ?? 0,
    }));

  const baseline = ctx.stats.baseline;
  return {
    tool: ctx.tool,
    totals: { findings: findings.length, files: perFile.size, filesScanned: ctx.stats.filesScanned, rules: perRule.size, bySeverity },
    baseline: baseline ? { total: baseline.total, fixed: baseline.fixed, remaining: baseline.remaining } : null,
    byRule,
    byStatus: groups(perStatus, byText),
    // Oldest first; findings of rules without a date come last.
    byDate: groups(perDate, (a, b) => (a === 'no date' ? 1 : b === 'no date' ? -1 : byText(a, b))),
    byFolder: places(perFolder),
    byFile: places(perFile),
    findings: rows,
    rules,
    pins: { releases: [...releases].sort(natural), rows: pins },
    migration: migrationSummary(findings),
  };
}

/**
 * A verdict's tone, for colour (src/pins/types.ts Verdict): a rejection is bad, `accepted`
 * good, and the rest (downgraded, served at the daemon's max, unversioned) need a look.
 */
export function verdictTone(verdict: string): 'good' | 'warn' | 'bad' {
  if (verdict === 'accepted') return 'good';
  if (/^rejected|error|fail/.test(verdict)) return 'bad';
  return 'warn';
}
