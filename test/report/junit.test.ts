import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { junitReporter } from '../../src/report/junit.js';
import { findingsSet, type FindingsSet } from './findings-set.js';

/** Checks that tags nest and close (outside CDATA) and returns the element names in order. */
function wellFormed(xml: string): string[] {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  expect(body).not.toMatch(/<(?![/a-zA-Z])/); // every `<` left starts a tag
  expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
  const stack: string[] = [];
  const names: string[] = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z_:]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, close, name, , selfClose] = m;
    if (close) expect(stack.pop()).toBe(name);
    else {
      names.push(name);
      if (!selfClose) stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  return names;
}

const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/([a-zA-Z]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

let set: FindingsSet;
beforeAll(async () => {
  set = await findingsSet();
});

describe('junit reporter', () => {
  it('writes one testsuite per file with findings and one failing testcase per finding', () => {
    const xml = junitReporter(set.findings, { ...set.ctx, failOn: 'info' });
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<testsuites')).toBe(true);
    const names = wellFormed(xml);
    const files = [...new Set(set.findings.map((f) => f.file))];
    expect(names.filter((n) => n === 'testsuite')).toHaveLength(files.length);
    expect(names.filter((n) => n === 'testcase')).toHaveLength(set.findings.length);
    expect(names.filter((n) => n === 'failure')).toHaveLength(set.findings.length);
    const suites = [...xml.matchAll(/<testsuite [^>]*>/g)].map((m) => attrs(m[0]));
    expect(suites.map((s) => s.name)).toEqual(files);
    for (const s of suites) {
      const n = set.findings.filter((f) => f.file === s.name).length;
      expect(s).toMatchObject({ tests: String(n), failures: String(n), time: '0' });
    }
    const f = set.findings[0];
    const testcase = attrs(xml.match(/<testcase [^>]*>/)![0]);
    expect(testcase).toEqual({ time: '0', name: `org.hublint.${f.ruleId}`, classname: f.file });
    expect(xml).toContain(`<![CDATA[${f.line}:${f.column} ${f.severity} ${f.message}]]>`);
  });

  it('fails only the findings at or above --fail-on, as the exit code does (issue 19 row 5)', () => {
    const info = { ...set.findings[0], severity: 'info' as const };
    const error = { ...set.findings[0], severity: 'error' as const, line: set.findings[0].line + 1 };
    const pinOnly = junitReporter([info], set.ctx);
    expect(attrs(pinOnly.match(/<testsuites [^>]*>/)![0])).toMatchObject({ tests: '1', failures: '0' });
    expect(wellFormed(pinOnly)).not.toContain('failure');
    expect(pinOnly).toContain('<system-out>');
    const both = junitReporter([info, error], { ...set.ctx, failOn: 'error' });
    expect(attrs(both.match(/<testsuites [^>]*>/)![0])).toMatchObject({ tests: '2', failures: '1' });
    expect(wellFormed(junitReporter([info, error], { ...set.ctx, failOn: 'none' }))).not.toContain('failure');
  });

  it('lists no file without findings, and an empty run is an empty testsuites', () => {
    const xml = junitReporter([], set.ctx);
    expect(wellFormed(xml)).toEqual(['testsuites']);
    expect(xml).toContain('tests="0"');
  });

  it('escapes attributes, splits ]]> in CDATA and drops characters XML forbids', () => {
    const evil: Finding = {
      ...set.findings[0],
      file: `a&b<"c">'d'.txt`,
      ruleId: 'x<y',
      message: 'ends ]]> here & <tag> "q" \u0001\u001b bell\u0007 ok',
    };
    const xml = junitReporter([evil], set.ctx);
    wellFormed(xml);
    expect(xml).toContain('name="a&amp;b&lt;&quot;c&quot;&gt;&#39;d&#39;.txt"');
    expect(xml).toContain('name="org.hublint.x&lt;y"');
    expect(xml).toContain('message="ends ]]&gt; here &amp; &lt;tag&gt; &quot;q&quot;  bell ok"');
    expect(xml).toContain('<![CDATA[1:1 warning ends ]]]]><![CDATA[> here & <tag> "q"  bell ok]]>'.replace('1:1', `${evil.line}:${evil.column}`).replace('warning', evil.severity));
    expect([...xml].filter((c) => c.charCodeAt(0) < 0x20 && c !== '\n')).toEqual([]);
  });
});
