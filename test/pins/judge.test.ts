import { describe, expect, it } from 'vitest';
import { compareApiVersions } from '../../src/engine/versions.js';
import { judgePin, tooNewText, tooOldText } from '../../src/pins/judge.js';
import { findRelease, targetOfRelease } from '../../src/pins/releases.js';
import type { Verdict } from '../../src/pins/types.js';

function against(engine: string) {
  const row = findRelease(engine);
  if (!row) throw new Error(`no row for ${engine}`);
  return targetOfRelease(row);
}

describe('API versions compare segment by segment', () => {
  it.each([
    ['1.4', '1.12', -1],
    ['1.12', '1.40', -1],
    ['1.4', '1.40', -1],
    ['1.40', '1.4', 1],
    ['1.41', '1.41', 0],
    ['v1.41', '1.41', 0],
  ])('%s vs %s → %i', (a, b, sign) => {
    expect(Math.sign(compareApiVersions(a, b))).toBe(sign);
  });
});

describe('judgePin against the release table', () => {
  const cases: Array<[string, string, Verdict, number | null]> = [
    ['1.24', '20.10', 'accepted-downgraded', 17],
    ['1.24', '28.5', 'accepted-downgraded', 27],
    ['1.24', '29.0', 'rejected-too-old', null],
    ['1.24', '29.3', 'rejected-too-old', null],
    ['1.41', '29.0', 'rejected-too-old', null],
    ['1.41', '29.3', 'accepted-downgraded', 13],
    ['1.52', '24.0', 'rejected-too-new', null],
    ['1.41', '17.06', 'served-at-daemon-max', null],
    ['1.41', '20.10', 'accepted', null],
    ['1.4', '20.10', 'rejected-too-old', null],
    ['1.34', '17.10', 'served-at-daemon-max', null],
    ['1.35', '17.11', 'rejected-too-new', null],
  ];
  it.each(cases)('pin %s on Engine %s → %s', (pin, engine, verdict, behind) => {
    const judged = judgePin({ version: pin }, against(engine));
    expect(judged.verdict).toBe(verdict);
    expect(judged.behind).toBe(behind);
  });

  it("quotes the daemon's refusals word for word (docs/engine-api.md §2)", () => {
    expect(judgePin({ version: '1.41' }, against('29.0')).errorText).toBe(
      'client version 1.41 is too old. Minimum supported API version is 1.44, please upgrade your client to a newer version',
    );
    expect(judgePin({ version: '1.52' }, against('24.0')).errorText).toBe('client version 1.52 is too new. Maximum supported API version is 1.43');
    expect(tooOldText('1.11', '1.12')).toBe('client version 1.11 is too old. Minimum supported API version is 1.12, please upgrade your client to a newer version');
    expect(tooNewText('1.99', '1.41')).toBe('client version 1.99 is too new. Maximum supported API version is 1.41');
  });

  it('an unversioned Engine URL is its own verdict, never a rejection', () => {
    expect(judgePin({ version: null }, against('29.0'))).toEqual({ verdict: 'unversioned', behind: null, errorText: null, sends: null });
  });

  it('a negotiating CLI goes down to an older daemon unless that is below its own floor', () => {
    // docker:24.0 (max 1.43, floor 1.12) against 20.10: negotiates 1.41.
    expect(judgePin({ version: '1.43', negotiatesDownTo: '1.12' }, against('20.10'))).toMatchObject({ verdict: 'accepted', sends: '1.41' });
    // docker:29.0 (max 1.52, floor 1.44) against 24.0: docs/engine-api.md §4.
    expect(judgePin({ version: '1.52', negotiatesDownTo: '1.44' }, against('24.0'))).toMatchObject({
      verdict: 'rejected-too-new',
      errorText: 'client version 1.52 is too new. Maximum supported API version is 1.43',
    });
    // docker:20.10 against 29.0: too old either way.
    expect(judgePin({ version: '1.41', negotiatesDownTo: '1.12' }, against('29.0')).verdict).toBe('rejected-too-old');
  });

  it('honours a live daemon with a lowered minimum', () => {
    expect(judgePin({ version: '1.24' }, { against: '29.0.1', apiVersion: '1.52', minApiVersion: '1.24' }).verdict).toBe('accepted-downgraded');
  });
});
