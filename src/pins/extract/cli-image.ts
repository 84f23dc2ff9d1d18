import { findRelease } from '../releases.js';
import type { PinCandidate } from '../types.js';
import { allMatches, fileKind, ruleOf, type PinExtractor } from './match.js';

/** The official Docker CLI image, `docker:<release>[-variant]`, with or without its registry. */
const IMAGE = /^(?:(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\/)?(?:library\/)?docker:(\d+(?:\.\d+){0,2})((?:-[\w.]+)*)$/;
const FROM = /^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?(\S+)/dgim;

/**
 * An implicit pin: a `docker:<release>` image runs that release's CLI, which speaks at
 * most the release's newest API version. `offset` is where `ref` starts in the text.
 * Undefined for other images, tags without a release (`docker:dind`), unknown releases.
 */
export function cliImagePin(ref: string, offset: number): PinCandidate | undefined {
  const m = IMAGE.exec(ref);
  if (!m) return undefined;
  const row = findRelease(m[1]);
  if (!row) return undefined;
  const start = offset + ref.indexOf(':') + 1;
  return { version: row.api, form: 'cli-image', ruleId: ruleOf('cli-image'), start, end: start + m[1].length, detail: `docker:${m[1]}${m[2]}`, release: row.engine };
}

/** Whether the image tag is a Docker-in-Docker daemon (`docker:24.0-dind`). */
export function isDindImage(ref: string): boolean {
  return /-dind\b/.test(ref);
}

export const extractCliImage: PinExtractor = (path, text) => {
  if (fileKind(path) !== 'dockerfile') return [];
  const out: PinCandidate[] = [];
  for (const m of allMatches(FROM, text)) {
    const pin = cliImagePin(m[1], m.indices![1][0]);
    if (pin) out.push(pin);
  }
  return out;
};
