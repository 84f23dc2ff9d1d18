import { type Coverage, TOKEN_WORDS_AND_BRACKETS } from '../../coverage.js';

/**
 * Every token form the shared tokenizer (langs/tokenize.ts) makes of Groovy with groovySpec (languages/groovy/spec.ts),
 * and what the token lowering (groovy.ts) makes of it; the classes are python-coverage.ts's. A key is
 * `string <the form's opening pattern>`, a comment form, `ident`, `num`, `open`/`close` with its
 * bracket, or `op <text>` for each operator the tokenizer knows and each single ASCII punctuation
 * character (any other character is a one-character op). test/extract/node-coverage.test.ts
 * lists the forms from the loaded spec and fails on one this table leaves out.
 */
export const GROOVY_TOKEN_FORMS: Readonly<Record<string, Coverage>> = {
  // GString, `${x}` and `$a.b` spliced
  'string (?<q>""")': 'value',
  'string (?<q>\'\'\')': 'value',
  // GString
  'string (?<q>")': 'value',
  'string (?<q>\')': 'value',
  // dollar-slashy
  'string \\$(?<q>\\/)': 'value',
  'line comment //': 'comment',
  'block comment /* */': 'comment',
  ...TOKEN_WORDS_AND_BRACKETS,
  'op ...': 'part',
  'op ||=': 'none',
  'op ?->': 'none',
  'op &.': 'none',
  'op ::': 'none',
  'op :=': 'none',
  'op =>': 'none',
  'op ->': 'part',
  'op ==': 'none',
  'op !=': 'none',
  'op <=': 'none',
  'op >=': 'none',
  'op +=': 'statement',
  'op -=': 'none',
  'op .=': 'none',
  'op **': 'opaque',
  'op <<': 'opaque',
  'op >>': 'part',
  'op &&': 'opaque',
  'op ||': 'opaque',
  'op ..': 'opaque',
  'op ?.': 'value',
  'op !!': 'none',
  'op !': 'opaque',
  // `#!` shebang line
  'op #': 'part',
  'op $': 'part',
  'op %': 'opaque',
  'op &': 'opaque',
  'op *': 'part',
  // concatenation
  'op +': 'value',
  'op ,': 'part',
  'op -': 'opaque',
  // member reads and method calls
  'op .': 'value',
  'op /': 'opaque',
  'op :': 'part',
  'op ;': 'part',
  // generic type arguments in a declaration
  'op <': 'part',
  // a definition
  'op =': 'statement',
  'op >': 'part',
  // a ternary or the Elvis `?:`: either value
  'op ?': 'value',
  // annotations (`@Field`)
  'op @': 'part',
  'op \\': 'none',
  'op ^': 'opaque',
  'op `': 'none',
  'op |': 'opaque',
  'op ~': 'opaque',
};

/** Forms of the language the tokenizer has no token for: their strings are missed (listed, counted in eval/README.md). */
export const GROOVY_FORMS_NOT_TOKENIZED: ReadonlyArray<{ form: string; why: string }> = [
  { form: 'slashy strings `/.../`', why: 'telling one from a division needs a parser\'s context (languages/groovy/spec.ts); a URL in one is missed' },
];
