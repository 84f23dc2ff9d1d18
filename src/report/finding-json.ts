import type { PinFields } from '../core/pin.js';
import type { Finding } from '../core/types.js';

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

/** A finding read from a JSON report: a pin when it carries a pin's form. */
export function fromJsonFinding(j: JsonFinding): Finding {
  const { version, form, detail, release, yamlNumber, verdicts, ...common } = j;
  if (form === undefined) return { ...common, family: 'hub' };
  const pin: PinFields = { version: version ?? null, form, detail: detail ?? '' };
  if (release !== undefined) pin.release = release;
  if (yamlNumber !== undefined) pin.yamlNumber = yamlNumber;
  if (verdicts !== undefined) pin.verdicts = verdicts;
  return { ...common, family: 'pin', pin };
}
