import { HUB_API_HOST } from '../core/hub-hosts.js';
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
    host = HUB_API_HOST;
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
  // Only for a URL written whole or a path joined over configuration keys: a path finished
  // in a helper that takes its method as an argument is decided at the helper's call sites.
  const unstated = c.routeMethod === true || (c.methodSource === 'default' && !c.rebuilt);
  return best ?? (unstated ? onlyMethod(url.segments, host, set) : null);
}

/**
 * A URL whose method nobody stated (a configuration value, a literal no request was traced
 * to) on a route that answers one method only, and whose path no other route extends (a
 * `/v2/users/login` is only ever POSTed; a bare `/v2/repositories` is more often a base than
 * a create): that route, at low confidence.
 */
function onlyMethod(segments: readonly string[], host: string, set: RuleSet): Match | null {
  let found: Match | null = null;
  for (const cv of set.variants) {
    if (!cv.hosts.has(host) || cv.anyMethod) continue;
    const params = matchTemplate(cv.template, segments);
    if (!params) continue;
    if (found || cv.variant.methods.length !== 1) return null;
    const prefix = `${cv.template.source}/`;
    if (set.variants.some((o) => o.template.source.startsWith(prefix))) return null;
    found = { rule: cv.rule, variant: cv.variant, params, method: cv.variant.methods[0], confidence: 'low', host };
  }
  return found;
}
