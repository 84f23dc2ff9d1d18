import type { SyntaxNode } from './parsers.js';

/**
 * Nesting deeper than this is not real code (generated data, an attack on the parser): the
 * walk does not descend further. A recursive walk would overflow the JS stack at about
 * 6–10k levels; this one keeps its position in a tree-sitter cursor instead.
 */
export const MAX_TREE_DEPTH = 512;

/**
 * Visits `root` and its descendants in source order, iteratively. `enter` returns false to
 * skip a node's children (a subtree the caller lowers itself).
 */
export function walkTree(root: SyntaxNode, enter: (node: SyntaxNode, depth: number) => boolean, maxDepth = MAX_TREE_DEPTH): void {
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      const descend = enter(cursor.currentNode, depth) && depth < maxDepth;
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
