import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenTies, calledInTestCase, enclosingFunction, inStepTies, isTestFile } from '../../src/fix/in-step.js';
import type { Finding } from '../../src/core/types.js';
import { hublint } from '../helpers/cli.js';
import { FIXTURES, listFiles } from '../helpers/fixtures.js';

// Issue 31, row 4: a fix never leaves code and tests out of step. fixtures/fix/projects/<case>/
// holds a project's files as <name>.before.<ext>, with <name>.after.<ext> (plain --fix) and
// <name>.after-unsafe.<ext> (--fix --fix-type unsafe) where the run changes the file, and
// stderr.txt a line the run must say (why the other side was held back).
const ROOT = join(FIXTURES, 'fix', 'projects');

function project(dir: string): { at: string; files: string[] } {
  const at = mkdtempSync(join(tmpdir(), 'hublint-in-step-'));
  const files: string[] = [];
  for (const f of listFiles(dir).filter((x) => x.includes('.before.'))) {
    const name = relative(dir, f).replace('.before.', '.');
    mkdirSync(dirname(join(at, name)), { recursive: true });
    cpSync(f, join(at, name));
    files.push(name);
  }
  return { at, files };
}

const expected = (dir: string, name: string, type: 'safe' | 'unsafe'): string => {
  const dot = name.lastIndexOf('.');
  const form = (kind: string) => join(dir, `${name.slice(0, dot)}.${kind}${name.slice(dot)}`);
  const path = [type === 'unsafe' ? form('after-unsafe') : null, form('after'), form('before')].find((p) => p && existsSync(p))!;
  return readFileSync(path, 'utf8');
};

describe('code and tests in step, constants and their uses across files (issue 31, row 4)', () => {
  for (const c of readdirSync(ROOT)) {
    for (const type of ['safe', 'unsafe'] as const) {
      it(`${c} (${type}): each file as its after-file, and a second run changes nothing`, () => {
        const { at, files } = project(join(ROOT, c));
        const args = ['--fix', ...(type === 'unsafe' ? ['--fix-type', 'unsafe'] : []), '.'];
        const r = hublint(args, { cwd: at });
        expect(r.stderr.replace(/\s+/g, ' ')).toContain(readFileSync(join(ROOT, c, 'stderr.txt'), 'utf8').trim());
        for (const name of files) expect(readFileSync(join(at, name), 'utf8'), name).toBe(expected(join(ROOT, c), name, type));
        expect(hublint(args, { cwd: at }).stderr).toContain('fixed 0 findings');
      });
    }
  }

  it('the dry run shows neither side of a tie whose other side stays', () => {
    const { at } = project(join(ROOT, 'python-test-in-step'));
    const r = hublint(['--fix-dry-run', '--fix-type', 'unsafe', '.'], { cwd: at });
    expect(r.stdout).toContain('+    assert repo_url("acme", "api") == "https://hub.docker.com/v2/namespaces/acme/repositories/api"');
    expect(r.stdout).not.toContain('+    assert listing_url');
    expect(r.stderr).toContain('the test asserts what listing_url builds, and its URL is not rewritten in this run (hubapi/urls.py:12)');
  });

  it("reports no test's expected URL, yet rewrites it with the code it mirrors (issue 30: no call)", () => {
    const { at } = project(join(ROOT, 'python-test-in-step'));
    const r = hublint(['-f', 'json', '--fail-on', 'none', '.'], { cwd: at });
    const files = (JSON.parse(r.stdout) as { findings: Finding[] }).findings.map((f) => f.file);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => isTestFile(f))).toEqual([]);
    expect(hublint(['--fix-dry-run', '--fix-type', 'unsafe', '.'], { cwd: at }).stdout).toContain('+    assert repo_url("acme", "api") == "https://hub.docker.com/v2/namespaces/acme/repositories/api"');
  });

  it("never rewrites a test's expected URL alone, when no code finding of the run mirrors it", () => {
    const at = mkdtempSync(join(tmpdir(), 'hublint-in-step-'));
    mkdirSync(join(at, 'tests'));
    const test = 'from vendor import repo_url\n\n\ndef test_repo_url():\n    assert repo_url("acme", "api") == "https://hub.docker.com/v2/repositories/acme/api"\n';
    writeFileSync(join(at, 'tests', 'test_urls.py'), test);
    const r = hublint(['--fix', '--fix-type', 'unsafe', '.'], { cwd: at });
    expect(r.stderr).toContain('fixed 0 findings');
    expect(readFileSync(join(at, 'tests', 'test_urls.py'), 'utf8')).toBe(test);
  });

  it('names test files by each language convention, and nothing else', () => {
    for (const f of ['test/a.js', 'src/a.test.ts', 'pkg/a_test.go', 'tests/test_a.py', 'a/test_b.py', 'spec/a_spec.rb', 'src/HubTest.java', '__tests__/x.tsx']) expect(isTestFile(f), f).toBe(true);
    for (const f of ['src/a.js', 'pkg/a.go', 'hub/contest.py', 'src/latest.ts', 'testing/a.go']) expect(isTestFile(f), f).toBe(false);
  });

  it('reads the function around a finding and the names a test case calls, in each form', () => {
    const js = 'export const listUrl = (ns) =>\n  `x/${ns}`;\nclass Hub {\n  async tagsUrl(a, b) {\n    return `y/${a}`;\n  }\n}\n';
    expect(enclosingFunction(js, js.indexOf('x/'))).toBe('listUrl');
    expect(enclosingFunction(js, js.indexOf('y/'))).toBe('tagsUrl');
    const go = 'func (c *Client) RepoURL(ns string) string {\n\tif ns == "" {\n\t\treturn "z"\n\t}\n\treturn "w"\n}\n';
    expect(enclosingFunction(go, go.indexOf('"w"'))).toBe('RepoURL');
    const py = 'class Hub:\n    def repo_url(self, ns):\n        return "v"\n';
    expect(enclosingFunction(py, py.indexOf('"v"'))).toBe('repo_url');
    const test = 'def test_one():\n    assert one_url() == "a"\n\n\ndef test_two():\n    assert two_url() == "b"\n';
    expect([...calledInTestCase(test, test.indexOf('"b"'))]).toEqual(['test_two', 'two_url']);
  });

  it('holds back the side of a tie that would go in alone', () => {
    const f = (file: string, line: number, fp: string, fix = true): Finding => ({ file, line, fingerprint: fp, family: 'hub', fix: fix ? { policy: 'safe', edits: [{ start: 0, end: 1, line, column: 1, endLine: line, endColumn: 2, text: 'x' }] } : undefined }) as Finding;
    const code = f('src/a.js', 2, 'c');
    const test = f('test/a.test.js', 4, 't');
    const texts: Record<string, string> = { 'src/a.js': 'export function aUrl() {\n  return "u";\n}\n', 'test/a.test.js': "test('a', () => {\n  expect(aUrl()).toBe('u');\n});\n" };
    const ties = inStepTies([code, test], (file) => texts[file]);
    expect(ties).toHaveLength(1);
    expect(brokenTies(ties, () => true).size).toBe(0);
    expect([...brokenTies(ties, (x) => x === test).keys()]).toEqual(['t']);
    expect([...brokenTies(ties, (x) => x === code).values()][0].reason).toContain('the test at test/a.test.js:4 asserts what aUrl builds');
  });
});
