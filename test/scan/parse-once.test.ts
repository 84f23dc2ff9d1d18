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

describe('one parse per file for the comment pass', () => {
  it('reads the comments of a file lowered from a clean tree off that tree, not a second parse', async () => {
    const sub = mkdtempSync(join(dir, 'comments-'));
    writeFileSync(
      join(sub, 'hub.py'),
      [
        'import requests',
        // A base URL no candidate covers: before, the comment pass parsed the file again to see whether it stood in a comment.
        'BASE = "https://hub.docker.com/v2"',
        '# the old call was requests.get("https://hub.docker.com/v2/repositories/acme/")',
        'def get(org):',
        '    return requests.get(f"{BASE}/repositories/{org}/")',
        '',
      ].join('\n'),
    );
    enableTimings();
    takeTimings();
    const { findings } = await lint({ cwd: sub, paths: ['.'], rules: [...builtinRules()] });
    const timings = takeTimings() ?? {};
    expect(findings.map((f) => `${f.line} ${f.ruleId} ${f.severity}`)).toEqual(['3 hub-list-repositories info', '5 hub-list-repositories warning']);
    expect(timings['parse python']?.n).toBe(1);
    expect(timings['lex comments python']).toBeUndefined();
  });
});
