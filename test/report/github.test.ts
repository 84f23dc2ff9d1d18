import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { escapeData, escapeProperty, githubReporter } from '../../src/report/github.js';
import { findingsSet, type FindingsSet } from './findings-set.js';

const unescape = (s: string) => s.replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%');

/** Parses a workflow command line the way the runner does: `::name k=v,k=v::data`. */
function parse(line: string) {
  const m = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const props = Object.fromEntries(m[2].split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), unescape(kv.slice(kv.indexOf('=') + 1))]));
  return { command: m[1], props, data: unescape(m[3]) };
}

let set: FindingsSet;
beforeAll(async () => {
  set = await findingsSet();
});

describe('github reporter', () => {
  it('writes one workflow command per finding: error, warning or notice, with the location and the rule as title', () => {
    const lines = githubReporter(set.findings, set.ctx).trimEnd().split('\n');
    expect(lines).toHaveLength(set.findings.length);
    lines.forEach((line, i) => {
      const f = set.findings[i];
      const c = parse(line);
      expect(c.command).toBe({ error: 'error', warning: 'warning', info: 'notice' }[f.severity]);
      expect(c.props).toEqual({ file: f.file, line: String(f.line), col: String(f.column), endLine: String(f.endLine), endColumn: String(f.endColumn), title: f.ruleId });
      expect(c.data).toBe(f.message);
    });
    const info: Finding = { ...set.findings[0], severity: 'info' };
    expect(githubReporter([info], set.ctx)).toMatch(/^::notice file=/);
    expect(githubReporter([], set.ctx)).toBe('');
  });

  it("escapes data (%, CR, LF) and properties (also : and ,) as @actions/core does", () => {
    expect(escapeData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeProperty('C:\\x,y%\n')).toBe('C%3A\\x%2Cy%25%0A');
    const evil: Finding = { ...set.findings[0], file: 'dir,x/a:b%c.txt', ruleId: 'r:1,2', message: 'line one\nline two:: 50%\r' };
    const out = githubReporter([evil], set.ctx);
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    expect(out).toContain('file=dir%2Cx/a%3Ab%25c.txt,');
    expect(out).toContain('title=r%3A1%2C2::');
    const c = parse(out.trimEnd());
    expect(c.props.file).toBe(evil.file);
    expect(c.props.title).toBe(evil.ruleId);
    expect(c.data).toBe(evil.message);
  });
});
