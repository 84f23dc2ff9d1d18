import type { Language } from '../registration.js';

export const rustLanguage = {
  name: 'rust',
  readsConstants: true,
  grammar: 'rust',
  extensions: ['.rs'],
  fences: ['rust', 'rs'],
} as const satisfies Language;
