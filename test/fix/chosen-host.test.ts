import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixVerifierFor } from '../../src/scan/fix-verifier.js';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { applyEdits } from '../../src/fix/apply-edits.js';
import { planFix } from '../../src/fix/plan.js';
import { verifyFix } from '../../src/fix/verify.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import type { Candidate } from '../../src/core/types.js';
import { FIXTURES } from '../helpers/fixtures.js';

// A host chosen by a condition (`BASE = HUB if not MIRROR else MIRROR`): the route after it is
// rewritten only when every choice is a host alone, and the verifier reads every choice back.
const options = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: makePrefilter() };
const path = 'chosen_host.py';
const text = readFileSync(join(FIXTURES, 'fix/python/chosen_host.before.py'), 'utf8');

describe('a host chosen by a condition', () => {
  it('records the chosen ranges and one URL per choice', async () => {
    const v = await fixVerifierFor(path, text, options);
    const c = (await v.candidates(text)).find((x) => text.slice(x.start, x.end).includes('{BASE}'))!;
    expect(c.chosenBranch).toBeUndefined();
    expect(c.chosenRanges!.map((r) => text.slice(r.start, r.end))).toEqual(['https://hub.docker.com']);
    expect(c.chosenUrls).toHaveLength(2);
    // A choice that holds a route of its own is still refused.
    const proxied = (await v.candidates(text)).find((x) => x.url.includes('/mirror/'))!;
    expect(proxied.chosenBranch).toBe(true);
  });

  it('refuses an edit inside a chosen range', async () => {
    const v = await fixVerifierFor(path, text, options);
    const c = (await v.candidates(text)).find((x) => text.slice(x.start, x.end).includes('{BASE}'))!;
    const f = (await lintText(path, text, options)).find((x) => x.fix && x.fix.edits[0].start >= c.start && x.fix.edits[0].end <= c.end)!;
    const m = { variant: builtinRules().find((r) => r.id === f.ruleId)!.variants[0], params: { namespace: 'lighthouse' }, method: 'GET' };
    const edit = f.fix!.edits[0];
    const plan = planFix(text, { ...c, chosenRanges: [{ start: edit.start - 1, end: edit.end + 1 }] }, m, v.lexer);
    expect(plan).toMatchObject({ policy: 'none', reason: expect.stringContaining('a condition chooses between') });
  });

  it('rolls back a fix after which one choice no longer reaches the replacement', async () => {
    const findings = (await lintText(path, text, options)).filter((f) => f.fix?.policy === 'safe' && text.slice(f.fix.edits[0].start - 30, f.fix.edits[0].start).includes('{BASE}'));
    expect(findings).toHaveLength(1);
    const edits = findings[0].fix!.edits;
    const after = applyEdits(text, edits).text;
    const real = await fixVerifierFor(path, text, options);
    expect(await verifyFix(text, after, findings, edits, real)).toBeNull();
    // The same fix, as if the mirror's reading still built the old route after the edit.
    const stale = (list: Candidate[]) => list.map((c) => (c.chosenUrls ? { ...c, chosenUrls: c.chosenUrls.map((u) => (u.startsWith('https://') ? u : u.replace('/namespaces/lighthouse/repositories/', '/repositories/lighthouse/'))) } : c));
    const liar = { ...real, candidates: async (t: string) => (t === after ? stale(await real.candidates(t)) : real.candidates(t)) };
    expect(await verifyFix(text, after, findings, edits, liar)).toMatch(/choice of host .* would not call the replacement route/);
  });
});
