import type { Language } from '../registration.js';

export const kotlinLanguage = {
  name: 'kotlin',
  grammar: 'kotlin',
  extensions: ['.kt', '.kts'],
  fences: ['kotlin', 'kt'],
  readsConstants: true,
} as const satisfies Language;
