import { redactSnippet } from './redact.js';

/** Maps string offsets to 1-based lines and UTF-16 columns, as SARIF counts them. */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** Snippets made so far: a long line with many findings is redacted once, not per finding. */
  private readonly snippets = new Map<number, string>();
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    // Lone CR line ends (classic Mac files; Python and editors count them as lines): a line
    // starts after every CR that no LF follows. Only such files pay for the second pass.
    if (text.includes('\r')) this.addLoneCarriageReturns();
  }

  private addLoneCarriageReturns(): void {
    const { text } = this;
    const lone: number[] = [];
    for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 0x0a) lone.push(i + 1);
    if (lone.length === 0) return;
    const merged = [...this.starts, ...lone].sort((a, b) => a - b);
    this.starts.length = 0;
    this.starts.push(...merged);
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }

  lineText(line: number): string {
    const start = this.starts[line - 1] ?? 0;
    const next = this.starts[line];
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }

  /** The line's snippet as findings show it: redacted whole, then cut (see redactSnippet). */
  snippet(line: number): string {
    let s = this.snippets.get(line);
    if (s === undefined) {
      s = redactSnippet(this.lineText(line));
      this.snippets.set(line, s);
    }
    return s;
  }
}
