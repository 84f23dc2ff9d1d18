import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

function project(files: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-scale-'));
  writeFileSync(join(dir, 'config.ts'), `export const HUB_API = 'https://hub.docker.com/v2';\n`);
  for (let i = 0; i < files; i++) {
    writeFileSync(join(dir, `m${i}.ts`), `import { HUB_API } from './config';\nexport const r${i} = fetch(\`\${HUB_API}/repositories/acme/r${i}/\`, { method: 'HEAD' });\nfetch('https://hub.docker.com/v2/repositories/acme/x${i}/');\n`);
  }
  return dir;
}

const findingsOf = (stdout: string) => (JSON.parse(stdout) as { findings: unknown[] }).findings;

describe('a run big enough for the worker pool', () => {
  it('gives exactly the findings of a single-threaded run', () => {
    const dir = project(150);
    const pooled = hublint(['--format', 'json', '.'], { cwd: dir });
    const inline = hublint(['--format', 'json', '.'], { cwd: dir, env: { HUBLINT_WORKERS: '0' } });
    expect(pooled.code).toBe(1);
    expect(findingsOf(pooled.stdout)).toHaveLength(300);
    expect(findingsOf(pooled.stdout)).toEqual(findingsOf(inline.stdout));
  }, 120_000);
});

describe('--cache', () => {
  it('reuses results for unchanged files and recomputes changed ones', () => {
    const dir = project(5);
    const first = hublint(['--cache', '--format', 'json', '.'], { cwd: dir });
    expect(existsSync(join(dir, '.hublintcache'))).toBe(true);
    const second = hublint(['--cache', '--format', 'json', '.'], { cwd: dir });
    expect(findingsOf(second.stdout)).toEqual(findingsOf(first.stdout));
    writeFileSync(join(dir, 'm0.ts'), `fetch('https://hub.docker.com/v2/namespaces/acme/repositories/x0');\n`);
    const third = findingsOf(hublint(['--cache', '--format', 'json', '.'], { cwd: dir }).stdout) as Array<{ file: string }>;
    expect(third).toHaveLength(8);
    expect(third.some((f) => f.file === 'm0.ts')).toBe(false);
    // The constant changes: files that use it must not reuse stale results.
    writeFileSync(join(dir, 'config.ts'), `export const HUB_API = 'https://hub.docker.com/v2/namespaces';\n`);
    const fourth = findingsOf(hublint(['--cache', '--format', 'json', '.'], { cwd: dir }).stdout) as Array<{ ruleId: string }>;
    expect(fourth.filter((f) => f.ruleId === 'hub-check-repository')).toHaveLength(0);
  }, 120_000);
});
