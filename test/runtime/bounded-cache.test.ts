import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/runtime/bounded-cache.js';
import { BYTES_PER_LOWERED_CHAR, MAX_REMEMBERED, MAX_TEXTS, rememberedChars } from '../../src/extract/resolve/project.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { lintText } from '../../src/scan/lint-file.js';

describe('BoundedCache (issue 34, row 5: cross-file state capped)', () => {
  it('keeps the last used entries within its limit, the newest always', () => {
    const cache = new BoundedCache<string, string>(10, (v) => v.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    expect(cache.get('a')).toBe('xxxx');
    cache.set('c', 'xxxx');
    // `b` was used least recently: it goes, `a` (read again) stays.
    expect(cache.has('b')).toBe(false);
    expect([cache.get('a'), cache.get('c'), cache.cost]).toEqual(['xxxx', 'xxxx', 8]);
    cache.set('big', 'x'.repeat(50));
    expect([cache.size, cache.cost, cache.get('big')?.length]).toEqual([1, 50, 50]);
    cache.set('d', 'x');
    expect([cache.has('big'), cache.cost]).toEqual([false, 1]);
  });

  it('keeps null answers apart from missing ones', () => {
    const cache = new BoundedCache<string, string | null>(10, (v) => (v === null ? 1 : v.length));
    cache.set('gone', null);
    expect(cache.get('gone')).toBeNull();
    expect(cache.get('never')).toBeUndefined();
  });

  it("remembers the lowered forms of a run's files within MAX_REMEMBERED characters, however many files are linted", async () => {
    const ruleSet = compileRules(builtinRules());
    const body = `const HUB = "https://hub.docker.com";\n${Array.from({ length: 20 }, (_, i) => `export const f${i} = (ns) => fetch(HUB + "/v2/repositories/" + ns + "/r${i}/");`).join('\n')}\n/* ${'padding '.repeat(12_000)} */\n`;
    let findings = 0;
    // 48 files of ~100 KB: 4.8 MB of text, more than the cap.
    for (let i = 0; i < 48; i++) {
      findings += (await lintText(`src/m${i}.js`, `// ${i}\n${body}`, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true })).length;
      expect(rememberedChars()).toBeLessThanOrEqual(MAX_REMEMBERED + body.length + 16);
    }
    expect(findings).toBe(48 * 20);
  }, 120_000);

  it('caps what the cross-file caches hold well inside a 200 MB heap (400 files of 19 KB ran out of it at the old 4 M-character caps)', () => {
    // The remembered lowered forms and a resolver's programs (each MAX_REMEMBERED characters of
    // lowered text), and its texts (MAX_TEXTS characters, at most two bytes each).
    const held = 2 * MAX_REMEMBERED * BYTES_PER_LOWERED_CHAR + 2 * MAX_TEXTS;
    expect(held).toBeLessThanOrEqual(100 * 1024 * 1024);
    // Still enough for a file and the files it reads: one bundle of 944 KB is kept whole (row 1).
    expect(MAX_REMEMBERED).toBeGreaterThanOrEqual(944 * 1024);
  });
});
