/**
 * What a lowering makes of each named node type of its grammar, for every language's table
 * (languages/<lang>/coverage.ts). test/extract/node-coverage.test.ts lists the grammar's types from
 * the loaded Language and fails on one this table does not classify: a form nobody thought
 * about is seen before real code finds it (issue 30, "node-type coverage per grammar").
 *
 * - `value`: lowered to a value of the form (a string, a concatenation, a format, a join, a
 *   name, an environment read, either value, a call, an object, a function);
 * - `statement`: a definition or a flow the form records (assignments, functions, classes,
 *   imports, returns);
 * - `container`: walked into; what it holds is lowered;
 * - `part`: read by the lowering of the node that holds it (a string's content, a call's
 *   arguments, a function's parameters, an import's names);
 * - `opaque`: not followed as a value, but the calls and literals inside are lowered;
 * - `none`: holds no string value (numbers, booleans, patterns, types, bare keywords);
 * - `comment`: scanned for URLs (documentation, reported at info);
 * - `gap`: holds a string value or a flow that the lowering does not follow yet (a missed form,
 *   said beside its entry); test/extract/node-coverage.test.ts counts them, and eval/README.md
 *   lists them, so a gap is seen, never silent.
 */
export type Coverage = 'value' | 'statement' | 'container' | 'part' | 'opaque' | 'none' | 'comment' | 'gap';

/**
 * The forms every token lowering (Groovy, Perl) makes alike of the shared tokenizer's words and
 * brackets; each language's table (languages/<lang>/coverage.ts) spreads it and adds its own.
 */
export const TOKEN_WORDS_AND_BRACKETS: Readonly<Record<string, Coverage>> = {
  // a name, a call or a keyword the lowering reads by its text
  'ident': 'value',
  'num': 'none',
  // call arguments and groups
  'open (': 'part',
  // lists, maps and indexes
  'open [': 'part',
  // blocks and closures: walked into
  'open {': 'container',
  'close )': 'part',
  'close ]': 'part',
  'close }': 'container',
};
