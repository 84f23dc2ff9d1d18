import { escapeRegExp } from './escape-regexp.js';
import { HUB_HOST_SETS } from './hub-hosts.generated.js';

/**
 * The one list of Docker Hub API host names, read from the rule data (rules/hub-api.yaml's
 * hostSets, generated into hub-hosts.generated.ts): the prefilter, the URL scanners, the
 * matcher's guesses and the fixer all ask here, so a host added to the rules is found,
 * matched and fixed alike.
 */
export const HUB_HOSTS: readonly string[] = [...new Set(Object.values(HUB_HOST_SETS).flat())];

/** Where the current Hub API lives (latest.yaml's `servers`): a fixed call goes here. */
export const HUB_API_HOST = 'hub.docker.com';

if (!HUB_HOSTS.includes(HUB_API_HOST)) throw new Error(`rules/hub-api.yaml's hostSets do not name ${HUB_API_HOST}`);

/** The host names as one alternation of literals (no repetition: safe to embed in any pattern). */
export const HUB_HOST_ALTERNATION = HUB_HOSTS.map(escapeRegExp).join('|');

/** The hosts the v2 routes were served on (the `hub` set), without the v1-only ones. */
export const HUB_V2_HOSTS: readonly string[] = HUB_HOST_SETS.hub ?? [HUB_API_HOST];

/** A Hub host or a subdomain of one (`Hub.Docker.com`, `cloud.docker.com`), of `hosts` when given. */
export function isHubHost(host: string, hosts: readonly string[] = HUB_HOSTS): boolean {
  const h = host.toLowerCase();
  return hosts.some((hub) => h === hub || h.endsWith(`.${hub}`));
}

/** A host that once served the Hub API and no longer does: a fix moves its calls to HUB_API_HOST. */
export function isOldHubHost(host: string): boolean {
  return isHubHost(host) && host.toLowerCase() !== HUB_API_HOST;
}

/** The old host a piece of text names, if any (`"https://cloud.docker.com/v2/repositories"`). */
export function oldHubHostIn(text: string): string | undefined {
  const t = text.toLowerCase();
  return HUB_HOSTS.find((h) => h !== HUB_API_HOST && t.includes(h));
}
