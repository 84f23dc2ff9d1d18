import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { loadLanguage, type Grammar } from '../../src/runtime/parsers.js';
import { OPERATORS } from '../../src/extract/langs/tokenize.js';
import type { LanguageSpec } from '../../src/extract/langs/spec.js';
import { groovySpec } from '../../src/extract/languages/groovy/spec.js';
import { perlSpec } from '../../src/extract/languages/perl/spec.js';
import { PYTHON_NODE_TYPES, type Coverage } from '../../src/extract/languages/python/coverage.js';
import { GO_NODE_TYPES } from '../../src/extract/languages/go/coverage.js';
import { JAVA_NODE_TYPES } from '../../src/extract/languages/java/coverage.js';
import { CSHARP_NODE_TYPES } from '../../src/extract/languages/csharp/coverage.js';
import { PHP_NODE_TYPES } from '../../src/extract/languages/php/coverage.js';
import { RUBY_NODE_TYPES } from '../../src/extract/languages/ruby/coverage.js';
import { RUST_NODE_TYPES } from '../../src/extract/languages/rust/coverage.js';
import { BASH_NODE_TYPES } from '../../src/extract/languages/shell/coverage.js';
import { POWERSHELL_NODE_TYPES } from '../../src/extract/languages/powershell/coverage.js';
import { KOTLIN_NODE_TYPES } from '../../src/extract/languages/kotlin/coverage.js';
import { HCL_NODE_TYPES } from '../../src/extract/languages/hcl/coverage.js';
import { SCALA_NODE_TYPES } from '../../src/extract/languages/scala/coverage.js';
import { TYPESCRIPT_SYNTAX_KINDS } from '../../src/extract/languages/js/coverage.js';
import { GROOVY_FORMS_NOT_TOKENIZED, GROOVY_TOKEN_FORMS } from '../../src/extract/languages/groovy/coverage.js';
import { PERL_FORMS_NOT_TOKENIZED, PERL_TOKEN_FORMS } from '../../src/extract/languages/perl/coverage.js';

type Table = Readonly<Record<string, Coverage>>;

// Every named node type a grammar has is classified by its language's table: a type the table
// leaves out fails here (a form of the language nobody decided about), and so does an entry the
// grammar no longer has. The record is keyed by every Grammar the runtime loads, so a grammar
// added without a table does not type-check.
const GRAMMAR_TABLES: Record<Grammar, Table> = {
  python: PYTHON_NODE_TYPES,
  go: GO_NODE_TYPES,
  java: JAVA_NODE_TYPES,
  'c-sharp': CSHARP_NODE_TYPES,
  php: PHP_NODE_TYPES,
  ruby: RUBY_NODE_TYPES,
  rust: RUST_NODE_TYPES,
  bash: BASH_NODE_TYPES,
  powershell: POWERSHELL_NODE_TYPES,
  kotlin: KOTLIN_NODE_TYPES,
  hcl: HCL_NODE_TYPES,
  scala: SCALA_NODE_TYPES,
};

/** The gaps each table admits today (eval/README.md lists them): a new one must be added here, and so seen. */
const GAPS: Record<string, string[]> = {
  python: [],
  go: [],
  java: ['string_interpolation', 'template_expression'],
  'c-sharp': ['global_attribute'],
  php: ['attribute', 'attribute_group', 'attribute_list'],
  ruby: [],
  rust: [],
  bash: [],
  powershell: [],
  kotlin: [],
  hcl: [],
  scala: [],
  typescript: [],
  groovy: [],
  perl: [],
};

async function namedTypes(grammar: Grammar): Promise<string[]> {
  const language = await loadLanguage(grammar);
  const out = new Set<string>();
  for (let id = 0; id < language.nodeTypeCount; id++) {
    const type = language.nodeTypeForId(id);
    // Hidden rules (`_expression`) never appear in a tree.
    if (type && language.nodeTypeIsNamed(id) && !type.startsWith('_')) out.add(type);
  }
  return [...out].sort();
}

/** TypeScript's kinds, without the `FirstX`/`LastX` markers and `Count` (aliases of listed kinds). */
function syntaxKinds(): string[] {
  return Object.keys(ts.SyntaxKind)
    .filter((k) => Number.isNaN(Number(k)) && !/^(?:First|Last)[A-Z]/.test(k) && k !== 'Count')
    .sort();
}

/** Every token form the shared tokenizer can make of a language with `spec` (tokenize.ts). */
function tokenForms(spec: LanguageSpec): string[] {
  const punctuation = [...'!#$%&*+,-./:;<=>?@\\^`|~'];
  return [
    ...spec.strings.map((s) => `string ${s.open.source}`),
    ...spec.lineComments.map((c) => `line comment ${c}`),
    ...spec.blockComments.map(([open, close]) => `block comment ${open} ${close}`),
    ...(spec.opaque ?? []).map((re) => `opaque ${re.source}`),
    'ident',
    'num',
    ...[...'([{'].map((c) => `open ${c}`),
    ...[...')]}'].map((c) => `close ${c}`),
    ...new Set([...OPERATORS, ...punctuation].map((o) => `op ${o}`)),
  ].sort();
}

function expectClassified(types: string[], table: Table, gaps: string[]): void {
  expect(types.filter((t) => !(t in table))).toEqual([]);
  expect(Object.keys(table).filter((t) => !types.includes(t))).toEqual([]);
  expect(Object.keys(table).filter((t) => table[t] === 'gap').sort()).toEqual([...gaps].sort());
}

describe('node-type coverage per grammar', () => {
  for (const [grammar, table] of Object.entries(GRAMMAR_TABLES) as Array<[Grammar, Table]>) {
    it(`${grammar}: every named node type is classified, and every entry is a node type`, async () => {
      const types = await namedTypes(grammar);
      expect(types.length).toBeGreaterThan(50);
      expectClassified(types, table, GAPS[grammar]);
    });
  }

  it('typescript: every SyntaxKind of the parser the lowering uses is classified', () => {
    const kinds = syntaxKinds();
    expect(kinds.length).toBeGreaterThan(300);
    expectClassified(kinds, TYPESCRIPT_SYNTAX_KINDS, GAPS.typescript);
  });

  for (const [name, spec, table, missing] of [
    ['groovy', groovySpec, GROOVY_TOKEN_FORMS, GROOVY_FORMS_NOT_TOKENIZED],
    ['perl', perlSpec, PERL_TOKEN_FORMS, PERL_FORMS_NOT_TOKENIZED],
  ] as const) {
    it(`${name}: every token form of the tokenizer is classified, and the forms it has no token for are named`, () => {
      expectClassified(tokenForms(spec), table, GAPS[name]);
      expect(missing.length).toBeGreaterThan(0);
      for (const m of missing) expect(m.why.length).toBeGreaterThan(20);
    });
  }
});
