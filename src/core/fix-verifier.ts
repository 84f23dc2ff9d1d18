import { loadLexer } from '../extract/lexers.js';
import { loadAdapter } from '../extract/registry.js';
import type { FixVerifier } from '../fix/verify.js';
import { adapterFor, lintText, stripBom, type LintTextOptions } from './lint-text.js';
import type { Finding } from './types.js';

/** YAML and JSON have real parsers at hand: their error counts guard a fix there. */
async function parserFor(name: string): Promise<FixVerifier['parseErrors']> {
  if (name === 'yaml') {
    const { parseAllDocuments } = await import('yaml');
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
export async function fixVerifierFor(file: string, text: string, opts: LintTextOptions): Promise<FixVerifier & { findings(text: string): Promise<Finding[]> }> {
  const name = adapterFor(file, stripBom(text), opts);
  const adapter = await loadAdapter(name);
  return {
    candidates: async (t) => adapter.extract(file, stripBom(t), opts.context),
    findings: (t) => lintText(file, t, opts),
    lexer: await loadLexer(name),
    parseErrors: await parserFor(name),
  };
}
