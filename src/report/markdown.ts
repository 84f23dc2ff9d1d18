import { buildAuditModel, SEVERITIES, type AuditModel, type PlaceTotal } from './audit-model.js';
import type { Reporter } from './types.js';

/**
 * The migration audit as GitHub-flavoured Markdown (a PR comment, a wiki page, a job
 * summary). Everything that comes from scanned files is escaped: it can hold any text.
 */

const oneLine = (s: string) => s.replace(/\r\n|\r|\n/g, ' ');

/**
 * Plain text: the characters that start inline markup anywhere in a line (emphasis, code,
 * links, HTML, entities, table cells, strikethrough, GitHub math and @mentions) are
 * backslash-escaped (CommonMark §2.4). Text never starts a line, so block markers stay inert.
 */
export function mdText(s: string): string {
  return oneLine(s).replace(/[\\`*_[\]<>|~&$@]/g, (c) => `\\${c}`);
}

/**
 * A code span that holds any text: the fence is longer than the longest backtick run inside.
 * In a table cell a `|` must still be escaped (GFM §4.10), elsewhere the backslash would show.
 */
export function mdCode(s: string, inTable = false): string {
  const text = inTable ? oneLine(s).replace(/\|/g, '\\|') : oneLine(s);
  if (text === '') return '';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$|^ .* $/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Rule-table prose: its `code spans` stay code, the rest is escaped text. */
export function mdProse(s: string, inTable = false): string {
  return oneLine(s)
    .split(/(`[^`]+`)/)
    .map((part, i) => (i % 2 === 1 ? mdCode(part.slice(1, -1), inTable) : mdText(part)))
    .join('');
}

const cellCode = (s: string) => mdCode(s, true);

function table(head: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ['_none_'];
  const align = head.map((h) => (/^(Findings|Files|Errors|Warnings|Info|Line)$/.test(h) ? '---:' : '---'));
  return [`| ${head.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function placeRows(list: PlaceTotal[], withFiles: boolean): string[][] {
  return list.map((p) => [cellCode(p.key), String(p.findings), ...(withFiles ? [String(p.files)] : []), ...SEVERITIES.map((s) => String(p.bySeverity[s]))]);
}

/** A fenced block whose fence no line of the text can close. */
function fence(text: string): string[] {
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((x) => x[0].length + 1)));
  return [`${ticks}diff`, ...text.split('\n'), ticks];
}

/** The migration summary (issue 31): calls, safe fixes, suggestions, needing a person, and why. */
function migrationSection(m: AuditModel, out: string[]): void {
  const g = m.migration;
  if (g.totals.calls === 0) return;
  const t = g.totals;
  out.push('', '## Migration', '');
  out.push(`${plural(t.calls, 'Hub call')} found: ${t.safe} rewritten safely by \`--fix\`, ${t.suggested} suggested (\`--fix --fix-type unsafe\`, after a glance at the evidence), ${t.person} needing a person.`);
  const head = ['Calls', 'Safe', 'Suggested', 'Needs a person'];
  const cells = (r: { calls: number; safe: number; suggested: number; person: number }) => [String(r.calls), String(r.safe), String(r.suggested), String(r.person)];
  out.push('', '### Migration by rule', '', ...table(['Rule', ...head], g.byRule.map((r) => [cellCode(r.key), ...cells(r)])));
  out.push('', '### Migration by file', '', ...table(['File', ...head], g.byFile.map((r) => [cellCode(r.key), ...cells(r)])));
  if (g.reasons.length) out.push('', '### Why calls need a person', '', ...table(['Reason', 'Calls'], g.reasons.map((r) => [mdProse(r.reason, true), String(r.calls)])));
}

export function renderMarkdown(m: AuditModel): string {
  const t = m.totals;
  const out: string[] = [`# ${mdText(m.tool.name)} migration audit`, ''];
  out.push(
    `**${plural(t.findings, 'finding')}** (${plural(t.bySeverity.error, 'error')}, ${plural(t.bySeverity.warning, 'warning')}, ${plural(t.bySeverity.info, 'info finding')}) ` +
      `in ${plural(t.files, 'file')}, ${plural(t.rules, 'rule')}; ${plural(t.filesScanned, 'file')} scanned. ` +
      `${mdText(m.tool.name)} ${mdText(m.tool.version)}.`,
  );
  if (m.baseline) out.push('', `**Baseline:** ${m.baseline.fixed} of ${m.baseline.total} fixed, ${m.baseline.remaining} remaining.`);

  migrationSection(m, out);

  out.push('', '## Totals by rule', '');
  out.push(...table(['Rule', 'Title', 'Status', 'Date', 'Findings', 'Files'], m.byRule.map((r) => [cellCode(r.id), mdProse(r.title, true), mdText(r.status), mdProse(r.when, true), String(r.findings), String(r.files)])));
  out.push('', '## Totals by status', '');
  out.push(...table(['Status', 'Findings', 'Rules'], m.byStatus.map((g) => [mdText(g.key), String(g.findings), g.rules.map(cellCode).join(', ')])));
  out.push('', '## Totals by date', '');
  out.push(...table(['Date', 'Findings', 'Rules'], m.byDate.map((g) => [mdText(g.key), String(g.findings), g.rules.map(cellCode).join(', ')])));
  out.push('', '## By top-level folder', '');
  out.push(...table(['Folder', 'Findings', 'Files', 'Errors', 'Warnings', 'Info'], placeRows(m.byFolder, true)));
  out.push('', '## By file', '');
  out.push(...table(['File', 'Findings', 'Errors', 'Warnings', 'Info'], placeRows(m.byFile, false)));

  if (m.pins.rows.length) {
    out.push('', '## Engine API pins', '', m.pins.releases.length ? 'Verdict of each pinned version per Engine release:' : 'The Engine API versions the code pins (not judged: `hublint engine check` judges them against a daemon or Engine releases):', '');
    out.push(
      ...table(
        ['Location', 'Rule', 'Version', 'Form', ...m.pins.releases.map(mdText)],
        m.pins.rows.map((p) => [
          cellCode(p.location),
          cellCode(p.ruleId),
          cellCode(p.version),
          mdText(p.form),
          ...m.pins.releases.map((rel) => {
            const v = p.verdicts.find((x) => x.against === rel);
            return v ? mdText(v.verdict + (v.behind ? ` (${v.behind} behind)` : '')) : '—';
          }),
        ]),
      ),
    );
    const details = m.pins.rows.flatMap((p) =>
      p.verdicts
        .filter((v) => v.errorText || v.fix || v.probe)
        .map((v) =>
          [
            `- ${mdCode(p.location)} against ${mdText(v.against)}: **${mdText(v.verdict)}**`,
            v.errorText ? `  - Daemon says: ${mdCode(v.errorText)}` : null,
            v.fix ? `  - Fix: ${mdText(v.fix)}` : null,
            v.probe ? `  - Probe: ${mdText(v.probe)}` : null,
          ]
            .filter((l): l is string => l !== null)
            .join('\n'),
        ),
    );
    if (details.length) out.push('', ...details);
  }

  out.push('', '## Findings');
  let file: string | null = null;
  for (const f of m.findings) {
    if (f.file !== file) {
      file = f.file;
      out.push('', `### ${mdCode(file)}`, '');
    }
    out.push(`- **${f.line}:${f.column}** ${f.severity} ${mdCode(f.ruleId)} — ${mdText(f.message)}`);
    if (f.call) out.push(`  - Found: ${mdCode(f.call)}`);
    if (f.replacement) out.push(`  - Replace with: ${mdCode(f.replacement)}`);
    else if (f.noReplacement) out.push(`  - No replacement: ${mdProse(f.noReplacement)}`);
    if (f.migration) out.push(`  - Migration: ${mdProse(f.migration)}`);
    if (f.level === 'suggested' && f.evidence.length) out.push(`  - Suggestion resting on: ${f.evidence.map((e) => mdProse(e)).join('; ')}`);
    if (f.diff) out.push('  - Fix as a diff:', '', ...fence(f.diff).map((l) => `    ${l}`), '');
    if (f.autoFix) out.push(`  - Automatic fix (${f.autoFix})${f.fixWhy ? `: ${mdProse(f.fixWhy)}` : ''}`);
    else if (f.suggestion) out.push(`  - By hand: ${mdProse(f.suggestion)}`);
    else if (f.fixNote) out.push(`  - Fix: ${mdProse(f.fixNote)}`);
  }
  if (m.findings.length === 0) out.push('', '_No findings._');

  if (m.rules.length) {
    out.push('', '## Migration notes by rule');
    for (const r of m.rules) {
      out.push('', `### ${mdCode(r.id)} — ${mdProse(r.title)}`, '');
      out.push(`**Status:** ${mdText(r.status)}, ${mdProse(r.when)}. ${plural(r.findings, 'finding')}.`, '');
      out.push(mdProse(r.description));
      if (r.migration) out.push('', `**Migration:** ${mdProse(r.migration)}`);
      if (r.variants.length) {
        out.push('', '**Replacements:**', '');
        for (const v of r.variants) out.push(`- ${mdProse(v.summary)} (fix ${mdProse(v.fix)})`);
      }
      if (r.docs) out.push('', `Docs: <${r.docs.replace(/[<>\s]/g, encodeURIComponent)}>`);
    }
  }
  return `${out.join('\n')}\n`;
};

export const markdownReporter: Reporter = (findings, ctx) => renderMarkdown(buildAuditModel(findings, ctx));
