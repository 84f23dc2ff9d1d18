import { describe, expect, it } from 'vitest';
import { lintPins } from '../../src/scan/run.js';

/** A pins-only scan of in-memory files, as `hublint pins` runs it. */
async function pinsOf(files: Record<string, string>) {
  const { findings } = await lintPins({ files: Object.entries(files).map(([path, text]) => ({ path, text })) });
  return findings.filter((f) => f.family === 'pin').map((f) => `${f.file}:${f.line} ${f.pin?.version}`);
}

describe('environment variables written as { name, value } entries in YAML', () => {
  it('reads DOCKER_API_VERSION from a Kubernetes env list, and no other entry', async () => {
    const manifest = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'spec:',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: builder',
      '          env:',
      '            - name: DOCKER_API_VERSION',
      '              value: "1.43"',
      '            - name: SERVICE_API_VERSION',
      '              value: "1.44"',
      '            - value: "1.45"',
      '              name: COMPOSE_API_VERSION',
      '            - name: version',
      '              value: "1.46"',
      '',
    ].join('\n');
    expect(await pinsOf({ 'deploy/builder.yaml': manifest })).toEqual(['deploy/builder.yaml:10 1.43', 'deploy/builder.yaml:13 1.45']);
  });
});
