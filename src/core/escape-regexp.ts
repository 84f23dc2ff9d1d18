/** `s` as a pattern that matches itself: nothing read from the input becomes regex syntax. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
