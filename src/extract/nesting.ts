/**
 * The guard that runs before a file is parsed. Parsers and tree walks pay for deep nesting
 * far more than for size: 200 KB of `[[[[…]]]]` in a .py or .go file kept tree-sitter and
 * the lowering busy for minutes, and a recursive walk overflows the stack at a few thousand
 * levels. Hand-written code stays far below MAX_NESTING (CPython's own parser stops at 200
 * nested parentheses), so a file past it is generated or hostile: it gets the
 * `internal-error` finding, like an adapter crash, and the run goes on.
 *
 * Adapters that only tokenize (text, JSON) need no guard. One pass over the text, counting (, [ and { whatever surrounds them (strings and comments
 * included): linear, and it cannot be slowed down by the input it guards against.
 */
export const MAX_NESTING = 1000;

/** The depth where the text first goes past `limit`, or null when it never does. */
export function nestingPastLimit(text: string, limit = MAX_NESTING): number | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) {
      if (++depth > limit) return depth;
    } else if ((c === 0x29 || c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return null;
}
