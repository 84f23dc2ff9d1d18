/**
 * A reason or a fix as the text report shows it: ESLint keeps a line short and the rest in the
 * rule's docs, and a ~250-character line wraps in an 80–120 column terminal. The whole text
 * stays in JSON, SARIF and the audit reports; this only chooses what a line can hold.
 */

/** A head shorter than this says too little ("rolled back", "set api_version"). */
const MIN_HEAD = 20;

/** Clause ends, the strongest first: what comes before one is a statement of its own. */
const BOUNDARIES = ['; ', ': ', ', so ', ', or ', ', and ', ', '];

/** The text without its ` (…)` asides (balanced, nested), read in one pass. */
function withoutAsides(text: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (depth === 0 && c === '(' && text[i - 1] === ' ') {
      depth = 1;
      out = out.slice(0, -1);
    } else if (depth > 0 && c === '(') depth++;
    else if (depth > 0 && c === ')') depth--;
    else if (depth === 0) out += c;
  }
  // An aside left open (a cut message) keeps the text as written.
  return depth === 0 ? out : text;
}

/**
 * Whole when it fits in `max` characters; else without its asides; else up to the first clause
 * end that leaves a head of some length; else cut at a word, marked with `…`.
 */
export function brief(text: string, max: number): string {
  if (text.length <= max) return text;
  const plain = withoutAsides(text);
  if (plain.length <= max) return plain;
  for (const sep of BOUNDARIES) {
    const at = plain.indexOf(sep, MIN_HEAD);
    if (at >= 0 && at <= max) return plain.slice(0, at);
  }
  const space = plain.lastIndexOf(' ', max - 1);
  return `${plain.slice(0, space > MIN_HEAD ? space : max - 1)}…`;
}
