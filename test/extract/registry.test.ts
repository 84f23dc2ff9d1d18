import { describe, expect, it } from 'vitest';
import { adapterNameFor, adapterNameForFence, LANGUAGES, languagesWhere, loadAdapter, type AdapterName } from '../../src/extract/registry.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { compileRules } from '../../src/match/ruleset.js';
import { lintText } from '../../src/scan/lint-file.js';

/** The one list of languages, and the tables the rest of hublint derives from it. */
describe('language registry', () => {
  const names = LANGUAGES.map((l) => l.name);

  it('names each language once, and each loads the adapter of that name', async () => {
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect((await loadAdapter(name)).name).toBe(name);
  });

  it('gives every extension, file name and fence to one language only', () => {
    const extensions = LANGUAGES.flatMap((l) => ('extensions' in l ? [...l.extensions] : []));
    const fences = LANGUAGES.flatMap((l) => ('fences' in l ? [...l.fences] : []));
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(new Set(fences).size).toBe(fences.length);
    for (const l of LANGUAGES) {
      for (const e of 'extensions' in l ? l.extensions : []) expect(adapterNameFor(`src/a${e.toUpperCase()}`)).toBe(l.name);
      for (const f of 'fences' in l ? l.fences : []) expect(adapterNameForFence(` ${f} title="x"`)).toBe(l.name);
    }
    expect(adapterNameFor('deploy/Dockerfile.prod')).toBe('dockerfile');
    expect(adapterNameFor('.env.local')).toBe('shell');
    expect(adapterNameFor('Jenkinsfile')).toBe('groovy');
    expect(adapterNameFor('notes.txt')).toBe('text');
    expect(adapterNameForFence('mermaid')).toBe('text');
  });

  it('derives which languages read constants of other files and which build a syntax tree', () => {
    expect([...languagesWhere((l) => l.readsConstants === true)].sort()).toEqual(['csharp', 'go', 'java', 'js', 'kotlin', 'powershell', 'python', 'shell']);
    expect([...languagesWhere((l) => l.syntaxTree === true)].sort()).toEqual(['js', 'json', 'yaml']);
  });

  it('reads fenced code with the adapters the registry names for fences', async () => {
    const md = await loadAdapter('markdown');
    const text = '```powershell\nInvoke-WebRequest -Method Head https://hub.docker.com/v2/repositories/acme/web/\n```\n';
    const [c] = md.extract('README.md', text, { project: NO_PROJECT });
    // The PowerShell adapter knows the method; the plain URL scan would not.
    expect({ method: c.method, source: c.methodSource }).toEqual({ method: 'HEAD', source: 'explicit' });
  });

  it('has warm-up snippets that each name a deprecated call (a HEAD of a repository)', async () => {
    const ruleSet = compileRules(builtinRules());
    for (const l of LANGUAGES) {
      if (!('warm' in l)) continue;
      const found = await lintText(l.warm.path, l.warm.text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });
      expect(adapterNameFor(l.warm.path) as AdapterName).toBe(l.name);
      expect(found.map((f) => f.ruleId)).toEqual(['hub-check-repository']);
    }
  });
});
