import type { CallRule } from './method-evidence.js';

/** How a string literal splices values in: `{x}` (Python f, C# $), `${x}`/`$x`, `#{x}`, PHP, Perl, Groovy (`$a.b`). */
export type Interp = 'brace' | 'dollar' | 'hash' | 'php' | 'perl' | 'groovy';
/** `doubled` is C#'s verbatim `""`. */
export type Escape = 'backslash' | 'doubled' | 'none';

export interface StringForm {
  /** Sticky; group `q` is the opening quote run, which also closes the literal unless `close` says otherwise. */
  open: RegExp;
  close?: (m: RegExpExecArray) => string;
  escape: Escape;
  interp?: Interp;
  /** Single-line forms stop at a line break, so one stray quote cannot swallow the file. */
  multiline?: boolean;
}

/** Calls whose result is a string built from their arguments. */
export type BuilderKind = 'printf' | 'brace' | 'join' | 'urljoin' | 'env' | 'concat' | 'identity';

export interface Builder {
  /** Tested on the callee with member operators written as `.` (`fmt.Sprintf`, `Net.HTTP.get`). */
  callee: RegExp;
  kind: BuilderKind;
  /** Arguments before the format string or the parts (a Locale, a context). */
  skip?: number;
  /** Fewer arguments than this and the call is not this builder (`new Uri(x)` only wraps). */
  minArgs?: number;
}

export interface StringMethod {
  name: RegExp;
  kind: 'printf' | 'brace' | 'identity';
}

/** Names a file takes from other files; see `LanguageSpec.imports`. */
export interface ImportTable {
  /** Local name → the name the other file exports. */
  names: Map<string, string>;
  /** Module names whose members (`config.HUB_API`) come from other files. */
  modules: Set<string>;
  /** `from config import *`: any name may come from elsewhere. */
  wildcard: boolean;
}

/** Everything the shared engine needs to know about one language. */
export interface LanguageSpec {
  name: string;
  lineComments: string[];
  blockComments: Array<[string, string]>;
  strings: StringForm[];
  /** Sticky patterns for literals that only look like strings (char literals). */
  opaque?: RegExp[];
  /** Sticky identifier pattern, sigils included (`$base`, `@repo`). */
  ident: RegExp;
  memberOps: string[];
  concatOps: string[];
  assignOps: string[];
  argSeparators?: string[];
  /** `"a" "b"` is one string (Python, Ruby). */
  adjacentConcat?: boolean;
  /** `"%s/x" % (a,)` formats (Python, Ruby). */
  percentFormat?: boolean;
  /** `HTTParty.get url` and `get $url` are calls. */
  parenlessCalls?: boolean;
  /** `format!(...)` is a call (Rust macros). */
  macroBang?: boolean;
  /** A type written between a name and its `=` (Go `var base string = ...`). */
  typeAfterName?: RegExp;
  builders: Builder[];
  stringMethods?: StringMethod[];
  /** Receivers indexed by an environment variable name: `os.environ["X"]`, `ENV["X"]`, `$ENV{X}`. */
  envIndex?: RegExp;
  /** Calls that only wrap a URL (`URI.create`, `url.Parse`): the call around them decides the method. */
  wrappers: RegExp;
  calls: CallRule[];
  /**
   * Where a language says which names come from other files, only those are looked up in
   * the project's constants. Without it, any name may be (Go packages span files).
   */
  imports?: (text: string) => ImportTable;
}
