import type { Candidate } from '../../../core/types.js';
import type { Adapter } from '../../types.js';
import { expandPlaceholders, propertiesSettings } from '../../langs/spring-placeholders.js';
import { scanUrls } from '../../scan-urls.js';
import { scanValue } from '../../shell/candidate.js';

/** Documentation formats read as plain text: their findings are info. */
const DOCS = /\.(?:rst|rest|adoc|asciidoc|textile|rdoc)$/i;

/**
 * A Java .properties file's settings joined through placeholders (`login=${base}/users/login`):
 * only the URLs a placeholder's value is part of, the ones written out are the plain scan's. No
 * request is in sight: a route that answers one method only is that method's (match-candidate.ts).
 */
function joinedSettings(text: string): Candidate[] {
  if (!text.includes('${')) return [];
  const settings = propertiesSettings(text);
  const lookup = (key: string) => settings.get(key);
  const out: Candidate[] = [];
  for (const value of settings.values()) {
    if (value.text.includes('${')) out.push(...scanValue(expandPlaceholders(value, lookup)).filter((c) => c.rebuilt).map((c) => ({ ...c, routeMethod: true })));
  }
  return out;
}

/** Any other text file: every Hub URL written out, method unknown to us so GET by default. */
export const textAdapter: Adapter = {
  name: 'text',
  extract(path, text) {
    const docs = DOCS.test(path) || undefined;
    const written = scanUrls(text).map((h): Candidate => ({
      docs,
      url: h.url,
      start: h.start,
      end: h.end,
      method: 'GET',
      methodSource: 'default' as const,
      rebuilt: false,
      literal: true,
    }));
    return /\.properties$/i.test(path) ? [...written, ...joinedSettings(text)] : written;
  },
};
