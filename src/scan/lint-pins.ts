import { sortFindings } from '../core/sort-findings.js';
import { isOwnOutput } from './own-output.js';
import { stripBom } from '../core/strip-bom.js';
import { addTiming } from '../runtime/stage-clock.js';
import { internalErrorFinding } from './lint-file.js';
import { LineIndex } from '../core/position.js';
import type { Finding } from '../core/types.js';
import { NO_PROJECT, type ProjectLookup } from '../extract/types.js';
import { extractPins, pinsNoClient } from '../pins/extract/index.js';
import { inAssertion, inLogRecord, inStub, inTestTable, isVendoredPath } from '../pins/extract/context.js';
import { mayPinIn } from '../pins/extract/prefilter.js';
import { ruleOf } from '../pins/extract/match.js';
import { findFlowPins } from '../pins/flow/find.js';
import { ENGINE_PATH_SINK, type FlowPin } from '../pins/flow/flow.js';
import { pinToFinding } from '../pins/to-finding.js';
import type { PinCandidate } from '../pins/types.js';
import { applySuppressions } from '../suppress/apply.js';

/** What the pin search may read besides the file: other files' values, and their texts (for a pin that stands in one). */
export interface PinProject {
  lookup: ProjectLookup;
  read(path: string): string | undefined;
}

const ALONE: PinProject = { lookup: NO_PROJECT, read: () => undefined };

/**
 * Text in, pin findings out: the pin counterpart of scan/lint-file.ts's lintText, for one file
 * on its own (pins whose literal stands in another file are left out). A throwing extractor
 * costs its own findings only (an internal-error finding names it).
 */
export async function lintPinsText(file: string, raw: string): Promise<Finding[]> {
  const text = stripBom(raw);
  const found = await pinsOf(file, text, ALONE);
  return found.findings;
}

/** The nth equal key in the file: keeps fingerprints unique without the line number. */
function occurrences(): (key: string) => number {
  const counts = new Map<string, number>();
  return (key: string) => counts.set(key, (counts.get(key) ?? -1) + 1).get(key)!;
}

/** A flow pin as a candidate: its message names the use when the literal stands elsewhere. */
function candidateOf(pin: FlowPin, useLine: number): PinCandidate {
  const base = { version: pin.version, form: pin.form, ruleId: ruleOf(pin.form), start: pin.start, end: pin.end };
  return pin.direct ? { ...base, detail: pin.sink } : { ...base, detail: `used by ${pin.sink}`, usedAt: `${pin.use.file}:${useLine}` };
}

async function pinsOf(file: string, text: string, project: PinProject): Promise<{ findings: Finding[]; foreign: Finding[] }> {
  // A report or cache hublint wrote (own-output.ts) lists pins it found; it pins nothing itself.
  if (!mayPinIn(file) || isOwnOutput(text)) return { findings: [], foreign: [] };
  const failures: Finding[] = [];
  const begun = performance.now();
  const pins = extractPins(file, text, (name, error) => failures.push(internalErrorFinding(file, `pins/${name}`, error)));
  let flow: FlowPin[] = [];
  try {
    // A client set up in a fake daemon's stub, an assertion or a test table's row is the test's, not the project's.
    if (!pinsNoClient(file, text)) flow = (await findFlowPins(file, text, project.lookup)).filter((p) => !inStub(file, text, p.use.start) && !(p.file === file && inTestTable(file, text, p.start)) && !(p.sink === ENGINE_PATH_SINK && (inAssertion(text, p.use.start) || inLogRecord(text, p.use.start))));
  } catch (error) {
    failures.push(internalErrorFinding(file, 'pins/flow', error));
  }
  addTiming('pins', performance.now() - begun);
  const lines = new LineIndex(text);
  const occurrence = occurrences();
  // Each literal once: a text extractor's finding of the same span stands, else the first use;
  // a text form that yields to the flow stands only where no flow pin of this file overlaps it.
  const here = flow.filter((p) => p.file === file);
  const kept = pins.filter((p) => !p.yieldsToFlow || !here.some((f) => f.start < p.end && p.start < f.end));
  const seen = new Set(kept.map((p) => `${file}\0${p.start}\0${p.end}`));
  const own: PinCandidate[] = [...kept];
  const foreign: Finding[] = [];
  const texts = new Map<string, LineIndex | null>();
  for (const pin of flow) {
    const key = `${pin.file}\0${pin.start}\0${pin.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const useLine = lines.position(pin.use.start).line;
    if (pin.file === file) {
      own.push(candidateOf(pin, useLine));
      continue;
    }
    if (isVendoredPath(pin.file)) continue;
    let there = texts.get(pin.file);
    if (there === undefined) {
      const t = project.read(pin.file);
      texts.set(pin.file, (there = t === undefined ? null : new LineIndex(t)));
    }
    if (!there) continue;
    const finding = pinToFinding({ file: pin.file, lines: there, pin: candidateOf(pin, useLine), occurrence });
    // A comment on the literal's line silences it wherever it is used.
    const kept = applySuppressions(project.read(pin.file) ?? '', [finding]).kept;
    foreign.push(...kept);
  }
  own.sort((a, b) => a.start - b.start || a.end - b.end);
  const findings = own.map((pin) => pinToFinding({ file, lines, pin, occurrence }));
  return { findings: sortFindings([...failures, ...findings]), foreign };
}

/** A file's pin findings after its suppression comments, and how many those silenced. */
export interface PinScan {
  findings: Finding[];
  suppressed: number;
}

/**
 * lintPinsText with the file's suppression comments applied, and the pins the file's clients
 * lead to in other files (already silenced by their own comments): what a scan reports for it.
 */
export async function scanPins(file: string, raw: string, project: PinProject): Promise<PinScan> {
  const text = stripBom(raw);
  const { findings, foreign } = await pinsOf(file, text, project);
  const s = findings.length === 0 ? { kept: findings, suppressed: 0 } : applySuppressions(text, findings);
  return { findings: [...s.kept, ...foreign], suppressed: s.suppressed };
}

/**
 * The scan's pins, each literal once whatever file and whichever worker found it: of two
 * findings of one span, the one a text extractor made at the literal (its form not
 * `constant`), else the one whose message sorts first (the first use).
 */
export function oncePerLiteral(findings: readonly Finding[]): Finding[] {
  const best = new Map<string, Finding>();
  const rank = (f: Finding) => `${f.pin?.form === 'constant' ? 1 : 0}\0${f.message}`;
  for (const f of findings) {
    const key = `${f.file}\0${f.line}\0${f.column}\0${f.endLine}\0${f.endColumn}\0${f.ruleId}`;
    const had = best.get(key);
    if (!had || rank(f) < rank(had)) best.set(key, f);
  }
  return [...best.values()];
}
