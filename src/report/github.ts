import type { Severity } from '../core/types.js';
import type { Reporter } from './types.js';

/**
 * GitHub Actions workflow commands (docs.github.com "Workflow commands for GitHub Actions"),
 * escaped as @actions/core's command.ts does: data escapes %, CR and LF; property values
 * escape those and `:` and `,` as well.
 */
const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export const githubReporter: Reporter = (findings) => {
  const lines = findings.map((f) => {
    const props: Array<[string, string | number]> = [
      ['file', f.file],
      ['line', f.line],
      ['col', f.column],
      ['endLine', f.endLine],
      ['endColumn', f.endColumn],
      ['title', f.ruleId],
    ];
    const list = props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
    return `::${COMMAND[f.severity]} ${list}::${escapeData(f.message)}`;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
};
