import type { Language } from '../registration.js';

export const scalaLanguage = {
  // On tree-sitter-scala (languages/scala/lowering.ts), the grammar's own package's .wasm (runtime/parsers.ts).
  name: 'scala',
  grammar: 'scala',
  extensions: ['.scala', '.sc'],
  fences: ['scala'],
} as const satisfies Language;
