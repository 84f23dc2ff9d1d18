import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// Issue 31, row 1: a rewrite resting on evidence a person should glance at (a name, an escape)
// is a suggestion: shown by --fix-dry-run, written by --fix --fix-type unsafe only, and its
// finding states the evidence. One fix the checks turn down leaves the others of its file.
const tmp = () => mkdtempSync(join(tmpdir(), 'hublint-suggest-'));

describe('suggestions (issue 31)', () => {
  it('a value named owner: dry run shows it, --fix leaves it, --fix --fix-type unsafe writes it', () => {
    const dir = tmp();
    const source = 'export const mine = (owner) => fetch(`https://hub.docker.com/v2/repositories/${owner}/?page_size=100`);\n';
    writeFileSync(join(dir, 'hub.js'), source);
    const json = JSON.parse(hublint(['-f', 'json', 'hub.js'], { cwd: dir }).stdout);
    expect(json.findings[0].fix.policy).toBe('unsafe');
    expect(json.findings[0].fix.evidence).toEqual(['the name `owner` holds one segment (the namespace)']);
    expect(json.findings[0].suggestion).toContain('rests on the name `owner` holds one segment');

    const dry = hublint(['--fix-dry-run', '--fix-type', 'unsafe', 'hub.js'], { cwd: dir });
    expect(dry.stdout).toContain('+export const mine = (owner) => fetch(`https://hub.docker.com/v2/namespaces/${owner}/repositories/?page_size=100`);');
    expect(readFileSync(join(dir, 'hub.js'), 'utf8')).toBe(source);

    const safe = hublint(['--fix', 'hub.js'], { cwd: dir });
    expect(safe.code).toBe(1);
    expect(safe.stderr).toContain('unsafe rewrite (use --fix-type unsafe after review)');
    expect(readFileSync(join(dir, 'hub.js'), 'utf8')).toBe(source);

    const unsafe = hublint(['--fix', '--fix-type', 'unsafe', 'hub.js'], { cwd: dir });
    expect(unsafe.code).toBe(0);
    expect(readFileSync(join(dir, 'hub.js'), 'utf8')).toBe('export const mine = (owner) => fetch(`https://hub.docker.com/v2/namespaces/${owner}/repositories/?page_size=100`);\n');
    // A second run changes nothing.
    expect(hublint(['--fix', '--fix-type', 'unsafe', 'hub.js'], { cwd: dir }).stderr).toContain('fixed 0 findings');
  });

  it('a value through url.PathEscape is one segment; SARIF carries the suggestion as a fix', () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'hub.go'),
      'package hub\n\nimport (\n\t"net/http"\n\t"net/url"\n)\n\nfunc List(ns string) (*http.Response, error) {\n\treturn http.Get("https://hub.docker.com/v2/repositories/" + url.PathEscape(ns) + "/")\n}\n',
    );
    const json = JSON.parse(hublint(['-f', 'json', 'hub.go'], { cwd: dir }).stdout);
    expect(json.findings[0].fix.evidence).toEqual(['`url.PathEscape(…)` keeps the value of `ns` in one segment']);
    const sarif = JSON.parse(hublint(['-f', 'sarif', 'hub.go'], { cwd: dir }).stdout);
    expect(sarif.runs[0].results[0].fixes[0].description.text).toContain('unsafe');
    const r = hublint(['--fix', '--fix-type', 'unsafe', 'hub.go'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'hub.go'), 'utf8')).toContain('http.Get("https://hub.docker.com/v2/namespaces/" + url.PathEscape(ns) + "/repositories/")');
  });

  it('a value with no evidence stays with a person, saying so', () => {
    const dir = tmp();
    const source = 'export const get = (entry) => fetch(`https://hub.docker.com/v2/repositories/library/${entry}/`);\n';
    writeFileSync(join(dir, 'hub.js'), source);
    const r = hublint(['--fix', '--fix-type', 'unsafe', 'hub.js'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('neither its name nor an escape says otherwise');
    expect(readFileSync(join(dir, 'hub.js'), 'utf8')).toBe(source);
  });

  it('one fix the checks turn down does not roll back the other fixes of the file', () => {
    const dir = tmp();
    const source = [
      "const REPO = 'https://hub.docker.com/v2/repositories/acme/web/';",
      'export const web = () => fetch(REPO);',
      "export const builds = () => fetch(REPO + 'builds/');",
      "export const api = () => fetch('https://hub.docker.com/v2/repositories/acme/api/');",
      '',
    ].join('\n');
    writeFileSync(join(dir, 'hub.js'), source);
    const r = hublint(['--fix', 'hub.js'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('fixed 1 finding in 1 file; 1 needs a person');
    expect(r.stderr).toContain('rolled back: after the edit the code would call https://hub.docker.com/v2/namespaces/acme/repositories/web/builds/');
    expect(readFileSync(join(dir, 'hub.js'), 'utf8')).toBe(source.replace("'https://hub.docker.com/v2/repositories/acme/api/'", "'https://hub.docker.com/v2/namespaces/acme/repositories/api/'"));
  });
  it('a piece of a split on / and a parameter every caller fills with a literal are evidence, stated', () => {
    const dir = tmp();
    const js = [
      'export async function show(image) {',
      "  const [space, title] = image.split('/');",
      '  return fetch(`https://hub.docker.com/v2/repositories/${space}/${title}/`);',
      '}',
      "const team = (crew, entry) => fetch('https://hub.docker.com/v2/repositories/' + crew + '/' + entry);",
      "export const all = () => [team('ops', 'gate'), team('ops', 'ledger')];",
      "const loose = (crew, entry) => fetch('https://hub.docker.com/v2/repositories/' + crew + '/' + entry);",
      "export const more = (who) => [loose(who, 'gate'), loose('ops', 'ledger')];",
      '',
    ].join('\n');
    writeFileSync(join(dir, 'hub.js'), js);
    writeFileSync(join(dir, 'hub.py'), 'import requests\n\n\ndef show(image):\n    space, title = image.split("/")\n    return requests.get(f"https://hub.docker.com/v2/repositories/{space}/{title}/")\n\n\ndef rest(ref):\n    space, title = ref.split("/", 1)\n    return requests.get(f"https://hub.docker.com/v2/repositories/{space}/{title}/")\n');
    const json = JSON.parse(hublint(['-f', 'json', '.'], { cwd: dir }).stdout);
    const at = (file: string, line: number) => json.findings.find((f: { file: string; line: number }) => f.file === file && f.line === line);
    expect(at('hub.js', 3).fix.evidence).toEqual(["`space` is a piece of `image.split('/')`, which holds no `/` (one segment)", "`title` is a piece of `image.split('/')`, which holds no `/` (one segment)"]);
    expect(at('hub.js', 3).suggestion).toContain("rests on `space` is a piece of `image.split('/')`");
    expect(at('hub.js', 5).fix.evidence).toEqual(['every call of `team` in this file (2) passes `crew` a literal of one segment', 'every call of `team` in this file (2) passes `entry` a literal of one segment']);
    // One caller passes a value: no evidence for `crew`.
    expect(at('hub.js', 7).fix).toBeUndefined();
    expect(at('hub.js', 7).fixRefusal).toContain('{crew}');
    expect(at('hub.py', 6).fix.policy).toBe('unsafe');
    // With a limit the last piece holds the rest of the value, slashes included.
    expect(at('hub.py', 11).fix).toBeUndefined();
    expect(at('hub.py', 11).fixRefusal).toContain('{title}');
  });
});
