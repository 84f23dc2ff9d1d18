import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../../src/scan/run.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { enableTimings, takeTimings } from '../../src/runtime/stage-clock.js';

const dir = mkdtempSync(join(tmpdir(), 'hublint-parse-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one parse per file for Hub findings and pins', () => {
  it('parses a file that holds both a Hub call and a pin once', async () => {
    // Both: a deprecated Hub route (the lint pass) and a dockerode client pinned to an Engine API version (the pin search).
    writeFileSync(
      join(dir, 'client.js'),
      [
        "const Docker = require('dockerode');",
        "const docker = new Docker({ socketPath: '/var/run/docker.sock', version: 'v1.41' });",
        "fetch('https://hub.docker.com/v2/repositories/acme/');",
        '',
      ].join('\n'),
    );
    enableTimings();
    takeTimings();
    const { findings } = await lint({ cwd: dir, paths: ['.'], rules: [...builtinRules()] });
    const timings = takeTimings() ?? {};
    expect(findings.map((f) => f.ruleId).sort()).toEqual(['engine-api-pin', 'hub-list-repositories']);
    expect(timings['parse js']?.n).toBe(1);
    expect(timings['lower js']?.n).toBe(1);
  });
});
