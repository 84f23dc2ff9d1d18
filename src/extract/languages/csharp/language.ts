import type { Language } from '../registration.js';

export const csharpLanguage = {
  name: 'csharp',
  grammar: 'c-sharp',
  extensions: ['.cs'],
  fences: ['csharp', 'cs', 'c#'],
  readsConstants: true,
} as const satisfies Language;
