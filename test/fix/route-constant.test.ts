import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixVerifierFor } from '../../src/scan/fix-verifier.js';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { passingFixes } from '../../src/fix/run-fix.js';
import { verifyFix } from '../../src/fix/verify.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { FIXTURES } from '../helpers/fixtures.js';

// A constant that holds part of the route (`HUB_REPOS = "…/v2/repositories"`): its definition
// changes with every use, or nothing does and the uses not shown to reach the replacement are named.
const options = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: makePrefilter() };

async function fix(name: string) {
  const path = name.replace('.before', '');
  const text = readFileSync(join(FIXTURES, 'fix/python', name), 'utf8');
  const findings = (await lintText(path, text, options)).filter((f) => f.fix?.policy === 'safe');
  const verifier = await fixVerifierFor(path, text, options);
  return { text, findings, ...(await passingFixes(text, findings, (after, ok, applied) => verifyFix(text, after, ok, applied, verifier))) };
}

describe('a constant that holds part of the route', () => {
  it('each use plans the same edit of the definition, applied once', async () => {
    const { text, findings, fixed } = await fix('route_constant.before.py');
    const definition = text.indexOf('"https://hub.docker.com/v2/repositories"');
    expect(fixed).toHaveLength(3);
    for (const f of findings) {
      // The use's own edit comes first (the verifier finds the construction by it); the definition's last.
      expect(f.fix!.edits[0].start).toBeGreaterThan(definition + 50);
      expect(f.fix!.edits.at(-1)).toMatchObject({ start: definition + 27, text: 'namespac' });
    }
  });

  it('a use not shown to reach the replacement rolls every use back, and is named', async () => {
    const { after, text, rolledBack } = await fix('route_constant_mixed.before.py');
    expect(after).toBe(text);
    expect(rolledBack.map((r) => r.reason)).toEqual([expect.stringMatching(/constant's definition would also change uses .*\/v2\/namespaces\/\{image\}/)]);
  });
});
