/**
 * The lexical view of a source file that the fix step needs: where string literals are, which
 * parts of them are literal text and which are spliced expressions, and where comments are.
 * Extraction builds it per language (it owns the tokenizers); the fix step only reads it, so
 * imports stay one-way.
 */

/** A piece of a string literal's content: text as written, or a spliced expression (`${x}`, `{x}`, `$x`). */
export interface LiteralPart {
  kind: 'text' | 'splice';
  start: number;
  end: number;
}

export interface StringLexeme {
  kind: 'str';
  /** The whole literal, quotes and prefixes included. */
  start: number;
  end: number;
  /** The quote that opens and closes it (`"`, `'`, `` ` ``), for a literal joined after it. */
  quote: string;
  /** How a character is escaped inside it: `backslash` (`\"`), `doubled` (C# `@""`), `none` (raw). */
  escape: 'backslash' | 'doubled' | 'none';
  parts: LiteralPart[];
  /** The literal is not closed (a syntax error the check must not see grow). */
  unterminated?: boolean;
}

export interface CodeLexeme {
  kind: 'code' | 'comment';
  start: number;
  end: number;
}

export type Lexeme = StringLexeme | CodeLexeme;

export interface Lexed {
  lexemes: Lexeme[];
  /** Syntax errors the lexer or a parser saw: unclosed strings, unbalanced brackets, parse errors. */
  syntaxErrors: number;
  /**
   * In a document (Markdown, reStructuredText): each code block lexed by its own language, at
   * its source offsets. A fix inside one reads the block's language, not the document's.
   */
  blocks?: LexedBlock[];
}

export interface LexedBlock {
  start: number;
  end: number;
  lexer: SourceLexer;
}

/**
 * How one language is lexed for fixes. `join` is the operator that joins a new literal after
 * an expression (`+`; `.` in PHP and Perl); absent where a literal cannot be joined safely.
 */
export interface SourceLexer {
  language: string;
  lex(text: string): Lexed;
  join?: string;
}
