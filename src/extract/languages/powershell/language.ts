import type { Language } from '../registration.js';

export const powershellLanguage = {
  name: 'powershell',
  grammar: 'powershell',
  extensions: ['.ps1', '.psm1'],
  fences: ['powershell', 'ps1', 'pwsh'],
  inFences: true,
  readsConstants: true,
} as const satisfies Language;
