import { sortFindings } from '../core/sort-findings.js';
import { stripBom } from '../core/strip-bom.js';
import { timed } from '../runtime/stage-clock.js';
import { internalErrorFinding } from './lint-file.js';
import { LineIndex } from '../core/position.js';
import type { Finding } from '../core/types.js';
import { extractPins } from '../pins/extract/index.js';
import { pinToFinding } from '../pins/to-finding.js';
import { applySuppressions } from '../suppress/apply.js';

/**
 * Text in, pin findings out: the pin counterpart of scan/lint-file.ts's lintText. A
 * throwing extractor costs its own findings only (an internal-error finding names it).
 */
export function lintPinsText(file: string, raw: string): Finding[] {
  const text = stripBom(raw);
  const failures: Finding[] = [];
  const pins = extractPins(file, text, (name, error) => failures.push(internalErrorFinding(file, `pins/${name}`, error)));
  if (pins.length === 0) return failures;
  const lines = new LineIndex(text);
  // The nth equal key in the file: keeps fingerprints unique without the line number.
  const counts = new Map<string, number>();
  const occurrence = (key: string) => counts.set(key, (counts.get(key) ?? -1) + 1).get(key)!;
  return sortFindings([...failures, ...pins.map((pin) => pinToFinding({ file, lines, pin, occurrence }))]);
}

/** A file's pin findings after its suppression comments, and how many those silenced. */
export interface PinScan {
  findings: Finding[];
  suppressed: number;
}

/** lintPinsText with the file's suppression comments applied: what a scan reports for it. */
export function scanPins(file: string, text: string): PinScan {
  const pins = timed('pins', () => lintPinsText(file, text));
  if (pins.length === 0) return { findings: pins, suppressed: 0 };
  const s = applySuppressions(text, pins);
  return { findings: s.kept, suppressed: s.suppressed };
}
