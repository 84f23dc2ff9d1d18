import type { Adapter } from '../../types.js';
import { scanUrls } from '../../scan-urls.js';

/** Documentation formats read as plain text: their findings are info. */
const DOCS = /\.(?:rst|rest|adoc|asciidoc|textile|rdoc)$/i;

/** Any other text file: every Hub URL written out, method unknown to us so GET by default. */
export const textAdapter: Adapter = {
  name: 'text',
  extract(path, text) {
    const docs = DOCS.test(path) || undefined;
    return scanUrls(text).map((h) => ({
      docs,
      url: h.url,
      start: h.start,
      end: h.end,
      method: 'GET',
      methodSource: 'default' as const,
      rebuilt: false,
      literal: true,
    }));
  },
};
