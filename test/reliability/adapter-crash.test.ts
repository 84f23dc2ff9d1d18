import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// Force the Python adapter to throw; every other adapter stays real.
vi.mock('../../src/extract/registry.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/extract/registry.js')>();
  return {
    ...real,
    loadAdapter: async (name: Parameters<typeof real.loadAdapter>[0]) =>
      name === 'python'
        ? { name: 'python', extract: () => { throw new TypeError('forced failure\n    at somewhere (x.js:1:1)'); } }
        : real.loadAdapter(name),
  };
});

const { lint } = await import('../../src/scan/run.js');

describe('an adapter that throws', () => {
  it('costs its file an internal-error finding and the run goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hublint-crash-'));
    writeFileSync(join(dir, 'a.py'), 'requests.get("https://hub.docker.com/v2/repositories/acme/web/")\n');
    writeFileSync(join(dir, 'b.sh'), 'curl https://hub.docker.com/v2/repositories/acme/api/\n');
    const { findings } = await lint({ cwd: dir, paths: ['.'] });
    expect(findings.map((f) => [f.file, f.ruleId])).toEqual([
      ['a.py', 'internal-error'],
      ['b.sh', 'hub-get-repository'],
    ]);
    const crash = findings[0];
    expect(crash.severity).toBe('warning');
    expect(crash.message).toBe('the python adapter failed on this file: forced failure');
    expect(crash.adapter).toBe('python');
  });
});
