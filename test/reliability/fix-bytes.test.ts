import { chmodSync, chownSync, linkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, hublint } from '../helpers/cli.js';
import { inSmallTmpfs, leftovers, tempDir } from '../helpers/hostile.js';

/**
 * Issue 17, items 3 and 6: --fix changes the bytes of the URL it rewrites and nothing else
 * (encoding, BOM, line endings, mode bits, owner, group, hard links), or refuses the file
 * with the right reason and leaves it exactly as it was.
 */

const OLD_URL = 'https://hub.docker.com/v2/repositories/acme/web/';
const NEW_URL = 'https://hub.docker.com/v2/namespaces/acme/repositories/web/';
const line = (url: string) => `curl -fsS ${url}\n`;

function fileIn(name: string, bytes: Buffer | string): { dir: string; file: string } {
  const dir = tempDir('fixbytes');
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return { dir, file };
}

describe('--fix keeps every byte it does not edit', () => {
  it('UTF-8 with a BOM, CRLF line endings and non-ASCII text: only the URL bytes change', () => {
    const before = Buffer.from(`\ufeff# café ☕ 名前\r\n${line(OLD_URL).replace('\n', '\r\n')}echo ü\r\n`, 'utf8');
    const after = Buffer.from(`\ufeff# café ☕ 名前\r\n${line(NEW_URL).replace('\n', '\r\n')}echo ü\r\n`, 'utf8');
    const { dir, file } = fileIn('a.sh', before);
    const dry = hublint(['--fix-dry-run', 'a.sh'], { cwd: dir });
    expect(dry.stdout).toContain(`-curl -fsS ${OLD_URL}`);
    expect(dry.stdout).toContain(`+curl -fsS ${NEW_URL}`);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(hublint(['--fix', 'a.sh'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(file).equals(after)).toBe(true);
  });

  it('a Latin-1 file is refused with the reason, byte for byte unchanged, and absent from the dry-run diff', () => {
    const before = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from(`\n${line(OLD_URL)}`)]);
    const { dir, file } = fileIn('latin1.sh', before);
    const dry = hublint(['--fix-dry-run', 'latin1.sh'], { cwd: dir });
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toMatch(/latin1\.sh: not fixed: not valid UTF-8 \(byte 0xE9 at offset 5\)/);
    const r = hublint(['--fix', 'latin1.sh'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not valid UTF-8/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('a UTF-16 file is refused as UTF-16, not as "changed on disk"', () => {
    const before = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line(OLD_URL), 'utf16le')]);
    const { dir, file } = fileIn('wide.sh', before);
    const r = hublint(['--fix', 'wide.sh'], { cwd: dir });
    expect(r.stderr).toMatch(/wide\.sh: not fixed: UTF-16 file left alone/);
    expect(r.stderr).not.toMatch(/changed on disk/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('keeps setuid, setgid and sticky bits', () => {
    const { dir, file } = fileIn('suid.sh', line(OLD_URL));
    chmodSync(file, 0o7755);
    expect(hublint(['--fix', 'suid.sh'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(line(NEW_URL));
    expect(statSync(file).mode & 0o7777).toBe(0o7755);
  });

  it('run as root, keeps another owner and group (and the setgid bit that chown would clear)', () => {
    const { dir, file } = fileIn('owned.sh', line(OLD_URL));
    chownSync(file, 65534, 65534);
    chmodSync(file, 0o2775);
    expect(hublint(['--fix', 'owned.sh'], { cwd: dir }).code).toBe(0);
    const st = statSync(file);
    expect([st.uid, st.gid, st.mode & 0o7777]).toEqual([65534, 65534, 0o2775]);
    expect(readFileSync(file, 'utf8')).toBe(line(NEW_URL));
  });

  it('run as nobody on a group-writable file of another owner: refused, owner and content kept', () => {
    const { dir, file } = fileIn('shared.sh', line(OLD_URL));
    chmodSync(dir, 0o777);
    chownSync(file, 0, 65534);
    chmodSync(file, 0o664);
    // nobody runs the CLI from this checkout: a checkout inside a 0700 folder (mktemp -d) is
    // opened for traversal (o+x) while it runs, and closed again.
    const r = traversableToOthers(dirname(CLI), () =>
      spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI, '--fix', 'shared.sh'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }),
    );
    expect(r.stderr).toMatch(/shared\.sh: not fixed: cannot keep its owner and group/);
    const st = statSync(file);
    expect([st.uid, st.gid]).toEqual([0, 65534]);
    expect(readFileSync(file, 'utf8')).toBe(line(OLD_URL));
    expect(leftovers(dir)).toEqual([]);
  });

  it('a hard-linked file is refused unless --fix-hardlinks, which fixes this name only and says so', () => {
    const { dir, file } = fileIn('one.sh', line(OLD_URL));
    linkSync(file, join(dir, 'two.txt'));
    const r = hublint(['--fix', 'one.sh'], { cwd: dir });
    expect(r.stderr).toMatch(/one\.sh: not fixed: hard-linked file \(2 names\)/);
    expect(readFileSync(file, 'utf8')).toBe(line(OLD_URL));
    const forced = hublint(['--fix', '--fix-hardlinks', 'one.sh'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(forced.stderr).toMatch(/one\.sh: hard link split: the 1 other name keeps the old content/);
    expect(readFileSync(file, 'utf8')).toBe(line(NEW_URL));
    expect(readFileSync(join(dir, 'two.txt'), 'utf8')).toBe(line(OLD_URL));
  });

  it('on a full disk (a 64 KB tmpfs in a mount namespace): refused, the file intact, no temp file', () => {
    const dir = tempDir('fixfull');
    const r = inSmallTmpfs(
      dir,
      64,
      `printf '%s' "$BIG" > a.sh && (head -c 200000 /dev/zero > filler 2>/dev/null; true) && ` +
        `$H --fix a.sh >/dev/null; echo "rc=$?"; ls -a; cmp -s a.sh "$ORIG" && echo intact`,
      { BIG: line(OLD_URL).repeat(500), ORIG: writeOriginal(line(OLD_URL).repeat(500)) },
    );
    expect(r.stdout).toMatch(/rc=1/);
    expect(r.stdout).toMatch(/^intact$/m);
    expect(r.stdout).not.toMatch(/\.tmp/);
    expect(r.stderr).toMatch(/a\.sh: not fixed: cannot write .*no space left on the device/);
  });
});

/** The expected bytes, kept outside the tmpfs for cmp. */
function writeOriginal(text: string): string {
  const { file } = fileIn('original.sh', text);
  return file;
}

/** Runs `fn` with every folder from `dir` up to the root enterable by others (o+x), then puts their modes back. */
function traversableToOthers<T>(dir: string, fn: () => T): T {
  const closed: Array<[string, number]> = [];
  for (let d = dir; ; d = dirname(d)) {
    const mode = statSync(d).mode & 0o7777;
    if ((mode & 0o001) === 0) closed.push([d, mode]);
    if (dirname(d) === d) break;
  }
  try {
    for (const [d, mode] of closed) chmodSync(d, mode | 0o001);
    return fn();
  } finally {
    for (const [d, mode] of closed) chmodSync(d, mode);
  }
}
