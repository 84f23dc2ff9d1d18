import { describe, expect, it } from 'vitest';
import type { Candidate, MethodSource } from '../src/core/types.js';
import { hole } from '../src/core/hole.js';
import { matchCandidate } from '../src/match/match-candidate.js';
import { compileRules } from '../src/match/ruleset.js';
import { builtinRules } from '../src/rules/builtin.js';

const set = compileRules(builtinRules(), { extraHubHosts: ['hub-proxy.corp.example'], hubBaseVariables: ['HUB_API'] });

function cand(url: string, method: string | null = 'GET', methodSource: MethodSource = 'explicit'): Candidate {
  return { url, start: 0, end: url.length, method, methodSource, rebuilt: false };
}

function ruleOf(url: string, method: string | null = 'GET', source: MethodSource = 'explicit') {
  return matchCandidate(cand(url, method, source), set)?.rule.id ?? null;
}

describe('URL forms all match the same rule', () => {
  const forms = [
    'https://hub.docker.com/v2/repositories/acme/web',
    'https://hub.docker.com/v2/repositories/acme/web/',
    'https://hub.docker.com/v2/repositories/acme/web?x=1',
    'https://hub.docker.com/v2/repositories/acme/web/?page=2#top',
    'https://HUB.Docker.COM/v2/repositories/acme/web',
    'http://hub.docker.com/v2/repositories/acme/web',
    'hub.docker.com/v2/repositories/acme/web',
    '//registry.hub.docker.com/v2/repositories/acme/web/',
    'https://user:secret@hub.docker.com:443/v2/repositories/acme/web',
    'https%3A%2F%2Fhub.docker.com%2Fv2%2Frepositories%2Facme%2Fweb%2F',
    'https://hub-proxy.corp.example/v2/repositories/acme/web',
    // A base ending in `/` joined to a path starting with one.
    'https://hub.docker.com/v2//repositories/acme/web/',
    `https://hub.docker.com/v2/repositories/${hole('ns')}/${hole('repo')}/`,
    `${hole('HUB_API')}/v2/repositories/acme/web`,
  ];
  for (const url of forms) {
    it(url, () => expect(ruleOf(url)).toBe('hub-get-repository'));
  }
});

describe('the method decides the rule', () => {
  const cases: Array<[string, string | null, MethodSource, string | null]> = [
    ['https://hub.docker.com/v2/repositories/acme/', 'GET', 'explicit', 'hub-list-repositories'],
    ['https://hub.docker.com/v2/repositories/acme/', 'POST', 'implied', 'hub-create-repository'],
    ['https://hub.docker.com/v2/repositories/', 'POST', 'explicit', 'hub-create-repository'],
    ['https://hub.docker.com/v2/repositories/', 'GET', 'default', null],
    ['https://hub.docker.com/v2/repositories/acme/web', 'HEAD', 'implied', 'hub-check-repository'],
    ['https://hub.docker.com/v2/repositories/acme/web', null, 'default', 'hub-get-repository'],
    ['https://hub.docker.com/v2/repositories/acme/web', null, 'unknown', 'hub-get-repository'],
    ['https://hub.docker.com/v2/repositories/acme/web', 'PATCH', 'explicit', null],
    ['https://hub.docker.com/v2/repositories/acme/web', 'DELETE', 'explicit', null],
    ['https://hub.docker.com/v2/users/login', 'POST', 'explicit', 'hub-users-login'],
    ['https://hub.docker.com/v2/users/alice/repositories?page_size=100', 'GET', 'default', 'hub-user-repositories'],
    ['https://hub.docker.com/api/content/v1/products/search?q=nginx', 'GET', 'default', 'hub-search-removed'],
    ['https://index.docker.io/v1/repositories/library/busybox/tags', 'GET', 'default', 'hub-v1-retired'],
    ['https://registry.hub.docker.com/v1/repositories/busybox/tags/latest', 'GET', 'default', 'hub-v1-retired'],
    ['https://hub.docker.com/v1/repositories/acme/web/images', 'DELETE', 'explicit', 'hub-v1-retired'],
  ];
  for (const [url, method, source, rule] of cases) {
    it(`${method ?? '(none)'} ${source} ${url} → ${rule}`, () => expect(ruleOf(url, method, source)).toBe(rule));
  }

  it('an unknown method reports the GET rule with method null and low confidence', () => {
    const m = matchCandidate(cand('https://hub.docker.com/v2/repositories/acme/web', null, 'unknown'), set);
    expect(m?.method).toBeNull();
    expect(m?.confidence).toBe('low');
  });

  it('a literal URL with an explicit method is high confidence; a rebuilt one medium', () => {
    expect(matchCandidate(cand('https://hub.docker.com/v2/repositories/a/b'), set)?.confidence).toBe('high');
    expect(matchCandidate({ ...cand('https://hub.docker.com/v2/repositories/a/b'), rebuilt: true }, set)?.confidence).toBe('medium');
  });
});

describe('a method nobody stated', () => {
  it('takes the only method of a route no other route extends, at low confidence', () => {
    const m = matchCandidate(cand('https://hub.docker.com/v2/users/login', 'GET', 'default'), set);
    expect([m?.rule.id, m?.method, m?.confidence]).toEqual(['hub-users-login', 'POST', 'low']);
    // A bare collection is more often a base than a create; a stated GET stays a GET.
    expect(ruleOf('https://hub.docker.com/v2/repositories', 'GET', 'default')).toBeNull();
    expect(ruleOf('https://hub.docker.com/v2/users/login', 'GET', 'explicit')).toBeNull();
  });

  it('is not taken for a path finished in a helper (rebuilt, method unknown) unless joined over config keys', () => {
    const rebuilt: Candidate = { ...cand('https://hub.docker.com/v2/users/login', null, 'unknown'), rebuilt: true };
    expect(matchCandidate(rebuilt, set)).toBeNull();
    expect(matchCandidate({ ...rebuilt, routeMethod: true }, set)?.rule.id).toBe('hub-users-login');
  });
});

describe('look-alikes produce nothing', () => {
  const negatives = [
    'https://hub.docker.com/v2/repositories/acme/web/tags',
    'https://hub.docker.com/v2/repositories/acme/web/tags/latest',
    'https://hub.docker.com/v2/repositories/acme/web/tags/?page_size=100',
    'https://hub.docker.com/v2/namespaces/acme/repositories/web',
    'https://hub.docker.com/v2/namespaces/acme/repositories',
    'https://registry-1.docker.io/v2/',
    'https://registry-1.docker.io/v2/_catalog',
    'https://registry-1.docker.io/v2/library/busybox/tags/list',
    'https://registry.hub.docker.com/v2/library/busybox/manifests/latest',
    'https://registry.hub.docker.com/v2/library/busybox/blobs/sha256:abc',
    'https://auth.docker.io/token?service=registry.docker.io',
    'https://index.docker.io/v1/',
    'http://localhost/v1.41/containers/json',
    'https://quay.io/v1/repositories/acme/web/tags',
    'https://artifactory.example.com/v1/repositories/acme/web/images',
    '/v2/repositories/acme/web',
    'repositories/acme/web',
    '/v1/repositories/acme/web/tags',
    `https://hub.docker.com/v2/${hole('kind')}/acme/web`,
    `${hole('SOME_URL')}/v2/repositories/acme/web`,
    'https://hub.docker.com.evil.example/v2/repositories/acme/web',
  ];
  for (const url of negatives) it(url, () => expect(ruleOf(url)).toBeNull());
  it('POST to groups is current', () => expect(ruleOf('https://hub.docker.com/v2/repositories/acme/web/groups', 'POST')).toBeNull());
});

describe('replacement', () => {
  it('fills namespace and repository; a v1 single name means library', async () => {
    const { toFinding } = await import('../src/match/to-finding.js');
    const { LineIndex } = await import('../src/core/position.js');
    const url = 'https://index.docker.io/v1/repositories/busybox/tags/1.36';
    const c = cand(url, 'GET', 'default');
    const m = matchCandidate(c, set)!;
    const f = toFinding({ file: 'a.txt', lines: new LineIndex(url), candidate: c, match: m, occurrence: () => 0, language: 'text' });
    expect(f.replacement?.path).toBe('/v2/namespaces/library/repositories/busybox/tags/1.36');
    const c2 = cand(`https://hub.docker.com/v2/repositories/${hole('ns')}/web/`);
    const f2 = toFinding({ file: 'a.txt', lines: new LineIndex('x'), candidate: c2, match: matchCandidate(c2, set)!, occurrence: () => 0, language: 'text' });
    expect(f2.replacement?.path).toBe('/v2/namespaces/{namespace}/repositories/web');
    expect(f2.url).toBe('https://hub.docker.com/v2/repositories/{ns}/web/');
  });
});
