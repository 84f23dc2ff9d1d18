import type { PinCandidate } from '../types.js';
import { extractCliImage } from './cli-image.js';
import { extractEnv } from './env.js';
import { extractFallback } from './fallback.js';
import { extractGroovy } from './groovy.js';
import { extractPlaceholder } from './placeholder.js';
import type { PinExtractor } from './match.js';
import { extractSdk } from './sdk.js';
import { extractUrl } from './url.js';
import { extractXml } from './xml.js';
import { extractHclYaml, extractYaml } from './yaml.js';

/**
 * Order matters only for ties: when two extractors see the same span for the same rule
 * (a YAML key also caught by a text pattern, a docker-py `version="1.41"` that is also an
 * assignment), the earlier one names the form.
 */
export const PIN_EXTRACTORS: ReadonlyArray<[string, PinExtractor]> = [
  ['yaml', extractYaml],
  ['hcl-yaml', extractHclYaml],
  ['env', extractEnv],
  ['sdk', extractSdk],
  ['groovy', extractGroovy],
  ['placeholder', extractPlaceholder],
  ['xml', extractXml],
  ['cli-image', extractCliImage],
  ['url', extractUrl],
  ['fallback', extractFallback],
];

import { inApiProse, inAssertion, inCommentProse, inDocComment, inLogRecord, inStub, inTestData, inTestTable, isApiSpec, isPayloadList, isRecordedData } from './context.js';
import { mayHoldPins, mayPinIn } from './prefilter.js';

export { bytesMayHoldPins, mayHoldPins, mayPinIn, PIN_BYTE_PATTERNS } from './prefilter.js';

/**
 * Whatever its form, a version written as the expected value of an assertion, as a data row of
 * a parameterised test or as the path of a fake daemon's stub reaches no client: the test sets
 * the client elsewhere. Nor does one in a quoted daemon log record, or a bare path in a comment's
 * sentence.
 */
function reachesClient(path: string, pin: PinCandidate, text: string): boolean {
  // Engine API versions start at 1.0: a `0.0` is a placeholder filled in at run time.
  if (pin.version !== null && pin.version.startsWith('0.')) return false;
  if (inLogRecord(text, pin.start) || (pin.form === 'url' && inCommentProse(path, text, pin.start))) return false;
  return !inAssertion(text, pin.start) && !inTestData(text, pin.start) && !inTestTable(path, text, pin.start) && !inStub(path, text, pin.start) && !inApiProse(text, pin.start) && !inDocComment(path, text, pin.start);
}

/**
 * Files that hold Engine paths without being a client: the Engine API's own OpenAPI document
 * (its prose and examples), payload lists (an SSRF word list's `/v1.24/containers/json`) and
 * recorded data (a test's captured `docker version` answer, a raw HTTP dump).
 */
export function pinsNoClient(path: string, text: string): boolean {
  return isApiSpec(text) || isPayloadList(path, text) || isRecordedData(path, text);
}

/**
 * All pins in one file, each span reported once, in text order. A throwing extractor goes
 * to `onError` (when given) and the others still run.
 */
export function extractPins(path: string, text: string, onError?: (extractor: string, error: unknown) => void): PinCandidate[] {
  if (!mayPinIn(path) || !mayHoldPins(text) || pinsNoClient(path, text)) return [];
  const seen = new Set<string>();
  const out: PinCandidate[] = [];
  for (const [name, extract] of PIN_EXTRACTORS) {
    let found: PinCandidate[];
    try {
      found = extract(path, text);
    } catch (error) {
      if (!onError) throw error;
      onError(name, error);
      continue;
    }
    for (const pin of found) {
      const key = `${pin.start}:${pin.end}:${pin.ruleId}`;
      if (seen.has(key) || !reachesClient(path, pin, text)) continue;
      seen.add(key);
      out.push(pin);
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
