import { hole } from '../../../core/hole.js';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';

// A value a template engine fills in before the YAML is used: Jinja in Ansible
// (`{{ hub_org }}`, `{{ item.name | lower }}`) and Go templates in Helm (`{{ .Values.image }}`).
// GitHub Actions' `${{ … }}` is left alone: the shell reading of `run:` and `env:` knows it.
const TEMPLATE = /(?<!\$)\{\{([^{}]{0,200})\}\}/g;

/** The name a template expression gives its hole: the variable before any filter or pipe. */
function nameOf(expr: string): string {
  const head = expr.replace(/^-|-$/g, '').split('|')[0].trim();
  return /^\.?([A-Za-z_][\w.]*)/.exec(head)?.[1] ?? 'template';
}

/** `text` with each `{{ expr }}` turned into a hole mapped to the whole expression. */
export function templateHoles(m: Mapped): Mapped {
  if (!m.text.includes('{{')) return m;
  const b = new MappedBuilder();
  let at = 0;
  for (const t of m.text.matchAll(TEMPLATE)) {
    const i = t.index ?? 0;
    b.pushFrom(m, at, i);
    b.push(hole(nameOf(t[1])), m.startOf(i), m.endOf(i + t[0].length), false, true);
    at = i + t[0].length;
  }
  if (at === 0) return m;
  b.pushFrom(m, at, m.text.length);
  return b.build();
}

// A line that holds only template actions (`{{- if .Values.x }}`, `{{- include "l" . | nindent 4 }}`).
const ACTION_LINE = /^[ \t]*(?:\{\{[^{}\n]{0,400}\}\}[ \t]*)+$/gm;

/** The text with each line of template actions only blanked, offsets unchanged. */
export function withoutTemplateLines(text: string): string {
  return text.replace(ACTION_LINE, (line) => ' '.repeat(line.length));
}
