import { ConfigError } from '../core/errors.js';
import type { BaselineProgress, Finding } from '../core/types.js';
import { readBoundedFile } from '../core/read-bounded.js';

/** A baseline holds fingerprints, not line numbers, so it survives edits that move lines. */
export interface Baseline {
  version: 1;
  tool: string;
  findings: Array<{ fingerprint: string; ruleId: string; file: string }>;
}

export const DEFAULT_BASELINE = '.hublint-baseline.json';

export function makeBaseline(findings: readonly Finding[]): Baseline {
  const seen = new Set<string>();
  const entries = findings
    .filter((f) => !seen.has(f.fingerprint) && seen.add(f.fingerprint))
    .map((f) => ({ fingerprint: f.fingerprint, ruleId: f.ruleId, file: f.file }));
  return { version: 1, tool: 'hublint', findings: entries };
}

export function readBaseline(file: string): Baseline {
  const bytes = readBoundedFile(file, 'baseline');
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message.split('\n')[0];
    throw new ConfigError(`${file}: cannot read baseline (${why})`, { hint: 'write one with `hublint baseline`' });
  }
  const b = doc as Baseline;
  if (b?.version !== 1 || !Array.isArray(b.findings) || !b.findings.every((e) => typeof e?.fingerprint === 'string')) {
    throw new ConfigError(`${file}: not a hublint baseline (expected {version: 1, findings: [{fingerprint, …}]})`);
  }
  return b;
}

export type { BaselineProgress };

/** Keeps the findings the baseline does not know, and measures the migration's progress. */
export function applyBaseline(findings: Finding[], baseline: Baseline): { kept: Finding[]; progress: BaselineProgress } {
  const known = new Set(baseline.findings.map((e) => e.fingerprint));
  const present = new Set<string>();
  const kept = findings.filter((f) => {
    if (!known.has(f.fingerprint)) return true;
    present.add(f.fingerprint);
    return false;
  });
  const total = known.size;
  return { kept, progress: { total, fixed: total - present.size, remaining: present.size } };
}
