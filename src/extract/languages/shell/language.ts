import type { Language } from '../registration.js';

export const shellLanguage = {
  name: 'shell',
  grammar: 'bash',
  extensions: ['.sh', '.bash', '.zsh', '.ksh', '.env'],
  fileNames: [/^\.env(\..*)?$/i, /^\.(bash|zsh)rc$|^\.profile$/i],
  fences: ['sh', 'bash', 'shell', 'console', 'zsh', 'shellsession'],
  inFences: true,
  readsConstants: true,
  warm: { path: 'warm.sh', text: 'curl -I https://hub.docker.com/v2/repositories/acme/web/\n' },
} as const satisfies Language;
