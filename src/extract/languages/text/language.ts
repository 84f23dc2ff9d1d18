import type { Language } from '../registration.js';

export const textLanguage = {
  // Anything else: the plain URL scan, which still finds every written-out call.
  name: 'text',
  flat: true,
} as const satisfies Language;
