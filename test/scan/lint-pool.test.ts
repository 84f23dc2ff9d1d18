import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { projectResolver } from '../../src/scan/project-files.js';
import { compileRules } from '../../src/match/ruleset.js';
import { startLintPool } from '../../src/scan/workers/lint-pool.js';
import { hostFilterFor, setupLintWorker } from '../../src/scan/workers/lint-worker.js';
import { builtinRules } from '../../src/rules/builtin.js';

const rules = builtinRules();
const CONSTANTS = { path: 'src/config.ts', text: 'export const HUB_API = "https://hub.docker.com/v2";\n' };
const FILES = [
  { path: 'src/a.ts', text: 'await fetch("https://hub.docker.com/v2/repositories/acme/web/", { method: "HEAD" });\n' },
  { path: 'src/b.js', text: 'import { HUB_API } from "./config";\nfetch(`${HUB_API}/repositories/acme/web/`);\n' },
  { path: 'src/c.ts', text: 'const nothing = "docker run nginx";\n' },
  { path: 'scripts/d.txt', text: 'see https://hub.docker.com/v2/users/acme/repositories/\n' },
];

// The file src/b.js imports: on disk, where a scan of `dir` reads it when a site needs it.
const dir = mkdtempSync(join(tmpdir(), 'hublint-lint-pool-'));
mkdirSync(join(dir, 'src'));
writeFileSync(join(dir, CONSTANTS.path), CONSTANTS.text);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const project = { cwd: dir, maxSize: 1 << 20 };

/** What lint.ts computes on the main thread today, for comparison. */
async function inline(files: typeof FILES) {
  const ruleSet = compileRules(rules, {});
  const prefilter = hostFilterFor({});
  return Promise.all(files.map((f) => lintText(f.path, f.text, { ruleSet, context: { project: projectResolver(project) }, prefilter })));
}

const summary = (all: Array<Array<{ file: string; line: number; ruleId: string }>>) => all.map((fs) => fs.map((f) => `${f.file}:${f.line} ${f.ruleId}`));

describe('setupLintWorker (in this thread)', () => {
  it('gives the findings lintText gives, with the values of imported files read from the project', async () => {
    const worker = await setupLintWorker({ rules, ruleSetOptions: {}, warm: [], project });
    const got = await Promise.all(FILES.map((f) => worker.handle(f)));
    expect(summary(got)).toEqual(summary(await inline(FILES)));
    expect(summary(got)[1]).toEqual(['src/b.js:2 hub-get-repository']);
  });

  it('warms the adapters it is asked to', async () => {
    const worker = await setupLintWorker({ rules, ruleSetOptions: {}, warm: ['js', 'text'] });
    expect(summary([await worker.handle(FILES[0])])).toEqual([['src/a.ts:1 hub-check-repository']]);
  });
});

describe('startLintPool (worker threads on dist/scan/workers/lint-worker.js)', () => {
  it('gives the same findings as the main thread', async () => {
    const pool = startLintPool({ rules, size: 2, workerUrl: new URL('../../dist/scan/workers/lint-worker.js', import.meta.url), project });
    try {
      await pool.ready();
      const got = await Promise.all(FILES.map((f) => pool.lint(f.path, f.text)));
      expect(summary(got)).toEqual(summary(await inline(FILES)));
      expect(pool.stats().warmMs).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });
});
