import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of src/ (docs/ARCHITECTURE.md), checked on the imports themselves: a
 * finding flows cli → scan → discover / extract → match → suppress → fix → report; the
 * Engine client stands apart and pins sit on it and on the rules. A part may import only
 * the parts below it in LAYERS, so no import runs against the flow and no two parts import
 * each other, directly or through others.
 */
const LAYERS: string[][] = [
  ['cli'],
  // The library's public face (src/index.ts).
  ['index'],
  ['scan'],
  ['pins'],
  ['discover', 'extract'],
  ['match'],
  ['suppress'],
  ['fix'],
  ['report'],
  ['config', 'rules'],
  ['engine'],
  ['core'],
  ['runtime'],
];

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The top-level part of src/ a file belongs to: its folder, or the file's own name. */
function partOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length === 1 ? parts[0].replace(/\.ts$/, '') : parts[0];
}

/** Relative module specifiers: static imports and re-exports (types too), import(), new URL(). */
function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]|new URL\(\s*['"`](\.{1,2}\/[^'"`$]+)['"`]/g;
  for (const m of text.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

interface Edge {
  from: string;
  to: string;
  file: string;
  spec: string;
}

function edges(): Edge[] {
  const out: Edge[] = [];
  for (const file of sourceFiles(SRC)) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      if (!target.startsWith(SRC + sep)) continue;
      const from = partOf(file);
      const to = partOf(target);
      if (from !== to) out.push({ from, to, file: relative(SRC, file), spec });
    }
  }
  return out;
}

/**
 * File-to-file imports that run: static imports and re-exports, import(), new URL(). A type-only
 * import (`import type`, `export type`) is erased by the compiler and loads nothing, so a type
 * shared both ways (the evaluator's Program, named in the project lookup it calls) is no circle.
 */
function runtimeFileEdges(): Array<Edge & { dynamic: boolean }> {
  const out: Array<Edge & { dynamic: boolean }> = [];
  const re = /^[ \t]*(import|export)\b(?!\s+type\b)[^;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|^[ \t]*import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|new URL\(\s*['"`](\.{1,2}\/[^'"`$]+)['"`]/gm;
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(re)) {
      const spec = m[2] ?? m[3] ?? m[4] ?? m[5];
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      if (!target.startsWith(SRC + sep) || !target.endsWith('.ts')) continue;
      out.push({ from: relative(SRC, file), to: relative(SRC, target), file: relative(SRC, file), spec, dynamic: m[4] !== undefined });
    }
  }
  return out;
}

/** Strongly connected components of two or more parts (Tarjan): the import cycles. */
function cycles(list: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of list) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    if (!next.has(e.to)) next.set(e.to, new Set());
    next.get(e.from)!.add(e.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

const rank = new Map(LAYERS.flatMap((layer, i) => layer.map((part) => [part, i] as const)));

describe('the architecture of src/', () => {
  const all = edges();

  it('finds the imports it checks', () => {
    // A parser that found nothing would pass every rule below.
    expect(all.some((e) => e.from === 'scan' && e.to === 'extract')).toBe(true);
    expect(all.some((e) => e.from === 'cli' && e.to === 'scan')).toBe(true);
  });

  it('places every top-level part of src/ in a layer', () => {
    const parts = new Set(sourceFiles(SRC).map(partOf));
    expect([...parts].filter((p) => !rank.has(p))).toEqual([]);
  });

  it('has no import cycle between top-level parts', () => {
    expect(cycles(all)).toEqual([]);
  });

  it('has no import circle between files anywhere in src/ (imports that load code)', () => {
    const files = runtimeFileEdges();
    // A parser that found nothing would pass: adapters load through import().
    expect(files.some((e) => e.dynamic && e.to === 'extract/lower/adapter.ts')).toBe(true);
    expect(files.some((e) => e.from === 'scan/lint-file.ts' && e.to === 'extract/registry.ts')).toBe(true);
    expect(cycles(files)).toEqual([]);
  });

  it('keeps each language in its folder: the shared parts of extract/ import none (the registry and the language table list them)', () => {
    const LANGS = 'extract/languages/';
    const shared = sourceFiles(join(SRC, 'extract')).map((f) => relative(SRC, f)).filter((f) => !f.startsWith(LANGS) && f !== 'extract/registry.ts' && f !== 'extract/language-table.ts');
    expect(shared.length).toBeGreaterThan(10);
    const into = shared.flatMap((f) => importsOf(readFileSync(join(SRC, f), 'utf8')).filter((spec) => relative(SRC, resolve(SRC, dirname(f), spec)).startsWith(LANGS)).map((spec) => `${f} imports ${spec}`));
    expect(into).toEqual([]);
    // Every language folder holds its registration: what it is, and how its code loads.
    const folders = readdirSync(join(SRC, LANGS), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.length).toBeGreaterThan(15);
    for (const d of folders) expect(readdirSync(join(SRC, LANGS, d.name)).filter((f) => f === 'language.ts' || f === 'load.ts').sort(), d.name).toEqual(['language.ts', 'load.ts']);
  });

  it('imports only down the flow (cli → scan → discover / extract → match → suppress → fix → report)', () => {
    const against = all.filter((e) => rank.get(e.from)! >= rank.get(e.to)!).map((e) => `${e.file} imports ${e.spec} (${e.from} → ${e.to})`);
    expect(against).toEqual([]);
  });

  it('keeps the Engine client apart: it imports only modules that import nothing themselves', () => {
    const outside = all.filter((e) => e.from === 'engine');
    const notLeaf = outside.filter((e) => importsOf(readFileSync(resolve(SRC, dirname(e.file), e.spec).replace(/\.js$/, '.ts'), 'utf8')).length > 0);
    expect(notLeaf.map((e) => `${e.file} imports ${e.spec}`)).toEqual([]);
  });

  it('reports a cycle and an upward import when there is one (the checks can fail)', () => {
    const made: Edge[] = [
      { from: 'match', to: 'fix', file: 'match/a.ts', spec: '../fix/b.js' },
      { from: 'fix', to: 'match', file: 'fix/b.ts', spec: '../match/a.js' },
    ];
    expect(cycles(made)).toEqual([['fix', 'match']]);
    const viaImport: Edge[] = [
      { from: 'extract/registry.ts', to: 'extract/lexers.ts', file: 'extract/registry.ts', spec: './lexers.js' },
      { from: 'extract/lexers.ts', to: 'extract/registry.ts', file: 'extract/lexers.ts', spec: './registry.js' },
    ];
    expect(cycles(viaImport)).toEqual([['extract/lexers.ts', 'extract/registry.ts']]);
    expect(made.filter((e) => rank.get(e.from)! >= rank.get(e.to)!).map((e) => e.file)).toEqual(['fix/b.ts']);
  });
});
