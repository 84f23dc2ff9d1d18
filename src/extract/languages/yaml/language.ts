import type { Language } from '../registration.js';

export const yamlLanguage = {
  name: 'yaml',
  extensions: ['.yml', '.yaml'],
  fences: ['yaml', 'yml'],
  inFences: true,
  syntaxTree: true,
  warm: { path: 'warm.yml', text: 'steps:\n  - run: curl -I https://hub.docker.com/v2/repositories/acme/web/\n' },
} as const satisfies Language;
