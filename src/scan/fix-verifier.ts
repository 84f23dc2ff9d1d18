import { loadParser, type LoadedParser } from '../runtime/parsers.js';
import { walkTree } from '../runtime/tree-walk.js';
import { languageOf, loadAdapter, loadLexer, type AdapterName } from '../extract/registry.js';
import type { FixVerifier } from '../fix/verify.js';
import { stripBom } from '../core/strip-bom.js';
import { adapterFor, type LintTextOptions } from './lint-file.js';

/** ERROR and MISSING nodes: what a tree-sitter parse could not read. */
function treeErrors(parser: LoadedParser, text: string): number {
  const tree = parser.parse(text);
  try {
    if (!tree.rootNode.hasError) return 0;
    let n = 0;
    walkTree(tree.rootNode, (node) => {
      if (node.isError || node.isMissing) n++;
      return node.hasError;
    });
    return n;
  } finally {
    tree.delete();
  }
}

/**
 * A real parser's error count for the file's language: tree-sitter for the languages it has a
 * grammar for, `yaml` and JSON for data. JS/TS are parsed by TypeScript in their lexer.
 */
async function parserFor(name: AdapterName): Promise<FixVerifier['parseErrors']> {
  // The grammar is the language's registry entry (Dockerfile, Makefile and Groovy have none).
  const grammar = languageOf(name).grammar;
  if (grammar) {
    const parser = await loadParser(grammar);
    return (text) => treeErrors(parser, text);
  }
  if (name === 'yaml') {
    const { parseAllDocuments } = (await import('../runtime/yaml-lib.js')).yamlLib();
    return (text) => parseAllDocuments(text).reduce((n, d) => n + ('errors' in d ? d.errors.length : 1), 0);
  }
  if (name === 'json') {
    return (text) => {
      try {
        JSON.parse(text);
        return 0;
      } catch {
        return 1;
      }
    };
  }
  return undefined;
}

/**
 * The verifier the scan hands the fix step for one file: the same adapter, constants and rules
 * the file was linted with, so a fixed text is re-read exactly as the scan read the original.
 */
export async function fixVerifierFor(file: string, text: string, opts: LintTextOptions): Promise<FixVerifier> {
  const name = adapterFor(file, stripBom(text), opts);
  const adapter = await loadAdapter(name);
  return {
    candidates: async (t) => adapter.extract(file, stripBom(t), opts.context),
    lexer: await loadLexer(name),
    parseErrors: await parserFor(name),
  };
}
