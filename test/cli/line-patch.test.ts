import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { inPlacePatch } from '../../src/cli/line-patch.js';

// The dry run's diff of a file whose fixes changed many lines in place (bench/no-cliff.mjs, the
// test-file row): the same text jsdiff writes, without its cost in lines × changes.
const jsdiff = (a: string, b: string) => createTwoFilesPatch('a/x', 'b/x', a, b, undefined, undefined, { context: 3 });

describe('inPlacePatch', () => {
  it('writes what jsdiff writes for many lines changed in place: hunks merged across short gaps, runs of changes', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `line ${i} /v2/repositories/acme/r${i}/`);
    // Changed: every third line, then a run of five, then a lone one far away (gaps of 2, of 7).
    const at = new Set<number>();
    for (let i = 10; i < 1500; i += 3) at.add(i);
    for (let i = 2000; i < 2005; i++) at.add(i);
    at.add(2012);
    at.add(2999);
    const after = before.map((l, i) => (at.has(i) ? l.replace('/v2/repositories/acme/', '/v2/namespaces/acme/repositories/') : l));
    const [a, b] = [`${before.join('\n')}\n`, `${after.join('\n')}\n`];
    expect(inPlacePatch('a/x', 'b/x', a, b)).toBe(jsdiff(a, b));
  });

  it('leaves small diffs, changed line counts and a last line without its newline to jsdiff', () => {
    const many = Array.from({ length: 400 }, (_, i) => `u${i}`);
    const changed = many.map((l) => `${l}!`);
    expect(inPlacePatch('a/x', 'b/x', 'a\nb\n', 'a\nc\n')).toBeNull();
    expect(inPlacePatch('a/x', 'b/x', `${many.join('\n')}\n`, `${changed.join('\n')}\nextra\n`)).toBeNull();
    expect(inPlacePatch('a/x', 'b/x', many.join('\n'), changed.join('\n'))).toBeNull();
  });
});
