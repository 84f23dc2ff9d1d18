import { describe, expect, it } from 'vitest';
import { applyCut, lengthLess, patternCut, sliceCuts, type TextCut } from '../../src/extract/lower/text-cut.js';
import type { Pieces } from '../../src/extract/lower/evaluate.js';

const at = { start: 100, end: 120 };
const text = (t: string, start = 0): Pieces[number] => ({ text: t, start, end: start + t.length });
const hole = (name: string): Pieces[number] => ({ hole: name, start: 50, end: 55, examples: ['library/x'] });
const flat = (pieces: Pieces) => pieces.map((p) => ('text' in p ? p.text : `{${p.hole}}`)).join('');
const cut = (pieces: Pieces, c: TextCut) => flat(applyCut(pieces, c, at, 'base.cut'));

describe('text cuts', () => {
  it('applies a known cut to the text at the edge, over pieces', () => {
    expect(cut([text('https://hub.docker.com/')], { side: 'end', suffix: '/' })).toBe('https://hub.docker.com');
    expect(cut([text('https://hub.docker.com'), text('//')], { side: 'end', chars: '/' })).toBe('https://hub.docker.com');
    expect(cut([text('https://hub.docker.com/v'), text('2/')], { side: 'end', count: 3 })).toBe('https://hub.docker.com/');
    expect(cut([text('/v2/users/')], { side: 'both', chars: '/' })).toBe('v2/users');
    expect(cut([text('https://hub.docker.com/')], { side: 'end', suffix: '/v2' })).toBe('https://hub.docker.com/');
  });

  it('keeps a range that is still the cut text', () => {
    const [piece] = applyCut([text('https://h.io/', 10)], { side: 'end', suffix: '/' }, at, 'x');
    expect(piece).toMatchObject({ text: 'https://h.io', start: 10, end: 22 });
  });

  it('leaves a placeholder at the edge as it is for a known cut', () => {
    expect(cut([text('https://hub.docker.com/v2/repositories/'), hole('image')], { side: 'end', chars: '/' })).toBe('https://hub.docker.com/v2/repositories/{image}');
  });

  it('ends the known head with a placeholder glued to its last segment for an unknown cut', () => {
    expect(cut([text('https://hub.docker.com/v2/repositories/acme/web/tags')], { side: 'end', unknown: true })).toBe('https://hub.docker.com/v2/repositories/acme/web/tags{base.cut}');
    // What the cut value's own placeholder said (its examples, its name) no longer holds.
    expect(cut([text('https://hub.docker.com/v2/repositories/'), hole('image')], { side: 'end', unknown: true })).toBe('https://hub.docker.com/v2/repositories/{base.cut}');
    expect(cut([text('/v2/users/login')], { side: 'start', unknown: true })).toBe('{base.cut}/v2/users/login');
  });

  it('reads index bounds', () => {
    expect(sliceCuts('0', '-1', true)).toEqual([{ side: 'end', count: 1 }]);
    expect(sliceCuts('0', '-1', false)).toEqual([{ side: 'end', unknown: true }]);
    expect(sliceCuts(undefined, 'len(base)-1', false)).toEqual([{ side: 'end', count: 1 }]);
    expect(sliceCuts('1', undefined, true)).toEqual([{ side: 'start', count: 1 }]);
    expect(sliceCuts('i', 'n', true)).toEqual([{ side: 'start', unknown: true }, { side: 'end', unknown: true }]);
    expect(lengthLess('url.length() - 2')).toBe(2);
    expect(lengthLess('limit - 1')).toBeNull();
  });

  it('reads patterns anchored at an end', () => {
    expect(patternCut('\\/$')).toEqual({ side: 'end', suffix: '/' });
    expect(patternCut('\\/+$')).toEqual({ side: 'end', chars: '/' });
    expect(patternCut('^/')).toEqual({ side: 'start', suffix: '/' });
    expect(patternCut('/tags$')).toEqual({ side: 'end', suffix: '/tags' });
    expect(patternCut('/[^/]*$')).toEqual({ side: 'end', unknown: true });
    expect(patternCut('/v1/')).toBeUndefined();
  });
});
