import type { SourceLexer } from '../../core/lexeme.js';
import type { Grammar } from '../../runtime/parsers.js';
import type { Adapter } from '../types.js';

/*
 * A language's registration, in its folder: `language.ts` (what it is, as data: the rows of
 * language-table.ts) and `load.ts` (how its code loads: the rows of registry.ts). Kept apart so
 * that asking which language a path is loads no adapter: a lowering may ask it without an
 * import circle through the adapters.
 */

export interface Language {
  /** The adapter's name: in internal-error findings and `--stdin-filename` decisions. */
  readonly name: string;
  /** File extensions, lower-case with the dot. */
  readonly extensions?: readonly string[];
  /** File names (the base name) read by this adapter whatever their extension; tested before extensions. */
  readonly fileNames?: readonly RegExp[];
  /** Markdown fence info strings (```bash) whose code is this language. */
  readonly fences?: readonly string[];
  /**
   * Code in such fences goes through this adapter (loaded with the Markdown adapter, whose
   * extraction is synchronous). Without it, fenced code gets the plain URL scan.
   */
  readonly inFences?: boolean;
  /**
   * Prefilter needles of the language's own: ASCII strings (case-sensitive) whose presence lets
   * one of its files past the byte prefilter (scan/read/) and the text prefilter although it
   * names no Hub host. No language registered today needs any, and a new one usually needs
   * none either: the needles every file is tested for are universal (the Hub hosts, plain and
   * URL-encoded, of extract/prefilter.ts, and the configured extra hosts and base variables),
   * and so are the Hub path needles (HUB_PATH_PATTERN) for every language that readsConstants.
   */
  readonly needles?: readonly string[];
  /**
   * Reads values other files define, through its module rules (extract/resolve/modules.ts): a
   * file of it that holds a Hub path without a host is linted, its base may be elsewhere.
   */
  readonly readsConstants?: boolean;
  /** Builds a syntax tree: a file over AST_SIZE_LIMIT gets the plain URL scan instead (memory). */
  readonly syntaxTree?: boolean;
  /** Reads a file in one flat pass (no tree, no recursion): no guard against deep nesting needed. */
  readonly flat?: boolean;
  /** The tree-sitter grammar that re-parses a fixed file before --fix writes it (scan/fix-verifier.ts). */
  readonly grammar?: Grammar;
  /** One line naming a Hub URL in the plainest form: parsed once in a worker before its first file. */
  readonly warm?: { readonly path: string; readonly text: string };
}


/**
 * How each language of language-table.ts is read: its adapter, and the lexical view the fix step
 * maps a URL back onto (strings, their splices, comments: see core/lexeme.ts; without one a
 * fix is made only to a URL written whole as one token). Loaded on first use: a run that meets
 * no file of the language never loads its code. An adapter may be hand-written or a
 * tree-sitter grammar with a lowering into the shared form: either way `load` resolves to an
 * Adapter, and no consumer changes. The modules loaded here never import this file back.
 */
export interface Loaders {
  readonly lexer?: () => Promise<SourceLexer>;
  readonly load: () => Promise<Adapter>;
}

/** What a document format's loaders need of the registry: the adapters and lexers of the languages read in fences. */
export interface Fences {
  adapters(): Promise<ReadonlyMap<string, Adapter>>;
  lexers(): Promise<ReadonlyMap<string, SourceLexer>>;
}
