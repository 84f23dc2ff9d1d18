import type { Adapter } from '../../types.js';
import type { Loaders } from '../registration.js';

/** Languages whose interpreters' heredocs a CI script may hold (`python3 - <<'PY'`): read in that language. */
export const YAML_PROGRAMS = ['python', 'js', 'ruby', 'php', 'perl'] as const;

/** yaml's loaders: `programs` loads the adapters of YAML_PROGRAMS, which the registry gives. */
export function yamlLoaders(programs: (names: readonly string[]) => Promise<ReadonlyMap<string, Adapter>>) {
  return {
    load: async (): Promise<Adapter> => {
      const [{ yamlAdapterWith }, adapters] = await Promise.all([import('./adapter.js'), programs(YAML_PROGRAMS)]);
      return yamlAdapterWith(adapters);
    },
  } satisfies Loaders;
}
