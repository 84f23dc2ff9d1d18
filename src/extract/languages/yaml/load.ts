import type { Adapter } from '../../types.js';
import type { Loaders } from '../registration.js';

/** Languages whose interpreters' heredocs a CI script may hold (`python3 - <<'PY'`): read in that language. */
export const YAML_PROGRAMS = ['python', 'js', 'ruby', 'php', 'perl'] as const;

/**
 * yaml's loaders: `programs` loads the adapters of YAML_PROGRAMS, which the registry gives. The
 * fix step lexes a CI file's shell scripts as shell (scripts.ts); the shell lexer is loaded
 * alone, not the registry's fence lexers: yaml is read in fences itself.
 */
export function yamlLoaders(programs: (names: readonly string[]) => Promise<ReadonlyMap<string, Adapter>>) {
  return {
    lexer: () =>
      Promise.all([import('../markdown/lexer.js'), import('./scripts.js'), import('../../lexers.js')]).then(([m, s, l]) =>
        m.markdownLexer(new Map([['shell', l.shellLexer('shell', '\\')]]), s.yamlScriptBlocks, 'yaml'),
      ),
    load: async (): Promise<Adapter> => {
      const [{ yamlAdapterWith }, adapters] = await Promise.all([import('./adapter.js'), programs(YAML_PROGRAMS)]);
      return yamlAdapterWith(adapters);
    },
  } satisfies Loaders;
}
