import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candidate, MethodSource } from '../../src/core/types.js';
import { hole } from '../../src/core/hole.js';
import { matchCandidate } from '../../src/match/match-candidate.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';

const set = compileRules(builtinRules());
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/);
const hubHost = fc.constantFrom('hub.docker.com', 'registry.hub.docker.com', 'HUB.docker.com', 'Registry.Hub.Docker.Com');
const anyHost = fc.constantFrom('hub.docker.com', 'registry.hub.docker.com', 'registry-1.docker.io', 'index.docker.io', 'quay.io', 'ghcr.io', 'auth.docker.io', 'example.com');
const scheme = fc.constantFrom('https://', 'http://', '//', '');
const suffix = fc.constantFrom('', '/', '?page_size=100', '/?page=2', '#top', '/?a=1&b=2');
const method = fc.constantFrom<[string | null, MethodSource]>(['GET', 'explicit'], ['GET', 'default'], ['HEAD', 'implied'], ['POST', 'implied'], [null, 'unknown'], ['PATCH', 'explicit'], ['DELETE', 'explicit']);
const slot = fc.oneof(segment, segment.map((s) => hole(s)));

// The look-alikes of docs/engine-api.md §6: none of them may ever be reported, whatever the
// namespace, repository, host casing, scheme, suffix or method.
const lookalike = fc.oneof(
  fc.tuple(hubHost, slot, slot).map(([h, n, r]) => `${h}/v2/repositories/${n}/${r}/tags`),
  fc.tuple(hubHost, slot, slot, segment).map(([h, n, r, t]) => `${h}/v2/repositories/${n}/${r}/tags/${t}`),
  fc.tuple(hubHost, slot, slot).map(([h, n, r]) => `${h}/v2/namespaces/${n}/repositories/${r}`),
  fc.tuple(hubHost, slot).map(([h, n]) => `${h}/v2/namespaces/${n}/repositories`),
  fc.tuple(anyHost, slot, slot).map(([h, n, r]) => `${h.replace(/^hub\./i, 'registry-1.')}/v2/${n}/${r}/manifests/latest`),
  fc.tuple(fc.constantFrom('registry-1.docker.io', 'registry.hub.docker.com'), slot, slot).map(([h, n, r]) => `${h}/v2/${n}/${r}/tags/list`),
  fc.tuple(fc.constantFrom('registry-1.docker.io', 'registry.hub.docker.com'), slot, slot).map(([h, n, r]) => `${h}/v2/${n}/${r}/blobs/sha256:abc`),
  fc.constantFrom('registry-1.docker.io/v2/', 'registry-1.docker.io/v2/_catalog', 'auth.docker.io/token', 'index.docker.io/v1/', 'localhost/v1.41/containers/json'),
  fc.tuple(fc.constantFrom('quay.io', 'ghcr.io', 'example.com', 'artifactory.corp'), slot, slot).map(([h, n, r]) => `${h}/v1/repositories/${n}/${r}/tags`),
  fc.tuple(slot, slot).map(([n, r]) => `/v2/repositories/${n}/${r}`),
);

function candidate(url: string, [m, source]: [string | null, MethodSource]): Candidate {
  return { url, start: 0, end: url.length, method: m, methodSource: source, rebuilt: false };
}

describe('property: the URL matcher', () => {
  it('never reports a look-alike (10 000 cases)', () => {
    fc.assert(
      fc.property(scheme, lookalike, suffix, method, (s, path, tail, m) => {
        expect(matchCandidate(candidate(`${s}${path}${tail}`, m), set)).toBeNull();
      }),
      { numRuns: 10_000, seed: 4242 },
    );
  });

  it('never reports PATCH or DELETE on a repository (2 000 cases)', () => {
    fc.assert(
      fc.property(scheme, hubHost, slot, slot, suffix, fc.constantFrom('PATCH', 'DELETE'), (s, h, n, r, tail, m) => {
        expect(matchCandidate(candidate(`${s}${h}/v2/repositories/${n}/${r}${tail}`, [m, 'explicit']), set)).toBeNull();
      }),
      { numRuns: 2_000, seed: 4243 },
    );
  });

  it('never throws on arbitrary text (10 000 cases)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), method, (text, m) => {
        expect(() => matchCandidate(candidate(text, m), set)).not.toThrow();
      }),
      { numRuns: 10_000, seed: 4244 },
    );
  });

  it('always reports the deprecated shapes (2 000 cases)', () => {
    fc.assert(
      fc.property(scheme, hubHost, slot, slot, suffix, (s, h, n, r, tail) => {
        expect(matchCandidate(candidate(`${s}${h}/v2/repositories/${n}/${r}${tail}`, ['GET', 'default']), set)?.rule.id).toBe('hub-get-repository');
      }),
      { numRuns: 2_000, seed: 4245 },
    );
  });
});
