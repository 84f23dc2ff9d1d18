import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';

// Issue 31, row 6: the audit reports the scan as a migration — calls found, rewritten safely,
// suggested, needing a person with the reason — per file and per rule, and shows each fix as a diff.
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-migration-'));
  writeFileSync(
    join(dir, 'hub.js'),
    [
      "export const web = () => fetch('https://hub.docker.com/v2/repositories/acme/web/');",
      'export const mine = (owner) => fetch(`https://hub.docker.com/v2/repositories/${owner}/`);',
      'export const some = (entry) => fetch(`https://hub.docker.com/v2/repositories/library/${entry}/`);',
      '',
    ].join('\n'),
  );
  copyFileSync(join(FIXTURES, 'fix', 'python', 'login.before.py'), join(dir, 'login.py'));
  return dir;
}

describe('the migration summary (issue 31)', () => {
  it('JSON counts calls, safe fixes, suggestions and calls needing a person, per file and per rule', () => {
    const json = JSON.parse(hublint(['-f', 'json', '.'], { cwd: project() }).stdout);
    expect(json.migration.totals).toEqual({ calls: 4, safe: 1, suggested: 2, person: 1 });
    expect(json.migration.byFile).toEqual([
      { key: 'hub.js', calls: 3, safe: 1, suggested: 1, person: 1 },
      { key: 'login.py', calls: 1, safe: 0, suggested: 1, person: 0 },
    ]);
    expect(json.migration.byRule.find((r: { key: string }) => r.key === 'hub-users-login')).toEqual({ key: 'hub-users-login', calls: 1, safe: 0, suggested: 1, person: 0 });
    expect(json.migration.reasons).toEqual([{ reason: expect.stringContaining('the value of {entry} is not known'), calls: 1 }]);
  });

  it('Markdown and HTML show the summary, the evidence of each suggestion and each fix as a diff', () => {
    const dir = project();
    const md = hublint(['-f', 'markdown', '.'], { cwd: dir }).stdout;
    expect(md).toContain('4 Hub calls found: 1 rewritten safely by `--fix`, 2 suggested');
    expect(md).toContain('| `hub.js` | 3 | 1 | 1 | 1 |');
    expect(md).toContain('  - Suggestion resting on: the name `owner` holds one segment (the namespace)');
    expect(md).toContain('    + export const mine = (owner) => fetch(`https://hub.docker.com/v2/namespaces/${owner}/repositories/`);');
    const html = hublint(['-f', 'html', '.'], { cwd: dir }).stdout;
    expect(html).toContain('<section id="migration"><h2>Migration</h2>');
    expect(html).toMatch(/<p id="migration-totals">4 Hub calls found: 1 rewritten safely/);
    expect(html).toContain('<pre class="diff">@@ line 1 @@');
  });
});
