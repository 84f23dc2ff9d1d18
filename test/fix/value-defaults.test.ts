import { describe, expect, it } from 'vitest';
import { valueSource } from '../../src/fix/value-sources.js';
import { holeEvidence } from '../../src/fix/evidence.js';

// Issue 31, row 1: a parameter's default is evidence of the value's arity (a suggestion): a
// literal with no `/` is one segment, `library/nginx` two; a default of the other arity is none.
const at = (text: string, needle: string) => text.indexOf(needle);

describe('parameter defaults as evidence', () => {
  it('reads the default in each language form, on one line or several', () => {
    const forms: Array<[string, string]> = [
      ['def get(space="library", title=None):\n    return f"/v2/repositories/{space}/"\n', 'space'],
      ['def get(self,\n        space: str = "library"):\n    return f"/v2/repositories/{space}/"\n', 'space'],
      ["export function get(space = 'library') {\n  return `/v2/repositories/${space}/`;\n}\n", 'space'],
      ["function get(space: string = 'library'): string {\n  return `/v2/repositories/${space}/`;\n}\n", 'space'],
      ['public static string Get(string space = "library") {\n    return $"/v2/repositories/{space}/";\n}\n', 'space'],
      ["function get(string $space = 'library') {\n    return \"/v2/repositories/$space/\";\n}\n", '$space'],
      ['def get(space = "library")\n  "/v2/repositories/#{space}/"\nend\n', 'space'],
      ['def get(space: "library")\n  "/v2/repositories/#{space}/"\nend\n', 'space'],
      ['fun get(space: String = "library"): String {\n    return "/v2/repositories/$space/"\n}\n', 'space'],
    ];
    for (const [text, hole] of forms) expect(valueSource(text, at(text, '/v2'), hole), text).toBe('the default of `space` is "library", one segment');
  });

  it('a two-segment default holds namespace/repository; the other arity is no evidence', () => {
    const two = 'def get(pick="library/nginx"):\n    return f"/v2/repositories/{pick}/"\n';
    expect(valueSource(two, at(two, '/v2'), 'pick', 2)).toBe('the default of `pick` is "library/nginx", namespace/repository (two segments)');
    expect(valueSource(two, at(two, '/v2'), 'pick', 1)).toBeNull();
    // The matcher's reading of one value as two segments takes the default as its evidence.
    const segments = ['v2', 'repositories', '\uE000pick:namespace\uE001', '\uE000pick:repository\uE001'];
    const template = ['v2', 'repositories', '{namespace}', '{repository}'];
    expect(holeEvidence(segments, template, () => undefined, (name, want) => valueSource(two, at(two, '/v2'), name, want))).toEqual([
      'the default of `pick` is "library/nginx", namespace/repository (two segments)',
    ]);
  });

  it('a default wins over callers: one of the other arity refuses even when every caller passes one segment', () => {
    const text = 'def get(space="a/b"):\n    return f"/v2/repositories/{space}/"\n\nget("acme")\n';
    expect(valueSource(text, at(text, '/v2'), 'space')).toBeNull();
  });
});
