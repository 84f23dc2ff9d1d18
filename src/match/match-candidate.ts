import type { Candidate, Confidence, Match } from '../core/types.js';
import { parseUrl } from './parse-url.js';
import type { RuleSet } from './ruleset.js';
import { matchTemplate } from './template.js';

export type { Match };

/**
 * Decides which rule (if any) a candidate URL breaks. The path picks the variants, the
 * method picks among them: a GET-less or unknown method falls back to the GET variant.
 */
export function matchCandidate(c: Candidate, set: RuleSet): Match | null {
  const url = parseUrl(c.url);
  if (!url) return null;
  let host = url.host;
  let baseGuessed = c.baseGuessed === true;
  if (!host && url.hostHole && set.baseVariables.has(url.hostHole.toLowerCase())) {
    host = 'hub.docker.com';
    baseGuessed = true;
  }
  if (!host) return null;
  const method = c.methodSource === 'unknown' ? null : (c.method ?? 'GET').toUpperCase();
  let best: Match | null = null;
  for (const cv of set.variants) {
    if (!cv.hosts.has(host)) continue;
    const params = matchTemplate(cv.template, url.segments);
    if (!params) continue;
    const wanted = method ?? 'GET';
    if (!cv.anyMethod && !cv.variant.methods.includes(wanted)) continue;
    const confidence: Confidence =
      method === null || baseGuessed ? 'low' : c.rebuilt ? 'medium' : 'high';
    best = { rule: cv.rule, variant: cv.variant, params, method, confidence, host };
    break;
  }
  return best;
}
