import type { Finding, FindingEdit } from '../core/types.js';

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function isEdit(e: unknown): e is FindingEdit {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  return isInt(x.line) && isInt(x.column) && isInt(x.endLine) && isInt(x.endColumn) && typeof x.text === 'string' && x.line >= 1 && x.column >= 1;
}

/**
 * The finding's fix (src/fix/plan.ts) with only well-formed edits, or null. Findings may come
 * from merged JSON files of other versions, so the shape is checked, not trusted.
 */
export function fixOf(f: Finding): { policy: 'safe' | 'unsafe'; edits: FindingEdit[] } | null {
  const fix = f.fix as { edits?: unknown; policy?: unknown } | undefined;
  if (typeof fix !== 'object' || fix === null || !Array.isArray(fix.edits)) return null;
  const edits = fix.edits.filter(isEdit);
  if (edits.length === 0) return null;
  return { policy: fix.policy === 'unsafe' ? 'unsafe' : 'safe', edits };
}
