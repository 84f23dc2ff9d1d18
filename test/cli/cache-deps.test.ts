import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// --cache keeps a file's findings while it is unchanged; a value its sites read from another
// file (which names no Hub host of its own) must still count: editing only that file changes
// the findings of the file that uses it.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-cache-deps-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The `file:line ruleId` of each finding of a `--cache` run. */
function cachedRun(dir: string): string[] {
  const r = hublint(['--cache', '--format', 'json', '.'], { cwd: dir });
  expect(r.stderr).toBe('');
  return (JSON.parse(r.stdout) as { findings: Array<{ file: string; line: number; ruleId: string }> }).findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`);
}

const cases: Array<{ name: string; files: Record<string, string>; edited: string; finding: string }> = [
  {
    name: 'a JS module the file imports',
    files: {
      'src/routes.js': `export const SIGN_IN = '/v2/users/login';\n`,
      'src/session.js': `import { SIGN_IN } from './routes.js';\n\nexport function openSession(body) {\n  return fetch('https://hub.docker.com' + SIGN_IN, { method: 'POST', body });\n}\n`,
    },
    edited: 'src/routes.js',
    finding: 'src/session.js:4 hub-users-login',
  },
  {
    name: 'a Go file of the same package',
    files: {
      'registry/paths.go': `package registry\n\nconst signInPath = "/v2/users/login"\n`,
      'registry/client.go': `package registry\n\nimport "net/http"\n\nfunc SignIn(c *http.Client) (*http.Response, error) {\n\treturn c.Post("https://hub.docker.com"+signInPath, "application/json", nil)\n}\n`,
    },
    edited: 'registry/paths.go',
    finding: 'registry/client.go:6 hub-users-login',
  },
  {
    name: 'a shell script the file sources',
    files: {
      'ci/settings.sh': `SIGN_IN_PATH=/v2/users/login\n`,
      'ci/publish.sh': `#!/bin/sh\n. ./settings.sh\ncurl -fsS -X POST "https://hub.docker.com\${SIGN_IN_PATH}" -d @credentials.json\n`,
    },
    edited: 'ci/settings.sh',
    finding: 'ci/publish.sh:3 hub-users-login',
  },
];

describe('--cache and the files a result was read from', () => {
  for (const c of cases) {
    it(`recomputes a file when only ${c.name} changes`, () => {
      const dir = project(c.files);
      const original = c.files[c.edited];
      expect(cachedRun(dir)).toEqual([c.finding]);
      // Unchanged: the cached result stands.
      expect(cachedRun(dir)).toEqual([c.finding]);
      // Only the file the value comes from changes: the finding goes…
      writeFileSync(join(dir, c.edited), original.replace('/v2/users/login', '/v2/auth/token'));
      expect(cachedRun(dir)).toEqual([]);
      // …and comes back when it changes back.
      writeFileSync(join(dir, c.edited), original);
      expect(cachedRun(dir)).toEqual([c.finding]);
    }, 60_000);
  }

  it('recomputes a Go file when a file joins its package', () => {
    const dir = project({
      'registry/client.go': `package registry\n\nimport "net/http"\n\nfunc SignIn(c *http.Client) (*http.Response, error) {\n\treturn c.Post("https://hub.docker.com"+signInPath, "application/json", nil)\n}\n`,
    });
    expect(cachedRun(dir)).toEqual([]);
    writeFileSync(join(dir, 'registry/paths.go'), `package registry\n\nconst signInPath = "/v2/users/login"\n`);
    expect(cachedRun(dir)).toEqual(['registry/client.go:6 hub-users-login']);
  }, 60_000);
});
