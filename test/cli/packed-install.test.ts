import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What a user gets from `npm install hublint`: the packed tarball installed into a new project
 * by npm itself (dependencies from the registry or npm's cache), then the installed `hublint`
 * run on a Kotlin file, whose grammar the package ships as a .wasm copied at build time.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** Bytes of a folder tree, as `du` would add them up (symlinks not followed). */
function treeBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += treeBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

describe('the packed package, installed by npm', () => {
  let app = '';
  let packedFiles: string[] = [];
  beforeAll(() => {
    expect(existsSync(join(root, 'dist/grammars/tree-sitter-kotlin.wasm')), 'dist/ is missing: run `npm run build`').toBe(true);
    app = mkdtempSync(join(tmpdir(), 'hl-install-'));
    const [{ filename, files }] = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', app], { cwd: root, encoding: 'utf8' }),
    ) as { filename: string; files: { path: string }[] }[];
    packedFiles = files.map((f) => f.path);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(app, filename)], {
      cwd: app,
      encoding: 'utf8',
      timeout: 240_000,
    });
  }, 300_000);
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('installs only what runs: no grammar sources, native prebuilds or their tools', () => {
    const installed = join(app, 'node_modules');
    expect(existsSync(join(installed, '@tree-sitter-grammars'))).toBe(false);
    expect(existsSync(join(installed, 'npm-check-updates'))).toBe(false);
    expect(existsSync(join(installed, 'hublint/dist/grammars/tree-sitter-kotlin.LICENSE'))).toBe(true);
    // 98 MB before the Kotlin grammar package left the dependencies; 46 MB after (ts-morph with
    // TypeScript and the tree-sitter runtime with its grammars are most of it).
    expect(treeBytes(installed) / 1e6).toBeLessThan(60);
  });

  it('holds every file the README links to (the rule docs) and the pre-commit hook definition', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = [...new Set([...readme.matchAll(/\]\(((?!https?:|#)[^)#\s]+)/g)].map((m) => m[1].replace(/^\.\//, '')))];
    expect(linked).toEqual(expect.arrayContaining(['docs/rules/hub-get-repository.md', 'docs/rules/engine-api-pin.md']));
    expect(linked.filter((path) => !packedFiles.includes(path))).toEqual([]);
    expect(packedFiles).toContain('.pre-commit-hooks.yaml');
  });

  it('scans a Kotlin file with the installed hublint', () => {
    writeFileSync(join(app, 'Client.kt'), 'val url = "https://hub.docker.com/v2/repositories/acme/web/"\nfun main() { java.net.URL(url).readText() }\n');
    const run = spawnSync(join(app, 'node_modules/.bin/hublint'), ['Client.kt', '-f', 'json'], {
      cwd: app,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const findings = (JSON.parse(run.stdout) as { findings: { ruleId: string; line: number }[] }).findings;
    expect(findings.map((f) => [f.ruleId, f.line])).toEqual([['hub-get-repository', 1]]);
  });
});
