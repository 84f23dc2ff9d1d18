import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import { runEngineCheck } from '../../src/cli/commands/pins.js';
import { HublintError } from '../../src/core/errors.js';
import { cliExitCode } from '../../src/cli/engine-errors.js';
import { EngineConnectionError } from '../../src/engine/index.js';
import type { JsonFinding } from '../../src/report/finding-json.js';
import { liveProbe, liveTarget } from '../../src/pins/live.js';
import type { PinVerdict } from '../../src/pins/types.js';
import setupEngine, { type EngineTestEnv } from '../setup/engine-global.js';
import { memoryIo } from './io.js';

/**
 * Against the real daemon of scripts/engine-up.sh (Debian's Engine 20.10: API 1.41,
 * minimum 1.12). Under the engine config the global setup provides it; otherwise this
 * suite starts it itself. Either way an unreachable daemon fails the suite: it never skips.
 */
async function engine(): Promise<EngineTestEnv> {
  const provided = inject('engine') as EngineTestEnv | undefined;
  if (provided) return provided;
  let env: EngineTestEnv | undefined;
  await setupEngine({ provide: (_key: string, value: EngineTestEnv) => (env = value) } as unknown as TestProject);
  if (!env) throw new Error('scripts/engine-up.sh provided no daemon');
  return env;
}

let host: string;
let project: string;

beforeAll(async () => {
  host = (await engine()).dockerHost;
  project = mkdtempSync(join(tmpdir(), 'hublint-pins-'));
  writeFileSync(join(project, 'deploy.sh'), 'export DOCKER_API_VERSION=1.41\n');
  writeFileSync(join(project, 'app.py'), 'import docker\nclient = docker.DockerClient(version="1.24")\n');
  writeFileSync(join(project, 'main.go'), 'import "github.com/docker/docker/client"\nc, _ := client.NewClientWithOpts(client.WithVersion("1.43"))\n');
  writeFileSync(join(project, 'inspect.sh'), 'curl --unix-socket /var/run/docker.sock http://localhost/v1.11/containers/json\n');
  writeFileSync(join(project, 'compose.yml'), 'services:\n  proxy:\n    environment:\n      DOCKER_API_VERSION: 1.40\n');
});

describe('engine check against the live daemon', () => {
  it('reads the range from /version', async () => {
    expect(await liveTarget({ host, env: {} })).toMatchObject({ apiVersion: '1.41', minApiVersion: '1.12', against: expect.stringMatching(/^20\.10\./) });
  });

  it('judges each pin and --probe agrees with every prediction', async () => {
    const io = memoryIo(project, { PATH: process.env.PATH, DOCKER_API_VERSION: '1.11' });
    const code = await runEngineCheck([], { probe: true, host, format: 'json' }, io);
    expect(io.err()).not.toContain('DISAGREES');
    expect(code).toBe(1);
    const { findings } = JSON.parse(io.out()) as { findings: JsonFinding[] };
    const byVersion = Object.fromEntries(
      findings.map((f) => {
        const [v] = f.verdicts as PinVerdict[];
        return [f.version, { verdict: v.verdict, behind: v.behind, status: v.probe?.status, severity: f.severity }];
      }),
    );
    expect(byVersion).toEqual({
      '1.41': { verdict: 'accepted', behind: null, status: 200, severity: 'info' },
      '1.24': { verdict: 'accepted-downgraded', behind: 17, status: 200, severity: 'warning' },
      '1.43': { verdict: 'rejected-too-new', behind: null, status: 400, severity: 'error' },
      '1.11': { verdict: 'rejected-too-old', behind: null, status: 400, severity: 'error' },
      // compose's DOCKER_API_VERSION: 1.40 is the number 1.4 (docs/engine-api.md §4).
      '1.4': { verdict: 'rejected-too-old', behind: null, status: 400, severity: 'error' },
    });
    for (const f of findings) {
      const [v] = f.verdicts as PinVerdict[];
      // The predicted refusal is the daemon's own words.
      if (v.errorText !== null) expect(v.probe?.message).toBe(v.errorText);
    }
  });

  it('shows what --probe got in the text output too', async () => {
    const io = memoryIo(project, { PATH: process.env.PATH });
    expect(await runEngineCheck([], { probe: true, host }, io)).toBe(1);
    expect(io.out()).toContain('[probe: 400 client version 1.43 is too new. Maximum supported API version is 1.41]');
    expect(io.out()).toMatch(/\[probe: 200 Engine 20\.10\.\d+[^\]]*, ApiVersion 1\.41\]/);
  });

  it('probes one version at a time, a refusal being an answer', async () => {
    const probe = liveProbe({ host, env: {} });
    expect(await probe('1.99')).toEqual({ status: 400, message: 'client version 1.99 is too new. Maximum supported API version is 1.41' });
    expect((await probe('1.12')).status).toBe(200);
  });

  it('fails with exit 2 when the daemon cannot be reached', async () => {
    const io = memoryIo(project);
    const error = await runEngineCheck([], { host: `unix://${join(project, 'no.sock')}` }, io).catch((e: unknown) => e);
    // The Engine client's own error (no HublintError: the client is a library); the CLI maps it to 2.
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect(error).not.toBeInstanceOf(HublintError);
    expect(cliExitCode(error)).toBe(2);
  });
});
