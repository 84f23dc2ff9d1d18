import { type Coverage, TOKEN_WORDS_AND_BRACKETS } from '../../coverage.js';

/**
 * Every token form the shared tokenizer (langs/tokenize.ts) makes of Perl with perlSpec (languages/perl/spec.ts),
 * and what the token lowering (perl.ts) makes of it; the classes are python-coverage.ts's. A key is
 * `string <the form's opening pattern>`, a comment form, `ident`, `num`, `open`/`close` with its
 * bracket, or `op <text>` for each operator the tokenizer knows and each single ASCII punctuation
 * character (any other character is a one-character op). test/extract/node-coverage.test.ts
 * lists the forms from the loaded spec and fails on one this table leaves out.
 */
export const PERL_TOKEN_FORMS: Readonly<Record<string, Coverage>> = {
  'string (?<q>\')': 'value',
  // `$x`, `${x}`, `@{[ ... ]}` spliced
  'string (?<q>")': 'value',
  // `qq{...}`, interpolating
  'string qq(?<q>[{([<|!/])': 'value',
  // `q{...}`
  'string q(?<q>[{([<|!/])': 'value',
  'line comment #': 'comment',
  'block comment =pod =cut': 'comment',
  'block comment =head =cut': 'comment',
  ...TOKEN_WORDS_AND_BRACKETS,
  'op ...': 'none',
  // a default for a name
  'op ||=': 'statement',
  'op ?->': 'none',
  'op &.': 'none',
  // package-qualified names
  'op ::': 'value',
  'op :=': 'none',
  // hash pairs and named arguments
  'op =>': 'part',
  // method calls and element reads
  'op ->': 'value',
  'op ==': 'none',
  'op !=': 'none',
  'op <=': 'none',
  'op >=': 'none',
  'op +=': 'none',
  'op -=': 'none',
  // appending to a name
  'op .=': 'statement',
  'op **': 'opaque',
  'op <<': 'opaque',
  'op >>': 'opaque',
  'op &&': 'opaque',
  // `a || b`: either value
  'op ||': 'value',
  'op ..': 'opaque',
  'op ?.': 'none',
  'op !!': 'none',
  'op !': 'opaque',
  'op #': 'none',
  'op $': 'part',
  'op %': 'opaque',
  'op &': 'opaque',
  'op *': 'opaque',
  'op +': 'opaque',
  'op ,': 'part',
  'op -': 'opaque',
  // concatenation
  'op .': 'value',
  // `//`, the defined-or: either value (two `/` tokens)
  'op /': 'value',
  'op :': 'part',
  'op ;': 'part',
  'op <': 'none',
  'op =': 'statement',
  'op >': 'none',
  // a ternary: either value
  'op ?': 'value',
  'op @': 'part',
  'op \\': 'part',
  'op ^': 'opaque',
  'op `': 'none',
  'op |': 'opaque',
  'op ~': 'opaque',
};

/** Forms of the language the tokenizer has no token for: their strings are missed (listed, counted in eval/README.md). */
export const PERL_FORMS_NOT_TOKENIZED: ReadonlyArray<{ form: string; why: string }> = [
  { form: 'here-documents `<<"END"`', why: 'the tokenizer reads `<<` as an operator and the body as code; a URL in one is missed' },
  { form: '`qw(...)` word lists', why: 'read as a name and a group; words in it are not strings' },
];
