/**
 * The dry run's unified diff of one file when the fixes changed many of its lines in place (a
 * test file of thousands of asserted URLs): a fix edits string contents, so the lines stay where
 * they were and the changed ones are known by comparing line i with line i. jsdiff's Myers diff
 * costs (lines × changed lines) there, quadratic in the findings. The output has jsdiff's form
 * (`createTwoFilesPatch` with no headers): hunks of `context` lines, merged when the unchanged
 * run between two changes is at most twice that, each run of changed lines as its removals, then
 * its additions. Null when jsdiff must decide (few changes, line counts differ, a last line
 * without its newline): small diffs keep jsdiff's exact choices.
 */

/** Below this many changed lines jsdiff is fast enough and stays the one that writes the diff. */
const MANY = 200;

export function inPlacePatch(oldName: string, newName: string, before: string, after: string, context = 3): string | null {
  if (!before.endsWith('\n') || !after.endsWith('\n')) return null;
  const a = before.slice(0, -1).split('\n');
  const b = after.slice(0, -1).split('\n');
  if (a.length !== b.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) changed.push(i);
  if (changed.length < MANY) return null;
  let out = `===================================================================\n--- ${oldName}\n+++ ${newName}\n`;
  for (let k = 0; k < changed.length; ) {
    // One hunk: changes whose unchanged gaps are at most 2 × context lines.
    let last = k;
    while (last + 1 < changed.length && changed[last + 1] - changed[last] - 1 <= 2 * context) last++;
    const from = Math.max(0, changed[k] - context);
    const to = Math.min(a.length, changed[last] + context + 1);
    const lines: string[] = [];
    for (let i = from; i < to; ) {
      if (a[i] === b[i]) {
        lines.push(` ${a[i]}`);
        i++;
        continue;
      }
      let j = i;
      while (j < to && a[j] !== b[j]) j++;
      for (let x = i; x < j; x++) lines.push(`-${a[x]}`);
      for (let x = i; x < j; x++) lines.push(`+${b[x]}`);
      i = j;
    }
    out += `@@ -${from + 1},${to - from} +${from + 1},${to - from} @@\n${lines.join('\n')}\n`;
    k = last + 1;
  }
  return out;
}
