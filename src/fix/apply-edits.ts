import type { TextEdit } from './plan.js';

/** Applies non-overlapping edits to a text; overlapping ones (two findings on one span) keep the first. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: TextEdit[] } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const applied: TextEdit[] = [];
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) continue;
    out += text.slice(at, e.start) + e.text;
    at = e.end;
    applied.push(e);
  }
  return { text: out + text.slice(at), applied };
}
