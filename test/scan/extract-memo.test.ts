import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/core/types.js';
import { NO_PROJECT, type AdapterContext } from '../../src/extract/types.js';
import { ExtractMemo, vendoredKey } from '../../src/scan/extract-memo.js';
import { lintText } from '../../src/scan/lint-file.js';
import { compileRules } from '../../src/match/ruleset.js';
import { loadRules } from '../../src/rules/load.js';

const candidate = (url: string): Candidate => ({ url, start: 0, end: url.length, method: 'GET', methodSource: 'default', rebuilt: false });
const ctx: AdapterContext = { project: NO_PROJECT };

describe('vendoredKey', () => {
  it('keys a path from its last node_modules/ or vendor/ folder, and nothing outside them', () => {
    expect(vendoredKey('node_modules/a/node_modules/x/lib/y.js')).toBe('x/lib/y.js');
    expect(vendoredKey('node_modules/x/lib/y.js')).toBe('x/lib/y.js');
    expect(vendoredKey('app/vendor/github.com/u/m/c.go')).toBe('github.com/u/m/c.go');
    expect(vendoredKey('src/node_modules_helper/y.js')).toBeNull();
    expect(vendoredKey('src/y.js')).toBeNull();
  });
});

describe('ExtractMemo', () => {
  it('extracts identical vendored copies once, each caller getting its own candidates', () => {
    const memo = new ExtractMemo();
    let calls = 0;
    const extract = () => {
      calls++;
      return [candidate('https://hub.docker.com/v2/users/login')];
    };
    const a = memo.extract('js', 'node_modules/x/a.js', 'text', ctx, extract);
    const b = memo.extract('js', 'node_modules/p/node_modules/x/a.js', 'text', ctx, extract);
    expect(calls).toBe(1);
    expect(b).toEqual(a);
    b[0].start = 99;
    expect(memo.extract('js', 'node_modules/q/node_modules/x/a.js', 'text', ctx, extract)[0].start).toBe(0);
  });

  it('extracts again when the text, the path from the vendored folder or the adapter differs', () => {
    const memo = new ExtractMemo();
    let calls = 0;
    const extract = () => [candidate(`https://hub.docker.com/v2/${calls++}`)];
    memo.extract('js', 'node_modules/x/a.js', 'text', ctx, extract);
    memo.extract('js', 'node_modules/x/a.js', 'other text', ctx, extract);
    memo.extract('js', 'node_modules/x/b.js', 'text', ctx, extract);
    memo.extract('text', 'node_modules/x/a.js', 'text', ctx, extract);
    expect(calls).toBe(4);
  });

  it('never shares files outside vendored folders, nor an extraction that asked the context', () => {
    const memo = new ExtractMemo();
    let calls = 0;
    const plain = () => [candidate(`u${calls++}`)];
    memo.extract('js', 'src/a.js', 'text', ctx, plain);
    memo.extract('js', 'src/a.js', 'text', ctx, plain);
    expect(calls).toBe(2);
    const asks = (c: AdapterContext) => {
      calls++;
      return [candidate(c.project.value({ file: 'x.js', language: 'js', name: 'HUB' })?.text ?? 'none')];
    };
    memo.extract('js', 'node_modules/x/c.js', 'text', ctx, asks);
    memo.extract('js', 'node_modules/y/node_modules/x/c.js', 'text', ctx, asks);
    expect(calls).toBe(4);
  });

  it('gives lintText the same findings for a copy as for the original, under the copy path', async () => {
    const ruleSet = compileRules(await loadRules());
    const memo = new ExtractMemo();
    const text = 'await fetch("https://hub.docker.com/v2/users/login", { method: "POST" });\n';
    const opts = { ruleSet, context: ctx, prefilter: () => true };
    const first = await lintText('node_modules/x/login.js', text, { ...opts, memo });
    const copy = await lintText('node_modules/y/node_modules/x/login.js', text, { ...opts, memo });
    const fresh = await lintText('node_modules/y/node_modules/x/login.js', text, opts);
    expect(first.map((f) => f.ruleId)).toEqual(['hub-users-login']);
    expect(copy).toEqual(fresh);
    expect(copy[0].file).toBe('node_modules/y/node_modules/x/login.js');
  });
});
