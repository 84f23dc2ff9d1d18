import type { Adapter } from '../../types.js';
import { derivedExtractor } from '../../lower/adapter.js';
import { shellTree } from './tree.js';
import type { Mapped } from '../../shell/mapped.js';

/**
 * An adapter for a file that holds shell code inside another syntax (a Dockerfile's RUN lines,
 * a Makefile's recipes): `scriptOf` writes the one shell script the file runs, mapped to its
 * source, and the shell lowering reads it. Loading waits for the shell grammar, so extraction
 * stays synchronous.
 */
export async function scriptAdapter(name: string, scriptOf: (text: string) => Mapped): Promise<Adapter> {
  const shellOf = await derivedExtractor(shellTree);
  return { name, extract: (path, text, ctx) => shellOf(path, scriptOf(text), ctx) };
}
