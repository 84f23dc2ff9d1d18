import type { Language } from '../registration.js';

export const goLanguage = {
  name: 'go',
  grammar: 'go',
  extensions: ['.go'],
  fences: ['go', 'golang'],
  inFences: true,
  readsConstants: true,
} as const satisfies Language;
