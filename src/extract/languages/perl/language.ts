import type { Language } from '../registration.js';

export const perlLanguage = {
  name: 'perl',
  readsConstants: true,
  extensions: ['.pl', '.pm'],
  fences: ['perl'],
} as const satisfies Language;
