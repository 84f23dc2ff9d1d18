import type { Loaders } from '../registration.js';

/**
 * yaml's loaders: the fix step lexes a CI file's shell scripts as shell (scripts.ts). The shell
 * lexer is loaded alone, not the registry's fence lexers: yaml is read in fences itself.
 */
export const yamlLoaders = {
  lexer: () =>
    Promise.all([import('../markdown/lexer.js'), import('./scripts.js'), import('../../lexers.js')]).then(([m, s, l]) =>
      m.markdownLexer(new Map([['shell', l.shellLexer('shell', '\\')]]), s.yamlScriptBlocks, 'yaml'),
    ),
  load: () => import('./adapter.js').then((m) => m.yamlAdapter),
} satisfies Loaders;
