import { describe, expect, it } from 'vitest';
import { joinJson, jsonPieces, streamedJson } from '../../src/report/streamed-json.js';
import { printable, printableJson } from '../../src/cli/emit.js';

/** A JSON report written item by item is the text JSON.stringify gives the whole document. */
describe('streamed JSON', () => {
  const items = [{ a: 1, b: ['x', { c: null }] }, { s: 'quote " and \\ and \u0000' }, { e: {} }];

  it.each([
    ['a top-level array', (arr: unknown[]) => ({ head: 1, findings: arr, tail: { t: [1, 2] } })],
    ['an array nested in an array', (arr: unknown[]) => ({ runs: [{ tool: 'x', results: arr, after: 'y' }] })],
  ])('%s: the pieces joined equal JSON.stringify, with items and without', (_name, doc) => {
    for (const list of [items, [items[0]], []]) expect(joinJson(streamedJson(doc, list))).toBe(JSON.stringify(doc(list), null, 2));
  });

  it('a text that spells the stand-in is written as it is, never taken for it', () => {
    const doc = (arr: unknown[]) => ({ note: '\u0000hublint-items-0\u0000', more: ['\u0000hublint-items-1\u0000'], findings: arr });
    expect(joinJson(streamedJson(doc, items))).toBe(JSON.stringify(doc(items), null, 2));
  });

  it('each piece is made printable alone: secrets masked in the items and the skeleton', () => {
    const secret = 'https://bob:StreamPassw0rd@hub.docker.com/v2/repositories/acme/web/';
    const list = [{ url: secret }, { snippet: `curl -u bob:StreamPassw1 ${secret}` }];
    const doc = (arr: unknown[]) => ({ stats: { url: secret }, findings: arr });
    const seen: string[] = [];
    expect([...jsonPieces(streamedJson(doc, list), (t) => (seen.push(t), t))]).toHaveLength(3);
    // What printable() sees is always one whole JSON text: the skeleton, then each item.
    expect(seen.map((t) => JSON.parse(t) as unknown)).toHaveLength(3);
    const text = [...printableJson(streamedJson(doc, list))].join('');
    expect(text).not.toMatch(/StreamPassw/);
    expect(text).toBe(printable(`${JSON.stringify(doc(list), null, 2)}\n`, 'json'));
  });
});
