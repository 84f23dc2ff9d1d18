import type { Language } from '../registration.js';

export const javaLanguage = {
  name: 'java',
  grammar: 'java',
  extensions: ['.java'],
  fences: ['java'],
  readsConstants: true,
} as const satisfies Language;
