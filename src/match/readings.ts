import type { Candidate, Finding } from '../core/types.js';
import { matchCandidate, type Match } from './match-candidate.js';
import type { RuleSet } from './ruleset.js';

/**
 * The match of a candidate whose reading may be undecided: the likelier reading's match, or
 * else the first other reading that matches. `undecided` is set when other readings exist.
 */
export function matchReadings(c: Candidate, set: RuleSet): { match: Match; candidate: Candidate; others: string[] } | null {
  const readings = [c.url, ...(c.alternatives ?? [])];
  const matches = readings.map((url) => matchCandidate({ ...c, url }, set));
  const at = matches.findIndex((m) => m !== null);
  if (at === -1) return null;
  const match = matches[at] as Match;
  const others = [...new Set(matches.filter((m, i) => i !== at && m && m.rule.id !== match.rule.id).map((m) => (m as Match).rule.id))];
  return { match, candidate: at === 0 ? c : { ...c, url: readings[at] }, others };
}

/**
 * An undecided reading never gets a fix (fix/plan-finding.ts refuses it): the finding says
 * which rules it may be, with low confidence, so a reviewer decides.
 */
export function markUndecided(f: Finding, c: Candidate, others: string[]): Finding {
  if (!c.alternatives?.length) return f;
  const otherwise = others.length > 0 ? others.join(' or ') : 'a call that is not deprecated';
  const why = c.arityNote ? ` (${c.arityNote})` : '';
  return {
    ...f,
    confidence: 'low',
    alternativeRuleIds: others,
    message: `${f.message}. Undecided${why}: read with the value as one segment instead, this is ${otherwise}`,
    ...(f.pendingFix ? { pendingFix: { ...f.pendingFix, undecided: true } } : {}),
  };
}
