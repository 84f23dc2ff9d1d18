import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A run that loads a tree-sitter grammar switches V8 to its baseline WebAssembly compiler for
// the load and back. V8 stamps every code cache with a hash of the flags that differ from their
// defaults, so the switch back must leave no flag changed: a cache written at the end of such a
// run must be one that the next run accepts, or every scan of a tree with Python or shell files
// compiles the TypeScript compiler and the bundle again (~0.3 s).

const root = mkdtempSync(join(tmpdir(), 'hublint-code-cache-flags-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dist = (path: string) => JSON.stringify(new URL(`../../dist/${path}`, import.meta.url).href);
const SCRIPT = `
  const { requireWithCodeCache } = await import(${dist('runtime/compile-cache.js')});
  const { loadParser } = await import(${dist('runtime/parsers.js')});
  const m = requireWithCodeCache(process.env.FILE, { cacheDir: process.env.DIR });
  const parser = await loadParser(process.env.GRAMMAR);
  const tree = parser.parse(process.env.SOURCE);
  process.stdout.write(JSON.stringify({ state: m.state, answer: m.exports.answer, root: tree.rootNode.type }));`;

describe('the code cache after a grammar load', () => {
  for (const [grammar, source, top] of [
    ['python', 'x = "a"\n', 'module'],
    ['bash', 'echo "$X"\n', 'program'],
  ] as const) {
    it(`is accepted by the next run (${grammar})`, () => {
      const dir = mkdtempSync(join(root, 'cache-'));
      const mod = join(dir, 'mod');
      mkdirSync(mod);
      const file = join(mod, 'index.js');
      writeFileSync(file, 'exports.answer = [1, 2, 3].map((x) => x * 14).pop();\n');
      const cacheDir = join(dir, 'v8');
      const run = () => {
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
          env: { ...process.env, FILE: file, DIR: cacheDir, GRAMMAR: grammar, SOURCE: source, HUBLINT_NO_CODE_CACHE: '' },
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
