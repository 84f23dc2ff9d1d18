/**
 * What an Engine API pin finding carries beyond the fields every finding has (see
 * docs/engine-api.md). The JSON report flattens these fields into the finding, as it always
 * has (report/finding-json.ts).
 */

/** Where a pin was written; one extractor module per form family (src/pins/extract/). */
export const PIN_FORMS = ['env', 'url', 'go', 'python', 'node', 'java', 'config', 'constant', 'cli-image', 'daemon-min'] as const;
export type PinForm = (typeof PIN_FORMS)[number];

export type Verdict = 'rejected-too-old' | 'rejected-too-new' | 'accepted' | 'accepted-downgraded' | 'served-at-daemon-max' | 'unversioned';

export interface ProbeResult {
  status: number;
  message: string;
}

/** A pin judged against one daemon (a release of the table, or the live one). */
export interface PinVerdict {
  against: string;
  verdict: Verdict;
  /** accepted-downgraded: how many minor versions below the daemon's max; else null. */
  behind: number | null;
  /** The daemon's exact refusal for a rejection; else null. */
  errorText: string | null;
  /** The change to suggest for this form; null when nothing needs changing. */
  fix: string | null;
  /** --probe: what `GET /v<version>/version` answered. */
  probe: ProbeResult | null;
}

export interface PinFields {
  /** Normalised `1.41` (no `v`); null for an unversioned Engine URL. */
  version: string | null;
  form: PinForm;
  /** What was matched: `client.WithVersion`, `DOCKER_API_VERSION`, `docker:20.10`. */
  detail: string;
  /** engine-cli-image: the Engine release of the CLI image. */
  release?: string;
  /** A YAML plain scalar the parser read as a number: the text as written. */
  yamlNumber?: string;
  /** Set by `engine check`: one verdict per daemon judged against. */
  verdicts?: PinVerdict[];
}
