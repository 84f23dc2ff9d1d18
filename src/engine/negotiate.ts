import { EngineError } from './errors.js';
import { CLIENT_API_VERSION_RANGE, FALLBACK_API_VERSION, compareApiVersions, minApiVersion, normalizeApiVersion } from './versions.js';

/**
 * Picks the version to speak from the daemon's `Api-Version` (from /_ping): the lower
 * of the client's maximum and the daemon's, as the Go client's negotiation does.
 */
export function negotiateApiVersion(
  daemonApiVersion: string | undefined,
  range: { min: string; max: string } = CLIENT_API_VERSION_RANGE,
): string {
  const daemon = (daemonApiVersion && normalizeApiVersion(daemonApiVersion)) || FALLBACK_API_VERSION;
  if (compareApiVersions(daemon, range.min) < 0) {
    throw new EngineError(
      `The Docker daemon's newest API version is ${daemon}, older than ${range.min}, the oldest hublint speaks`,
      { hint: 'Upgrade the Docker Engine.' },
    );
  }
  return minApiVersion(range.max, daemon);
}

export interface VersionRejection {
  requested: string;
  direction: 'too-old' | 'too-new';
  limit: string;
}

/**
 * Reads the daemon's refusal of a version: "client version 1.99 is too new. Maximum
 * supported API version is 1.41" / "client version 1.11 is too old. Minimum supported API
 * version is 1.12, please upgrade …" (moby api/server/middleware/version.go).
 */
export function parseVersionRejection(message: string): VersionRejection | undefined {
  const m = /client version (\S+) is too (old|new)\.\s*(?:Minimum|Maximum) supported API version is (\d+(?:\.\d+)*)/i.exec(message);
  if (!m) return undefined;
  return { requested: m[1], direction: m[2].toLowerCase() === 'old' ? 'too-old' : 'too-new', limit: m[3] };
}
