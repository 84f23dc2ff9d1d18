import type { Language } from '../registration.js';

export const makefileLanguage = {
  name: 'makefile',
  extensions: ['.mk', '.mak'],
  fileNames: [/^(gnu)?makefile$/i],
  fences: ['make', 'makefile'],
  inFences: true,
} as const satisfies Language;
