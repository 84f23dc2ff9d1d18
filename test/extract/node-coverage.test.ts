import { describe, expect, it } from 'vitest';
import { loadLanguage, type Grammar } from '../../src/runtime/parsers.js';
import { PYTHON_NODE_TYPES, type Coverage } from '../../src/extract/lower/python-coverage.js';
import { GO_NODE_TYPES } from '../../src/extract/lower/go-coverage.js';
import { HCL_NODE_TYPES } from '../../src/extract/lower/hcl-coverage.js';
import { SCALA_NODE_TYPES } from '../../src/extract/lower/scala-coverage.js';

// Every named node type a grammar has is classified by its language's table: a type the table
// leaves out fails here (a form of the language nobody decided about), and so does an entry
// the grammar no longer has. Python and Go are complete; the other grammars follow the same shape.
const TABLES: Array<{ grammar: Grammar; table: Readonly<Record<string, Coverage>> }> = [
  { grammar: 'python', table: PYTHON_NODE_TYPES },
  { grammar: 'go', table: GO_NODE_TYPES },
  { grammar: 'hcl', table: HCL_NODE_TYPES },
  { grammar: 'scala', table: SCALA_NODE_TYPES },
];

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

describe('node-type coverage per grammar', () => {
  for (const { grammar, table } of TABLES) {
    it(`${grammar}: every named node type is classified, and every entry is a node type`, async () => {
      const types = await namedTypes(grammar);
      expect(types.length).toBeGreaterThan(50);
      expect(types.filter((t) => !(t in table))).toEqual([]);
      expect(Object.keys(table).filter((t) => !types.includes(t))).toEqual([]);
    });
  }
});
