import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { loadParser } from '../../src/runtime/parsers.js';
import { lowerPython } from '../../src/extract/languages/python/lowering.js';
import { Evaluator, Program } from '../../src/extract/lower/evaluate.js';
import { arityOf } from '../../src/extract/lower/arity.js';

const ruleSet = compileRules(builtinRules());
const lint = (file: string, text: string) => lintText(file, text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });

describe('the lowered form', () => {
  it('keeps literal parts with their exact source ranges and interpolations as holes', async () => {
    const text = 'def f(ns):\n    u = f"https://hub.docker.com/v2/repositories/{ns}/"\n';
    const tree = (await loadParser('python')).parse(text);
    const lowered = lowerPython(tree, text);
    tree.delete();
    const def = lowered.defs.find((d) => d.name === 'u');
    expect(def?.value.kind).toBe('str');
    const pieces = new Evaluator(new Program(lowered, 'f.py', NO_PROJECT, true)).evaluate(def!.value);
    expect(pieces.map((p) => ('text' in p ? text.slice(p.start, p.end) : `{${p.hole}}`))).toEqual([
      'https://hub.docker.com/v2/repositories/',
      '{ns}',
      '/',
    ]);
  });

  it('decides arity from examples, split and names, and leaves the rest undecided', () => {
    const h = (hole: string, examples: string[] = [], oneSegment?: boolean) => arityOf({ hole, start: 0, end: 0, examples, oneSegment });
    expect(h('x', ['library/nginx']).segments).toBe(2);
    expect(h('x', ['acme']).segments).toBe(1);
    expect(h('x', [], true).segments).toBe(1);
    expect(h('imageRef').segments).toBe(2);
    expect(h('full_name').segments).toBe(2);
    expect(h('org').segments).toBe(1);
    expect(h('self.username').segments).toBe(1);
    expect(h('target').segments).toBeNull();
  });

  it('reads plurals and the names callers pass when a value is named for neither', () => {
    const h = (hole: string, callers?: string[]) => arityOf({ hole, start: 0, end: 0, examples: [], callers });
    expect(h('teams').segments).toBe(1);
    expect(h('person').segments).toBe(1);
    expect(h('people').segments).toBe(1);
    expect(h('key', ['org']).segments).toBe(1);
    expect(h('key', ['image', 'x']).segments).toBe(2);
    expect(h('key', ['x']).segments).toBeNull();
    // Callers that disagree decide nothing.
    expect(h('key', ['org', 'image']).segments).toBeNull();
    // The value's own name comes first.
    expect(h('owner', ['image']).segments).toBe(1);
  });
});

describe('findings from the shared resolver', () => {
  it('an undecided placeholder: likelier rule, the other named, low confidence, no fix', async () => {
    const [f] = await lint('a.py', 'import requests\ndef g(target):\n    return requests.get(f"https://hub.docker.com/v2/repositories/{target}/")\n');
    expect(f).toMatchObject({ ruleId: 'hub-get-repository', alternativeRuleIds: ['hub-list-repositories'], confidence: 'low', line: 3 });
    expect(f.fix).toBeUndefined();
    expect(f.message).toContain('hub-list-repositories');
  });

  it('a paginated listing makes the one-segment reading the likelier', async () => {
    const [f] = await lint('a.py', 'import requests\ndef g(target):\n    return requests.get(f"https://hub.docker.com/v2/repositories/{target}/?page=2")\n');
    expect(f).toMatchObject({ ruleId: 'hub-list-repositories', alternativeRuleIds: ['hub-get-repository'], confidence: 'low' });
  });

  it('a URL in a comment is info and never rewritten', async () => {
    const [f] = await lint('a.py', '# old: requests.get("https://hub.docker.com/v2/repositories/acme/")\nx = 1\n');
    expect(f).toMatchObject({ ruleId: 'hub-list-repositories', severity: 'info' });
    expect(f.fix).toBeUndefined();
  });

  it('reports a construction over lines at the line of the deprecated path, fix range intact', async () => {
    const text = 'import requests\nURL = (\n    "https://hub.docker.com/v2/"\n    "repositories/acme/"\n)\nrequests.get(URL)\n';
    const [f] = await lint('a.py', text);
    expect(f).toMatchObject({ ruleId: 'hub-list-repositories', line: 4 });
  });

  it('a deeply nested file neither overflows the stack nor hangs', async () => {
    const text = `x = ${'['.repeat(200_000)}\n# https://hub.docker.com/v2/repositories/acme/\n`;
    const started = Date.now();
    const findings = await lint('deep.py', text);
    // The nesting guard (issue 17) turns it into one internal-error finding before any parse.
    expect(findings.map((f) => [f.ruleId, f.message])).toEqual([['internal-error', expect.stringContaining('nested more than 1000 levels')]]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('PHP, Ruby, Rust, PowerShell and Kotlin through the shared walker', () => {
  const hub = 'https://hub.docker.com/v2/repositories/acme/';
  const deep = (d: number) => `${'('.repeat(d)}1${')'.repeat(d)}`;
  it.each([
    ['deep.php', `<?php\n$x = ${deep(900)};\n$u = "${hub}";\nfile_get_contents($u);\n`],
    ['deep.rb', `x = ${deep(900)}\nu = "${hub}"\nNet::HTTP.get(URI(u))\n`],
    ['deep.rs', `fn main() {\n    let x = ${deep(900)};\n    let u = "${hub}";\n    reqwest::get(u);\n}\n`],
    ['deep.ps1', `$x = ${deep(900)}\n$u = "${hub}"\nInvoke-RestMethod -Uri $u\n`],
    ['deep.kt', `fun main() {\n    val x = ${deep(900)}\n    val u = "${hub}"\n    client.get(u)\n}\n`],
    // Kotlin lambdas open a scope each and walk their statements: nested 900 deep too.
    ['lambdas.kt', `fun main() {\n    val x = ${'run { '.repeat(900)}1${' }'.repeat(900)}\n    val u = "${hub}"\n    client.get(u)\n}\n`],
  ])('%s: nesting under the guard is lowered without overflowing the stack', async (file, text) => {
    const findings = await lint(file, text);
    const line = text.split('\n').findIndex((l) => l.includes(hub)) + 1;
    expect(findings.map((f) => [f.ruleId, f.line, f.method])).toEqual([['hub-list-repositories', line, 'GET']]);
  });
});

describe('findings in comments and docs are info', () => {
  it.each([
    ['a Markdown code block', 'notes.md', '```sh\ncurl https://hub.docker.com/v2/repositories/acme/\n```\n'],
    ['reStructuredText', 'guide.rst', 'Call ``https://hub.docker.com/v2/repositories/acme/`` to list.\n'],
    ['a Ruby comment (tokenizer path)', 'hub.rb', '# GET https://hub.docker.com/v2/repositories/acme/\nx = 1\n'],
    ['a Go comment (tree-sitter path)', 'hub.go', 'package hub\n// GET https://hub.docker.com/v2/repositories/acme/\n'],
  ])('%s', async (_what, file, text) => {
    const findings = await lint(file, text);
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['hub-list-repositories', 'info']]);
  });
});

describe('a name assigned in branches and joined after them', () => {
  it('reports each branch whose value builds a deprecated route, and not a straight-line value a later one replaces', async () => {
    const text = [
      'import requests',
      'def fetch(opts, base="https://hub.docker.com/v2/"):',
      '    if opts.get("mine"):',
      '        tail = "repositories/" + opts["account"]',
      '    else:',
      '        tail = "namespaces/{}/repositories".format(opts["account"])',
      '    return requests.get(base + tail)',
      'def later(base="https://hub.docker.com/v2/"):',
      '    tail = "repositories/acme/"',
      '    tail = "namespaces/acme/repositories"',
      '    return requests.get(base + tail)',
      '',
    ].join('\n');
    const found = await lint('fetch.py', text);
    expect(found.map((f) => [f.line, f.ruleId, f.method])).toEqual([[4, 'hub-list-repositories', 'GET']]);
  });
});
