import { sortFindings } from '../core/sort-findings.js';
import { stripBom } from '../core/strip-bom.js';
import { timed } from '../runtime/stage-clock.js';
import { internalErrorFinding } from './lint-file.js';
import { LineIndex } from '../core/position.js';
import type { Finding } from '../core/types.js';
import { extractPins } from '../pins/extract/index.js';
import { fileLinks, type FileLinks } from '../pins/links.js';
import { pinToFinding } from '../pins/to-finding.js';
import type { PinCandidate } from '../pins/types.js';
import { applySuppressions } from '../suppress/apply.js';

/**
 * Text in, pin findings out: the pin counterpart of scan/lint-file.ts's lintText. A
 * throwing extractor costs its own findings only (an internal-error finding names it).
 */
export function lintPinsText(file: string, raw: string): Finding[] {
  return pinsOf(file, stripBom(raw), occurrences()).findings;
}

/** The nth equal key in the file: keeps fingerprints unique without the line number. */
function occurrences(): (key: string) => number {
  const counts = new Map<string, number>();
  return (key: string) => counts.set(key, (counts.get(key) ?? -1) + 1).get(key)!;
}

function pinsOf(file: string, text: string, occurrence: (key: string) => number): { findings: Finding[]; pins: PinCandidate[] } {
  const failures: Finding[] = [];
  const pins = extractPins(file, text, (name, error) => failures.push(internalErrorFinding(file, `pins/${name}`, error)));
  if (pins.length === 0) return { findings: failures, pins };
  const lines = new LineIndex(text);
  return { findings: sortFindings([...failures, ...pins.map((pin) => pinToFinding({ file, lines, pin, occurrence }))]), pins };
}

/** A file's pin findings after its suppression comments, and how many those silenced. */
export interface PinScan {
  findings: Finding[];
  suppressed: number;
  /** The file's side of pins that cross files (pins/links.ts); absent when it has none. */
  links?: FileLinks;
}

/** lintPinsText with the file's suppression comments applied: what a scan reports for it. */
export function scanPins(file: string, raw: string): PinScan {
  const text = stripBom(raw);
  const occurrence = occurrences();
  const { findings, pins } = timed('pins', () => pinsOf(file, text, occurrence));
  const links = fileLinks(file, text, pins, occurrence);
  const s = findings.length === 0 ? { kept: findings, suppressed: 0 } : applySuppressions(text, findings);
  return links ? { findings: s.kept, suppressed: s.suppressed, links } : { findings: s.kept, suppressed: s.suppressed };
}
