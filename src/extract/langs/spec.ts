/** How a string literal splices values in: `{x}` (Python f, C# $), `${x}`/`$x`, `#{x}`, PHP, Perl, Groovy (`$a.b`), Swift (`\(x)`). */
export type Interp = 'brace' | 'dollar' | 'hash' | 'php' | 'perl' | 'groovy' | 'swift';
/** `doubled` is C#'s verbatim `""`. */
export type Escape = 'backslash' | 'doubled' | 'none';

export interface StringForm {
  /** Sticky; group `q` is the opening quote run, which also closes the literal unless `close` says otherwise. */
  open: RegExp;
  close?: (m: RegExpExecArray) => string;
  escape: Escape;
  interp?: Interp;
  /** Single-line forms stop at a line break, so one stray quote cannot swallow the file. */
  multiline?: boolean;
  /**
   * How many line breaks one `${…}` splice may span (Scala's `s"…${\n x \n}…"` is one string
   * on one line around a block that is code); 0 when absent.
   */
  spliceLines?: number;
}

/**
 * A language's lexical forms, read by the shared tokenizer (tokenize.ts): what the fix step's
 * lexers (extract/lexers.ts) and the tokenizer lowerings of Perl and Groovy (extract/lower/)
 * see of a file — comments, strings with their splices, literals that only look like strings,
 * identifiers.
 */
export interface LanguageSpec {
  name: string;
  lineComments: string[];
  blockComments: Array<[string, string]>;
  strings: StringForm[];
  /** Sticky patterns for literals that only look like strings (char literals). */
  opaque?: RegExp[];
  /** Sticky identifier pattern, sigils included (`$base`, `@repo`). */
  ident: RegExp;
}
