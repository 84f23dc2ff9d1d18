import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixVerifierFor } from '../../src/scan/fix-verifier.js';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { passingFixes } from '../../src/fix/run-fix.js';
import { verifyFix } from '../../src/fix/verify.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { FIXTURES, listFiles } from '../helpers/fixtures.js';

// fixtures/fix/<language>/<name>.before.<ext> with <name>.after.<ext> (safe fixes) and,
// where unsafe rewrites exist, <name>.after-unsafe.<ext>. Every fix also passes the three
// checks that guard a write: it resolves to the replacement, it parses, its skeleton is kept.
const ROOT = join(FIXTURES, 'fix');
const options = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: makePrefilter() };
// fixtures/fix/projects/ holds whole projects, fixed together across files (test/fix/in-step.test.ts).
const befores = listFiles(ROOT).filter((f) => basename(f).includes('.before') && !relative(ROOT, f).startsWith('projects/'));

async function fixOnce(path: string, text: string, type: 'safe' | 'unsafe'): Promise<string> {
  const findings = await lintText(path, text, options);
  const fixed = findings.filter((f) => f.fix && (f.fix.policy === 'safe' || type === 'unsafe'));
  if (fixed.length === 0) return text;
  // As --fix does: a fix that fails a check is left out, the others of the file go in (the after-file says which).
  const verifier = await fixVerifierFor(path, text, options);
  return (await passingFixes(text, fixed, (after, ok, applied) => verifyFix(text, after, ok, applied, verifier))).after;
}

describe('fix fixtures', () => {
  it('cover every core language', () => {
    const langs = new Set(befores.map((f) => relative(ROOT, f).split('/')[0]));
    for (const lang of ['js', 'ts', 'python', 'go', 'java', 'csharp', 'php', 'ruby', 'shell', 'yaml', 'json', 'markdown', 'dockerfile']) expect([...langs]).toContain(lang);
  });
  for (const before of befores) {
    const path = basename(before).replace('.before', '');
    for (const type of ['safe', 'unsafe'] as const) {
      const after = join(dirname(before), basename(before).replace('.before', type === 'safe' ? '.after' : '.after-unsafe'));
      if (type === 'unsafe' && !existsSync(after)) continue;
      it(`${relative(ROOT, before)} (${type})`, async () => {
        const text = readFileSync(before, 'utf8');
        const fixed = await fixOnce(path, text, type);
        expect(fixed).toBe(readFileSync(after, 'utf8'));
        // Idempotent: a second pass changes nothing.
        expect(await fixOnce(path, fixed, type)).toBe(fixed);
      });
    }
  }
});
