import { shellTree } from './tree.js';
import type { Adapter } from '../../types.js';
import type { Loaders } from '../registration.js';

/** Languages whose interpreters' heredocs a script may hold (`python3 - <<'PY'`): read in that language. */
export const SHELL_PROGRAMS = ['python', 'js', 'ruby', 'php', 'perl'] as const;

/** shell's loaders: `programs` loads the adapters of SHELL_PROGRAMS, which the registry gives. */
export function shellLoaders(programs: (names: readonly string[]) => Promise<ReadonlyMap<string, Adapter>>) {
  return {
    lexer: () => import('../../lexers.js').then((m) => m.shellLexer('shell', '\\')),
    load: async (): Promise<Adapter> => {
      const [{ treeAdapter }, { withHeredocPrograms }, adapters] = await Promise.all([import('../../lower/adapter.js'), import('./heredoc-programs.js'), programs(SHELL_PROGRAMS)]);
      const shell = await treeAdapter(shellTree, () => import('../../shell/adapter.js').then((a) => a.shellAdapter));
      return withHeredocPrograms(shell, adapters);
    },
  } satisfies Loaders;
}
