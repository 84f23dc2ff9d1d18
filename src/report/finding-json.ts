import type { PinFields } from '../core/pin.js';
import type { Finding, FindingEdit, FindingFix } from '../core/types.js';

/**
 * A finding as the JSON report writes it, and as `merge` reads it back. The shape predates
 * the typed `family` and `pin` fields and is what users, baselines and `merge` rely on, so
 * it stays: no `family`; a pin's fields (version, form, detail, release, yamlNumber,
 * verdicts) sit at the top level, after the common ones.
 */
export type JsonFinding = Omit<Finding, 'family' | 'pin'> & Partial<PinFields>;

export function toJsonFinding(f: Finding): JsonFinding {
  const { family: _family, pin, ...common } = f;
  return pin ? { ...common, ...pin } : common;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function isEdit(e: unknown): e is FindingEdit {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  return isInt(x.line) && isInt(x.column) && isInt(x.endLine) && isInt(x.endColumn) && typeof x.text === 'string' && x.line >= 1 && x.column >= 1;
}

/**
 * A fix as a JSON file of any version may hold it: only its well-formed edits, or none. Read
 * here, where the file comes in, so that no reporter has to check the shape again.
 */
function fixFromJson(fix: unknown): FindingFix | undefined {
  const x = fix as { edits?: unknown; policy?: unknown; target?: unknown; evidence?: unknown; partial?: unknown } | undefined;
  if (typeof x !== 'object' || x === null || !Array.isArray(x.edits)) return undefined;
  const edits = x.edits.filter(isEdit);
  if (edits.length === 0) return undefined;
  const out: FindingFix = { policy: x.policy === 'unsafe' ? 'unsafe' : 'safe', edits };
  // What a suggestion says of itself survives a merge, when it has its shape.
  if (typeof x.target === 'string') out.target = x.target;
  if (Array.isArray(x.evidence) && x.evidence.every((e) => typeof e === 'string')) out.evidence = x.evidence as string[];
  if (typeof x.partial === 'string') out.partial = x.partial;
  return out;
}

/** A finding read from a JSON report: a pin when it carries a pin's form. */
export function fromJsonFinding(j: JsonFinding): Finding {
  const { version, form, detail, release, yamlNumber, verdicts, ...common } = j;
  // In its place: the merged report keeps the order of the fields.
  const fix = fixFromJson(common.fix);
  if (fix) common.fix = fix;
  else delete common.fix;
  if (form === undefined) return { ...common, family: 'hub' };
  const pin: PinFields = { version: version ?? null, form, detail: detail ?? '' };
  if (release !== undefined) pin.release = release;
  if (yamlNumber !== undefined) pin.yamlNumber = yamlNumber;
  if (verdicts !== undefined) pin.verdicts = verdicts;
  return { ...common, family: 'pin', pin };
}
