import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { buildAuditModel, topFolder } from '../../src/report/audit-model.js';
import { markdownReporter, mdCode, mdText } from '../../src/report/markdown.js';
import { findingsSet, PIN_VERDICTS, type FindingsSet } from './findings-set.js';

let set: FindingsSet;
let md: string;
beforeAll(async () => {
  set = await findingsSet();
  md = markdownReporter(set.findings, set.ctx);
});

/** The body rows of the table under a `## heading`, split into cells at unescaped pipes. */
function tableUnder(heading: string): string[][] {
  const section = md.split(`\n## ${heading}\n`)[1].split('\n## ')[0];
  const rows = section.split('\n').filter((l) => l.startsWith('|'));
  return rows.slice(2).map((r) => r.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim()));
}

const count = (pred: (f: Finding) => boolean) => set.findings.filter(pred).length;

describe('audit model', () => {
  it('totals by rule, status, date, top-level folder and file add up to the findings', () => {
    const m = buildAuditModel(set.findings, set.ctx);
    const n = set.findings.length;
    expect(m.totals.findings).toBe(n);
    for (const list of [m.byRule, m.byFile, m.byFolder]) expect(list.reduce((a, r) => a + r.findings, 0)).toBe(n);
    for (const list of [m.byStatus, m.byDate]) expect(list.reduce((a, r) => a + r.findings, 0)).toBe(n);
    expect(m.byFolder.map((f) => f.key).sort()).toEqual([...new Set(set.findings.map((f) => topFolder(f.file)))].sort());
    expect(m.byRule.find((r) => r.id === 'hub-v1-retired')).toMatchObject({ status: 'removed', date: '2022-08-23', findings: count((f) => f.ruleId === 'hub-v1-retired') });
    expect(m.byDate.map((d) => d.key)).toEqual([...m.byDate.map((d) => d.key)].sort((a, b) => (a === 'no date' ? 1 : b === 'no date' ? -1 : a.localeCompare(b))));
    // File order: rows come out sorted by (file, line, column) whatever the input order.
    const keys = m.findings.map((f) => [f.file, f.line, f.column] as const);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2])));
    expect(m.pins.releases).toEqual(['20.10', '25.0', '29.0']);
  });

  it('gives each finding its replacement call and its rule migration note', () => {
    const m = buildAuditModel(set.findings, set.ctx);
    const v1 = m.findings.find((f) => f.ruleId === 'hub-v1-retired' && f.replacement);
    expect(v1?.replacement).toMatch(/^GET https:\/\/hub\.docker\.com\/v2\/namespaces\/.+\/tags/);
    expect(v1?.migration).toContain('paginated object');
    const images = buildAuditModel([{ ...set.findings[0], ruleId: 'hub-v1-retired', replacement: null }], set.ctx).findings[0];
    expect(images.noReplacement).toContain('docker image ls');
    const login = set.ctx.rules.find((r) => r.id === 'hub-users-login')!;
    expect(login.migration).toContain('{identifier, secret}');
  });

  it('uses a rule description from the context for a rule outside the table', () => {
    const pin = set.findings.find((f) => f.ruleId === 'engine-api-pin')!;
    const ctx = { ...set.ctx, ruleDescriptions: [{ id: 'engine-api-pin', title: 'A client pins the Docker Engine API version', description: 'd', docs: 'https://docs.docker.com/reference/api/engine/' }] };
    const m = buildAuditModel([pin], ctx);
    expect(m.byRule[0]).toMatchObject({ id: 'engine-api-pin', title: 'A client pins the Docker Engine API version', docs: 'https://docs.docker.com/reference/api/engine/' });
  });
});

describe('markdown reporter', () => {
  it('has the audit sections', () => {
    for (const h of ['Totals by rule', 'Totals by status', 'Totals by date', 'By top-level folder', 'By file', 'Engine API pins', 'Findings', 'Migration notes by rule']) {
      expect(md).toContain(`\n## ${h}\n`);
    }
    expect(md.startsWith('# hublint migration audit\n')).toBe(true);
    expect(md).toContain(`**${set.findings.length} findings**`);
  });

  it('tables carry the right numbers, one cell per column', () => {
    const byRule = tableUnder('Totals by rule');
    expect(byRule.every((r) => r.length === 6)).toBe(true);
    for (const row of byRule) {
      const id = row[0].replace(/`/g, '');
      expect(Number(row[4]), id).toBe(count((f) => f.ruleId === id));
    }
    const v1 = byRule.find((r) => r[0] === '`hub-v1-retired`')!;
    expect(v1.slice(2, 4)).toEqual(['removed', '2022-08-23']);
    const byFile = tableUnder('By file');
    expect(byFile).toHaveLength(new Set(set.findings.map((f) => f.file)).size);
    const pins = tableUnder('Engine API pins');
    expect(pins.find((r) => r[0] === '`deploy/compose/client.go:12:30`')).toEqual([
      '`deploy/compose/client.go:12:30`',
      '`engine-api-pin`',
      '`1.39`',
      'go',
      'accepted-downgraded (2 behind)',
      'accepted-downgraded (5 behind)',
      'rejected-too-old',
    ]);
    expect(md).toContain(`Daemon says: \`${PIN_VERDICTS[2].errorText}\``);
  });

  it('lists each finding with its replacement call and migration note', () => {
    const f = set.findings.find((x) => x.ruleId === 'hub-list-repositories' && x.replacement?.url)!;
    const block = md.split(`- **${f.line}:${f.column}** ${f.severity} \`${f.ruleId}\``)[1].split('\n- **')[0];
    expect(block).toContain(`Replace with: \`${f.replacement!.method} ${f.replacement!.url}\``);
    expect(block).toContain('Migration: Same query parameters');
  });

  it('escapes text from scanned files', () => {
    expect(mdText('a|b *c* _d_ <script> [x](y) `z` & $1 @you')).toBe('a\\|b \\*c\\* \\_d\\_ \\<script\\> \\[x\\](y) \\`z\\` \\& \\$1 \\@you');
    expect(mdText('two\nlines')).toBe('two lines');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x`')).toBe('`` `x` ``');
    expect(mdCode('p|q')).toBe('`p|q`');
    expect(mdCode('p|q', true)).toBe('`p\\|q`');
    const evil: Finding = { ...set.findings[0], file: 'we|ird`/<b>x</b>.txt', message: '<img src=x onerror=alert(1)> | *bold* \n# heading', fingerprint: 'e' };
    const out = markdownReporter([evil], set.ctx);
    // Raw HTML may only appear inside code spans, where Markdown shows it literally.
    const outsideCode = out.replace(/(`+)[^\n]*?\1(?!`)/g, '');
    expect(outsideCode).not.toMatch(/(?<!\\)<(img|b)\b/);
    expect(outsideCode).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(out).toContain('| ``we\\|ird`/<b>x</b>.txt`` |');
    expect(out).toContain('### ``we|ird`/<b>x</b>.txt``');
    expect(out).not.toContain('\n# heading');
    const byFile = out.split('\n## By file\n')[1].split('\n## ')[0].split('\n').filter((l) => l.startsWith('|'));
    expect(byFile[2].slice(1, -1).split(/(?<!\\)\|/)).toHaveLength(5);
  });
});
