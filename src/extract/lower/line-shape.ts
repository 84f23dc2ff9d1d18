/**
 * Questions about the lines of one file's text (how far a line is indented, whether a line
 * between two offsets is indented less, whether a line opens with a guard before an offset),
 * each answered from an index built once, in time that does not grow with the line's length
 * or the distance asked about. The resolver asks them for every read of every name: read
 * from the text each time, a minified bundle (one line of 470 KB) made each answer cost the
 * whole line, and the file's cost quadratic (issue 34, row 1).
 */
export class LineShape {
  /** Offsets where a line starts (after each LF; lone CRs do not end a line here). */
  private readonly starts: number[] = [0];
  /** Per line: how many spaces and tabs open it. */
  private readonly runs: number[] = [];
  /** Sparse table over the lines' indents (a blank line counts as none): level k holds the least of 2^k lines from each. */
  private readonly least: Int32Array[] = [];
  /** Where a guard keyword (`if`, `elif`, `for`, `while`) stands after a line start or one of [\s;{}], and where it ends, in order. */
  private readonly guards: number[] = [];
  private readonly guardEnds: number[] = [];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    const indents = new Int32Array(this.starts.length);
    this.starts.forEach((s, line) => {
      let j = s;
      while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
      this.runs.push(j - s);
      const blank = j >= text.length || text[j] === '\n' || text[j] === '\r';
      indents[line] = blank ? BLANK : j - s;
    });
    this.least.push(indents);
    for (let k = 1; 1 << k <= indents.length; k++) {
      const prev = this.least[k - 1];
      const half = 1 << (k - 1);
      const level = new Int32Array(indents.length - (1 << k) + 1);
      for (let i = 0; i < level.length; i++) level[i] = Math.min(prev[i], prev[i + half]);
      this.least.push(level);
    }
    for (const m of text.matchAll(GUARD)) {
      const at = m.index + m[0].length - m[1].length;
      this.guards.push(at);
      this.guardEnds.push(at + m[1].length);
    }
  }

  /** The line `at` stands on (0-based). */
  private lineOf(at: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where the line of `at` starts: after the last LF before `at` (as `text.lastIndexOf('\n', at - 1) + 1`). */
  lineStart(at: number): number {
    if (at <= 0) return this.text[0] === '\n' ? 1 : 0;
    return this.starts[this.lineOf(at)];
  }

  /** How far the line of `at` is indented, counting only what stands before `at` (tabs count as one column each). */
  indentAt(at: number): number {
    const start = this.lineStart(at);
    return Math.max(0, Math.min(this.runs[this.lineOf(start)], at - start));
  }

  /** Whether a line that starts after an LF in [from, to) is indented less than `depth`, its first other character before `to` (blank lines aside). */
  dedentBetween(from: number, to: number, depth: number): boolean {
    if (to <= from) return false;
    // The lines that start at from + 1 … to: the first one at or after from + 1, the last one at or before to.
    const first = this.lineOf(from) + 1;
    const last = this.lineOf(to);
    if (first > last) return false;
    // Every line but the last ends before `to`: its first other character stands before it.
    if (last > first && this.leastIndent(first, last - 1) < depth) return true;
    const indent = this.least[0][last];
    return indent !== BLANK && indent < depth && this.starts[last] + indent < to;
  }

  /** The least indent of lines a … b (inclusive). */
  private leastIndent(a: number, b: number): number {
    const k = 31 - Math.clz32(b - a + 1);
    return Math.min(this.least[k][a], this.least[k][b - (1 << k) + 1]);
  }

  /** Whether the line of `at`, before `at`, holds a guard keyword (`if`, `elif`, `for`, `while`) that ends before it. */
  guardedBefore(at: number): boolean {
    const start = this.lineStart(at);
    let lo = 0;
    let hi = this.guards.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.guards[mid] < start) lo = mid + 1;
      else hi = mid;
    }
    // The first guard on the line ends first (guards do not overlap).
    if (lo < this.guards.length && this.guardEnds[lo] <= at) return true;
    // A word cut at `at` ends there as far as the line before `at` reads (`if` of `iffy`).
    return GUARD_WORDS.some((w) => {
      const k = at - w.length;
      return k >= start && this.text.startsWith(w, k) && (k === start || GUARD_BEFORE.test(this.text[k - 1]));
    });
  }
}

/** A blank line's indent in the sparse table: more than any. */
const BLANK = 0x7fffffff;

/** A guard keyword after a line start or one of [\s;{}] (the keyword in group 1). */
const GUARD = /(?:^|[\s;{}])(if|elif|for|while)\b/gm;
const GUARD_WORDS = ['if', 'elif', 'for', 'while'];
const GUARD_BEFORE = /[\s;{}]/;
