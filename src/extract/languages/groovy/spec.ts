import type { LanguageSpec } from '../../langs/spec.js';
import { C_COMMENTS, WORD } from '../../langs/syntax.js';

/**
 * Groovy's lexical forms (Jenkinsfiles, Gradle scripts, shared-library `vars/*.groovy`) for the
 * shared tokenizer, which the Groovy lowering (`languages/groovy/lowering.ts`) walks. No Groovy grammar ships
 * as WebAssembly on npm (`tree-sitter-groovy` builds natively only), so a tokenizer stays here,
 * as for Perl. Single-quoted strings never interpolate; double-quoted and triple-double-quoted
 * GStrings splice `${expr}` and `$a.b`; dollar-slashy `$/.../$` strings too. Slashy `/.../`
 * strings are left out: telling them from a division needs a parser's context.
 */
export const groovySpec: LanguageSpec = {
  name: 'groovy',
  ...C_COMMENTS,
  strings: [
    { open: /(?<q>""")/y, escape: 'backslash', interp: 'groovy', multiline: true },
    { open: /(?<q>''')/y, escape: 'backslash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'groovy' },
    { open: /(?<q>')/y, escape: 'backslash' },
    { open: /\$(?<q>\/)/y, close: () => '/$', escape: 'none', interp: 'groovy', multiline: true },
  ],
  ident: WORD,
};
