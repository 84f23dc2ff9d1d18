import { describe, expect, it, vi } from 'vitest';
import { NO_PROJECT } from '../../src/extract/types.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { loadParser } from '../../src/runtime/parsers.js';
import { lowerPython } from '../../src/extract/languages/python/lowering.js';
import { Program } from '../../src/extract/lower/evaluate.js';
import { lintText } from '../../src/scan/lint-file.js';

// A generated client: one function per repository, each with its own `url`, all reading
// the module's BASE. Every read of a name is resolved once, whoever asks: the number of
// scope walks stays proportional to the reads, not to reads × definitions (a 240 KB file
// of 1,600 such functions took 80 s when each question walked every definition).
const N = 120;
const source = (n: number) =>
  ['import requests', 'BASE = "https://hub.docker.com/v2"', ...Array.from({ length: n }, (_, i) => `def fetch_${i}(org):\n    url = f"{BASE}/repositories/{org}/"\n    return requests.get(url, params={"page": ${i}})`)].join('\n') + '\n';

async function programOf(text: string) {
  const tree = (await loadParser('python')).parse(text);
  const lowered = lowerPython(tree, text);
  tree.delete();
  return { lowered, program: new Program(lowered, 'client.py', NO_PROJECT, true) };
}

describe('Program: the reads of a definition', () => {
  it("gives each function's `url` its own read and BASE all of them", async () => {
    const { lowered, program } = await programOf(source(N));
    const urls = lowered.defs.filter((d) => d.name === 'url');
    expect(urls).toHaveLength(N);
    for (const def of urls) {
      const reads = program.usesOf(def);
      expect(reads).toHaveLength(1);
      expect(reads[0].scope).toBe(def.scope);
      expect(reads[0].start).toBeGreaterThan(def.at);
    }
    const base = lowered.defs.find((d) => d.name === 'BASE')!;
    expect(program.usesOf(base)).toHaveLength(N);
  });

  it('resolves each read once, however many definitions are asked about', async () => {
    const { lowered, program } = await programOf(source(N));
    const walks = vi.spyOn(program as unknown as { lookUp(name: string, use: unknown): unknown }, 'lookUp');
    for (const def of lowered.defs) program.usesOf(def);
    for (const def of lowered.defs) program.usesOf(def);
    const reads = lowered.exprs.filter((e) => e.kind === 'name').length;
    expect(walks.mock.calls.length).toBeLessThanOrEqual(reads);
  });

  it('finds every call of the generated client, once each', async () => {
    const ruleSet = compileRules(builtinRules());
    const findings = await lintText('client.py', source(N), { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });
    expect(findings.map((f) => f.ruleId)).toEqual(Array.from({ length: N }, () => 'hub-list-repositories'));
    expect(new Set(findings.map((f) => f.line)).size).toBe(N);
  });
});
