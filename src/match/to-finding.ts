import { fingerprintOf } from '../core/fingerprint.js';
import { redact, redactSnippet } from '../core/redact.js';
import { LineIndex } from '../core/position.js';
import type { Candidate, Finding, FindingEdit, FindingReplacement } from '../core/types.js';
import type { Lexed, SourceLexer } from '../core/lexeme.js';
import { planFix } from '../fix/plan.js';
import { showHoles } from '../core/hole.js';
import type { Match } from './match-candidate.js';
import { fillTemplate } from './template.js';

function replacementFor(m: Match): FindingReplacement | null {
  const r = m.variant.replacement;
  if (!r) return null;
  // A v1 single-segment name is an official image; its v2 namespace is `library`.
  const path = fillTemplate(r.path, m.params);
  return { operation: r.operation, method: r.method, path, url: `https://hub.docker.com${path}` };
}

function messageFor(m: Match, replacement: FindingReplacement | null): string {
  const r = m.rule;
  const call = `${m.method ?? m.variant.methods.filter((x) => x !== '*').join('/') ?? ''} ${m.variant.path}`.trim();
  const when = r.status === 'legacy' ? 'is legacy' : `${r.status === 'removed' ? 'was removed' : 'is deprecated'}${r.date ? ` (${r.date})` : ''}`;
  const instead = replacement
    ? `use ${replacement.operation}: ${replacement.method} ${replacement.path}`
    : `no replacement: ${m.variant.replacementReason ?? 'none documented'}`;
  return `${call} ${when}; ${instead}`;
}

/** Normalises a URL for fingerprints: redacted, lower-case host, no trailing slash. */
function normalUrl(url: string): string {
  return redact(showHoles(url)).replace(/^https?:\/\//i, '').replace(/(?<!\/)\/+(?=$|[?#])/, '').toLowerCase();
}

export interface FindingInput {
  file: string;
  /** The whole (BOM-less) text, for planning the fix. */
  text?: string;
  lines: LineIndex;
  candidate: Candidate;
  match: Match;
  /** How many equal keys came before in this file (keeps fingerprints unique, line-free). */
  occurrence: (key: string) => number;
  /** How the file's language is lexed (null: no parser applies), and the file lexed once. */
  lexer?: SourceLexer | null;
  lexed?: () => Lexed;
}

function fixFields(
  { text, lines, candidate: c, match: m, lexer, lexed }: FindingInput,
  replacement: FindingReplacement | null,
): Pick<Finding, 'fix' | 'suggestion' | 'fixRefusal'> {
  const manual = replacement ? `call ${replacement.method} ${replacement.url ?? replacement.path} (${replacement.operation})` : (m.variant.replacementReason ?? 'no replacement');
  if (text === undefined) return { suggestion: manual };
  const plan = planFix(text, c, m, lexer ?? null, lexed?.());
  if (plan.policy === 'none') return { suggestion: `${manual}; not rewritten automatically: ${plan.reason}`, fixRefusal: plan.reason };
  const edits: FindingEdit[] = plan.edits.map((e) => {
    const a = lines.position(e.start);
    const b = lines.position(e.end);
    return { start: e.start, end: e.end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column, text: e.text, ...(e.join ? { join: true } : {}) };
  });
  return { fix: { policy: plan.policy, edits }, suggestion: plan.policy === 'unsafe' ? `${manual}; ${m.variant.fix.note} (applied with --fix-type unsafe)` : manual };
}

export function toFinding(input: FindingInput): Finding {
  const { file, lines, candidate: c, match: m, occurrence } = input;
  const from = lines.position(c.at ?? c.start);
  const to = lines.position(c.end);
  const url = redact(showHoles(c.url));
  const replacement = replacementFor(m);
  const key = `${m.rule.id}\0${normalUrl(c.url)}\0${m.method ?? ''}`;
  return {
    family: 'hub',
    ruleId: m.rule.id,
    // A commented-out call or a documented one never fails the default gate.
    severity: c.prose || c.docs ? 'info' : m.rule.severity,
    status: m.rule.status,
    date: m.rule.date,
    file,
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column,
    message: redact(messageFor(m, replacement)),
    method: m.method,
    methodSource: c.methodSource,
    url,
    snippet: redactSnippet(lines.lineText(from.line)),
    replacement,
    fixPolicy: m.variant.fix.policy,
    confidence: m.confidence,
    fingerprint: fingerprintOf([m.rule.id, file, normalUrl(c.url), m.method, occurrence(key)]),
    ...fixFields(input, replacement),
  };
}
