import type { Severity } from '../core/types.js';

import type { PinForm } from '../core/pin.js';

export { PIN_FORMS, type PinForm } from '../core/pin.js';

export const PIN_RULE_IDS = ['engine-api-pin', 'engine-cli-image', 'engine-daemon-min-api'] as const;
export type PinRuleId = (typeof PIN_RULE_IDS)[number];

/** One Engine release row: the newest API it speaks and its default (Linux) minimum. */
export interface EngineRelease {
  /** `major.minor` (`20.10`, `29.0`), or `major.minor.patch` when a patch changed the API. */
  engine: string;
  api: string;
  minApi: string;
}

export interface EngineRule {
  id: PinRuleId;
  title: string;
  description: string;
  docs: string;
  severity: Severity;
  forms: PinForm[];
}

/** rules/engine-api.yaml after validation (src/rules/validate-engine.ts). */
export interface EngineTable {
  schema: 1;
  /** Daemons whose max API is below this served too-new requests at their max (1.13–17.10). */
  tooNewRejectedSince: string;
  /** Oldest release first. */
  releases: EngineRelease[];
  rules: EngineRule[];
}
