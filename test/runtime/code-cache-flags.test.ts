import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A run that loads a tree-sitter grammar switches V8 to its baseline WebAssembly compiler for
// the rest of the process (a kept flag, compile-cache.ts). V8 stamps every code cache with a
// hash of the flags that differ from their defaults and rejects it under others: a cache read
// before the switch must be written as it was read, and one read after it is keyed on the
// switch, so that the next run doing the same accepts it. Otherwise every scan of a tree with
// Python or shell files compiles the TypeScript compiler and the bundle again (~0.3 s).

const root = mkdtempSync(join(tmpdir(), 'hublint-code-cache-flags-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dist = (path: string) => JSON.stringify(new URL(`../../dist/${path}`, import.meta.url).href);
const SCRIPT = `
  const { requireWithCodeCache } = await import(${dist('runtime/compile-cache.js')});
  const { loadParser } = await import(${dist('runtime/parsers.js')});
  const early = process.env.ORDER === 'cache-first';
  const m0 = early ? requireWithCodeCache(process.env.FILE, { cacheDir: process.env.DIR }) : undefined;
  const parser = await loadParser(process.env.GRAMMAR);
  const m = m0 ?? requireWithCodeCache(process.env.FILE, { cacheDir: process.env.DIR });
  const tree = parser.parse(process.env.SOURCE);
  process.stdout.write(JSON.stringify({ state: m.state, answer: m.exports.answer, root: tree.rootNode.type }));`;

describe('the code cache after a grammar load', () => {
  for (const [grammar, source, top, order] of [
    ['python', 'x = "a"\n', 'module', 'cache-first'],
    ['bash', 'echo "$X"\n', 'program', 'cache-first'],
    ['python', 'x = "a"\n', 'module', 'grammar-first'],
    ['bash', 'echo "$X"\n', 'program', 'grammar-first'],
  ] as const) {
    it(`is accepted by the next run (${grammar}, ${order})`, () => {
      const dir = mkdtempSync(join(root, 'cache-'));
      const mod = join(dir, 'mod');
      mkdirSync(mod);
      const file = join(mod, 'index.js');
      writeFileSync(file, 'exports.answer = [1, 2, 3].map((x) => x * 14).pop();\n');
      const cacheDir = join(dir, 'v8');
      const run = () => {
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
          env: { ...process.env, FILE: file, DIR: cacheDir, GRAMMAR: grammar, SOURCE: source, ORDER: order, HUBLINT_NO_CODE_CACHE: '' },
          encoding: 'utf8',
        });
        expect(r.stderr).toBe('');
        return JSON.parse(r.stdout) as { state: string; answer: number; root: string };
      };
      expect(run()).toEqual({ state: 'miss', answer: 42, root: top });
      expect(run()).toEqual({ state: 'hit', answer: 42, root: top });
    });
  }
});
