import { fingerprintOf } from '../core/fingerprint.js';
import { HUB_API_HOST } from '../core/hub-hosts.js';
import { redact, redactUrl } from '../core/redact.js';
import { LineIndex } from '../core/position.js';
import type { Candidate, Finding, FindingReplacement } from '../core/types.js';
import { showHoles } from '../core/hole.js';
import type { Match } from './match-candidate.js';
import { fillTemplate } from './template.js';

function replacementFor(m: Match): FindingReplacement | null {
  const r = m.variant.replacement;
  if (!r) return null;
  // A v1 single-segment name is an official image; its v2 namespace is `library`.
  const path = fillTemplate(r.path, m.params);
  return { operation: r.operation, method: r.method, path, url: `https://${HUB_API_HOST}${path}` };
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
  return redactUrl(showHoles(url)).replace(/^https?:\/\//i, '').replace(/(?<!\/)\/+(?=$|[?#])/, '').toLowerCase();
}

export interface FindingInput {
  file: string;
  lines: LineIndex;
  candidate: Candidate;
  match: Match;
  /** How many equal keys came before in this file (keeps fingerprints unique, line-free). */
  occurrence: (key: string) => number;
  /** The adapter that read the file (its lexer plans the fix, later: see fix/plan-finding.ts). */
  language: string;
}

export function toFinding(input: FindingInput): Finding {
  const { file, lines, candidate: c, match: m, occurrence } = input;
  const from = lines.position(c.at ?? c.start);
  const to = lines.position(c.end);
  const url = redactUrl(showHoles(c.url));
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
    snippet: lines.snippet(from.line),
    replacement,
    fixPolicy: m.variant.fix.policy,
    confidence: m.confidence,
    fingerprint: fingerprintOf([m.rule.id, file, normalUrl(c.url), m.method, occurrence(key)]),
    // The fix is planned once the finding has survived suppression and the baseline.
    pendingFix: { candidate: c, match: { variant: m.variant, params: m.params, method: m.method }, language: input.language },
  };
}
