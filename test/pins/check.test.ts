import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { checkPins, probeAgrees } from '../../src/pins/check.js';
import { lintPinsText } from '../../src/scan/lint-pins.js';
import { findRelease, targetOfRelease } from '../../src/pins/releases.js';
import type { PinVerdict } from '../../src/pins/types.js';

const target = (engine: string) => targetOfRelease(findRelease(engine)!);
const verdictsOf = (f: Finding) => f.pin?.verdicts as PinVerdict[];

describe('checkPins against several Engines', () => {
  const env = (version: string): Promise<Finding[]> => lintPinsText('ci.env', `DOCKER_API_VERSION=${version}\n`);

  it('names a version every listed Engine accepts (the overlap of their ranges), not one rejecting Engine\'s range', async () => {
    const { findings: [f] } = await checkPins(await env('1.24'), { targets: [target('25.0'), target('29.3')] });
    expect(f.message).toContain('fix: remove the variable so the client negotiates, or set it to a version every listed Engine (25.0 (1.24–1.44), 29.3 (1.40–1.54)) accepts (1.40–1.44)');
  });

  it('says when no version serves them all, and suggests negotiation', async () => {
    const { findings: [f] } = await checkPins(await env('1.41'), { targets: [target('29.0'), target('20.10')] });
    expect(f.message).toContain('fix: no API version is accepted by every listed Engine (29.0 (1.44–1.52), 20.10 (1.12–1.41)): let the client negotiate');
    expect(verdictsOf(f).map((v) => v.against)).toEqual(['29.0', '20.10']);
  });
});

describe('checkPins', () => {
  const all = () => Promise.all([
    lintPinsText('main.go', 'import "github.com/docker/docker/client"\nc, _ := client.NewClientWithOpts(client.WithVersion("1.41"))\n'),
    lintPinsText('app.py', 'import docker\nc = docker.DockerClient(version="1.24")\n'),
    lintPinsText('Dockerfile', 'FROM docker:20.10-dind\n'),
    lintPinsText('daemon.json', '{ "min-api-version": "1.24" }\n'),
  ]).then((x) => x.flat());

  it('adds one verdict per release, with the fix for the form, and severity from the worst', async () => {
    const { findings: out, rejected } = await checkPins(await all(), { targets: [target('29.0'), target('29.3')] });
    const go = out.find((f) => f.file === 'main.go')!;
    expect(verdictsOf(go)).toEqual([
      {
        against: '29.0',
        verdict: 'rejected-too-old',
        behind: null,
        errorText: 'client version 1.41 is too old. Minimum supported API version is 1.44, please upgrade your client to a newer version',
        fix: expect.stringContaining('WithAPIVersionNegotiation()'),
        probe: null,
      },
      { against: '29.3', verdict: 'accepted-downgraded', behind: 13, errorText: null, fix: expect.stringContaining('WithAPIVersionNegotiation()'), probe: null },
    ]);
    expect(go.severity).toBe('error');
    expect(go.message).toContain('29.0: rejected-too-old (client version 1.41 is too old');
    expect(verdictsOf(out.find((f) => f.file === 'app.py')!)[0].fix).toContain('version="auto"');
    expect(out.find((f) => f.file === 'daemon.json')).toMatchObject({ severity: 'info' });
    expect(out.find((f) => f.file === 'daemon.json')!.pin?.verdicts).toBeUndefined();
    expect(rejected).toBe(3);
  });

  it('marks a downgraded pin as a warning and an accepted one as info', async () => {
    const { findings: out, rejected } = await checkPins(await all(), { targets: [target('20.10')] });
    expect(out.map((f) => [f.file, f.severity])).toEqual([
      ['main.go', 'info'],
      ['app.py', 'warning'],
      ['Dockerfile', 'info'],
      ['daemon.json', 'info'],
    ]);
    expect(rejected).toBe(0);
  });

  it('probes each distinct version once and reports a disagreement loudly', async () => {
    const asked: string[] = [];
    const lines: string[] = [];
    const { findings: out, disagreements } = await checkPins([...(await all()), ...(await all())], {
      targets: [{ against: '20.10.24', apiVersion: '1.41', minApiVersion: '1.12' }],
      probe: async (v) => {
        asked.push(v);
        // A daemon that (wrongly, for the table) refuses 1.24.
        return v === '1.24' ? { status: 400, message: 'client version 1.24 is too old. Minimum supported API version is 1.40, please upgrade' } : { status: 200, message: 'ok' };
      },
      onDisagreement: (l) => lines.push(l),
    });
    expect(asked.sort()).toEqual(['1.24', '1.41']);
    expect(disagreements).toBe(2);
    expect(lines[0]).toMatch(/^app\.py:2:\d+: PROBE DISAGREES: predicted accepted-downgraded against 20\.10\.24, GET \/v1\.24\/version answered 400/);
    expect(out.find((f) => f.file === 'app.py')!.message).toContain('PROBE DISAGREES');
  });

  it('agrees only with a refusal of the predicted kind', () => {
    const old = { status: 400, message: 'client version 1.11 is too old. Minimum supported API version is 1.12, please upgrade your client to a newer version' };
    const young = { status: 400, message: 'client version 1.43 is too new. Maximum supported API version is 1.41' };
    expect(probeAgrees('rejected-too-old', old)).toBe(true);
    expect(probeAgrees('rejected-too-old', young)).toBe(false);
    expect(probeAgrees('rejected-too-new', young)).toBe(true);
    expect(probeAgrees('accepted-downgraded', { status: 200, message: '' })).toBe(true);
    expect(probeAgrees('accepted', old)).toBe(false);
  });
});
