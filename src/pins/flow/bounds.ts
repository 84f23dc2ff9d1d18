/**
 * Whether a constant that names an API version is a bound the code checks against, not the
 * version it sends: `API_VERSION = "1.18"` under a comment "Minimal API version", or a name read
 * only in comparisons (`if (reported < API_VERSION)`, `versions.LessThan(v, APIVersion)`). Such a
 * constant configures no client (a minimum is the `engine-daemon-min-api` side of the question,
 * and a client's check against it is no pin). Pure text tests around the definition and its uses.
 */

/** A comment's words for a bound: "Minimal API version", "oldest supported", "at least". */
const BOUND_WORDS = /\b(?:minim(?:um|al)|maxim(?:um|al)|oldest|lowest|earliest|highest|at least|at most|lower bound|upper bound)\b/i;
/** A comment on a line: `//`, `#`, `--`, `;` after code or alone, or a line of a block comment. */
/** A comment marker; what follows it on the line is the comment (found with slice: no backtracking over the line). */
const COMMENT_MARK = /\/\/|#|--|;|\/\*/;
/** A line inside a block comment (` * …`). */
const BLOCK_LINE = /^\s*\*/;

function commentOf(line: string): string | undefined {
  const b = BLOCK_LINE.exec(line);
  if (b) return line.slice(b[0].length);
  const m = COMMENT_MARK.exec(line);
  return m ? line.slice(m.index + m[0].length) : undefined;
}
/** A use as an operand of an ordering comparison (not `=>`, `->`, `<<`, generics' `<T>`). */
const COMPARED_AFTER = /^\s*(?:<=?|>=?)(?![<>=])/;
const COMPARED_BEFORE = /(?:[^<>=-]|^)(?:<=?|>=?)\s*$/;
/** An ordering comparison elsewhere on the use's line, spaced as an operator (`tuple(…) >= tuple(…)`). */
const COMPARISON_ON_LINE = /\s(?:<=?|>=?)\s/;
/** A call that compares versions on the use's line. */
const COMPARE_CALL = /\b(?:compare\w*|Compare\w*|LessThan\w*|GreaterThan\w*|isAtLeast|AtLeast|isOlder\w*|isNewer\w*|semver\.\w+|versionLessThan|version_lt|version_ge)\s*\(/;

function lineAt(text: string, offset: number): { from: number; to: number } {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  return { from, to: nl === -1 ? text.length : nl };
}

/** The comment on the definition's line or on the two lines above it says it is a bound. */
function commentSaysBound(text: string, at: number): boolean {
  let { from, to } = lineAt(text, at);
  for (let i = 0; i < 3 && from <= to; i++) {
    const comment = commentOf(text.slice(from, to));
    if (comment !== undefined && BOUND_WORDS.test(comment)) return true;
    if (from === 0) break;
    to = from - 1;
    from = text.lastIndexOf('\n', to - 1) + 1;
  }
  return false;
}

/** Every read of `name` in the text besides the definition's line is an ordering comparison (and there is one). */
function onlyCompared(text: string, name: string, at: number): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const own = lineAt(text, at);
  const re = new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, '\\$')}(?![\w$])`, 'g');
  let uses = 0;
  for (const m of text.matchAll(re)) {
    if (m.index >= own.from && m.index <= own.to) continue;
    const line = lineAt(text, m.index);
    const before = text.slice(line.from, m.index);
    const after = text.slice(m.index + name.length, line.to);
    const whole = text.slice(line.from, line.to);
    if (!COMPARED_AFTER.test(after) && !COMPARED_BEFORE.test(before) && !COMPARISON_ON_LINE.test(whole) && !COMPARE_CALL.test(whole)) return false;
    uses++;
  }
  return uses > 0;
}

export function isVersionBound(text: string, name: string, at: number): boolean {
  return commentSaysBound(text, at) || onlyCompared(text, name, at);
}
