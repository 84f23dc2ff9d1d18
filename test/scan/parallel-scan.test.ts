import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

// A tree past lint.ts's PARALLEL_READ (1024 files): the built CLI reads most of it in scan
// workers (scan/workers/scan-worker.ts). HUBLINT_WORKERS=0 reads it all on the main thread; both
// must report the same, byte for byte, and what the files hold.
const root = mkdtempSync(join(tmpdir(), 'hublint-parallel-'));
const put = (path: string, data: string | Buffer) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), data);
};

beforeAll(() => {
  for (let i = 0; i < 1600; i++) {
    const dir = `pkg${i % 40}/sub${i % 7}`;
    const ext = ['js', 'py', 'go', 'md', 'ts'][i % 5];
    put(`${dir}/filler${i}.${ext}`, `// filler ${i}\nconst value${i} = "${'x'.repeat(i % 300)}";\n`);
  }
  // Each constant is defined in one folder and used from another, so whichever folder the
  // walk reaches first, one user file is linted before the constant it names is known.
  put('pkg3/hub-a.js', 'export const HUB_A = "https://hub.docker.com/v2";\nfetch("https://hub.docker.com/v2/users/login", { method: "POST" });\n');
  put('pkg31/hub-b.js', 'export const HUB_B = "https://hub.docker.com/v2";\nfetch("https://hub.docker.com/v2/users/login", { method: "POST" });\n');
  put('pkg31/uses-a.js', 'import { HUB_A } from "../pkg3/hub-a";\nfetch("https://hub.docker.com/v2/search/repositories/?query=x");\nfetch(`${HUB_A}/repositories/acme/web/`);\n');
  put('pkg3/uses-b.js', 'import { HUB_B } from "../pkg31/hub-b";\nfetch("https://hub.docker.com/v2/search/repositories/?query=x");\nfetch(`${HUB_B}/repositories/acme/api/`);\n');
  // Names no Hub host, only a Hub path: the base is read from the file it imports.
  put('pkg17/only-constant.js', 'import { HUB_A } from "../pkg3/hub-a";\nawait fetch(`${HUB_A}/repositories/acme/db/`, { method: "HEAD" });\n');
  // Engine pins, one suppressed.
  put('pkg9/ci.sh', 'export DOCKER_API_VERSION=1.24\nexport DOCKER_API_VERSION=1.25 # hublint-disable-line\n');
  // UTF-16 goes the careful way; binary and too-large files are skipped with a notice.
  put('pkg5/utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('see https://hub.docker.com/v2/users/acme/repositories/\n', 'utf16le')]));
  put('pkg6/blob.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]));
  for (let i = 0; i < 3; i++) put(`pkg${20 + i}/big${i}.sh`, `curl https://hub.docker.com/v2/users/login\n${'#'.repeat(3000)}\n`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scan = (env: Record<string, string> = {}) => hublint(['--format', 'json', '--max-file-size', '2000', '.'], { cwd: root, env });
const withoutTiming = (stdout: string) => {
  const report = JSON.parse(stdout) as { stats: { durationMs?: number } };
  delete report.stats.durationMs;
  return report;
};

describe('a scan read by scan workers', () => {
  it('reports what a scan on one thread reports, notices in the same order', () => {
    const parallel = scan();
    const single = scan({ HUBLINT_WORKERS: '0' });
    expect(parallel.code).toBe(1);
    expect(single.code).toBe(1);
    expect(withoutTiming(parallel.stdout)).toEqual(withoutTiming(single.stdout));
    expect(parallel.stderr).toBe(single.stderr);
    expect(parallel.stderr.match(/skipped: .*--max-file-size/g)).toHaveLength(3);
  });

  it('finds cross-file constants whichever file is read first, pins, and UTF-16 files', () => {
    const report = JSON.parse(scan().stdout) as { findings: Array<{ file: string; line: number; ruleId: string }>; stats: { filesScanned: number; filesSkipped: number; suppressed: number } };
    const found = report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'pkg31/uses-a.js:3 hub-get-repository',
        'pkg3/uses-b.js:3 hub-get-repository',
        'pkg17/only-constant.js:2 hub-check-repository',
        'pkg9/ci.sh:1 engine-api-pin',
        'pkg5/utf16.txt:1 hub-user-repositories',
      ]),
    );
    expect(found.filter((f) => f.startsWith('pkg9/ci.sh'))).toHaveLength(1);
    expect(report.stats.suppressed).toBe(1);
    // 1600 fillers and 7 files above; the binary file and the three big ones are skipped.
    expect(report.stats.filesScanned).toBe(1600 + 7);
    expect(report.stats.filesSkipped).toBe(4);
  });
});
