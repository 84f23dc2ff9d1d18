import type { Language } from '../registration.js';

export const phpLanguage = {
  name: 'php',
  grammar: 'php',
  extensions: ['.php'],
  fences: ['php'],
  readsConstants: true,
} as const satisfies Language;
