import type { TextEdit } from './plan.js';

/** Applies non-overlapping edits to a text; overlapping ones (two findings on one span) keep the first, an identical one counts as applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: TextEdit[] } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const applied: TextEdit[] = [];
  let out = '';
  let at = 0;
  for (const e of sorted) {
    // The same edit twice (one construction, two findings: HEAD by one caller, GET by another) goes in once.
    if (applied.some((a) => a.start === e.start && a.end === e.end && a.text === e.text)) continue;
    if (e.start < at) continue;
    out += text.slice(at, e.start) + e.text;
    at = e.end;
    applied.push(e);
  }
  return { text: out + text.slice(at), applied };
}
