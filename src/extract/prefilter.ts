/**
 * The cheap gate in front of every adapter: one regex over the raw text. A file that names
 * no Hub host (plain, URL-encoded, or through a known constant or base variable) is not
 * parsed at all.
 */
const HUB_HOST = /hub\.docker\.com|index\.docker\.io|hub%2Edocker%2Ecom/i;

export function makePrefilter(extraNames: Iterable<string> = []): (text: string) => boolean {
  const names = [...new Set(extraNames)].filter((n) => /^\w+$/.test(n));
  const extra = names.length ? new RegExp(`\\b(?:${names.join('|')})\\b`) : null;
  return (text) => HUB_HOST.test(text) || (extra !== null && extra.test(text));
}

export const HUB_HOST_PATTERN = HUB_HOST;
