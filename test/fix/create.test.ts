import { describe, expect, it } from 'vitest';
import { NO_PROJECT } from '../../src/extract/types.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { applyEdits } from '../../src/fix/apply-edits.js';
import { editKindProblem } from '../../src/fix/edit-kinds.js';
import { verifyFix } from '../../src/fix/verify.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { fixVerifierFor } from '../../src/scan/fix-verifier.js';
import { lintText } from '../../src/scan/lint-file.js';

// Issue 31, row 3: POST /v2/repositories/ with the namespace in its body becomes
// POST /v2/namespaces/{namespace}/repositories, the body's expression moved into the path (a
// `path-move` edit, checked by its own shape and read back). Each language's whole migration is
// a fixture (fixtures/fix/*/create.*); this is the planner's and the verifier's view.
const options = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: makePrefilter() };

const PY = [
  'import requests',
  '',
  'def make(team, name):',
  '    return requests.post("https://hub.docker.com/v2/repositories/", json={"namespace": team, "name": name})',
  '',
].join('\n');

async function createFinding(path: string, text: string) {
  const findings = await lintText(path, text, options);
  const f = findings.find((x) => x.ruleId === 'hub-create-repository');
  expect(f).toBeDefined();
  return f!;
}

describe('create → namespaces route (issue 31)', () => {
  it('moves the body\'s namespace expression into the path, as a suggestion that states its evidence', async () => {
    const f = await createFinding('make.py', PY);
    expect(f.fix?.policy).toBe('unsafe');
    expect(f.fix?.edits.map((e) => e.kind)).toEqual(['path-move']);
    expect(f.fix?.target).toBe('https://hub.docker.com/v2/namespaces/{team}/repositories/');
    expect(f.fix?.evidence).toEqual(["the request body's namespace (`team`) moves into the path"]);
    const after = applyEdits(PY, f.fix!.edits).text;
    expect(after).toContain('requests.post("https://hub.docker.com/v2/namespaces/" + team + "/repositories/", json={"namespace": team');
    expect(await verifyFix(PY, after, [f], f.fix!.edits, await fixVerifierFor('make.py', PY, options))).toBeNull();
  });

  it('is refused, with the reason, when the body does not name the namespace', async () => {
    const text = PY.replace('"namespace": team, ', '');
    const f = await createFinding('make.py', text);
    expect(f.fix).toBeUndefined();
    expect(f.fixRefusal).toMatch(/namespace is not found in the function/);
  });

  it('the path-move kind allows one name spliced or joined into the new path, nothing else', () => {
    const old = 'https://hub.docker.com/v2/repositories/';
    expect(editKindProblem(old, 'https://hub.docker.com/v2/namespaces/" + team + "/repositories/', 'path-move')).toBeNull();
    expect(editKindProblem(old, "https://hub.docker.com/v2/namespaces/' . $org . '/repositories/", 'path-move')).toBeNull();
    expect(editKindProblem(old, 'https://hub.docker.com/v2/namespaces/${TEAM}/repositories/', 'path-move')).toBeNull();
    // A call, a second statement, another route: not a path move.
    expect(editKindProblem(old, 'https://hub.docker.com/v2/namespaces/" + pick() + "/repositories/', 'path-move')).toMatch(/not a path-move edit/);
    expect(editKindProblem(old, 'https://hub.docker.com/v2/namespaces/" + a; b + "/repositories/', 'path-move')).toMatch(/not a path-move edit/);
    expect(editKindProblem(old, 'https://hub.docker.com/v2/namespaces/" + team + "/repositories/x/', 'path-move')).toMatch(/not a path-move edit/);
  });

  it('the verifier reads the namespace back: a name that is not the body\'s is refused', async () => {
    const f = await createFinding('make.py', PY);
    const edits = f.fix!.edits.map((e) => ({ ...e, text: e.text.replace('team', 'other') }));
    const wrong = { ...f, fix: { ...f.fix!, edits, target: 'https://hub.docker.com/v2/namespaces/{other}/repositories/' } };
    const after = applyEdits(PY, edits).text;
    expect(await verifyFix(PY, after, [wrong], edits, await fixVerifierFor('make.py', PY, options))).toMatch(/create migration incomplete: the URL does not carry the body's namespace \(team\)/);
  });
});
