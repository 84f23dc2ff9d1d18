import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintPinsText } from '../../src/scan/lint-pins.js';
import { PIN_FORMS } from '../../src/rules/engine-types.js';
import type { Finding } from '../../src/core/types.js';
import { FIXTURES, actualOf, asObject, expectedOf, listFiles } from '../helpers/fixtures.js';

// The pin harness: every file under fixtures/pins/ states its expected pin findings inline
// (`# expect: engine-api-pin`); look-alikes in the same files must stay silent.
const ROOT = join(FIXTURES, 'pins');
const files = listFiles(ROOT);
const findingsOf = new Map<string, Promise<Finding[]>>();

function lintFile(file: string): Promise<Finding[]> {
  let found = findingsOf.get(file);
  if (!found) {
    found = lintPinsText(relative(ROOT, file), readFileSync(file, 'utf8'));
    findingsOf.set(file, found);
  }
  return found;
}

describe('pin fixtures', () => {
  for (const file of files) {
    it(relative(ROOT, file), async () => {
      const findings = await lintFile(file);
      expect(findings.filter((f) => f.ruleId === 'internal-error')).toEqual([]);
      expect(asObject(actualOf(findings))).toEqual(asObject(expectedOf(file, readFileSync(file, 'utf8'))));
    });
  }

  it.each(PIN_FORMS)('form %s has a folder whose findings include that form', async (form) => {
    const inFolder = files.filter((f) => relative(ROOT, f).startsWith(`${form}/`));
    expect(inFolder.length).toBeGreaterThan(0);
    expect((await Promise.all(inFolder.map(lintFile))).flat().some((f) => f.pin?.form === form)).toBe(true);
  });
});
