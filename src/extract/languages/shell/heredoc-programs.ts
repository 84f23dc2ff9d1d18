import type { Adapter } from '../../types.js';
import { Mapped } from '../../shell/mapped.js';
import { interpreterHeredocs } from '../../shell/session.js';
import { programCandidates } from '../../shell/embedded-program.js';

/**
 * The shell adapter that also reads the programs a script feeds to an interpreter in a heredoc
 * (`python3 - <<'PY' … PY`, `node <<EOF`), each by its language's adapter (`programs`) at its
 * lines in the script, as a CI step's are (yaml/adapter.ts). The shell lowering itself leaves
 * heredoc bodies alone: they are data to the shell.
 */
export function withHeredocPrograms(shell: Adapter, programs: ReadonlyMap<string, Adapter>): Adapter {
  return {
    name: shell.name,
    extract(path, text, ctx) {
      const found = shell.extract(path, text, ctx);
      if (!text.includes('<<')) return found;
      for (const { language, body } of interpreterHeredocs(Mapped.of(text))) {
        const adapter = programs.get(language);
        if (adapter) found.push(...programCandidates(adapter, path, body, ctx));
      }
      return found;
    },
  };
}
