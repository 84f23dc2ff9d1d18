import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { findRelease, parseEngineList } from '../../src/pins/releases.js';

describe('--engine parsing', () => {
  it.each([
    ['29', '29.7'],
    ['29.0', '29.0'],
    ['29.0.1', '29.0'],
    ['20.10.24+dfsg1', '20.10'],
    ['v25.0.3', '25.0'],
    ['29.0.0-rc.1', '29.0'],
    ['17.03.0', '17.03'],
    ['17.03.2', '17.03.1'],
    ['17.3', '17.03'],
    ['27', '27.5'],
  ])('%s → the %s row', (text, engine) => {
    expect(findRelease(text)?.engine).toBe(engine);
  });

  it('takes a list, in order, without repeats', () => {
    expect(parseEngineList('25.0, 29.0,29.3,29.0.1').map((r) => r.engine)).toEqual(['25.0', '29.0', '29.3']);
  });

  it.each(['19.10', '30.0', 'latest', '', '1.41,foo'])('%j is a usage error (exit 2) listing the known releases', (text) => {
    let error: unknown;
    try {
      parseEngineList(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    if (text !== '') expect((error as UsageError).hint).toContain('17.03, 17.03.1, 17.04');
  });
});
