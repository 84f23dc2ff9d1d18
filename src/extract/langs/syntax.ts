import type { LanguageSpec, StringForm } from './spec.js';

/** Lexical pieces several languages share. */

export const C_COMMENTS: Pick<LanguageSpec, 'lineComments' | 'blockComments'> = {
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
};

export const WORD = /[A-Za-z_]\w*/y;

/** `'a'`, `'\n'`, `'\u00e9'`: never a URL, and never the start of a string. */
export const CHAR_LITERAL = /'(?:\\[^'\n]{1,10}|[^'\\\n])'/y;

export const DOUBLE_QUOTED: StringForm = { open: /(?<q>")/y, escape: 'backslash' };

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Perl's `q{...}` / `qq(...)`: the closer mirrors the opener. */
export function mirrored(m: RegExpExecArray): string {
  const q = m.groups?.q ?? '"';
  return CLOSERS[q] ?? q;
}
