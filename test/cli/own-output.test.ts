import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

/**
 * hublint never reports files it wrote (issue 32 row 2): its cache and its reports, known by
 * their content whatever their name, are not scanned as sources on the next run.
 */

const FORMATS = ['json', 'sarif', 'gitlab', 'junit', 'github', 'markdown', 'html', 'text'];

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hublint-own-'));
  writeFileSync(join(dir, 'a.txt'), 'see https://hub.docker.com/v2/repositories/acme/web/\n');
  writeFileSync(join(dir, 'b.sh'), 'curl https://index.docker.io/v1/repositories/acme/web/tags\nexport DOCKER_API_VERSION=1.41\n');
  return dir;
}

const filesOf = (stdout: string) => [...new Set((JSON.parse(stdout) as { findings: Array<{ file: string }> }).findings.map((f) => f.file))];

describe('hublint does not report its own files', () => {
  it('after --cache, -o and --report in every format (odd names included), the next scan reports the sources only', () => {
    const dir = project();
    const first = hublint(['-f', 'json', '--cache', '.'], { cwd: dir });
    expect(first.code).toBe(1);
    const before = JSON.parse(first.stdout) as { findings: unknown[] };
    // Names that say nothing of what the file is: the content tells.
    for (const format of FORMATS) expect(hublint(['-f', format, '-o', `out-${format}.txt`, 'a.txt', 'b.sh'], { cwd: dir }).code).toBe(1);
    expect(hublint(['--report', 'sarif=hublint.sarif', '--report', 'gitlab=gl-code-quality-report.json', 'a.txt', 'b.sh'], { cwd: dir }).code).toBe(1);
    expect(hublint(['baseline', '-o', 'recorded.txt', 'a.txt', 'b.sh'], { cwd: dir }).code).toBe(0);
    expect(hublint(['--cache', '--cache-location', 'somewhere.dat', 'a.txt'], { cwd: dir }).code).toBe(1);
    expect(readdirSync(dir)).toHaveLength(2 + FORMATS.length + 2 + 1 + 2);

    const again = hublint(['-f', 'json', '.'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(filesOf(again.stdout)).toEqual(['a.txt', 'b.sh']);
    expect((JSON.parse(again.stdout) as { findings: unknown[] }).findings).toEqual(before.findings);
    // The cached run too, and the pins listing.
    expect(filesOf(hublint(['-f', 'json', '--cache', '.'], { cwd: dir }).stdout)).toEqual(['a.txt', 'b.sh']);
    expect(filesOf(hublint(['pins', '-f', 'json', '.'], { cwd: dir }).stdout)).toEqual(['b.sh']);
  });

  it('a file that only looks like data is still scanned: JSON naming a Hub URL, a text file naming hublint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-own-not-'));
    writeFileSync(join(dir, 'config.json'), '{\n  "tool": {"name": "other"},\n  "url": "https://hub.docker.com/v2/repositories/acme/web/"\n}\n');
    writeFileSync(join(dir, 'notes.md'), '# hublint notes\n\nsee https://hub.docker.com/v2/repositories/acme/web/\n');
    const r = hublint(['-f', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(filesOf(r.stdout)).toEqual(['config.json', 'notes.md']);
  });
});
