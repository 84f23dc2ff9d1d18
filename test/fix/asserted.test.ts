import { describe, expect, it } from 'vitest';
import { isExpectedValue, mirrorTest } from '../../src/fix/asserted.js';
import { lineStarts } from '../../src/fix/in-step.js';
import type { Candidate, Finding } from '../../src/core/types.js';

const URL = 'https://hub.docker.com/v2/repositories/acme/api/';

/** Whether the first `URL` literal in `text` is an expected value (its text starts after the quote). */
function expected(text: string): boolean {
  return isExpectedValue(text, lineStarts(text), text.indexOf(URL));
}

describe("a test's expected URL (issue 30, round 3: URLs built in tests but never requested)", () => {
  it('is the value of an assertion, in each language', () => {
    for (const t of [
      `    assert repo_url("acme", "api") == "${URL}"`,
      `    assert "${URL}" == repo_url("acme", "api")`,
      `    self.assertEqual(repo_url("acme", "api"), f"${URL}")`,
      `  expect(buildUrl('acme', 'api')).toBe('${URL}');`,
      `  expect(buildUrl('acme', 'api')).toEqual(\n    '${URL}',\n  );`,
      `  assert.equal(buildUrl('acme', 'api'), \`${URL}\`);`,
      `\tassert.Equal(t, "${URL}", RepoURL("acme", "api"))`,
      `\tif got := RepoURL("acme", "api"); got != "${URL}" {`,
      `    expect(Hub.repo_url('acme', 'api')).to eq('${URL}')`,
      `    assert_equal '${URL}', Hub.repo_url('acme', 'api')`,
      `    assertEquals("${URL}", HubUrls.repoUrl("acme", "api"));`,
      `    $this->assertSame('${URL}', $hub->repoUrl('acme', 'api'));`,
      `    assert (\n        repo_url("acme", "api")\n        == "${URL}"\n    )`,
    ])
      expect(expected(t), t).toBe(true);
  });

  it('is a value named for what the test expects', () => {
    for (const t of [`    expected_url = "${URL}"`, `\twant := "${URL}"`, `\t\t{owner: "acme", want: "${URL}"},`, `  const expectedUrl = '${URL}';`, `    "expected": "${URL}",`])
      expect(expected(t), t).toBe(true);
  });

  it('is not a URL the test requests or hands to a mock', () => {
    for (const t of [
      `    responses.add(responses.GET, "${URL}", json={})`,
      `    httpx_mock.add_response(url="${URL}", status_code=404)`,
      `    url = "${URL}"`,
      `  await fetch('${URL}');`,
      `    result = await _fetch_json(\n        client, "${URL}"\n    )`,
      `  mock.onGet('${URL}').reply(200, {});`,
    ])
      expect(expected(t), t).toBe(false);
  });

  it('is kept apart from the findings only in a test file, and so is a URL a test builds and sends nowhere', () => {
    const text = `def test_a():\n    assert f() == "${URL}"\n    u = base + "/v2/repositories/" + ns\n`;
    const column = text.split('\n')[1].indexOf(URL) + 1;
    const finding = (file: string, line = 2, candidate?: Partial<Candidate>) =>
      ({ family: 'hub', status: 'deprecated', ruleId: 'hub-get-repository', file, line, column, ...(candidate ? { pendingFix: { candidate } } : {}) }) as Finding;
    const mirror = mirrorTest(() => text);
    expect(mirror(finding('tests/test_a.py'))).toBe(true);
    expect(mirror(finding('src/a.py'))).toBe(false);
    expect(mirror(finding('tests/test_a.py', 3, { rebuilt: true, methodSource: 'default' }))).toBe(true);
    expect(mirror(finding('tests/test_a.py', 3, { rebuilt: true, methodSource: 'explicit' }))).toBe(false);
  });
});
