import { ENGINE_TABLE } from '../rules/engine-table.generated.js';
import type { EngineTable } from '../rules/engine-types.js';
import { judgePin, type PinToJudge } from './judge.js';
import { findRelease, targetOfRelease } from './releases.js';
import type { PinCandidate, Verdict } from './types.js';

/** How a candidate is judged: a CLI image negotiates down to its release's minimum. */
export function pinToJudge(pin: Pick<PinCandidate, 'version' | 'release'>): PinToJudge {
  const row = pin.release === undefined ? undefined : findRelease(pin.release);
  return row ? { version: pin.version, negotiatesDownTo: row.minApi } : { version: pin.version };
}

/** `17.11–19.03, 29.0`: the table releases whose verdict is `verdict`, runs of rows joined. */
export function releasesWith(verdict: Verdict, pin: PinToJudge, table: EngineTable = ENGINE_TABLE): string {
  const runs: string[][] = [];
  let open = false;
  for (const row of table.releases) {
    const hit = judgePin(pin, targetOfRelease(row), table.tooNewRejectedSince).verdict === verdict;
    if (hit && open) runs.at(-1)!.push(row.engine);
    else if (hit) runs.push([row.engine]);
    open = hit;
  }
  return runs.map((r) => (r.length === 1 ? r[0] : `${r[0]}–${r.at(-1)}`)).join(', ');
}

/** Which releases of the table refuse the pin, and why. */
function rejections(pin: PinToJudge): string {
  const old = releasesWith('rejected-too-old', pin);
  const young = releasesWith('rejected-too-new', pin);
  const parts = [old && `too old for Engine ${old}`, young && `too new for Engine ${young}`].filter(Boolean);
  return parts.length ? parts.join('; ') : 'every Engine release in the table accepts it';
}

/** What the pin is, without any verdict: the first half of every pin message. */
export function pinSubject(pin: Pick<PinCandidate, 'version' | 'form' | 'detail' | 'release' | 'yamlNumber'>): string {
  let text: string;
  if (pin.version === null) text = `Engine API URL without a version (${pin.detail}): deprecated; the daemon serves it at its newest version`;
  else if (pin.form === 'daemon-min') text = `the daemon's minimum API version is lowered to ${pin.version} (${pin.detail})`;
  else if (pin.form === 'cli-image') text = `${pin.detail} runs the Docker ${pin.release} CLI, which speaks Engine API ${pin.version} at most`;
  else text = `Engine API version pinned to ${pin.version} (${pin.form}: ${pin.detail})`;
  if (pin.yamlNumber !== undefined) text += `; YAML reads ${pin.yamlNumber} as the number ${pin.version}: quote it ("${pin.yamlNumber}")`;
  return text;
}

/** The plain-scan message: what is pinned, and which Engine releases would refuse it. */
export function pinMessage(pin: PinCandidate): string {
  const subject = pinSubject(pin);
  if (pin.version === null || pin.form === 'daemon-min') return subject;
  return `${subject}; ${rejections(pinToJudge(pin))}`;
}
