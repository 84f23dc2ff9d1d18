import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cells, judge } from './equivalence/cells.js';
import { DIALECTS } from './equivalence/dialects.js';
import { TRANSFORMATIONS } from './equivalence/generate.js';

// The equivalence matrix (issue 30): every transformation of the seed each language can express
// must give the seed's finding (hub-get-repository, GET, on the route's line), through the
// in-process lint API. A failing cell fails here unless eval/equivalence-gaps.json lists it, and
// a listed cell that passes fails too, so the list is always the cells that fail.
const ROOT = join(import.meta.dirname, '..', '..');
const GAPS = (JSON.parse(readFileSync(join(ROOT, 'eval', 'equivalence-gaps.json'), 'utf8')) as { gaps: Record<string, string> }).gaps;
const key = (lang: string, transformation: string) => `${lang} | ${transformation}`;
// An empty folder: the cells are in-memory files, and nothing on disk may answer for them.
const cwd = mkdtempSync(join(tmpdir(), 'hublint-equivalence-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const ALL = cells();

describe('equivalence matrix', () => {
  for (const d of DIALECTS) {
    it(`${d.lang}: every expressible transformation gives the seed's finding, or is a listed gap`, async () => {
      const wrong: string[] = [];
      const fixed: string[] = [];
      for (const cell of ALL.filter((c) => c.lang === d.lang)) {
        const { wrong: why, got } = await judge(cell, cwd);
        const k = key(cell.lang, cell.transformation);
        if (why && !(k in GAPS)) wrong.push(`${k}: ${why} [${got.join('; ')}]`);
        if (!why && k in GAPS) fixed.push(`${k} passes: remove it from eval/equivalence-gaps.json`);
      }
      expect(wrong).toEqual([]);
      expect(fixed).toEqual([]);
    }, 120_000);
  }

  it('the seed of every language passes, and every gap names a cell of the matrix with a reason', () => {
    const seeds = ALL.filter((c) => c.transformation === 'seed').map((c) => c.lang);
    expect(seeds).toEqual(DIALECTS.map((d) => d.lang));
    for (const d of DIALECTS) expect(key(d.lang, 'seed') in GAPS).toBe(false);
    const known = new Set(ALL.map((c) => key(c.lang, c.transformation)));
    for (const [k, why] of Object.entries(GAPS)) {
      expect(known.has(k), k).toBe(true);
      expect(why.length, k).toBeGreaterThan(20);
    }
  });

  it("eval/README.md's matrix counts are this matrix's", () => {
    const readme = readFileSync(join(ROOT, 'eval', 'README.md'), 'utf8');
    const passing = ALL.length - Object.keys(GAPS).length;
    expect(readme).toContain(`${passing} of ${ALL.length} cells pass`);
    expect(readme).toContain(`${TRANSFORMATIONS.length} transformations (the seed included) × ${DIALECTS.length} languages`);
    for (const d of DIALECTS) {
      const mine = ALL.filter((c) => c.lang === d.lang);
      const gaps = mine.filter((c) => key(c.lang, c.transformation) in GAPS).length;
      expect(readme).toContain(`| ${d.lang} | ${mine.length - gaps} | ${mine.length} |`);
    }
  });
});
