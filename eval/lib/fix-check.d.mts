// Types for the shared corpus fix check, so the TypeScript test can import the same code.
import type { Finding } from '../../src/core/types.js';

export interface CaseLabels {
  labels: { file: string; rule: string; line: number; alt?: number[] }[];
}
export interface CaseFixCheck {
  findings: number;
  withReplacement: number;
  applied: { finding: Finding; labelled: boolean; resolves: boolean; want: string | null }[];
  brokenFiles: { file: string; why: string }[];
  filesFixed: number;
  notFixed: { finding: Finding; reason: string; rolledBack?: boolean; partial?: boolean }[];
}
export function groupReason(reason: string): string;
export function checkCase(c: CaseLabels, caseDir: string, deps: Record<string, unknown> & { fixType?: 'safe' | 'unsafe' }): Promise<CaseFixCheck>;
