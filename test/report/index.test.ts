import { describe, expect, it } from 'vitest';
import { FORMATS, reporterFor } from '../../src/report/index.js';
import { builtinRules } from '../../src/rules/builtin.js';
import type { ReportContext } from '../../src/report/types.js';

const ctx: ReportContext = {
  tool: { name: 'hublint', version: '0.1.0' },
  rules: builtinRules(),
  stats: { filesScanned: 3, filesSkipped: 0, skipped: {}, findings: 0, bySeverity: { error: 0, warning: 0, info: 0 }, durationMs: 1 },
  cwd: '/repo',
};

describe('reporter map', () => {
  it('names every format, each loading a pure reporter', async () => {
    expect(FORMATS).toEqual(['text', 'json', 'sarif', 'junit', 'github', 'gitlab', 'markdown', 'html']);
    for (const format of FORMATS) {
      const reporter = await reporterFor(format);
      const out = reporter([], ctx);
      expect(typeof out, format).toBe('string');
      expect(reporter([], ctx), format).toBe(out);
    }
    await expect(reporterFor('xml')).rejects.toThrow(/unknown format 'xml'/);
  });

  it('with no findings every format still writes a valid empty report', async () => {
    const sarif = JSON.parse((await reporterFor('sarif'))([], ctx));
    expect(sarif.runs[0].results).toEqual([]);
    expect(sarif.runs[0].tool.driver.rules).toHaveLength(ctx.rules.length);
    expect(sarif.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe('file:///repo/');
    expect(JSON.parse((await reporterFor('gitlab'))([], ctx))).toEqual([]);
    expect((await reporterFor('github'))([], ctx)).toBe('');
    expect((await reporterFor('markdown'))([], ctx)).toContain('_No findings._');
    expect((await reporterFor('html'))([], ctx)).toContain('<span id="shown-count">0</span>');
  });
});
