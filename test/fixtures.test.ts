import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, actualOf, asObject, expectedOf, lintFixture, listFiles } from './helpers/fixtures.js';

// One harness for every language: each fixture file states its own expected findings.
// fixtures/fix holds before/after pairs and fixtures/pins the Engine pin forms: each has its own harness.
const files = listFiles(FIXTURES).filter((f) => !/^(fix|pins)\//.test(relative(FIXTURES, f)));

describe('fixtures', () => {
  it('has fixtures', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(relative(FIXTURES, file), async () => {
      const findings = await lintFixture(file);
      expect(findings.filter((f) => f.ruleId === 'internal-error')).toEqual([]);
      expect(asObject(actualOf(findings))).toEqual(asObject(expectedOf(file, readFileSync(file, 'utf8'))));
    });
  }
});
