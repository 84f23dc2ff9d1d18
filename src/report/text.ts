import type { Finding, Severity } from '../core/types.js';
import { escapeControls } from '../core/printable.js';
import type { Reporter } from './types.js';

const STYLE = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4 } as const;
type Style = keyof typeof STYLE;

function painter(color: boolean) {
  return (style: Style, text: string) => (color ? `\u001b[${STYLE[style]}m${text}\u001b[0m` : text);
}

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };

/**
 * A Hub call's line says when and what to call instead, as ESLint keeps a message short and
 * the rest in the rule's docs (a ~200-character line wraps in a terminal); the old route is the
 * rule's, and JSON, SARIF and the audit keep the whole message.
 */
function shortMessage(f: Finding): string {
  if (f.family !== 'hub' || !f.replacement || (f.status !== 'deprecated' && f.status !== 'removed' && f.status !== 'legacy')) return f.message;
  const when = f.status === 'legacy' ? 'legacy' : `${f.status}${f.date ? ` ${f.date}` : ''}`;
  return `${when}; use ${f.replacement.method} ${f.replacement.path}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** ESLint's "stylish" layout: a block per file, then one summary line. */
export const textReporter: Reporter = (findings, ctx) => {
  const paint = painter(ctx.color === true);
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const out: string[] = [];
  for (const [file, list] of byFile) {
    // Fields come from scanned files and names: escaped, so they cannot drive the terminal or
    // start a line of their own (a forged `::error` in a CI log).
    out.push(paint('underline', escapeControls(file)));
    const rows = list.map((f) => [`${f.line}:${f.column}`, f.severity, escapeControls(shortMessage(f)), escapeControls(f.ruleId)] as const);
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    rows.forEach(([pos, sev, msg, id], i) => {
      out.push(`  ${paint('gray', pos.padEnd(w0))}  ${paint(SEVERITY_STYLE[sev as Severity], sev.padEnd(w1))}  ${msg}  ${paint('gray', id)}`);
      // A call hublint does not rewrite (a rule with no automatic fix, a call whose fix is not
      // proven): say what a person has to do or decide. Info findings (a URL in a comment or in
      // docs) ask nothing of anyone; their reason stays in the JSON and SARIF.
      const why = list[i].fixRefusal;
      if (typeof why === 'string' && list[i].severity !== 'info') out.push(`  ${' '.repeat(w0)}  ${' '.repeat(w1)}  ${paint('gray', `needs a person: ${why}`)}`);
    });
    out.push('');
  }
  const s = ctx.stats;
  // The summary counts what was printed (ESLint's `--quiet` does too), not what was found.
  const count = { error: 0, warning: 0, info: 0 };
  for (const f of findings) count[f.severity]++;
  const { error, warning, info } = count;
  const skipped = s.filesSkipped ? `, ${s.filesSkipped} skipped (${Object.entries(s.skipped).map(([k, v]) => `${v} ${k}`).join(', ')})` : '';
  const files = `${plural(s.filesScanned, 'file')} scanned${skipped}`;
  const baseline = s.baseline as { total: number; fixed: number; remaining: number } | undefined;
  const progress = baseline ? `\nbaseline: ${baseline.fixed} of ${baseline.total} fixed, ${baseline.remaining} remaining` : '';
  // ESLint's word: a "problem" is an error or a warning. Info findings (an Engine API pin that
  // is fine today) are not problems: they are counted apart.
  const infos = info ? `${info} info finding${info === 1 ? '' : 's'}` : '';
  if (error + warning === 0) {
    out.push(`${paint('bold', 'no problems')}${infos ? `, ${paint('blue', infos)}` : ''} (${files})${progress}`);
  } else {
    const mark = error ? paint('red', '✖') : paint('yellow', '⚠');
    out.push(`${mark} ${paint('bold', `${plural(error + warning, 'problem')} (${plural(error, 'error')}, ${plural(warning, 'warning')})`)}${infos ? `, ${infos}` : ''} in ${files}${progress}`);
  }
  return `${out.join('\n')}\n`;
};
