import { redactSnippet } from './redact.js';

/** Maps string offsets to 1-based lines and UTF-16 columns, as SARIF counts them. */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** Snippets made so far: a long line with many findings is redacted once, not per finding. */
  private readonly snippets = new Map<number, string>();
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
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
