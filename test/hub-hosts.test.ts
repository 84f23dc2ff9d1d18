import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { HUB_API_HOST, HUB_HOSTS, HUB_V2_HOSTS, isHubHost, isOldHubHost, oldHubHostIn } from '../src/core/hub-hosts.js';
import { makePrefilter } from '../src/extract/prefilter.js';
import { scanUrls } from '../src/extract/scan-urls.js';
import { expectedUrl } from '../src/fix/verify.js';
import { HUB_RULES } from '../src/rules/hub-table.generated.js';

const ROOT = join(import.meta.dirname, '..');

describe('the Hub host list', () => {
  it('is the rule data\'s host sets, every host a built-in rule names', () => {
    const doc = parse(readFileSync(join(ROOT, 'rules/hub-api.yaml'), 'utf8')) as { hostSets: Record<string, string[]> };
    expect([...HUB_HOSTS].sort()).toEqual([...new Set(Object.values(doc.hostSets).flat())].sort());
    expect([...HUB_HOSTS].sort()).toEqual([...new Set(HUB_RULES.flatMap((r) => r.variants.flatMap((v) => v.hosts)))].sort());
    expect(HUB_V2_HOSTS).toEqual(doc.hostSets.hub);
  });

  it('holds the retired Docker Cloud and Docker Store hosts, the search alone on the Store', () => {
    expect(HUB_V2_HOSTS).toContain('cloud.docker.com');
    expect(HUB_V2_HOSTS).not.toContain('store.docker.com');
    const search = HUB_RULES.find((r) => r.id === 'hub-search-removed')!;
    expect(search.variants[0].hosts).toEqual(expect.arrayContaining(['store.docker.com', 'cloud.docker.com', HUB_API_HOST]));
  });

  it('tells the current host from old ones and from other Docker sites', () => {
    expect(isOldHubHost('Cloud.Docker.com')).toBe(true);
    expect(isOldHubHost('store.docker.com')).toBe(true);
    expect(isOldHubHost(HUB_API_HOST)).toBe(false);
    expect(isHubHost('docs.docker.com')).toBe(false);
    expect(isHubHost('registry-1.docker.io')).toBe(false);
    expect(oldHubHostIn('"https://cloud.docker.com/v2/repositories"')).toBe('cloud.docker.com');
    expect(oldHubHostIn('"https://hub.docker.com/v2/repositories"')).toBeUndefined();
  });

  it('is what the prefilter, the URL scanner and the verifier read', () => {
    const prefilter = makePrefilter();
    expect(prefilter('x = "https://store.docker.com/api/content/v1/products/search?q=a"')).toBe(true);
    expect(prefilter('x = "https%3A%2F%2Fcloud%2Edocker%2Ecom%2Fv2"')).toBe(true);
    expect(prefilter('see https://docs.docker.com/engine/')).toBe(false);
    const text = 'see https://docs.docker.com/x and curl https://cloud.docker.com/v2/repositories/acme/';
    expect(scanUrls(text).map((h) => h.url)).toEqual(['https://cloud.docker.com/v2/repositories/acme/']);
    expect(expectedUrl('https://cloud.docker.com/v2/repositories/acme/?page=2', '/v2/namespaces/acme/repositories')).toBe('https://hub.docker.com/v2/namespaces/acme/repositories/?page=2');
  });
});
