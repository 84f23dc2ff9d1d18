import { afterAll, describe, expect, it } from 'vitest';
import { DockerApiError } from '../../src/engine/index.js';
import { engineEnv, testClient } from './helpers.js';

// The attach stream read into one caller-given buffer (src/engine/hijack.ts), as `engine run`
// reads it, against the real daemon.
const client = testClient();
const created: string[] = [];

afterAll(async () => {
  for (const id of created) await client.removeContainer(id, { force: true }).catch(() => undefined);
});

describe('attach into one reused buffer', () => {
  it('delivers every byte of both streams when frame headers straddle tiny reads', async () => {
    // 7 bytes: no 8-byte header ever fits in one read, every payload is cut in pieces.
    const readBuffer = Buffer.alloc(7);
    const script = 'printf "out-1\\n"; printf "err-1\\n" >&2; head -c 3000 /dev/zero | tr "\\0" x; printf "\\nend\\n"';
    const { Id } = await client.createContainer({ Image: engineEnv().image, Cmd: ['sh', '-c', script], Tty: false });
    created.push(Id);
    const attached = await client.attachContainer(Id, { stdout: true, stderr: true, tty: false, readBuffer });
    const wait = await client.registerWait(Id, { condition: 'next-exit' });
    await client.startContainer(Id);
    const got: Record<string, Buffer[]> = { stdout: [], stderr: [] };
    let views = 0;
    for await (const runs of attached.output) {
      for (const run of runs) {
        // A view into the reused buffer: it must be copied before the next read.
        if (run.data.buffer === readBuffer.buffer) views++;
        got[run.stream].push(Buffer.from(run.data));
      }
    }
    expect((await wait.result).StatusCode).toBe(0);
    expect(Buffer.concat(got.stdout).toString()).toBe(`out-1\n${'x'.repeat(3000)}\nend\n`);
    expect(Buffer.concat(got.stderr).toString()).toBe('err-1\n');
    expect(views).toBeGreaterThan(100);
  });

  it('turns a refused attach (no such container) into the daemon\'s error', async () => {
    const attempt = client.attachContainer('hublint-no-such-container-4711', { readBuffer: Buffer.alloc(64 * 1024) });
    await expect(attempt).rejects.toBeInstanceOf(DockerApiError);
    await expect(attempt).rejects.toMatchObject({ status: 404, daemonMessage: expect.stringMatching(/no such container/i) });
  });
});
