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

/**
 * The table rows a user means by a release on `--engine`: a major alone (`29`) is the whole
 * series, every 29.x row; a major.minor (`29.1`, `17.03`) is every row of it (17.03 and
 * 17.03.1); a full version (`29.0.1`) is the one row that serves it (findRelease). A user who
 * writes "Engine 29" means whatever 29.x their hosts run, and 29.0–29.2 reject pins 29.7 accepts.
 */
export function findReleases(text: string, table: EngineTable = ENGINE_TABLE): EngineRelease[] {
  const m = RELEASE.exec(text.trim());
  if (!m) return [];
  if (m[3] !== undefined) return [findRelease(text, table)].filter((r) => r !== undefined);
  const [major, minor] = [Number(m[1]), m[2] === undefined ? undefined : Number(m[2])];
  return table.releases.filter((r) => numbers(r.engine)[0] === major && (minor === undefined || numbers(r.engine)[1] === minor));
}

/** `--engine 25.0,29,29.3` → rows, each once, in the order given; an unknown release is a usage error (exit 2) listing the known ones. */
export function parseEngineList(list: string, table: EngineTable = ENGINE_TABLE): EngineRelease[] {
  const items = list.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError('--engine needs at least one Engine release, e.g. --engine 29.0');
  const rows: EngineRelease[] = [];
  for (const item of items) {
    const found = findReleases(item, table);
    if (found.length === 0) {
      throw new UsageError(`unknown Engine release '${item}'`, { hint: `known releases: ${knownReleases(table).join(', ')}` });
    }
    for (const row of found) if (!rows.includes(row)) rows.push(row);
  }
  return rows;
}

export { releaseSpan } from '../rules/release-span.js';

export function targetOfRelease(row: EngineRelease): DaemonTarget {
  return { against: row.engine, apiVersion: row.api, minApiVersion: row.minApi };
}
