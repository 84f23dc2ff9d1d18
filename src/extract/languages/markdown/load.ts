import type { Adapter } from '../../types.js';
import type { Fences, Loaders } from '../registration.js';

/** markdown's loaders: code in its blocks is read by the languages read in fences, which the registry gives. */
export function markdownLoaders(fenced: Fences) {
  return {
    lexer: () => Promise.all([import('./lexer.js'), fenced.lexers()]).then(([m, fences]) => m.markdownLexer(fences)),
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, fences] = await Promise.all([import('./adapter.js'), fenced.adapters()]);
      return markdownAdapterWith(fences);
    },
  } satisfies Loaders;
}

/** rst's loaders: code in its blocks is read by the languages read in fences, which the registry gives. */
export function rstLoaders(fenced: Fences) {
  return {
    lexer: () => Promise.all([import('./lexer.js'), import('./rst.js'), fenced.lexers()]).then(([m, r, fences]) => m.markdownLexer(fences, r.rstBlocks, 'rst')),
    load: async (): Promise<Adapter> => {
      const [{ markdownAdapterWith }, { rstBlocks }, fences] = await Promise.all([import('./adapter.js'), import('./rst.js'), fenced.adapters()]);
      return markdownAdapterWith(fences, rstBlocks, 'rst');
    },
  } satisfies Loaders;
}
