import type { LineIndex } from '../core/position.js';
import { redact } from '../core/redact.js';
import type { PinFields } from '../core/pin.js';
import type { Finding } from '../core/types.js';
import { fingerprintOf } from '../core/fingerprint.js';
import { ENGINE_TABLE } from '../rules/engine-table.generated.js';
import { pinMessage } from './message.js';
import type { PinCandidate } from './types.js';


export interface PinFindingInput {
  file: string;
  lines: LineIndex;
  pin: PinCandidate;
  /** How many equal keys came before in this file (keeps fingerprints unique, line-free). */
  occurrence: (key: string) => number;
}

/** A pin as a Finding: `info` in a plain scan (engine check raises it from the verdicts). */
export function pinToFinding({ file, lines, pin, occurrence }: PinFindingInput): Finding {
  const from = lines.position(pin.start);
  const to = lines.position(pin.end);
  const rule = ENGINE_TABLE.rules.find((r) => r.id === pin.ruleId)!;
  const key = [pin.ruleId, pin.form, pin.version ?? '', pin.detail].join('\0');
  const detail = pin.usedAt ? `${pin.detail} at ${pin.usedAt}` : pin.detail;
  const fields: PinFields = { version: pin.version, form: pin.form, detail };
  if (pin.release !== undefined) fields.release = pin.release;
  if (pin.yamlNumber !== undefined) fields.yamlNumber = pin.yamlNumber;
  return {
    family: 'pin',
    ruleId: pin.ruleId,
    severity: rule.severity,
    status: 'pin',
    date: null,
    file,
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column,
    message: redact(pinMessage({ ...pin, detail })),
    method: null,
    methodSource: null,
    url: '',
    snippet: lines.snippet(from.line),
    replacement: null,
    fixPolicy: 'none',
    // A constant or an `api_version:` key is judged from its use and context, not its call.
    confidence: pin.form === 'constant' || pin.form === 'config' ? 'medium' : 'high',
    fingerprint: fingerprintOf([pin.ruleId, file, pin.form, pin.version, pin.detail, occurrence(key)]),
    pin: fields,
  };
}
