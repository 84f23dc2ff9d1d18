import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineShape } from '../../src/extract/lower/line-shape.js';

// The answers the resolver read from the text before (issue 34, row 1): each scanned the line
// or the range asked about, which a minified bundle made the whole file. LineShape must give
// the same answers from its index.
const indentAt = (text: string, at: number): number => {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let i = lineStart;
  while (i < at && (text[i] === ' ' || text[i] === '\t')) i++;
  return i - lineStart;
};
const dedentBetween = (text: string, from: number, to: number, depth: number): boolean => {
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) {
    let j = i + 1;
    while (j < to && (text[j] === ' ' || text[j] === '\t')) j++;
    if (j < to && text[j] !== '\n' && text[j] !== '\r' && j - i - 1 < depth) return true;
  }
  return false;
};
const guardedBefore = (text: string, at: number): boolean => {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /(?:^|[\s;{}])(?:if|elif|for|while)\b/.test(text.slice(lineStart, at));
};

/** Text made of the pieces that matter: line ends, indentation, guard keywords, braces, words. */
const textOf = fc.array(fc.constantFrom('\n', '\r\n', '\r', ' ', '  ', '\t', 'if', 'elif', 'for', 'while', 'iffy', ' x', ';', '{', '}', 'a=1', '('), { maxLength: 60 }).map((parts) => parts.join(''));

describe('LineShape', () => {
  it('answers as a scan of the text would, at every offset and range', () => {
    fc.assert(
      fc.property(textOf, fc.nat(), fc.nat(), fc.nat(8), (text, a, b, depth) => {
        const shape = new LineShape(text);
        const n = text.length + 1;
        const [from, to] = [a % n, b % n].sort((x, y) => x - y);
        expect(shape.indentAt(from)).toBe(indentAt(text, from));
        expect(shape.indentAt(to)).toBe(indentAt(text, to));
        expect(shape.lineStart(to)).toBe(text.lastIndexOf('\n', to - 1) + 1);
        expect(shape.dedentBetween(from, to, depth)).toBe(dedentBetween(text, from, to, depth));
        expect(shape.guardedBefore(to)).toBe(guardedBefore(text, to));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers on a one-line bundle as on short text', () => {
    const line = `${'x=1;'.repeat(20_000)}if(a)b=2;`;
    const shape = new LineShape(line);
    for (let at = 0; at < line.length; at += 997) {
      expect(shape.indentAt(at)).toBe(0);
      expect(shape.dedentBetween(at, line.length, 4)).toBe(false);
      expect(shape.guardedBefore(at)).toBe(false);
    }
    expect(shape.guardedBefore(line.length - 1)).toBe(true);
    expect(shape.guardedBefore(line.length - 7)).toBe(true);
    expect(shape.guardedBefore(line.length - 8)).toBe(false);
  });
});
