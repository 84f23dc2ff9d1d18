import type { Language } from '../registration.js';

export const markdownLanguage = {
  name: 'markdown',
  extensions: ['.md', '.markdown', '.mdx'],
} as const satisfies Language;

export const rstLanguage = {
  name: 'rst',
  extensions: ['.rst', '.rest'],
} as const satisfies Language;
