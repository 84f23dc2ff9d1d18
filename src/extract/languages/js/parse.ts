import { extname } from 'node:path';
import type { ts as TypeScriptNamespace } from 'ts-morph';
import { loadTypeScript } from '../../../runtime/typescript.js';

/**
 * ts-morph's bundled compiler (the same copy `import { ts } from 'ts-morph'` gives),
 * loaded alone through the V8 code cache (runtime/typescript.ts, runtime/compile-cache.ts)
 * rather than with the rest of ts-morph, the first time a JS/TS file is parsed.
 */
export const ts: typeof TypeScriptNamespace = loadTypeScript().ts;

/**
 * Syntax only: one standalone tree per file from ts-morph's bundled compiler. No Project,
 * no program, no type checker — nothing outlives the call, so memory stays flat however
 * many files a scan parses.
 */
export function parseSource(path: string, text: string): TypeScriptNamespace.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindFor(path));
}

function scriptKindFor(path: string): TypeScriptNamespace.ScriptKind {
  switch (extname(path).toLowerCase()) {
    case '.ts':
    case '.mts':
    case '.cts':
      return ts.ScriptKind.TS;
    case '.js':
    case '.mjs':
    case '.cjs':
      return ts.ScriptKind.JS;
    case '.jsx':
      return ts.ScriptKind.JSX;
    default:
      // .tsx, and snippets handed over from other files (Markdown fences): the widest grammar.
      return ts.ScriptKind.TSX;
  }
}
