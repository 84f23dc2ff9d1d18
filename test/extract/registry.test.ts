import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adapterNameFor, adapterNameForFence, hasOwnNeedleFor, LANGUAGES, languagesWhere, loadAdapter, LOADERS, type AdapterName, type Language } from '../../src/extract/registry.js';
import { MAX_NESTING } from '../../src/extract/nesting.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { compileRules } from '../../src/match/ruleset.js';
import { adapterFor, AST_SIZE_LIMIT, lintFile, lintText } from '../../src/scan/lint-file.js';
import { fixVerifierFor } from '../../src/scan/fix-verifier.js';
import { makeReadGate, mayUseConstants } from '../../src/scan/read/read-batch.js';

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
    expect([...languagesWhere((l) => l.readsConstants === true)].sort()).toEqual(['csharp', 'go', 'groovy', 'java', 'js', 'kotlin', 'perl', 'php', 'powershell', 'python', 'ruby', 'rust', 'shell']);
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

  describe('a language added to the registry needs no other table edited: every consumer reads its entry', () => {
    const ruleSet = compileRules(builtinRules());
    const opts = { ruleSet, context: { project: NO_PROJECT }, prefilter: () => false };
    const registered: readonly Language[] = LANGUAGES;
    // One file per language as the scan meets it: by its first extension.
    const files = registered.flatMap((l) => (l.extensions?.length ? [{ l, path: `src/a${l.extensions[0]}` }] : []));

    it('covers every language that has a file kind', () => {
      expect(files.map((f) => f.l.name).sort()).toEqual(registered.filter((l) => l.name !== 'text').map((l) => l.name).sort());
    });

    it('the constants pass and the syntax-tree size limit', () => {
      const big = 'x'.repeat(AST_SIZE_LIMIT + 1);
      for (const { l, path } of files) {
        expect(mayUseConstants(path), l.name).toBe(l.readsConstants === true);
        // A Hub path without a host opens the file only where another file may hold the base.
        expect(makeReadGate({ crossFilePaths: true })(Buffer.from('get("/v2/repositories/" + name)'), path), l.name).toBe(l.readsConstants === true);
        expect(adapterFor(path, big, opts), l.name).toBe(l.syntaxTree === true ? 'text' : l.name);
      }
    });

    it('the prefilters (byte gate of the read pass, text gate of lintFile) let a file in by its own needles', async () => {
      const gate = makeReadGate({});
      // Deep nesting makes a file that got past the prefilter visible: the guard reports it.
      const deep = '['.repeat(MAX_NESTING + 2);
      for (const { l, path } of files) {
        for (const needle of l.needles ?? []) {
          expect(/^[\x20-\x7e]+$/.test(needle), `${l.name} needle ${needle} is ASCII`).toBe(true);
          expect(gate(Buffer.from(`x ${needle} y`), path), `${l.name}: ${needle}`).toBe(true);
          expect(hasOwnNeedleFor(path, needle)).toBe(true);
          if (l.flat !== true) expect((await lintFile(path, `${needle}\n${deep}`, opts)).map((f) => f.ruleId)).toEqual(['internal-error']);
        }
        // Without a needle or a Hub host, neither gate lets the file in.
        expect(gate(Buffer.from('nothing to see'), path), l.name).toBe(false);
        expect(await lintFile(path, `nothing\n${deep}`, opts), l.name).toEqual([]);
      }
    });

    it('the nesting guard (flat languages need none)', async () => {
      const deep = `https://hub.docker.com/v2/repositories/acme/web/ ${'['.repeat(MAX_NESTING + 2)}`;
      for (const { l, path } of files) {
        const found = await lintFile(path, deep, { ...opts, prefilter: () => true });
        expect(found.some((f) => f.ruleId === 'internal-error' && f.message.includes('nested')), l.name).toBe(l.flat !== true);
      }
    });

    it('the lexer and the grammar of the fix step', async () => {
      for (const { l, path } of files) {
        const verifier = await fixVerifierFor(path, '', opts);
        expect(verifier.lexer !== null, `${l.name} lexer`).toBe('lexer' in LOADERS[l.name as AdapterName]);
        if (l.grammar !== undefined) expect(verifier.parseErrors, l.name).toBeTypeOf('function');
      }
    });

    it('no file outside src/extract/ spells a registered extension (a table of its own)', () => {
      const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
      const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
      const outside = walk(src).filter((f) => !relative(src, f).startsWith('extract'));
      const extensions = registered.flatMap((l) => l.extensions ?? []);
      const hits = outside.flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        return extensions.filter((e) => text.includes(`'${e}'`) || text.includes(`"${e}"`)).map((e) => `${relative(src, f)}: ${e}`);
      });
      expect(hits).toEqual([]);
    });
  });
});
