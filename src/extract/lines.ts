/** A source line without its line ending, and the offset where it starts. */
export interface Line {
  text: string;
  start: number;
}

export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    out.push({ text: raw.replace(/\r$/, ''), start });
    start += raw.length + 1;
  }
  return out;
}
