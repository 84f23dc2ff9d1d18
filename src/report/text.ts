import type { Finding, Severity } from '../core/types.js';
import { escapeControls } from '../core/printable.js';
import type { Reporter } from './types.js';

const STYLE = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4 } as const;
type Style = keyof typeof STYLE;

function painter(color: boolean) {
  return (style: Style, text: string) => (color ? `\u001b[${STYLE[style]}m${text}\u001b[0m` : text);
}

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };

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
    const rows = list.map((f) => [`${f.line}:${f.column}`, f.severity, escapeControls(f.message), escapeControls(f.ruleId)] as const);
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    for (const [pos, sev, msg, id] of rows) {
      out.push(`  ${paint('gray', pos.padEnd(w0))}  ${paint(SEVERITY_STYLE[sev as Severity], sev.padEnd(w1))}  ${msg}  ${paint('gray', id)}`);
    }
    out.push('');
  }
  const s = ctx.stats;
  const { error, warning, info } = s.bySeverity;
  const skipped = s.filesSkipped ? `, ${s.filesSkipped} skipped (${Object.entries(s.skipped).map(([k, v]) => `${v} ${k}`).join(', ')})` : '';
  const files = `${plural(s.filesScanned, 'file')} scanned${skipped}`;
  const baseline = s.baseline as { total: number; fixed: number; remaining: number } | undefined;
  const progress = baseline ? `\nbaseline: ${baseline.fixed} of ${baseline.total} fixed, ${baseline.remaining} remaining` : '';
  if (findings.length === 0) {
    out.push(`${paint('bold', 'no problems')} (${files})${progress}`);
  } else {
    const mark = error ? paint('red', '✖') : warning ? paint('yellow', '⚠') : paint('blue', 'ℹ');
    out.push(`${mark} ${paint('bold', `${plural(findings.length, 'problem')} (${plural(error, 'error')}, ${plural(warning, 'warning')}, ${info} info)`)} in ${files}${progress}`);
  }
  return `${out.join('\n')}\n`;
};
