import type { Loaders } from '../registration.js';

/**
 * yaml's loaders. Its fix lexer reads the CI scripts (`run: |`, `script:` lists) with the shell
 * lexer at their own offsets, as a Markdown fence is read; the rest of the file has none. (Only
 * the shell lexer: the fence languages include yaml itself, whose lexer this is.)
 */
export const yamlLoaders = {
  lexer: () =>
    Promise.all([import('../markdown/lexer.js'), import('./blocks.js'), import('../../lexers.js')]).then(([m, b, l]) => m.markdownLexer(new Map([['shell', l.shellLexer('shell', '\\')]]), b.yamlScriptBlocks, 'yaml')),
  load: () => import('./adapter.js').then((m) => m.yamlAdapter),
} satisfies Loaders;
