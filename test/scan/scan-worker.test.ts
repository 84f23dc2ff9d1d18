import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBytePrefilter } from '../../src/scan/read/byte-prefilter.js';
import { ReadScratch } from '../../src/scan/read/fast-read.js';
import { readBatch, type ReadReply } from '../../src/scan/read/read-batch.js';
import { setupScanWorker, type ScanResponse } from '../../src/scan/workers/scan-worker.js';
import { PIN_BYTE_PATTERNS } from '../../src/pins/extract/prefilter.js';
import { builtinRules } from '../../src/rules/builtin.js';

const dir = mkdtempSync(join(tmpdir(), 'hublint-scan-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function put(name: string, data: string | Buffer) {
  writeFileSync(join(dir, name), data);
  return { path: name, absolute: join(dir, name) };
}

describe('readBatch', () => {
  it('keeps, quiets, skips and hands back what it cannot judge', () => {
    const items = [
      put('hub.ts', 'fetch("https://hub.docker.com/v2/repositories/a/b/")'),
      put('plain.js', 'console.log(1)'),
      put('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])),
      put('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hub.docker.com', 'utf16le')])),
      put('big.txt', 'x'.repeat(100)),
      { path: 'gone.txt', absolute: join(dir, 'gone.txt') },
    ];
    const { outcomes, quiet, quietListed } = readBatch(items, makeBytePrefilter(), 80, new ReadScratch(16));
    expect(quiet).toBe(1);
    expect(quietListed).toEqual([1]);
    expect(outcomes.map((o) => `${o.path} ${o.outcome}`)).toEqual(['hub.ts kept', 'image.png skipped', 'utf16.txt fallback', 'big.txt skipped', 'gone.txt skipped']);
    const kept = outcomes[0];
    expect(kept.outcome === 'kept' && kept.text).toContain('hub.docker.com');
  });
});

/** The reply of a read job that was not claimed elsewhere. */
function replyOf(response: ScanResponse): ReadReply {
  if (response.op !== 'read' || response.reply === null) throw new Error(`no read reply: ${JSON.stringify(response)}`);
  return response.reply;
}

describe('setupScanWorker (in this thread)', () => {
  it('reads a batch, then lints with the values of the files a site imports', async () => {
    const worker = await setupScanWorker({ rules: builtinRules(), ruleSetOptions: {}, gate: {}, maxSize: 1 << 20, cwd: dir });
    const read = await worker.handle({ op: 'read', items: [put('c.ts', 'export const HUB = "https://hub.docker.com/v2";')] });
    expect(replyOf(read).outcomes[0].outcome).toBe('kept');
    const lint = await worker.handle({ op: 'lint', job: { path: 'u.ts', text: 'import { HUB } from "./c";\nfetch(`${HUB}/repositories/acme/web/`);\n' } });
    expect(lint.op === 'lint' && lint.findings.map((f) => `${f.line} ${f.ruleId}`)).toEqual(['2 hub-get-repository']);
  });
});

describe('setupScanWorker: quiet files and pins', () => {
  it('keeps a host-less Hub path only in a language that reads other files, and counts the rest', async () => {
    const worker = await setupScanWorker({ rules: builtinRules(), ruleSetOptions: {}, gate: { crossFilePaths: true }, maxSize: 1 << 20 });
    const path = 'get(BASE + "/v2/repositories/" + ns)';
    const read = await worker.handle({ op: 'read', items: [put('q.js', 'x()'), put('p.py', path), put('p.md', path), put('q.sh', 'echo')] });
    expect(replyOf(read).quiet).toBe(3);
    expect(replyOf(read).outcomes.map((o) => `${o.path} ${o.outcome}`)).toEqual(['p.py kept']);
  });

  it('keeps the files that may pin for the main thread, which searches them', async () => {
    const worker = await setupScanWorker({ rules: builtinRules(), ruleSetOptions: {}, gate: { patterns: PIN_BYTE_PATTERNS }, maxSize: 1 << 20 });
    const read = await worker.handle({ op: 'read', items: [put('ci.sh', 'export DOCKER_API_VERSION=1.24\n'), put('other.sh', 'echo hello\n')] });
    expect(replyOf(read).outcomes.map((o) => `${o.path} ${o.outcome}`)).toEqual(['ci.sh kept']);
    expect(replyOf(read).quiet).toBe(1);
  });

  it('leaves a vendored file that only pins out: its pins are never reported', async () => {
    const worker = await setupScanWorker({ rules: builtinRules(), ruleSetOptions: {}, gate: { patterns: PIN_BYTE_PATTERNS }, maxSize: 1 << 20 });
    mkdirSync(join(dir, 'node_modules', 'sdk'), { recursive: true });
    const items = [put('node_modules/sdk/ci.sh', 'export DOCKER_API_VERSION=1.24\n'), put('node_modules/sdk/hub.sh', 'curl https://hub.docker.com/v2/repositories/acme/\n')];
    const read = await worker.handle({ op: 'read', items });
    // The Hub call in vendored code still counts; the pin does not.
    expect(replyOf(read).outcomes.map((o) => `${o.path} ${o.outcome}`)).toEqual(['node_modules/sdk/hub.sh kept']);
  });

  it('reads a batch only if it turns the claim first: the main thread may have taken it', async () => {
    const worker = await setupScanWorker({ rules: builtinRules(), ruleSetOptions: {}, gate: {}, maxSize: 1 << 20 });
    const items = [put('mine.ts', 'fetch("https://hub.docker.com/v2/repositories/acme/")')];
    const free = new Int32Array(new SharedArrayBuffer(4));
    expect(replyOf(await worker.handle({ op: 'read', items, claim: free })).outcomes.map((o) => o.outcome)).toEqual(['kept']);
    expect(free[0]).toBe(1);
    const taken = new Int32Array(new SharedArrayBuffer(4));
    taken[0] = 2;
    expect(await worker.handle({ op: 'read', items, claim: taken })).toEqual({ op: 'read', reply: null });
  });

});
