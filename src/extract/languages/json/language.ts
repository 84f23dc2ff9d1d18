import type { Language } from '../registration.js';

export const jsonLanguage = {
  name: 'json',
  flat: true,
  extensions: ['.json', '.jsonc', '.json5'],
  fences: ['json', 'jsonc'],
  inFences: true,
  syntaxTree: true,
} as const satisfies Language;
