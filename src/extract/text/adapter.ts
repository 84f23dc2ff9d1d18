import type { Adapter } from '../types.js';
import { scanUrls } from '../scan-urls.js';

/** Any other text file: every Hub URL written out, method unknown to us so GET by default. */
export const textAdapter: Adapter = {
  name: 'text',
  extract(_path, text) {
    return scanUrls(text).map((h) => ({
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
