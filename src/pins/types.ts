import type { PinForm, PinRuleId } from '../rules/engine-types.js';

export type { PinForm, PinRuleId };

/**
 * One Engine API version a file pins, before it becomes a Finding. Offsets index the text
 * the extractor got and cover the version as written (`v1.41`, `"1.41"`, `20.10`).
 */
export interface PinCandidate {
  /** Normalised `1.41` (no `v`); the version the daemon would see; null for an unversioned Engine URL. */
  version: string | null;
  form: PinForm;
  ruleId: PinRuleId;
  start: number;
  end: number;
  /** What was matched, for the message: `client.WithVersion`, `DOCKER_API_VERSION`, `docker:20.10`. */
  detail: string;
  /**
   * Where the literal is used when that is elsewhere (`src/client.go:12`): shown after the
   * detail, left out of the fingerprint so that moving the use does not make the pin new.
   */
  usedAt?: string;
  /** A YAML plain scalar that the parser read as a number (`1.40` → 1.4): the text as written. */
  yamlNumber?: string;
  /** engine-cli-image: the Engine release of the CLI image (`20.10`). */
  release?: string;
  /**
   * Found by a text form that the data flow reads better where it reaches (a default, a
   * version option): a flow pin over the same text stands instead (its message names the use).
   */
  yieldsToFlow?: boolean;
}

export type { Verdict, ProbeResult, PinVerdict } from '../core/pin.js';

/** What a daemon accepts: from the release table (`--engine`) or asked live (`/version`). */
export interface DaemonTarget {
  /** What the verdict is against, as shown: `29.0`, or the live daemon's `20.10.24`. */
  against: string;
  /** Newest API version it speaks. */
  apiVersion: string;
  /** Oldest API version it accepts (an overridden minimum when asked live). */
  minApiVersion: string;
}
