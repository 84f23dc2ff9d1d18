import type { Scalar } from 'yaml';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';

// Source characters a scalar's value may skip over: indentation, folded line breaks, quotes
// and escape backslashes. Anything else is skipped only within an escape sequence's length.
const SKIPPABLE = /[\s\\'"]/;
const ESCAPE_LENGTH = 8;

/** Where a scalar's value text lies in the source: inside quotes, below a block header. */
function contentRange(text: string, node: Scalar, start: number, end: number): [number, number] {
  switch (node.type) {
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE':
      return [start + 1, Math.max(start + 1, end - 1)];
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      const nl = text.indexOf('\n', start);
      return [nl === -1 || nl > end ? end : nl + 1, end];
    }
    default:
      return [start, end];
  }
}

/**
 * A string scalar's value mapped back to the source. Plain and quoted scalars without
 * escapes map exactly; block scalars map each line to its own source line (the indentation
 * is skipped); folded line breaks and escapes map to the nearest source character.
 */
export function alignScalar(text: string, node: Scalar<string>): Mapped {
  const [start, end] = node.range ?? [0, 0];
  const [from, to] = contentRange(text, node, start, end);
  const value = node.value;
  if (text.slice(from, to) === value) return Mapped.of(text, from, to);
  const b = new MappedBuilder();
  let j = from;
  for (const ch of value) {
    let k = j;
    let budget = ESCAPE_LENGTH;
    while (k < to && text[k] !== ch && (SKIPPABLE.test(text[k]) || budget-- > 0)) k++;
    if (k < to && text[k] === ch) {
      b.push(ch, k, k + ch.length, true);
      j = k + ch.length;
    } else {
      b.push(ch, j, Math.min(j + 1, to), false);
    }
  }
  return b.build();
}
