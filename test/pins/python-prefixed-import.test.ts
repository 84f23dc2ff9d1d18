import { describe, expect, it } from 'vitest';
import { lintPins } from '../../src/scan/run.js';

async function pinsOf(files: Record<string, string>) {
  const { findings } = await lintPins({ files: Object.entries(files).map(([path, text]) => ({ path, text })) });
  return findings.filter((f) => f.family === 'pin').map((f) => `${f.file}:${f.line}`);
}

describe('Python imports of a project installed under a prefix (Ansible collections)', () => {
  it('finds the module after dropping the prefix the repository does not hold as folders', async () => {
    expect(
      await pinsOf({
        'tests/unit/helpers/versions.py': 'ENGINE_API = "1.44"\n',
        'tests/unit/test_api.py':
          'from docker import APIClient\nfrom ansible_collections.acme.engine.tests.unit.helpers.versions import ENGINE_API\n\nclient = APIClient(version=ENGINE_API)\n',
      }),
    ).toEqual(['tests/unit/helpers/versions.py:1']);
  });

  it('does not take a one-name remainder for the module', async () => {
    expect(
      await pinsOf({
        'versions.py': 'ENGINE_API = "1.44"\n',
        'app.py': 'from docker import APIClient\nfrom vendorlib.versions import ENGINE_API\n\nclient = APIClient(version=ENGINE_API)\n',
      }),
    ).toEqual([]);
  });
});
