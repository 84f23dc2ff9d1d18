import { compareApiVersions } from '../engine/versions.js';
import { ENGINE_TABLE } from '../rules/engine-table.generated.js';
import type { DaemonTarget, Verdict } from './types.js';

export interface PinToJudge {
  /** null: an Engine URL without `/vX.Y` (deprecated, served at the daemon's max). */
  version: string | null;
  /**
   * Set for a negotiating client (a Docker CLI image): the oldest API it speaks. Such a
   * client sends min(its max, the daemon's max), and fails only below this floor.
   */
  negotiatesDownTo?: string;
}

export interface Judgement {
  verdict: Verdict;
  behind: number | null;
  errorText: string | null;
  /** The version the client puts in the path (what --probe sends); null when none. */
  sends: string | null;
}

/** moby api/server/middleware/version.go, whose wording docs/engine-api.md §2 records. */
export function tooOldText(version: string, min: string): string {
  return `client version ${version} is too old. Minimum supported API version is ${min}, please upgrade your client to a newer version`;
}

export function tooNewText(version: string, max: string): string {
  return `client version ${version} is too new. Maximum supported API version is ${max}`;
}

/** Minor versions between two API versions of the same major (1.24 → 1.41: 17). */
export function versionsBehind(version: string, max: string): number | null {
  const [a, b] = [version, max].map((v) => v.split('.').map(Number));
  return a[0] === b[0] ? b[1] - a[1] : null;
}

/**
 * What a daemon does with a pinned version (docs/engine-api.md §2): below its minimum → rejected;
 * above its maximum → rejected from Engine 17.11 (API 1.34) on, served silently at its
 * max before; equal → accepted; below the max → accepted and served downgraded.
 */
export function judgePin(pin: PinToJudge, daemon: DaemonTarget, tooNewRejectedSince = ENGINE_TABLE.tooNewRejectedSince): Judgement {
  const { apiVersion: max, minApiVersion: min } = daemon;
  if (pin.version === null) return { verdict: 'unversioned', behind: null, errorText: null, sends: null };
  let sends = pin.version;
  if (pin.negotiatesDownTo !== undefined && compareApiVersions(sends, max) > 0 && compareApiVersions(max, pin.negotiatesDownTo) >= 0) {
    sends = max;
  }
  if (compareApiVersions(sends, min) < 0) return { verdict: 'rejected-too-old', behind: null, errorText: tooOldText(sends, min), sends };
  if (compareApiVersions(sends, max) > 0) {
    if (compareApiVersions(max, tooNewRejectedSince) < 0) return { verdict: 'served-at-daemon-max', behind: null, errorText: null, sends };
    return { verdict: 'rejected-too-new', behind: null, errorText: tooNewText(sends, max), sends };
  }
  if (compareApiVersions(sends, max) === 0) return { verdict: 'accepted', behind: null, errorText: null, sends };
  return { verdict: 'accepted-downgraded', behind: versionsBehind(sends, max), errorText: null, sends };
}

export function isRejection(verdict: Verdict): boolean {
  return verdict === 'rejected-too-old' || verdict === 'rejected-too-new';
}
