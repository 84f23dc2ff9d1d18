/**
 * Inline suppressions, in any comment syntax the adapters know (`//`, `#`, `/* *\/`,
 * `<!-- -->`, `--`, `;`, `'`, `REM`): the directive word must follow a comment opener.
 *
 *   hublint-disable-next-line [rule-ids] -- reason
 *   hublint-disable-line [rule-ids]
 *   hublint-disable [rule-ids]   …   hublint-enable [rule-ids]
 *   hublint-disable-file [rule-ids]
 */
export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable' | 'disable-file';

export interface Directive {
  kind: DirectiveKind;
  /** Empty: every rule. */
  rules: string[];
  line: number;
  column: number;
  reason?: string;
}

const DIRECTIVE =
  // No `-` between the comment mark and the word: in a line of dashes every `--` would start a
  // match that scans the rest of the run.
  /(?:\/\/|#|\/\*|<!--|--|;|'|\bREM\b|%)[ \t*!]*hublint-(disable-next-line|disable-line|disable-file|disable|enable)(?!\w)([^\n]*)/g;

export function parseDirectives(text: string): Directive[] {
  if (!text.includes('hublint-')) return [];
  const out: Directive[] = [];
  const lines = text.split('\n');
  lines.forEach((lineText, i) => {
    if (!lineText.includes('hublint-')) return;
    for (const m of lineText.matchAll(DIRECTIVE)) {
      let rest = m[2].replace(/(?<!\s)\s*(?:\*\/|-->)[^]*$/, '');
      let reason: string | undefined;
      const sep = rest.indexOf(' -- ');
      if (sep !== -1 || rest.trimStart().startsWith('-- ')) {
        const at = sep !== -1 ? sep : rest.indexOf('-- ');
        reason = rest.slice(at).replace(/^\s*--\s*/, '').trim() || undefined;
        rest = rest.slice(0, at);
      }
      const rules = rest.split(/[\s,]+/).filter((r) => /^[a-z][\w-]*$/.test(r));
      out.push({ kind: m[1] as DirectiveKind, rules, line: i + 1, column: (m.index ?? 0) + 1, reason });
    }
  });
  return out;
}
