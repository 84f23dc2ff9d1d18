import { chmodSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { applyEdits } from '../../src/fix/apply-edits.js';
import { lint } from '../../src/scan/run.js';
import { runFix } from '../../src/fix/run-fix.js';
import { hublint } from '../helpers/cli.js';

const GET = 'https://registry.hub.docker.com/v2/repositories/acme/web/';
const tmp = () => mkdtempSync(join(tmpdir(), 'hublint-fix-'));

describe('--fix keeps what the user had', () => {
  it('CRLF line endings, the BOM, the file mode and the missing trailing newline', () => {
    const dir = tmp();
    const file = join(dir, 'notes.txt');
    writeFileSync(file, `\ufeffline one\r\nsee ${GET}?page=2\r\nlast line without newline`);
    chmodSync(file, 0o640);
    const r = hublint(['--fix', '.'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('\ufeffline one\r\nsee https://hub.docker.com/v2/namespaces/acme/repositories/web/?page=2\r\nlast line without newline');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    expect(r.stderr).toContain('fixed 1 finding in 1 file; 0 need a person');
  });

  it('--fix-dry-run prints a unified diff and changes nothing', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.txt'), `x ${GET}\n`);
    const r = hublint(['--fix-dry-run', '.'], { cwd: dir });
    expect(r.stdout).toContain('--- a/a.txt\n+++ b/a.txt\n');
    expect(r.stdout).toContain('+x https://hub.docker.com/v2/namespaces/acme/repositories/web/');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe(`x ${GET}\n`);
  });

  it('a read-only file is refused with a clear reason and nothing else is touched', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'ro.txt'), `${GET}\n`);
    writeFileSync(join(dir, 'rw.txt'), `${GET}\n`);
    chmodSync(join(dir, 'ro.txt'), 0o444);
    const r = hublint(['--fix', '.'], { cwd: dir });
    expect(r.stderr).toContain('ro.txt: not fixed: read-only file');
    expect(readFileSync(join(dir, 'ro.txt'), 'utf8')).toBe(`${GET}\n`);
    expect(readFileSync(join(dir, 'rw.txt'), 'utf8')).toContain('/v2/namespaces/acme/repositories/web/');
    expect(r.code).toBe(1);
  });

  it('leaves symlinked files alone', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'real.txt'), `${GET}\n`);
    symlinkSync(join(dir, 'real.txt'), join(dir, 'link.txt'));
    const r = hublint(['--fix', 'link.txt'], { cwd: dir });
    expect(r.stderr).toContain('link.txt: not fixed: symlinked file left alone');
    expect(readFileSync(join(dir, 'real.txt'), 'utf8')).toBe(`${GET}\n`);
  });

  it('refuses a file modified between scan and write', async () => {
    const dir = tmp();
    const file = join(dir, 'a.txt');
    writeFileSync(file, `${GET}\n`);
    const result = await lint({ cwd: dir, paths: ['.'] });
    writeFileSync(file, `edited meanwhile\n${GET}\n`);
    const out = await runFix(result.findings, { cwd: dir, fixType: 'safe', dryRun: false, relint: result.scanned.relint, verifier: result.scanned.verifier, scannedHash: result.scanned.hash });
    expect(out).toEqual([expect.objectContaining({ file: 'a.txt', status: 'refused', reason: 'changed on disk since it was scanned' })]);
    expect(readFileSync(file, 'utf8')).toBe(`edited meanwhile\n${GET}\n`);
  });

  it('--fix with --fix-dry-run is a usage error and writes nothing', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.txt'), `${GET}\n`);
    const r = hublint(['--fix', '--fix-dry-run', '.'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--fix and --fix-dry-run cannot be combined/);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe(`${GET}\n`);
  });

  it('--stdin --fix-dry-run prints the diff of standard input', () => {
    const input = 'import requests\nNS = "acme"\nrequests.get("https://hub.docker.com/v2/repositories/" + NS)\n';
    const r = hublint(['--stdin', '--stdin-filename', 'hub.py', '--fix-dry-run'], { cwd: tmp(), input });
    expect(r.stdout).toContain('--- a/hub.py\n+++ b/hub.py\n');
    expect(r.stdout).toContain('+requests.get("https://hub.docker.com/v2/namespaces/" + NS + "/repositories")');
    expect(r.stderr).toContain('would fix 1 finding in 1 file');
  });

  it('a call it will not rewrite says why, in text and in JSON', () => {
    const dir = tmp();
    const source = 'export const get = (image) => fetch("https://hub.docker.com/v2/repositories/" + image);\n';
    writeFileSync(join(dir, 'hub.js'), source);
    const text = hublint(['hub.js'], { cwd: dir });
    // `image` names namespace/repository (the shared arity decision): still not rewritten by itself.
    expect(text.stdout).toMatch(/needs a person: a value in the URL spans path segments that the new route puts apart/);
    const json = JSON.parse(hublint(['-f', 'json', 'hub.js'], { cwd: dir }).stdout);
    expect(json.findings[0].fix).toBeUndefined();
    expect(json.findings[0].fixRefusal).toMatch(/^a value in the URL spans path segments/);
    const fixed = hublint(['--fix', 'hub.js'], { cwd: dir });
    expect(readFileSync(join(dir, 'hub.js'), 'utf8')).toBe(source);
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toMatch(/fixed 0 findings in 0 files; 1 needs a person/);
  });

  it('a file whose name is not valid UTF-8 is refused in one line, byte for byte unchanged; its neighbours, one of them named like its decoding, are fixed', () => {
    const dir = tmp();
    const at = (name: Buffer) => Buffer.concat([Buffer.from(`${dir}/`), name]);
    const invalid = Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x74, 0x78, 0x74]); // bad\xff.txt
    const before = Buffer.from(`see ${GET}\n`);
    writeFileSync(at(invalid), before);
    // A real file whose (valid) name is what the invalid one decodes to: bad\uFFFD.txt.
    writeFileSync(join(dir, 'bad\uFFFD.txt'), `x ${GET}?page=2\n`);
    writeFileSync(join(dir, 'good.txt'), `y ${GET}\n`);
    const r = hublint(['--fix', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('fixed 2 findings in 2 files; 1 needs a person');
    expect(r.stderr).toMatch(/^ {2}bad\uFFFD\.txt \(2\): not fixed: its name is not valid UTF-8: left alone \(rename the file, or edit it by hand\)$/m);
    expect(readFileSync(at(invalid)).equals(before)).toBe(true);
    expect(readFileSync(join(dir, 'bad\uFFFD.txt'), 'utf8')).toBe('x https://hub.docker.com/v2/namespaces/acme/repositories/web/?page=2\n');
    expect(readFileSync(join(dir, 'good.txt'), 'utf8')).toBe('y https://hub.docker.com/v2/namespaces/acme/repositories/web/\n');
    // Nothing was created beside them (no file under the decoded name, no temp file).
    expect(readdirSync(dir, { encoding: 'buffer' }).length).toBe(3);
  });

  it('--fix with --staged is a usage error', () => {
    const r = hublint(['--fix', '--staged'], { cwd: tmp() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--fix cannot be used with --staged/);
  });
});

describe('property: text around a fix is never changed, and fixing is idempotent', () => {
  const options = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: makePrefilter() };
  const urls = [
    ['https://hub.docker.com/v2/repositories/acme/web/', 'https://hub.docker.com/v2/namespaces/acme/repositories/web/'],
    ['https://registry.hub.docker.com/v2/repositories/team-a/api?page=2', 'https://hub.docker.com/v2/namespaces/team-a/repositories/api?page=2'],
    ['https://hub.docker.com/v2/repositories/acme', 'https://hub.docker.com/v2/namespaces/acme/repositories'],
  ] as const;
  // Text that cannot glue onto a URL: no URL characters next to it.
  const filler = fc.stringMatching(/^[ a-zA-Z0-9.,:;!\n\t-]{0,40}$/).map((s) => s.replace(/[.,:;!]+$/, ''));

  it('holds for 1000 seeded cases', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(filler, fc.nat(urls.length - 1)), { minLength: 1, maxLength: 5 }), filler, async (pieces, tail) => {
        const before = pieces.map(([f, i]) => `${f} ${urls[i][0]} `).join('') + tail;
        const expected = pieces.map(([f, i]) => `${f} ${urls[i][1]} `).join('') + tail;
        const findings = await lintText('x.txt', before, options);
        const edits = findings.flatMap((f) => f.fix?.edits ?? []);
        const after = applyEdits(before, edits).text;
        expect(after).toBe(expected);
        // Re-linting finds none of the fixed calls, and a second pass has nothing to do.
        const again = await lintText('x.txt', after, options);
        expect(again).toEqual([]);
      }),
      { numRuns: 1000, seed: 20261122 },
    );
  });
});
