// Types of first-look-record.mjs for the TypeScript tests.
export interface RoundRecord {
  round: string | number;
  scored?: string;
  build: string;
  [key: string]: unknown;
}
export function readRecords(path: string): RoundRecord[];
export function recordOf(summary: Record<string, unknown>, note: string, scoredOn: string): RoundRecord;
export function writeRecord(path: string, entry: RoundRecord): void;
export function roundsTable(records: readonly RoundRecord[]): string;
