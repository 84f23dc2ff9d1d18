import type { Language } from '../registration.js';

export const dockerfileLanguage = {
  name: 'dockerfile',
  extensions: ['.dockerfile'],
  fileNames: [/^(dockerfile|containerfile)(\..*)?$/i],
  fences: ['dockerfile', 'docker'],
  inFences: true,
} as const satisfies Language;
