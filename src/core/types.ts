import type { PinFields } from './pin.js';

/** Shapes shared by every stage: rules, candidates (extract → match) and findings. */

export type Status = 'deprecated' | 'removed' | 'legacy';
export type Severity = 'error' | 'warning' | 'info';

/**
 * A rule's setting in a config: a severity (or off) alone sets calls in code, and leaves the
 * info of mentions in documentation and comments alone; `docs` sets those, when asked.
 */
export type RuleSetting = Severity | 'off' | { severity?: Severity | 'off'; docs?: Severity | 'off' };
export type MethodSource = 'explicit' | 'implied' | 'default' | 'unknown';
export type FixPolicy = 'safe' | 'unsafe' | 'none';
export type Confidence = 'high' | 'medium' | 'low';

export interface Replacement {
  operation: string;
  method: string;
  path: string;
}

export interface RuleVariant {
  /** Upper-case HTTP methods; '*' means any. */
  methods: string[];
  /** Lower-case host names. */
  hosts: string[];
  /** Path template; `{name}` matches exactly one segment. */
  path: string;
  replacement: Replacement | null;
  replacementReason?: string;
  fix: { policy: FixPolicy; note: string };
}

export interface Rule {
  id: string;
  status: Status;
  date: string | null;
  dateNote?: string;
  title: string;
  description: string;
  docs: string;
  migration: string;
  severity: Severity;
  variants: RuleVariant[];
  /** The rule file the entry came from (relative for built-in rules). */
  source: string;
}

/**
 * A URL an adapter reconstructed from source text. `url` may contain holes (see
 * core/hole.ts) where a value is not known; offsets index the text the adapter got.
 */
export interface Candidate {
  url: string;
  start: number;
  end: number;
  method: string | null;
  methodSource: MethodSource;
  /** Assembled from constants, concatenation or a base joined elsewhere. */
  rebuilt: boolean;
  /** The host came from a configured base variable rather than from text. */
  baseGuessed?: boolean;
  /** Part of the URL is one of several values a condition chooses between (`c ? a : b`). */
  chosenBranch?: boolean;
  /**
   * The source ranges of text a condition chooses when every choice is a host alone
   * (`BASE = HUB if not mirror else mirror`): a fix may edit the route after them, never them.
   */
  chosenRanges?: Array<{ start: number; end: number }>;
  /** The URL once per choice of those conditions, the main reading among them: each must reach the replacement after a fix. */
  chosenUrls?: string[];
  /** A URL in Markdown prose or a code comment: reported as info, never rewritten. */
  prose?: boolean;
  /** A prose URL from a comment of code (not Markdown text): its reason for no fix says so. */
  comment?: boolean;
  /** In documentation (a Markdown code block, reStructuredText): reported as info; a fix is still offered. */
  docs?: boolean;
  /** The literal text of the URL in the source, when the source holds it as one piece. */
  literal?: boolean;
  /**
   * Nothing states the method (a path joined to a base over configuration keys, no `method`
   * key): a route that answers one method only is taken to be called with it.
   */
  routeMethod?: boolean;
  /**
   * Other readings of the same construction when the evidence does not decide how many path
   * segments a value fills (`{namespace}` or `{namespace}/{repository}`); `url` is the likelier.
   */
  alternatives?: string[];
  /** Why the reading is undecided, for the finding's message. */
  arityNote?: string;
  /**
   * Where the finding points when not at `start`: the literal holding the deprecated path
   * inside a construction that spans lines (`start`..`end` stay the whole construction).
   */
  at?: number;
}

/** A candidate that breaks a rule: which variant, the path's parameters, the method it reports. */
export interface Match {
  rule: Rule;
  variant: RuleVariant;
  params: Record<string, string>;
  /** The method the finding reports: null when the source's method is not known. */
  method: string | null;
  confidence: Confidence;
  host: string;
}

export interface FindingReplacement extends Replacement {
  /** The replacement call with the user's namespace/repository filled in where known. */
  url?: string;
}

export interface FindingEdit {
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
  /** A new literal joined after the construction (the one change allowed outside strings). */
  join?: boolean;
  /** A migration's edit outside the URL: 'body-key' | 'response-key' | 'scheme' | 'path-move' (fix/edit-kinds.ts). */
  kind?: 'body-key' | 'response-key' | 'scheme' | 'path-move';
}

export interface FindingFix {
  policy: 'safe' | 'unsafe';
  edits: FindingEdit[];
  /** The URL the fixed call builds (values shown as `{name}`), which the verifier reads back. */
  target?: string;
  /** What a suggestion rests on, for a person to glance at (a name, an escape, a body found in the function). */
  evidence?: string[];
  /**
   * A migration hublint found only part of (a login whose response read it cannot see): shown
   * by --fix-dry-run and the audit, never written, even with --fix-type unsafe.
   */
  partial?: string;
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  /** 'pin' for Engine API version pins, 'error' for hublint's own findings. */
  status: Status | 'error' | 'pin';
  date: string | null;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  method: string | null;
  methodSource: MethodSource | null;
  url: string;
  snippet: string;
  replacement: FindingReplacement | null;
  fixPolicy: FixPolicy;
  confidence: Confidence;
  fingerprint: string;
  /** The edit that migrates this call, when one can be made (see fix/plan.ts). */
  fix?: FindingFix;
  /** What to do by hand when no edit can be made. */
  suggestion?: string;
  /** Why hublint does not rewrite this call itself ("needs a person: <reason>"). */
  fixRefusal?: string;
  /** An undecided reading (match/readings.ts): the other rules the call may break. */
  alternativeRuleIds?: string[];
  /** internal-error: the adapter or extractor that failed. */
  adapter?: string;
  /** Which scan found it: a Hub API call (and hublint's own findings) or an Engine API pin. */
  family: FindingFamily;
  /** family 'pin': the pinned version, its form and, after `engine check`, the verdicts. */
  pin?: PinFields;
  /**
   * Internal, never reported: what planning this Hub finding's fix needs, from the match until
   * the scan knows the finding survives suppression and the baseline (fix/plan-finding.ts
   * turns it into `fix`, `suggestion` and `fixRefusal`, and removes it).
   */
  pendingFix?: PendingFix;
}

/**
 * A match kept for planning its fix later: plain data, so it crosses worker threads and the
 * `--cache` file unchanged.
 */
export interface PendingFix {
  /** The candidate as matched (the reading that matched, for an undecided one). */
  candidate: Candidate;
  match: Pick<Match, 'variant' | 'params' | 'method'>;
  /** The adapter that read the file: its lexer maps the URL back onto the source. */
  language: string;
  /** Several readings of the URL were possible: never rewritten (match/readings.ts). */
  undecided?: boolean;
}

export type FindingFamily = 'hub' | 'pin';

export interface ScanStats {
  filesScanned: number;
  filesSkipped: number;
  skipped: Record<string, number>;
  findings: number;
  bySeverity: Record<Severity, number>;
  durationMs: number;
  /** Findings silenced by inline directives (the Hub scan; `hublint pins` leaves it out). */
  suppressed?: number;
  /** With a baseline: how far the migration it records has come. */
  baseline?: BaselineProgress;
  [extra: string]: unknown;
}

export interface BaselineProgress {
  total: number;
  fixed: number;
  remaining: number;
}
