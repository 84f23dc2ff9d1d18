import { loadParser, type Grammar, type SyntaxTree } from '../../runtime/parsers.js';
import type { Adapter } from '../types.js';
import { candidatesOf } from './candidates.js';
import type { Lowered } from './form.js';

type Lowering = (tree: SyntaxTree, text: string) => Lowered;

/** Each language on the new path: its tree-sitter grammar and its lowering module. */
const LOWERINGS: Record<string, { grammar: Grammar; load: () => Promise<Lowering> }> = {
  python: { grammar: 'python', load: () => import('./python.js').then((m) => m.lowerPython) },
};

export type LoweredLanguage = keyof typeof LOWERINGS;

/**
 * An adapter that parses with tree-sitter, lowers the tree and runs the shared resolver.
 * The grammar loads when the adapter does, i.e. for the first file that passed the
 * prefilter; extraction itself stays synchronous.
 */
export async function treeAdapter(language: LoweredLanguage): Promise<Adapter> {
  const spec = LOWERINGS[language];
  const [parser, lower] = await Promise.all([loadParser(spec.grammar), spec.load()]);
  return {
    name: language,
    extract(path, text, ctx) {
      const tree = parser.parse(text);
      try {
        return candidatesOf(lower(tree, text), path, ctx);
      } finally {
        tree.delete();
      }
    },
  };
}
