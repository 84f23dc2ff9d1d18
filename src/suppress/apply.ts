import type { Finding } from '../core/types.js';
import { fingerprintOf } from '../core/fingerprint.js';
import { parseDirectives, type Directive } from './directives.js';

export interface SuppressResult {
  kept: Finding[];
  suppressed: number;
  /** Directives that suppressed nothing (for --report-unused-disable). */
  unused: Directive[];
  /** Directives naming a rule id hublint does not know (a typo silences nothing), with those ids. */
  unknown: Array<{ directive: Directive; ids: string[] }>;
}

const applies = (d: Directive, ruleId: string) => d.rules.length === 0 || d.rules.includes(ruleId);

/** Which directive (if any) silences a finding: the line ones first, then blocks, then the file. */
function silencer(directives: Directive[], f: Finding): Directive | undefined {
  for (const d of directives) {
    if (!applies(d, f.ruleId)) continue;
    if (d.kind === 'disable-line' && d.line === f.line) return d;
    if (d.kind === 'disable-next-line' && d.line + 1 === f.line) return d;
  }
  let open: Directive | undefined;
  for (const d of directives) {
    if (d.line > f.line) break;
    if (d.kind === 'disable' && applies(d, f.ruleId)) open = d;
    if (d.kind === 'enable' && open && (d.rules.length === 0 || d.rules.includes(f.ruleId))) open = undefined;
  }
  if (open) return open;
  return directives.find((d) => d.kind === 'disable-file' && applies(d, f.ruleId));
}

export function applySuppressions(text: string, findings: Finding[], known?: ReadonlySet<string>): SuppressResult {
  const directives = parseDirectives(text);
  if (directives.length === 0) return { kept: findings, suppressed: 0, unused: [], unknown: [] };
  const used = new Set<Directive>();
  const kept: Finding[] = [];
  for (const f of findings) {
    const d = silencer(directives, f);
    if (d) used.add(d);
    else kept.push(f);
  }
  const unused = directives.filter((d) => d.kind !== 'enable' && !used.has(d));
  const unknown = known ? directives.flatMap((d) => (d.rules.some((id) => !known.has(id)) ? [{ directive: d, ids: d.rules.filter((id) => !known.has(id)) }] : [])) : [];
  return { kept, suppressed: findings.length - kept.length, unused, unknown };
}

/** What a directive naming unknown rule ids says, as a finding's message or a notice. */
export function unknownRuleMessage(d: Directive, ids: readonly string[]): string {
  return `unknown rule ${ids.map((id) => `'${id}'`).join(', ')} in hublint-${d.kind} directive (see \`hublint rules\`)`;
}

/**
 * A directive that suppresses nothing, or names a rule that does not exist (ESLint reports
 * "Definition for rule … was not found" for the latter): one finding of the same rule.
 */
export function unusedDirectiveFinding(file: string, d: Directive, snippet: string, unknownIds: readonly string[] = []): Finding {
  // Short enough for a text line (ESLint's "Unused eslint-disable directive (no problems …)").
  const what = d.rules.length ? `${d.rules.join(', ')} finding` : 'finding of any rule';
  return {
    family: 'hub',
    ruleId: 'unused-disable-directive',
    severity: 'warning',
    status: 'error',
    date: null,
    file,
    line: d.line,
    column: d.column,
    endLine: d.line,
    endColumn: d.column + `hublint-${d.kind}`.length,
    message: unknownIds.length ? unknownRuleMessage(d, unknownIds) : `unused hublint-${d.kind}: no ${what} to suppress`,
    method: null,
    methodSource: null,
    url: '',
    snippet,
    replacement: null,
    fixPolicy: 'none',
    confidence: 'high',
    fingerprint: fingerprintOf(['unused-disable-directive', file, d.kind, d.rules.join(','), d.line]),
  };
}
