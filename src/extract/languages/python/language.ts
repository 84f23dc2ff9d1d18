import type { Language } from '../registration.js';

export const pythonLanguage = {
  name: 'python',
  grammar: 'python',
  extensions: ['.py', '.pyi'],
  fences: ['py', 'python', 'python3'],
  inFences: true,
  readsConstants: true,
  warm: { path: 'warm.py', text: 'requests.head("https://hub.docker.com/v2/repositories/acme/web/")\n' },
} as const satisfies Language;
