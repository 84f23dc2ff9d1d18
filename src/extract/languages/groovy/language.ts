import type { Language } from '../registration.js';

export const groovyLanguage = {
  // Groovy (Gradle files, Jenkinsfiles, shared-library steps) has no grammar as WebAssembly:
  // a tokenizer lowering (languages/groovy/lowering.ts), with `sh` scripts through the shell lowering.
  name: 'groovy',
  readsConstants: true,
  extensions: ['.groovy', '.gradle'],
  fileNames: [/^jenkinsfile$/i, /^jenkinsfile\.[\w-]+$/i],
  fences: ['groovy', 'gradle', 'jenkinsfile', 'jenkins'],
  inFences: true,
} as const satisfies Language;
