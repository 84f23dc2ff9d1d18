import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payloadSum } from '../../src/runtime/payload-sum.js';

describe('payloadSum (the code cache checksum)', () => {
  const payload = randomBytes(100_003);

  it('is 16 hex digits and the same for the same bytes', () => {
    expect(payloadSum(payload)).toMatch(/^[0-9a-f]{16}$/);
    expect(payloadSum(Buffer.from(payload))).toBe(payloadSum(payload));
  });

  it('changes with one flipped bit anywhere, a cut, or zeros added', () => {
    const sum = payloadSum(payload);
    for (const at of [0, 7, 8, 50_000, payload.length - 1]) {
      const damaged = Buffer.from(payload);
      damaged[at] ^= 0x10;
      expect(payloadSum(damaged), `bit flipped at ${at}`).not.toBe(sum);
    }
    expect(payloadSum(payload.subarray(0, payload.length - 1))).not.toBe(sum);
    expect(payloadSum(Buffer.concat([payload, Buffer.alloc(5)]))).not.toBe(sum);
    expect(payloadSum(Buffer.alloc(16))).not.toBe(payloadSum(Buffer.alloc(8)));
  });

  it('sums a small payload after a big one without the big one’s bytes', () => {
    const small = Buffer.from('abc');
    const before = payloadSum(small);
    payloadSum(randomBytes(300_000));
    expect(payloadSum(small)).toBe(before);
  });

  it('works without WebAssembly (node --jitless), by fnv64', () => {
    // The built module (npm test builds first): a child process cannot load TypeScript.
    const url = new URL('../../dist/runtime/payload-sum.js', import.meta.url);
    const code = `import(${JSON.stringify(url.href)}).then((m) => console.log(typeof WebAssembly, m.payloadSum(Buffer.from('hublint'))))`;
    const r = spawnSync(process.execPath, ['--jitless', '-e', code], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const [kind, sum] = r.stdout.trim().split(' ');
    expect(kind).toBe('undefined');
    expect(sum).toMatch(/^[0-9a-f]{16}$/);
  });
});
