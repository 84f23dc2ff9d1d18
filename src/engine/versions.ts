/**
 * Engine API versions: `<major>.<minor>`, compared segment by segment so that
 * 1.4 < 1.12 < 1.40 (docs/engine-api.md §1).
 */

/**
 * The API versions this client speaks. The minimum is the oldest that any daemon still
 * supported by Docker accepts by default (25.0+); the maximum is Engine 29.6's.
 */
export const CLIENT_API_VERSION_RANGE = Object.freeze({ min: '1.24', max: '1.55' });

/**
 * Version a daemon is assumed to speak when /_ping carries no Api-Version header
 * (daemons older than 1.25 did not send it).
 */
export const FALLBACK_API_VERSION = '1.24';

const VERSION = /^v?(\d+)\.(\d+)$/;

/** Whether `text` is an API version (`1.41`, also `v1.41` as some clients write it). */
export function isApiVersion(text: string): boolean {
  return VERSION.test(text.trim());
}

/** `v1.41` / ` 1.41 ` → `1.41`; undefined when it is not a version. */
export function normalizeApiVersion(text: string): string | undefined {
  const m = VERSION.exec(text.trim());
  return m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
}

/**
 * A version the user sets (DOCKER_API_VERSION, the client option): also `1.41.0`, which
 * the daemon compares segment by segment and so serves as 1.41. Other patch numbers
 * (`1.41.3`, newer than 1.41 to a daemon) stay invalid.
 */
export function normalizeApiVersionSetting(text: string): string | undefined {
  return normalizeApiVersion(text.trim().replace(/^(v?\d+\.\d+)(?:\.0+)+$/, '$1'));
}

/**
 * Negative when a < b, 0 when equal, positive when a > b. Missing segments count as 0
 * and non-numbers sort before numbers, so malformed input still orders deterministically.
 */
export function compareApiVersions(a: string, b: string): number {
  const as = a.trim().replace(/^v/, '').split('.');
  const bs = b.trim().replace(/^v/, '').split('.');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const x = Number.parseInt(as[i] ?? '0', 10);
    const y = Number.parseInt(bs[i] ?? '0', 10);
    const xn = Number.isNaN(x) ? -1 : x;
    const yn = Number.isNaN(y) ? -1 : y;
    if (xn !== yn) return xn < yn ? -1 : 1;
  }
  return 0;
}

export function minApiVersion(a: string, b: string): string {
  return compareApiVersions(a, b) <= 0 ? a : b;
}

/** Whether `version` lies in [min, max], both ends included. */
export function apiVersionInRange(version: string, range: { min: string; max: string }): boolean {
  return compareApiVersions(version, range.min) >= 0 && compareApiVersions(version, range.max) <= 0;
}
