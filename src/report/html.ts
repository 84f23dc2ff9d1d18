import type { Severity } from '../core/types.js';
import { buildAuditModel, SEVERITIES, verdictTone, type AuditModel, type PlaceTotal } from './audit-model.js';
import { escapeMarkup as h } from './escape-markup.js';
import type { Reporter } from './types.js';

/**
 * The migration audit as one self-contained HTML file: inline CSS and JS, no network
 * assets (a Content-Security-Policy forbids them), tables sortable by a click on a header,
 * a text, severity and rule filter over the findings and an inline SVG chart of findings per
 * rule. Every piece of text is escaped; no data is put inside the script.
 */

const RANK: Record<Severity, number> = { error: 2, warning: 1, info: 0 };

/** Rule-table prose: `code spans` become <code>, everything escaped. */
function prose(s: string): string {
  return s
    .split(/(`[^`]+`)/)
    .map((part, i) => (i % 2 === 1 ? `<code>${h(part.slice(1, -1))}</code>` : h(part)))
    .join('');
}

const pad = (n: number) => String(n).padStart(8, '0');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function td(content: string, sort?: string | number, cls?: string): string {
  return `<td${sort === undefined ? '' : ` data-sort="${h(String(sort))}"`}${cls ? ` class="${cls}"` : ''}>${content}</td>`;
}

function table(id: string, head: Array<[string, 'num' | 'text']>, rows: string[], caption?: string): string {
  const ths = head.map(([label, kind]) => `<th scope="col" class="${kind}" title="Sort by ${h(label)}">${h(label)}</th>`).join('');
  const body = rows.length ? rows.join('\n') : `<tr class="empty"><td colspan="${head.length}">none</td></tr>`;
  // A table wider than the page (many Engine releases) scrolls inside its box: the page itself
  // stays within a 1280 px window.
  return `<div class="scroll"><table class="sortable" id="${id}">${caption ? `<caption>${h(caption)}</caption>` : ''}<thead><tr>${ths}</tr></thead>\n<tbody>\n${body}\n</tbody></table></div>`;
}

function sevBadge(s: string): string {
  return `<span class="sev sev-${h(s)}">${h(s)}</span>`;
}

function chart(m: AuditModel): string {
  if (m.byRule.length === 0) return '<p>No findings.</p>';
  const bar = 26;
  const label = 230;
  const width = 760;
  const room = width - label - 60;
  const max = Math.max(...m.byRule.map((r) => r.findings));
  const rows = m.byRule.map((r, i) => {
    const y = i * bar;
    const w = Math.max(2, Math.round((r.findings / max) * room));
    return (
      `<g class="bar" data-rule="${h(r.id)}" transform="translate(0 ${y})">` +
      `<title>${h(`${r.id}: ${plural(r.findings, 'finding')} in ${plural(r.files, 'file')}`)}</title>` +
      `<text x="${label - 8}" y="${bar / 2 + 4}" text-anchor="end">${h(r.id)}</text>` +
      `<rect x="${label}" y="3" width="${w}" height="${bar - 6}" rx="3" class="fill-${h(r.severity)}"/>` +
      `<text x="${label + w + 6}" y="${bar / 2 + 4}" class="count">${r.findings}</text></g>`
    );
  });
  const height = m.byRule.length * bar;
  // In a scrolling box: on a narrow screen the chart scrolls, not the page (scaled down to fit, its labels would be unreadable).
  return `<div class="scroll"><svg id="rule-chart" role="img" aria-label="Findings per rule" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${rows.join('')}</svg></div>`;
}

function placeTable(id: string, first: string, list: PlaceTotal[], withFiles: boolean): string {
  const head: Array<[string, 'num' | 'text']> = [[first, 'text'], ['Findings', 'num'], ...(withFiles ? [['Files', 'num'] as [string, 'num']] : []), ['Errors', 'num'], ['Warnings', 'num'], ['Info', 'num']];
  const rows = list.map(
    (p) => `<tr>${td(`<code>${h(p.key)}</code>`, p.key)}${td(String(p.findings), p.findings, 'num')}${withFiles ? td(String(p.files), p.files, 'num') : ''}${SEVERITIES.map((s) => td(String(p.bySeverity[s]), p.bySeverity[s], 'num')).join('')}</tr>`,
  );
  return table(id, head, rows);
}

function pinsSection(m: AuditModel): string {
  if (m.pins.rows.length === 0) return '';
  const head: Array<[string, 'num' | 'text']> = [['Location', 'text'], ['Rule', 'text'], ['Version', 'text'], ['Form', 'text'], ...m.pins.releases.map((r) => [`Engine ${r}`, 'text'] as [string, 'text'])];
  const rows = m.pins.rows.map((p) => {
    const cells = m.pins.releases.map((rel) => {
      const v = p.verdicts.find((x) => x.against === rel);
      if (!v) return td('—', '');
      const detail = [v.errorText && `Daemon says: ${v.errorText}`, v.fix && `Fix: ${v.fix}`, v.probe && `Probe: ${v.probe}`].filter((d): d is string => Boolean(d));
      const behind = v.behind ? ` <small>(${h(v.behind)} behind)</small>` : '';
      const extra = detail.length ? `<div class="detail">${detail.map(h).join('<br>')}</div>` : '';
      return td(`<span class="verdict tone-${verdictTone(v.verdict)}">${h(v.verdict)}</span>${behind}${extra}`, v.verdict);
    });
    return `<tr>${td(`<code>${h(p.location)}</code>`, p.location)}${td(`<code class="id">${h(p.ruleId)}</code>`, p.ruleId)}${td(`<code>${h(p.version)}</code>`, p.version)}${td(h(p.form), p.form)}${cells.join('')}</tr>`;
  });
  return `<section id="pins"><h2>Engine API pins</h2><p>${m.pins.releases.length ? 'The verdict for each pinned API version, per Engine release.' : 'The Engine API versions the code pins (not judged: <code>hublint engine check</code> judges them against a daemon or Engine releases).'}</p>${table('pins-table', head, rows)}</section>`;
}

function findingsSection(m: AuditModel): string {
  const rules = [...new Set(m.findings.map((f) => f.ruleId))].sort();
  const filters =
    `<div class="filters">` +
    `<input id="filter" type="search" placeholder="Filter findings (file, rule, URL, message…)" aria-label="Filter findings" autocomplete="off">` +
    `<select id="severity-filter" aria-label="Severity"><option value="">All severities</option>${SEVERITIES.map((s) => `<option value="${s}">${s}</option>`).join('')}</select>` +
    `<select id="rule-filter" aria-label="Rule"><option value="">All rules</option>${rules.map((r) => `<option value="${h(r)}">${h(r)}</option>`).join('')}</select>` +
    `<span class="shown"><span id="shown-count">${m.findings.length}</span> of <span id="findings-total">${m.findings.length}</span> findings shown</span>` +
    `</div>`;
  const head: Array<[string, 'num' | 'text']> = [
    ['Location', 'text'],
    ['Severity', 'text'],
    ['Rule', 'text'],
    ['Status', 'text'],
    ['Found', 'text'],
    ['Replacement', 'text'],
    ['Migration', 'text'],
  ];
  // Errors first, then warnings, then info (a removed API before a pin that is fine today);
  // within a severity, the model's order (file, line, column, rule).
  const ordered = [...m.findings].sort((a, b) => RANK[b.severity] - RANK[a.severity] || a.index - b.index);
  const rows = ordered.map((f) => {
    const replacement = f.replacement ? `<code>${h(f.replacement)}</code>` : f.noReplacement ? `<em>none:</em> ${prose(f.noReplacement)}` : '<em>none</em>';
    const fix = f.autoFix
      ? `<p class="fix">Automatic fix (${h(f.autoFix)})${f.fixWhy ? `: ${prose(f.fixWhy)}` : ''}</p>`
      : f.suggestion
        ? `<p class="fix">By hand: ${prose(f.suggestion)}</p>`
        : f.fixNote
          ? `<p class="fix">Fix ${prose(f.fixNote)}</p>`
          : '';
    const evidence = f.level === 'suggested' && f.evidence.length ? `<p class="fix">Suggestion resting on: ${f.evidence.map(prose).join('; ')}</p>` : '';
    const diff = f.diff ? `<pre class="diff">${h(f.diff)}</pre>` : '';
    const notes = [f.migration && `<p>${prose(f.migration)}</p>`, fix, evidence, diff].filter(Boolean).join('');
    return (
      `<tr data-severity="${h(f.severity)}" data-rule="${h(f.ruleId)}">` +
      td(`<code>${h(f.location)}</code>`, `${f.file} ${pad(f.line)}:${pad(f.column)}`) +
      td(sevBadge(f.severity), RANK[f.severity]) +
      td(`<code class="id">${h(f.ruleId)}</code>`, f.ruleId) +
      td(h(f.status), f.status) +
      td(`<code>${h(f.call)}</code><div class="msg">${h(f.message)}</div>`, f.call) +
      td(replacement, f.replacement ?? '') +
      td(notes) +
      `</tr>`
    );
  });
  return `<section id="findings-section"><h2>Findings</h2>${filters}${table('findings', head, rows)}<p id="no-match" hidden>No finding matches the filter.</p></section>`;
}

function rulesSection(m: AuditModel): string {
  if (m.rules.length === 0) return '';
  const items = m.rules.map((r) => {
    const variants = r.variants.length ? `<ul>${r.variants.map((v) => `<li>${prose(v.summary)} <span class="fix">(fix ${prose(v.fix)})</span></li>`).join('')}</ul>` : '';
    const docs = r.docs && /^https?:\/\//.test(r.docs) ? `<p><a href="${h(r.docs)}" rel="noreferrer noopener">Documentation</a></p>` : '';
    return (
      `<article class="rule" id="rule-${h(r.id)}"><h3><code>${h(r.id)}</code> — ${prose(r.title)}</h3>` +
      `<p><strong>Status:</strong> ${h(r.status)}, ${prose(r.when)}. ${plural(r.findings, 'finding')}.</p>` +
      `<p>${prose(r.description)}</p>` +
      (r.migration ? `<p><strong>Migration:</strong> ${prose(r.migration)}</p>` : '') +
      variants +
      docs +
      `</article>`
    );
  });
  return `<section id="rules"><h2>Migration notes by rule</h2>${items.join('\n')}</section>`;
}

const CSS = `
:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--alt:#f6f8fa;--error:#c62828;--warning:#9a6700;--info:#0969da;--good:#1a7f37}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;padding:24px;max-width:1400px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px}
.meta{color:var(--muted);margin:0}
code{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:break-word}
code.id{overflow-wrap:normal}
.date{white-space:nowrap}
.scroll{overflow-x:auto;max-width:100%}
.grid>*{min-width:0}
/* Fixed column shares: a long URL or note wraps inside its own cell (anywhere, for URLs
   without spaces) instead of widening its column, squeezing the others or running into them. */
#findings,#by-rule{table-layout:fixed}
#findings td,#findings td code,#findings .msg{overflow-wrap:anywhere}
#findings th:nth-child(1){width:16%}#findings th:nth-child(2){width:8%}#findings th:nth-child(3){width:14%}#findings th:nth-child(4){width:9%}
#findings th:nth-child(5){width:20%}#findings th:nth-child(6){width:15%}
#by-rule td{overflow-wrap:break-word}
#by-rule th:nth-child(1){width:20%}#by-rule th:nth-child(2){width:29%}#by-rule th:nth-child(3){width:10%}#by-rule th:nth-child(4){width:16%}
#by-rule th:nth-child(5){width:9%}#by-rule th:nth-child(6){width:9%}
/* Narrow screens: the wide tables keep a readable width and scroll inside their box. */
@media (max-width:1040px){#findings,#by-rule{min-width:1000px}}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 16px;min-width:120px;background:var(--alt)}
.card .num{display:block;font-size:26px;font-weight:600}
.card.error .num{color:var(--error)}.card.warning .num{color:var(--warning)}.card.info .num{color:var(--info)}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(420px,100%),1fr));gap:0 24px}
table{border-collapse:collapse;width:100%;margin:4px 0 12px}
th,td{border-bottom:1px solid var(--line);padding:5px 8px;text-align:left;vertical-align:top}
th{background:var(--alt);cursor:pointer;user-select:none;white-space:nowrap;position:sticky;top:0}
th:hover{background:#eaeef2}
th[aria-sort=ascending]::after{content:" \\25B2";font-size:10px}th[aria-sort=descending]::after{content:" \\25BC";font-size:10px}
td.num,th.num{text-align:right}
tbody tr:nth-child(even){background:#fbfcfd}
.sev{font-weight:600}.sev-error{color:var(--error)}.sev-warning{color:var(--warning)}.sev-info{color:var(--info)}
.msg{color:var(--muted);font-size:12px;margin-top:2px}
td p{margin:0 0 4px}.fix{color:var(--muted)}pre.diff{margin:4px 0;white-space:pre-wrap;font-size:12px}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
.filters input{flex:1 1 320px;padding:6px 8px;border:1px solid var(--line);border-radius:6px;font:inherit}
.filters select{padding:5px;border:1px solid var(--line);border-radius:6px;font:inherit}
.shown{color:var(--muted)}#shown-count{font-weight:600;color:var(--fg)}
svg text{font:12px system-ui,sans-serif;fill:var(--fg)}svg .count{fill:var(--muted)}
svg .bar{cursor:pointer}svg .bar:hover rect{opacity:.8}
.fill-error{fill:var(--error)}.fill-warning{fill:#d4a72c}.fill-info{fill:var(--info)}
.verdict{font-weight:600}.tone-good{color:var(--good)}.tone-warn{color:var(--warning)}.tone-bad{color:var(--error)}
.detail{color:var(--muted);font-size:12px}
.rule{border-left:3px solid var(--line);padding-left:12px;margin:12px 0;overflow-wrap:anywhere}
@media print{th{position:static}.filters{display:none}}
`;

// Plain ES5-style script: sorting (click or Enter on a header) and filtering of the findings table.
const SCRIPT = `
(function () {
  'use strict';
  function key(cell) {
    var v = cell.getAttribute('data-sort');
    return v === null ? cell.textContent.trim() : v;
  }
  function sortBy(table, th, index) {
    var asc = th.getAttribute('aria-sort') !== 'ascending';
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    var body = table.tBodies[0];
    var rows = Array.prototype.filter.call(body.rows, function (r) { return !r.classList.contains('empty'); });
    var numeric = th.classList.contains('num');
    rows.sort(function (a, b) {
      var x = key(a.cells[index]), y = key(b.cells[index]);
      var c = numeric ? Number(x) - Number(y) : x.localeCompare(y, 'en', { numeric: true });
      if (c === 0) c = Number(a.getAttribute('data-order')) - Number(b.getAttribute('data-order'));
      return asc ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), function (table) {
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r, i) { r.setAttribute('data-order', String(i)); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      th.tabIndex = 0;
      th.addEventListener('click', function () { sortBy(table, th, index); });
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(table, th, index); }
      });
    });
  });

  var input = document.getElementById('filter');
  var severity = document.getElementById('severity-filter');
  var rule = document.getElementById('rule-filter');
  var table = document.getElementById('findings');
  if (!input || !table) return;
  var shown = document.getElementById('shown-count');
  var none = document.getElementById('no-match');
  function apply() {
    var terms = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var n = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
      if (r.classList.contains('empty')) return;
      var text = r.textContent.toLowerCase();
      var ok = (!severity.value || r.getAttribute('data-severity') === severity.value) &&
        (!rule.value || r.getAttribute('data-rule') === rule.value) &&
        terms.every(function (t) { return text.indexOf(t) !== -1; });
      r.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = String(n);
    none.hidden = n !== 0;
  }
  input.addEventListener('input', apply);
  severity.addEventListener('change', apply);
  rule.addEventListener('change', apply);
  Array.prototype.forEach.call(document.querySelectorAll('#rule-chart .bar'), function (g) {
    g.addEventListener('click', function () {
      rule.value = g.getAttribute('data-rule');
      apply();
      document.getElementById('findings-section').scrollIntoView();
    });
  });
})();
`;

/** The migration summary (issue 31): calls, safe fixes, suggestions, needing a person, and why. */
function migrationSection(m: AuditModel): string {
  const g = m.migration;
  if (g.totals.calls === 0) return '';
  const t = g.totals;
  const head: Array<[string, 'num' | 'text']> = [['Calls', 'num'], ['Safe', 'num'], ['Suggested', 'num'], ['Needs a person', 'num']];
  const cells = (r: { calls: number; safe: number; suggested: number; person: number }) => [r.calls, r.safe, r.suggested, r.person].map((n) => td(String(n), n, 'num')).join('');
  const rows = (list: typeof g.byRule) => list.map((r) => `<tr>${td(`<code>${h(r.key)}</code>`, r.key)}${cells(r)}</tr>`);
  const reasons = g.reasons.length
    ? `<h3>Why calls need a person</h3>${table('migration-reasons', [['Reason', 'text'], ['Calls', 'num']], g.reasons.map((r) => `<tr>${td(prose(r.reason))}${td(String(r.calls), r.calls, 'num')}</tr>`))}`
    : '';
  return (
    `<section id="migration"><h2>Migration</h2>` +
    `<p id="migration-totals">${plural(t.calls, 'Hub call')} found: ${t.safe} rewritten safely by <code>--fix</code>, ${t.suggested} suggested (<code>--fix --fix-type unsafe</code>, after a glance at the evidence), ${t.person} needing a person.</p>` +
    `<h3>By rule</h3>${table('migration-by-rule', [['Rule', 'text'], ...head], rows(g.byRule))}` +
    `<h3>By file</h3>${table('migration-by-file', [['File', 'text'], ...head], rows(g.byFile))}${reasons}</section>`
  );
}

export function renderHtml(m: AuditModel): string {
  const t = m.totals;
  const title = `${m.tool.name} migration audit`;
  const card = (id: string, n: number, label: string, cls = '') => `<div class="card ${cls}"><span class="num" id="${id}">${n}</span>${h(label)}</div>`;
  const byRule = table(
    'by-rule',
    [['Rule', 'text'], ['Title', 'text'], ['Status', 'text'], ['Date', 'text'], ['Severity', 'text'], ['Findings', 'num'], ['Files', 'num']],
    m.byRule.map(
      (r) =>
        `<tr data-rule="${h(r.id)}">${td(`<a href="#rule-${h(r.id)}"><code class="id">${h(r.id)}</code></a>`, r.id)}${td(prose(r.title))}${td(h(r.status))}${td(r.date ? `<span class="date">${h(r.date)}</span>` : `<span class="date">no date</span>${r.dateNote ? `<div class="detail">${prose(r.dateNote)}</div>` : ''}`, r.date ?? '9999', 'when')}${td(sevBadge(r.severity), RANK[r.severity])}${td(String(r.findings), r.findings, 'num')}${td(String(r.files), r.files, 'num')}</tr>`,
    ),
  );
  const groupTable = (id: string, first: string, list: AuditModel['byStatus']) =>
    table(
      id,
      [[first, 'text'], ['Findings', 'num'], ['Rules', 'text']],
      list.map((g) => `<tr>${td(h(g.key), g.key)}${td(String(g.findings), g.findings, 'num')}${td(g.rules.map((r) => `<code>${h(r)}</code>`).join(', '))}</tr>`),
    );
  const baseline = m.baseline ? `<p id="baseline"><strong>Baseline:</strong> ${m.baseline.fixed} of ${m.baseline.total} fixed, ${m.baseline.remaining} remaining.</p>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${h(`${m.tool.name} ${m.tool.version}`)}">
<title>${h(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header><h1>${h(title)}</h1><p class="meta">${h(m.tool.name)} ${h(m.tool.version)} · ${plural(t.filesScanned, 'file')} scanned</p></header>
<section class="cards" id="totals">
${card('total-findings', t.findings, 'findings')}
${card('total-errors', t.bySeverity.error, 'errors', 'error')}
${card('total-warnings', t.bySeverity.warning, 'warnings', 'warning')}
${card('total-info', t.bySeverity.info, 'info', 'info')}
${card('total-files', t.files, 'files with findings')}
${card('total-rules', t.rules, 'rules')}
</section>
${baseline}
${migrationSection(m)}
<section id="chart"><h2>Findings per rule</h2>${chart(m)}</section>
<section id="totals-by-rule"><h2>Totals by rule</h2>${byRule}</section>
<div class="grid">
<section><h2>Totals by status</h2>${groupTable('by-status', 'Status', m.byStatus)}</section>
<section><h2>Totals by date</h2>${groupTable('by-date', 'Date', m.byDate)}</section>
</div>
<section><h2>By top-level folder</h2>${placeTable('by-folder', 'Folder', m.byFolder, true)}</section>
<section><h2>By file</h2>${placeTable('by-file', 'File', m.byFile, false)}</section>
${pinsSection(m)}
${findingsSection(m)}
${rulesSection(m)}
<script>${SCRIPT}</script>
</body>
</html>
`;
}

export const htmlReporter: Reporter = (findings, ctx) => renderHtml(buildAuditModel(findings, ctx));
