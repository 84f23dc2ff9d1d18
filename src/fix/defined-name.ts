/** The name a string literal starting before `offset` is assigned to, when that is all its line does up to it. */
export function definedName(text: string, offset: number): string | null {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  const prefix = text.slice(from, offset);
  let q = -1;
  for (const quote of ['"', "'", '`']) q = Math.max(q, prefix.lastIndexOf(quote));
  if (q < 0) return null;
  const head = prefix.slice(0, q).replace(/[rRbBfFuU]{1,2}$/, '');
  const m = /^\s*(?:export\s+)?(?:(?:const|let|var|final|static|public|private|protected|internal|val|readonly)\s+){0,4}([A-Za-z_$][\w$]*)(?:\s*:\s*[\w.]{1,60}|\s+[\w.]{1,60})?\s*:?=\s*$/.exec(head);
  return m ? m[1] : null;
}
