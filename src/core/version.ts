import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** hublint's own version, read from package.json (two levels up from src/core or dist/core). */
export function toolVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}

export const TOOL_NAME = 'hublint';
