import type { Language } from '../registration.js';

export const rubyLanguage = {
  name: 'ruby',
  readsConstants: true,
  grammar: 'ruby',
  extensions: ['.rb', '.rake', '.gemspec'],
  fileNames: [/^(gemfile|rakefile|vagrantfile)$/i],
  fences: ['ruby', 'rb'],
} as const satisfies Language;
