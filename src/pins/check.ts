import type { PinFields, PinForm } from '../core/pin.js';
import type { Finding, Severity } from '../core/types.js';
import { parseVersionRejection } from '../engine/negotiate.js';
import { fixFor, fixForAll } from './fix.js';
import { isRejection, judgePin } from './judge.js';
import { pinSubject, pinToJudge } from './message.js';
import { releaseSpan } from './releases.js';
import type { DaemonTarget, PinVerdict, ProbeResult, Verdict } from './types.js';

/**
 * Severity in `engine check`: a rejection fails today (error); a pin served other than as
 * written — downgraded, silently served at an old daemon's max, or unversioned — works but
 * breaks at the next minimum raise or behaves differently (warning); accepted is info.
 */
export const SEVERITY_OF: Readonly<Record<Verdict, Severity>> = {
  'rejected-too-old': 'error',
  'rejected-too-new': 'error',
  'accepted-downgraded': 'warning',
  'served-at-daemon-max': 'warning',
  unversioned: 'warning',
  accepted: 'info',
};

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export interface CheckOptions {
  /** Release rows (`--engine`) or the live daemon. */
  targets: DaemonTarget[];
  /** `--probe`: asks the live daemon `GET /v<version>/version`; called once per distinct version. */
  probe?: (version: string) => Promise<ProbeResult>;
  /** One line for each probe that contradicts the prediction. */
  onDisagreement?: (line: string) => void;
}

export interface CheckResult {
  findings: Finding[];
  /** Pin findings with at least one rejection (exit 1 when > 0). */
  rejected: number;
  disagreements: number;
}

/** Whether the daemon's answer matches the verdict: a refusal of the same kind, or a 200. */
export function probeAgrees(verdict: Verdict, probe: ProbeResult): boolean {
  const refusal = probe.status === 400 ? parseVersionRejection(probe.message) : undefined;
  if (verdict === 'rejected-too-old') return refusal?.direction === 'too-old';
  if (verdict === 'rejected-too-new') return refusal?.direction === 'too-new';
  return probe.status >= 200 && probe.status < 300;
}

/**
 * The verdicts said once per kind, each naming its releases (`29.0–29.2: rejected-too-old
 * (…); 29.3–29.7: accepted-downgraded (12–15 versions behind)`): against a series, which
 * releases differ is the point, and eight near-identical clauses would bury it.
 */
function describe(verdicts: readonly PinVerdict[]): string {
  const groups = new Map<string, PinVerdict[]>();
  for (const v of verdicts) {
    const key = `${v.verdict}\0${v.errorText ?? ''}\0${v.probe ? `${v.probe.status} ${v.probe.message}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups.values()]
    .map((group) => {
      const [v] = group;
      const behind = group.map((g) => g.behind).filter((b) => b !== null);
      const [low, high] = [Math.min(...behind), Math.max(...behind)];
      const why = v.errorText ?? (behind.length > 0 ? `${low === high ? low : `${low}–${high}`} version${high === 1 ? '' : 's'} behind` : null);
      // --probe: the daemon's own answer, in the text too.
      const probe = v.probe ? ` [probe: ${v.probe.status} ${v.probe.message}]` : '';
      return `${releaseSpan(group.map((g) => g.against))}: ${v.verdict}${why ? ` (${why})` : ''}${probe}`;
    })
    .join('; ');
}

/** The pins a daemon judges (a lowered daemon minimum is reported, not judged). */
function judgeable(f: Finding): f is Finding & { pin: PinFields } {
  return f.family === 'pin' && f.pin !== undefined && (f.ruleId === 'engine-api-pin' || f.ruleId === 'engine-cli-image');
}

/**
 * Judges each pin finding against every target: adds `verdicts`, sets the severity from
 * the worst verdict and rewrites the message. Other findings pass through unchanged.
 */
export async function checkPins(findings: readonly Finding[], options: CheckOptions): Promise<CheckResult> {
  const probes = new Map<string, Promise<ProbeResult>>();
  const probeOnce = (version: string) => {
    if (!probes.has(version)) probes.set(version, options.probe!(version));
    return probes.get(version)!;
  };
  let rejected = 0;
  let disagreements = 0;
  const out: Finding[] = [];
  for (const f of findings) {
    if (!judgeable(f)) {
      out.push(f);
      continue;
    }
    const pin = f.pin;
    const verdicts: PinVerdict[] = [];
    const loud: string[] = [];
    for (const target of options.targets) {
      const judged = judgePin(pinToJudge(pin), target);
      const verdict: PinVerdict = {
        against: target.against,
        verdict: judged.verdict,
        behind: judged.behind,
        errorText: judged.errorText,
        fix: fixFor(pin.form, judged, target),
        probe: null,
      };
      if (options.probe && judged.sends !== null) {
        verdict.probe = await probeOnce(judged.sends);
        if (!probeAgrees(judged.verdict, verdict.probe)) {
          disagreements++;
          const said = `${verdict.probe.status} ${JSON.stringify(verdict.probe.message)}`;
          loud.push(`PROBE DISAGREES: predicted ${judged.verdict} against ${target.against}, GET /v${judged.sends}/version answered ${said}`);
          options.onDisagreement?.(`${f.file}:${f.line}:${f.column}: ${loud.at(-1)}`);
        }
      }
      verdicts.push(verdict);
    }
    const severity = verdicts.map((v) => SEVERITY_OF[v.verdict]).reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'info' as Severity);
    if (verdicts.some((v) => isRejection(v.verdict))) rejected++;
    // Against several Engines, one fix that serves them all (or the advice to negotiate).
    const fix =
      options.targets.length > 1 && verdicts.some((v) => v.fix !== null) && pin.form !== 'daemon-min'
        ? fixForAll(pin.form as PinForm, options.targets)
        : verdicts.find((v) => v.fix !== null)?.fix;
    const message = [pinSubject(pin), describe(verdicts), ...loud, ...(fix ? [`fix: ${fix}`] : [])].join(' — ');
    out.push({ ...f, severity, message, pin: { ...pin, verdicts } });
  }
  return { findings: out, rejected, disagreements };
}
