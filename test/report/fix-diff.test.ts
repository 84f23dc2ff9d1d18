import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { fromJsonFinding, type JsonFinding } from '../../src/report/finding-json.js';
import { fixDiff } from '../../src/report/migration-summary.js';

// The audit's "Fix as a diff" applied the edits' columns to the snippet, which is the line
// trimmed: an indented call came out garbled (`/v2/userauth/tokejson=…`). Tried as a user.
describe('the audit diff of an indented call', () => {
  it('Markdown and HTML show the line as --fix would write it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-diff-'));
    writeFileSync(join(dir, 'login.py'), 'import requests\ndef login(u):\n    return requests.post("https://hub.docker.com/v2/users/login", json={"username": u})\n');
    writeFileSync(join(dir, 'get.js'), 'export function get() {\n        return fetch("https://hub.docker.com/v2/repositories/acme/web/");\n}\n');
    const md = hublint(['-f', 'markdown', '.'], { cwd: dir });
    expect(md.code).toBe(1);
    expect(md.stdout).toContain('    - return requests.post("https://hub.docker.com/v2/users/login", json={"username": u})\n    + return requests.post("https://hub.docker.com/v2/auth/token", json={"identifier": u})\n');
    expect(md.stdout).toContain('    + return fetch("https://hub.docker.com/v2/namespaces/acme/repositories/web/");\n');
    const html = hublint(['-f', 'html', '.'], { cwd: dir }).stdout;
    expect(html).toContain('+ return fetch(&quot;https://hub.docker.com/v2/namespaces/acme/repositories/web/&quot;);');
    expect(html).not.toContain('userauth');
  });
});

describe('every diffed line of the fix fixtures is the line --fix writes', () => {
  it('each "+" line is a line of the fixture\'s .after or .after-unsafe file', () => {
    const root = join(FIXTURES, 'fix');
    const json = JSON.parse(hublint(['-f', 'json', '.'], { cwd: root }).stdout) as { findings: JsonFinding[] };
    // The lines --fix writes for a finding's policy: .after (safe), .after-unsafe (--fix-type unsafe).
    const linesOf = (before: string, policy: string): Set<string> | null => {
      const after = join(root, before.replace('.before', policy === 'safe' ? '.after' : '.after-unsafe'));
      return existsSync(after) ? new Set(readFileSync(after, 'utf8').split('\n').map((l) => l.trim())) : null;
    };
    let diffed = 0;
    for (const f of json.findings.map(fromJsonFinding)) {
      // A file whose fix the checks refuse (its .after is unchanged) shows the planned edit only.
      // projects/ holds whole projects whose fixes a run holds back across files (test/fix/in-step.test.ts).
      if (!f.file.includes('.before') || f.file.startsWith('projects/') || readFileSync(join(root, f.file), 'utf8') === readFileSync(join(root, f.file.replace('.before', '.after')), 'utf8')) continue;
      const plus = fixDiff(f)?.split('\n').find((l) => l.startsWith('+ '));
      const lines = f.fix ? linesOf(f.file, f.fix.policy) : null;
      if (plus === undefined || lines === null) continue;
      diffed++;
      expect(lines.has(plus.slice(2)), `${f.file}:${f.line}: ${plus}`).toBe(true);
    }
    expect(diffed).toBeGreaterThanOrEqual(15);
  });
});
