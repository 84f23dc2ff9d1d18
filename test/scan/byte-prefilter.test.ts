import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUtf16, makeBytePrefilter } from '../../src/scan/read/byte-prefilter.js';
import { hostFilterFor } from '../../src/scan/workers/lint-worker.js';

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('makeBytePrefilter', () => {
  const gate = makeBytePrefilter();

  it('passes every Hub host spelling the text prefilter passes', () => {
    for (const s of ['fetch("https://hub.docker.com/v2/")', 'HUB.DOCKER.COM', 'Hub.Docker.Com', 'hUb.DoCkEr.cOm', 'https://index.docker.io/v1/', 'https%3A%2F%2Fhub%2Edocker%2Ecom']) {
      expect(gate(bytes(s)), s).toBe(true);
    }
  });

  it('stops files without one', () => {
    for (const s of ['', 'docker run nginx', 'hub.docker.co', 'registry-1.docker.io/v2/', 'index.docker.com']) expect(gate(bytes(s)), s).toBe(false);
  });

  it('finds a host after non-ASCII text and invalid UTF-8', () => {
    expect(gate(Buffer.concat([bytes('Grüße ✓ '), Buffer.from([0xc3, 0x28, 0xff]), bytes('hub.docker.com')]))).toBe(true);
  });

  it('matches extra hosts and constant names like the text prefilter', () => {
    const g = makeBytePrefilter({ extraHosts: ['Hub.Mirror.Corp'], names: ['HUB_API', 'not a name'] });
    expect(g(bytes('curl https://hub.mirror.corp/v2/repositories/a/'))).toBe(true);
    expect(g(bytes('fetch(`${HUB_API}/repositories/a/b/`)'))).toBe(true);
    expect(g(bytes('const MY_HUB_API_X = 1'))).toBe(false);
  });

  it('passes substrings wherever they occur, case-sensitively', () => {
    const g = makeBytePrefilter({ substrings: ['HUB_BASE', 'hublint-disable', 'Grüße'] });
    expect(g(bytes('x = MY_HUB_BASE_URL'))).toBe(true);
    expect(g(bytes('// hublint-disable-next-line'))).toBe(true);
    expect(g(bytes('Grüße'))).toBe(true);
    expect(g(bytes('hub_base'))).toBe(false);
  });

  it('passes what another gate (a widened pin prefilter) would pass', () => {
    const text = /\bversion\s*[=:]|_API_VERSION/i;
    const widened = /\bversion[\s\x80-\xff]*[=:]|_API_VERSION/i;
    const g = makeBytePrefilter({ patterns: [widened] });
    for (const s of ['version: "1.41"', 'version\u00a0= 1', 'DOCKER_API_VERSION=1.41']) {
      expect(text.test(s), s).toBe(true);
      expect(g(bytes(s)), s).toBe(true);
    }
    expect(g(bytes('no pins here'))).toBe(false);
  });

  it('agrees with the text prefilter of lint.ts on any UTF-8 text', () => {
    const options = { extraHubHosts: ['hub.mirror.corp'], hubBaseVariables: ['HUB_BASE'] };
    const text = hostFilterFor(options);
    const byteGate = makeBytePrefilter({ extraHosts: options.extraHubHosts, names: options.hubBaseVariables });
    const pieces = fc.constantFrom('hub.docker.com', 'HUB.docker.COM', 'index.docker.io', 'hub%2Edocker%2Ecom', 'hub.mirror.corp', 'HUB_BASE', 'docker', '.', '/', ' ', 'ü', '✓', '𝄞', 'İ', 'x', '_');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ unit: 'grapheme' })), { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        expect(byteGate(bytes(s))).toBe(text(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isUtf16', () => {
  it('sees both byte order marks and nothing else', () => {
    expect(isUtf16(Buffer.from([0xff, 0xfe, 0x68, 0]))).toBe(true);
    expect(isUtf16(Buffer.from([0xfe, 0xff, 0, 0x68]))).toBe(true);
    expect(isUtf16(Buffer.from([0xef, 0xbb, 0xbf, 0x68]))).toBe(false);
    expect(isUtf16(Buffer.from([0xff]))).toBe(false);
  });
});
