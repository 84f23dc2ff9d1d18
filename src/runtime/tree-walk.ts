import type { SyntaxNode } from './parsers.js';
import { noteCut, spend } from './work-budget.js';

/**
 * Nesting deeper than this is not real code (generated data, an attack on the parser): the
 * walk does not descend further, and the file gets an `internal-error` finding saying so
 * (work-budget.ts). A recursive walk would overflow the JS stack at about 6–10k levels; this
 * one keeps its position in a tree-sitter cursor instead, so the cap is about cost, not
 * stack: it sits above two tree levels per bracket of the nesting guard (extract/nesting.ts,
 * 1,000), so a file the guard lets through is walked whole (800 nested shell `if`s were cut
 * silently at 512).
 */
export const MAX_TREE_DEPTH = 4096;

/**
 * Visits `root` and its descendants in source order, iteratively. `enter` returns false to
 * skip a node's children (a subtree the caller lowers itself).
 */
export function walkTree(root: SyntaxNode, enter: (node: SyntaxNode, depth: number) => boolean, maxDepth = MAX_TREE_DEPTH): void {
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      spend();
      const wanted = enter(cursor.currentNode, depth);
      const descend = wanted && depth < maxDepth;
      if (wanted && !descend && cursor.currentNode.childCount > 0) noteCut(`the syntax tree nests deeper than ${maxDepth} levels`, () => cursor.currentNode.text);
      if (descend && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      // The cursor may step beyond `root` when root is not the tree's own root: stop at depth 0.
      for (;;) {
        if (depth === 0) return;
        if (cursor.gotoNextSibling()) break;
        cursor.gotoParent();
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}
