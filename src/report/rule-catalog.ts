import type { Finding, FindingFamily, Rule, RuleVariant, Severity } from '../core/types.js';
import type { RuleDescription } from './types.js';

/**
 * A rule as the reports describe it: the table's entry, or one put together from the
 * findings when their rule is not in the table (`internal-error`, Engine pin rules, a rule
 * file the report was not given). Machine formats (SARIF) must name every result's rule.
 */
export interface ReportRule {
  id: string;
  title: string;
  description: string;
  status: string;
  date: string | null;
  dateNote?: string;
  docs: string | null;
  migration: string | null;
  severity: Severity;
  variants: readonly RuleVariant[];
  /** True when the rule was put together from findings, not taken from the table. */
  synthetic: boolean;
  /** Hub API rules (the table, users' rule files) or Engine API pin rules. */
  family: FindingFamily;
}

const SYNTHETIC_TITLES: Record<string, string> = {
  'internal-error': 'hublint could not scan a file',
};

function fromTable(rule: Rule): ReportRule {
  return {
    id: rule.id,
    title: rule.title,
    description: rule.description,
    status: rule.status,
    date: rule.date,
    ...(rule.dateNote ? { dateNote: rule.dateNote } : {}),
    docs: rule.docs || null,
    migration: rule.migration || null,
    severity: rule.severity,
    variants: rule.variants,
    synthetic: false,
    family: 'hub',
  };
}

function fromDescription(d: RuleDescription, f: Finding): ReportRule {
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    status: f.status,
    date: f.date,
    docs: d.docs && /^https?:\/\//.test(d.docs) ? d.docs : null,
    migration: null,
    severity: d.severity ?? f.severity,
    variants: [],
    synthetic: true,
    family: f.family,
  };
}

function fromFinding(f: Finding): ReportRule {
  const title = SYNTHETIC_TITLES[f.ruleId] ?? (f.family === 'pin' ? `Docker Engine API version pin (${f.ruleId})` : f.ruleId);
  return {
    id: f.ruleId,
    title,
    description: f.message,
    status: f.status,
    date: f.date,
    docs: null,
    migration: null,
    severity: f.severity,
    variants: [],
    synthetic: true,
    family: f.family,
  };
}

/**
 * Every rule of the table, then one per rule id the findings use that the table lacks
 * (sorted by id): from its description when there is one, else from its first finding.
 */
export function ruleCatalog(findings: readonly Finding[], rules: readonly Rule[], descriptions: readonly RuleDescription[] = []): ReportRule[] {
  const out = rules.map(fromTable);
  const known = new Set(out.map((r) => r.id));
  const described = new Map(descriptions.map((d) => [d.id, d]));
  const extra = new Map<string, ReportRule>();
  for (const f of findings) {
    if (known.has(f.ruleId) || extra.has(f.ruleId)) continue;
    const d = described.get(f.ruleId);
    extra.set(f.ruleId, d ? fromDescription(d, f) : fromFinding(f));
  }
  return [...out, ...[...extra.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))];
}

const templates = new Map<string, RegExp>();

function templateMatches(template: string, path: string): boolean {
  let re = templates.get(template);
  if (!re) {
    const parts = template.split(/\{[^{}]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    re = new RegExp(`^${parts.join('[^/]+')}$`);
    templates.set(template, re);
  }
  return re.test(path);
}

/** The variant of `rule` that produced the finding, judged from the replacement it carries. */
export function variantFor(rule: ReportRule | undefined, f: Finding): RuleVariant | undefined {
  if (!rule) return undefined;
  const r = f.replacement;
  if (!r) return rule.variants.find((v) => v.replacement === null);
  return (
    rule.variants.find((v) => v.replacement && v.replacement.method === r.method && templateMatches(v.replacement.path, r.path)) ??
    rule.variants.find((v) => v.replacement?.operation === r.operation)
  );
}

/** "GET https://hub.docker.com/v2/namespaces/acme/repositories" — the call to make instead, or null. */
export function replacementCall(f: Finding): string | null {
  const r = f.replacement;
  if (!r) return null;
  return `${r.method} ${r.url ?? r.path}`;
}

/** The old call → the new one, as the rule table words it. */
export function variantSummary(v: RuleVariant): string {
  const methods = v.methods.includes('*') ? 'any method' : v.methods.join('|');
  const to = v.replacement ? `${v.replacement.method} ${v.replacement.path} — ${v.replacement.operation}` : `no replacement${v.replacementReason ? ` (${v.replacementReason})` : ''}`;
  return `${methods} ${v.path} → ${to}`;
}
