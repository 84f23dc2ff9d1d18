import { describe, expect, it } from 'vitest';
import { showHoles } from '../../src/core/hole.js';
import { extractJson, jsonAdapter } from '../../src/extract/languages/json/adapter.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { jsonStringArray } from '../../src/extract/languages/json/tokenize.js';

function run(text: string) {
  return extractJson(text).map((c) => ({ url: showHoles(c.url), method: c.method, from: c.methodSource, source: text.slice(c.start, c.end) }));
}

const URL = 'https://hub.docker.com/v2/repositories/acme/web';

describe('JSON', () => {
  it('reports string values with exact ranges, not keys', () => {
    const text = `{"${URL}": 1, "a": ["x", "${URL}"]}`;
    const [c] = extractJson(text);
    expect(extractJson(text)).toHaveLength(1);
    expect([c.start, c.end]).toEqual([text.lastIndexOf(URL), text.lastIndexOf(URL) + URL.length]);
    expect(c.literal).toBe(true);
  });

  it('decodes escapes and maps them to their source characters', () => {
    const text = '{"u": "https:\\/\\/hub.docker.com\\/v2\\/repositories\\/acme\\/web"}';
    expect(run(text)).toEqual([{ url: URL, method: 'GET', from: 'default', source: text.slice(7, -2) }]);
  });

  it('joins base and path keys and applies the method key of the object', () => {
    const text = '{"base_url": "https://hub.docker.com", "ops": {"check": {"verb": "HEAD", "path": "/v2/repositories/acme/web"}}}';
    expect(run(text).filter((c) => c.url !== 'https://hub.docker.com')).toEqual([{ url: URL, method: 'HEAD', from: 'explicit', source: '/v2/repositories/acme/web' }]);
  });

  it('joins host-less Hub paths to the Hub origin the file names, and only to a Hub origin', () => {
    const text = '{"HubBase": "https://hub.docker.com", "LoginPath": "/v2/users/login", "Tags": "/v2/repositories/acme/web/tags"}';
    const found = jsonAdapter.extract('appsettings.json', text, { project: NO_PROJECT });
    expect(found.filter((c) => c.routeMethod).map((c) => [c.url, text.slice(c.start, c.end)])).toEqual([
      ['https://hub.docker.com/v2/users/login', '/v2/users/login'],
      ['https://hub.docker.com/v2/repositories/acme/web/tags', '/v2/repositories/acme/web/tags'],
    ]);
    const registry = '{"RegistryBase": "https://ghcr.io", "LoginPath": "/v2/users/login", "Manifest": "/v2/acme/web/manifests/latest"}';
    expect(jsonAdapter.extract('appsettings.json', registry, { project: NO_PROJECT })).toEqual([]);
  });

  it('reads a Hub URL that stops at /v2/repositories/ as a base a name is appended to: two readings, no literal', () => {
    const text = '{"RepositoriesUrl": "https://hub.docker.com/v2/repositories/"}';
    const [c] = jsonAdapter.extract('appsettings.json', text, { project: NO_PROJECT });
    expect([showHoles(c.url), c.alternatives?.map(showHoles), c.literal]).toEqual([
      'https://hub.docker.com/v2/repositories/{namespace}',
      ['https://hub.docker.com/v2/repositories/{namespace}/{repository}'],
      undefined,
    ]);
  });

  it('accepts comments and trailing commas (JSONC)', () => {
    expect(run(`// c\n{ /* x */ "a": "${URL}", }`)).toHaveLength(1);
  });

  it('runs command-line strings through the shell extractor', () => {
    expect(run(`{"scripts": {"check": "curl -fsSI ${URL}"}}`)).toMatchObject([{ method: 'HEAD', from: 'implied', source: URL }]);
  });

  it('walks 100 000 levels of nesting without recursion', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}"${URL}"${']'.repeat(depth)}`;
    expect(run(text)).toHaveLength(1);
    const deepObjects = `${'{"a":'.repeat(depth)}"${URL}"${'}'.repeat(depth)}`;
    expect(run(deepObjects)).toHaveLength(1);
  });

  it('reads an array of strings (exec form) and rejects anything else', () => {
    expect(jsonStringArray('["a", "b\\"c"]', 0, 13)?.map((m) => m.text)).toEqual(['a', 'b"c']);
    expect(jsonStringArray('["a", 1]', 0, 8)).toBeNull();
  });
});
