import { escapeRegExp } from '../core/escape-regexp.js';
import { HUB_HOSTS } from '../core/hub-hosts.js';

/**
 * The cheap gate in front of every adapter: one regex over the raw text. A file that names
 * no Hub host of the rule data (plain, URL-encoded, or through a known constant or base variable) is not
 * parsed at all.
 */
const HUB_HOST = new RegExp([...HUB_HOSTS, ...HUB_HOSTS.map((h) => h.replaceAll('.', '%2E'))].map(escapeRegExp).join('|'), 'i');

export function makePrefilter(extraNames: Iterable<string> = []): (text: string) => boolean {
  const names = [...new Set(extraNames)].filter((n) => /^\w+$/.test(n));
  const extra = names.length ? new RegExp(`\\b(?:${names.join('|')})\\b`) : null;
  return (text) => HUB_HOST.test(text) || (extra !== null && extra.test(text));
}

export const HUB_HOST_PATTERN = HUB_HOST;

/**
 * A deprecated Hub route's path without its host (`"/v2/repositories/"`, `"/users/login"`,
 * `"repositories/%s"`): in a language that reads other files' values the host may be a
 * base another file defines, so such a file is linted and its sites ask (ASCII only: the
 * byte gate tests it on the Latin-1 view).
 */
export const HUB_PATH_PATTERN = /\/repositories|repositories\/|users\/login/;

const HUB_PATHS = new RegExp(HUB_PATH_PATTERN.source, 'g');
/** Where the token a path stands in starts: a quote, a bracket, whitespace. */
const TOKEN_EDGE = /[\s'"`(<>[\]{}]/;
const LONGEST_TOKEN = 512;

/**
 * True when the text holds HUB_PATH_PATTERN outside a URL that names its own host: a path
 * another file's base may complete (`"/v2/repositories/"`, `` `${base}/repositories/` ``), not
 * `https://learn.example.com/rest/git/repositories/create` in a doc comment, which has a host
 * (a Hub host passes the host gate anyway). A token longer than LONGEST_TOKEN counts as host-less.
 */
export function holdsHostlessHubPath(text: string): boolean {
  HUB_PATHS.lastIndex = 0;
  for (let m = HUB_PATHS.exec(text); m; m = HUB_PATHS.exec(text)) {
    let from = m.index;
    while (from > 0 && m.index - from < LONGEST_TOKEN && !TOKEN_EDGE.test(text[from - 1])) from--;
    if (m.index - from >= LONGEST_TOKEN || !text.slice(from, m.index).includes('://')) return true;
  }
  return false;
}

/**
 * The hosts the prefilter looks for beyond Docker Hub's own: `--hub-host`/`hubHosts`, and
 * every host of the loaded rule table (a user rule file with `hosts: [api.corp.example]`
 * must open files that name only that host). Lower-case, without the ones HUB_HOST matches.
 */
export function prefilterHosts(rules: readonly { variants: readonly { hosts: readonly string[] }[] }[], extraHubHosts: readonly string[] = []): string[] {
  const hosts = [...extraHubHosts, ...rules.flatMap((r) => r.variants.flatMap((v) => v.hosts))].map((h) => h.toLowerCase());
  return [...new Set(hosts)].filter((h) => h.length > 0 && !HUB_HOST.test(h));
}
