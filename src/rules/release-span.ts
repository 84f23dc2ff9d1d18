import type { EngineTable } from './engine-types.js';
import { ENGINE_TABLE } from './engine-table.generated.js';

/**
 * Release names as short as they can be said: three or more neighbours in the table become a
 * span (`29.0–29.2`); others, and names not in the table (a live daemon's), stay as they are.
 * It reads only the release table, so the reports and the pin checks share it from here.
 */
export function releaseSpan(names: readonly string[], table: EngineTable = ENGINE_TABLE): string {
  const index = (name: string) => table.releases.findIndex((r) => r.engine === name);
  const runs: string[][] = [];
  for (const name of names) {
    const last = runs.at(-1);
    const i = index(name);
    if (last && i >= 0 && index(last.at(-1)!) === i - 1) last.push(name);
    else runs.push([name]);
  }
  return runs.map((run) => (run.length >= 3 ? `${run[0]}–${run.at(-1)}` : run.join(', '))).join(', ');
}
