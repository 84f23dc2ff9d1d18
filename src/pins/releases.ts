import { UsageError } from '../core/errors.js';
import type { EngineRelease, EngineTable } from '../rules/engine-types.js';
import { ENGINE_TABLE } from '../rules/engine-table.generated.js';
import type { DaemonTarget } from './types.js';

/** `29`, `29.0`, `29.0.1`, `20.10.24+dfsg1`, `29.0.0-rc.1`: build and pre-release suffixes are ignored. */
const RELEASE = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+~].*)?$/;

function numbers(engine: string): number[] {
  return engine.split('.').map(Number);
}

/**
 * The table row for an Engine release as users write it: the row of its major.minor (a
 * patch row such as 17.03.1 wins for that patch and later ones); a major alone means its
 * newest row. Undefined when the table has no such release.
 */
export function findRelease(text: string, table: EngineTable = ENGINE_TABLE): EngineRelease | undefined {
  const m = RELEASE.exec(text.trim());
  if (!m) return undefined;
  const major = Number(m[1]);
  const rows = table.releases.filter((r) => numbers(r.engine)[0] === major);
  if (m[2] === undefined) return rows.at(-1);
  const minor = Number(m[2]);
  const patch = Number(m[3] ?? 0);
  const same = rows.filter((r) => numbers(r.engine)[1] === minor && (numbers(r.engine)[2] ?? 0) <= patch);
  return same.at(-1);
}

export function knownReleases(table: EngineTable = ENGINE_TABLE): string[] {
  return table.releases.map((r) => r.engine);
}

/** `--engine 25.0,29.0,29.3` → rows; an unknown release is a usage error (exit 2) listing the known ones. */
export function parseEngineList(list: string, table: EngineTable = ENGINE_TABLE): EngineRelease[] {
  const items = list.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError('--engine needs at least one Engine release, e.g. --engine 29.0');
  const rows: EngineRelease[] = [];
  for (const item of items) {
    const row = findRelease(item, table);
    if (!row) {
      throw new UsageError(`unknown Engine release '${item}'`, { hint: `known releases: ${knownReleases(table).join(', ')}` });
    }
    if (!rows.includes(row)) rows.push(row);
  }
  return rows;
}

export function targetOfRelease(row: EngineRelease): DaemonTarget {
  return { against: row.engine, apiVersion: row.api, minApiVersion: row.minApi };
}
