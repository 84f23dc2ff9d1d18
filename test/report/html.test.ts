import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/types.js';
import { htmlReporter } from '../../src/report/html.js';
import { findingsSet, type FindingsSet } from './findings-set.js';

/**
 * Opens the HTML audit in real headless Chromium (Debian's `chromium`, driven by
 * playwright-core). The suite's global setup (scripts/test-tools.sh, the one installer of
 * the programs the tests run) installs it on a fresh machine; when it is still missing the
 * test fails (never skips) with one line saying so.
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function ensureChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: scripts/test-tools.sh (the suite's global setup) installs Debian's chromium; run it as root`);
}

/** Findings whose text tries to break out of the markup. */
function hostile(base: Finding): Finding[] {
  return [
    {
      ...base,
      file: 'evil/<img src=x onerror="window.__pwned=1">&co.txt',
      message: '</td></tr></table><script>window.__pwned=2</script> & "quotes" \'single\'',
      url: 'https://hub.docker.com/v2/repositories/acme/<b>web</b>/',
      fingerprint: 'hostile-1',
    },
  ];
}

let set: FindingsSet;
let findings: Finding[];
let dir: string;
let report: string;
let context: BrowserContext;
let page: Page;
const external: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureChromium();
  set = await findingsSet();
  findings = [...set.findings, ...hostile(set.findings[0])];
  dir = mkdtempSync(join(tmpdir(), 'hublint-html-'));
  report = join(dir, 'audit.html');
  writeFileSync(report, htmlReporter(findings, { ...set.ctx, stats: { ...set.ctx.stats, findings: findings.length } }));
  context = await chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: CHROMIUM, args: ARGS, headless: true, viewport: { width: 1280, height: 900 } });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('request', (r) => {
    if (!/^(file|data|about):/.test(r.url())) external.push(r.url());
  });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('dialog', (d) => {
    pageErrors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(pathToFileURL(report).href);
}, 900_000);

afterAll(async () => {
  await context?.close();
  if (dir) rmSync(join(dir, 'profile'), { recursive: true, force: true });
});

const count = (pred: (f: Finding) => boolean) => findings.filter(pred).length;
const rowsShown = () => page.locator('#findings tbody tr:not([hidden])').count();

describe('html audit report in headless Chromium', () => {
  it('is one self-contained file: no request leaves it, no script error', async () => {
    const html = readFileSync(report, 'utf8');
    expect(html).not.toMatch(/<(link|img|iframe)\b|src=["']?https?:|@import|url\(\s*["']?https?:/i);
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the totals of the findings', async () => {
    expect(await page.textContent('#total-findings')).toBe(String(findings.length));
    expect(await page.textContent('#total-errors')).toBe(String(count((f) => f.severity === 'error')));
    expect(await page.textContent('#total-warnings')).toBe(String(count((f) => f.severity === 'warning')));
    expect(await page.textContent('#total-info')).toBe(String(count((f) => f.severity === 'info')));
    expect(await page.textContent('#total-files')).toBe(String(new Set(findings.map((f) => f.file)).size));
    for (const id of new Set(findings.map((f) => f.ruleId))) {
      const row = page.locator(`#by-rule tbody tr[data-rule="${id}"]`);
      expect(await row.locator('td').nth(5).textContent(), id).toBe(String(count((f) => f.ruleId === id)));
      expect(await page.locator(`#rule-chart .bar[data-rule="${id}"] .count`).textContent(), id).toBe(String(count((f) => f.ruleId === id)));
    }
    expect(await page.locator('#findings tbody tr').count()).toBe(findings.length);
    expect(await page.textContent('#shown-count')).toBe(String(findings.length));
    // Engine pins: one column per Engine release.
    const pinHeaders = await page.locator('#pins-table thead th').allTextContents();
    expect(pinHeaders).toEqual(expect.arrayContaining(['Engine 20.10', 'Engine 25.0', 'Engine 29.0']));
    expect(await page.locator('#pins-table .tone-bad').count()).toBe(2);
  });

  it('fits 1280 px, lists errors first, then warnings, then info, and keeps dates on one line (issue 19 row 6)', async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const rank = { error: 2, warning: 1, info: 0 } as Record<string, number>;
    const shown = (await page.locator('#findings tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-severity') ?? ''))).map((s) => rank[s]);
    expect(new Set(shown).size).toBe(3);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    const ruleRanks = (await page.locator('#by-rule tbody tr td:nth-child(5)').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-sort')))).map(Number);
    expect(ruleRanks).toEqual([...ruleRanks].sort((a, b) => b - a));
    // A date cell's text is one line: less than two lines high (the row may be taller).
    const dateLines = await page.locator('#by-rule td.when .date').evaluateAll((cells) =>
      cells.map((c) => {
        const range = document.createRange();
        range.selectNodeContents(c);
        return range.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight);
      }),
    );
    expect(dateLines.length).toBeGreaterThan(0);
    for (const lines of dateLines) expect(lines).toBeLessThan(2);
  });

  it('escapes text from scanned files: it shows literally and runs nothing', async () => {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img, b').count()).toBe(0);
    const text = await page.locator('#findings').textContent();
    expect(text).toContain('<script>window.__pwned=2</script>');
    expect(text).toContain('evil/<img src=x onerror="window.__pwned=1">&co.txt');
  });

  it('filters the findings table by text, severity and rule and shows the count', async () => {
    await page.fill('#filter', 'runbook');
    const runbook = count((f) => f.file.includes('runbook'));
    expect(runbook).toBeGreaterThan(1);
    expect(await page.textContent('#shown-count')).toBe(String(runbook));
    expect(await rowsShown()).toBe(runbook);

    await page.selectOption('#severity-filter', 'error');
    const runbookErrors = count((f) => f.file.includes('runbook') && f.severity === 'error');
    expect(runbookErrors).toBeLessThan(runbook);
    expect(await page.textContent('#shown-count')).toBe(String(runbookErrors));
    expect(await rowsShown()).toBe(runbookErrors);

    await page.fill('#filter', 'no such thing anywhere');
    expect(await page.textContent('#shown-count')).toBe('0');
    expect(await page.isVisible('#no-match')).toBe(true);

    await page.fill('#filter', '');
    await page.selectOption('#severity-filter', '');
    await page.selectOption('#rule-filter', 'hub-v1-retired');
    expect(await page.textContent('#shown-count')).toBe(String(count((f) => f.ruleId === 'hub-v1-retired')));
    await page.selectOption('#rule-filter', '');
    expect(await rowsShown()).toBe(findings.length);
  });

  it('sorts a table when a header is clicked, and reverses on a second click', async () => {
    const cells = () => page.locator('#by-rule tbody tr td:nth-child(6)').allTextContents();
    const header = page.locator('#by-rule thead th', { hasText: 'Findings' });
    await header.click();
    const asc = (await cells()).map(Number);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    const desc = (await cells()).map(Number);
    expect(desc).toEqual([...asc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(desc[desc.length - 1]);

    await page.locator('#by-rule thead th', { hasText: 'Rule' }).click();
    const ids = await page.locator('#by-rule tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule') ?? ''));
    expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));

    // Findings by severity: errors first after two clicks (descending rank).
    const severityHeader = page.locator('#findings thead th', { hasText: 'Severity' });
    await severityHeader.click();
    await severityHeader.click();
    const severities = await page.locator('#findings tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-severity')));
    const firstWarning = severities.indexOf('warning');
    expect(severities.slice(0, firstWarning).every((s) => s === 'error')).toBe(true);
    expect(severities.slice(firstWarning).includes('error')).toBe(false);
  });

  it('saves a screenshot', async () => {
    const shots = mkdtempSync(join(tmpdir(), 'hublint-shots-'));
    const png = join(shots, 'audit.png');
    await page.screenshot({ path: png, fullPage: true, timeout: 100_000 });
    expect(statSync(png).size).toBeGreaterThan(10_000);
    expect(readFileSync(png).subarray(1, 4).toString('latin1')).toBe('PNG');
    // A full-page capture of a tall report takes over 20 s on a loaded 2-core machine.
  }, 120_000);
});

/**
 * Geometry of the two wide tables, measured in the browser: every text run stays inside its own
 * cell (nothing runs into the next column or is cut off at the page's edge), cells of a row do
 * not overlap, and the page itself never scrolls sideways (a table too wide scrolls in its box).
 */
async function layout(): Promise<{ pageWidth: number; columns: Record<string, Record<string, number>>; escapes: string[]; overlaps: string[] }> {
  return page.evaluate(() => {
    const escapes: string[] = [];
    const overlaps: string[] = [];
    const columns: Record<string, Record<string, number>> = {};
    for (const id of ['by-rule', 'findings']) {
      const table = document.getElementById(id) as HTMLTableElement;
      columns[id] = Object.fromEntries(Array.from(table.tHead!.rows[0].cells, (th) => [th.textContent!.trim(), Math.round(th.getBoundingClientRect().width)]));
      for (const row of Array.from(table.tBodies[0].rows).slice(0, 60)) {
        const cells = Array.from(row.cells);
        cells.forEach((cell, i) => {
          const box = cell.getBoundingClientRect();
          const next = cells[i + 1]?.getBoundingClientRect();
          if (next && box.right > next.left + 0.5) overlaps.push(`${id}: cell ${i} of a row overlaps the next`);
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent!.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of Array.from(range.getClientRects())) {
              if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1)) escapes.push(`${id} column ${i}: "${node.textContent!.slice(0, 40)}"`);
            }
          }
        });
      }
    }
    return { pageWidth: document.documentElement.scrollWidth, columns, escapes, overlaps };
  });
}

describe('html audit report layout at 1280 and 420 px (issue 32 row 9)', () => {
  afterAll(() => page.setViewportSize({ width: 1280, height: 900 }));

  it('at 1280 px: text stays in its cell, the Title and Found columns are wide enough to read', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { pageWidth, columns, escapes, overlaps } = await layout();
    expect(pageWidth).toBeLessThanOrEqual(1280);
    expect(escapes).toEqual([]);
    expect(overlaps).toEqual([]);
    // The Title column was squeezed to ~45 px by a long date note beside it.
    expect(columns['by-rule'].Title).toBeGreaterThan(250);
    expect(columns.findings.Found).toBeGreaterThan(200);
    expect(columns.findings.Replacement).toBeGreaterThan(150);
  });

  it('at 420 px: the page does not scroll sideways, the tables scroll in their box, and no column overlaps another', async () => {
    await page.setViewportSize({ width: 420, height: 900 });
    const { pageWidth, columns, escapes, overlaps } = await layout();
    expect(pageWidth).toBeLessThanOrEqual(420);
    expect(escapes).toEqual([]);
    expect(overlaps).toEqual([]);
    expect(columns.findings.Severity).toBeGreaterThan(70);
    const shots = mkdtempSync(join(tmpdir(), 'hublint-shots-'));
    await page.locator('#findings').screenshot({ path: join(shots, 'findings-420.png'), timeout: 60_000 });
    expect(statSync(join(shots, 'findings-420.png')).size).toBeGreaterThan(5_000);
  }, 120_000);
});
