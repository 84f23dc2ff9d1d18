// Types for the corpus loader (only what the TypeScript tests use).
export class CaseError extends Error {}
export function caseIds(casesDir: string): string[];
export function loadCase(casesDir: string, id: string): { labels: { file: string; rule: string; line: number; alt?: number[] }[] };
