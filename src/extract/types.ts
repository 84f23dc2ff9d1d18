import type { Candidate } from '../core/types.js';
import type { Program } from './lower/evaluate.js';
import type { Scope } from './lower/form.js';

/**
 * Cross-file values (see extract/resolve/project.ts and docs/ARCHITECTURE.md): what a file
 * asks the project when a name it reads is not defined in it.
 */

/** One import of the asking file, as the lowered form records it (extract/lower/form.ts). */
export interface ImportRef {
  /** The name used in the asking file. */
  local: string;
  /** The module as written: `pkg.mod`, `.a`, `./hub.js`, `a.b.C`, `example.org/m/pkg`, a sourced path. */
  module: string;
  /** The imported name; null for a whole module. */
  name: string | null;
}

export interface ForeignQuery {
  /** The asking file (the path as the scan names it). */
  file: string;
  /** Its language: the lowered form's `language` or the adapter's name (`python`, `go`, `bash`, `shell`, `js`, ...). */
  language: string;
  /** Its imports. Omitted: the resolver reads them from the file's text where the language allows (shell, PowerShell, JS). */
  imports?: readonly ImportRef[];
  /** A bare name (`HUB_API`) or a dotted one (`settings.HUB_API`, `Constants.BASE`, `pkg.Base`). */
  name: string;
  /** Only the files the imports name (PHP: what an included file includes in turn, not the files around it). */
  importsOnly?: boolean;
}

/** A piece of a value another file defines: literal text or a part it does not know, with where it stands. */
export type ForeignPiece = { text: string; file: string; start: number; end: number } | { hole: string; file: string; start: number; end: number };

export interface ForeignValue {
  /** The defining file and the range of the defining expression (the right-hand side) in it. */
  file: string;
  start: number;
  end: number;
  /** The value evaluated in its own file (constants built from constants followed). */
  pieces: ForeignPiece[];
  /** The whole value when every piece is literal text. */
  text?: string;
  /** A call site's argument written as a name (`org` of `t.Fetch(ctx, org)`): the name, as written. */
  name?: string;
}

/**
 * The project as the pure core sees it: finds the file that defines a name by the asking
 * language's module rules and evaluates the definition there. The scan supplies it (it owns
 * the file reads); NO_PROJECT answers nothing.
 */
export interface ProjectLookup {
  value(query: ForeignQuery): ForeignValue | undefined;
  /** Every definition of the name (a constant per build tag); optional: `value` alone answers the first. */
  values?(query: ForeignQuery): ForeignValue[];
  /**
   * The values other files pass for a parameter of a function this file exports: the
   * argument at `index` of each call of `name` in the files that import it from `file`
   * (JS/TS: files of the folder and the folders above whose relative import resolves here),
   * evaluated in the calling file. Optional: a lookup without it knows no callers.
   */
  callArguments?(query: CallerQuery): ForeignValue[];
  /**
   * The function or class another file defines under a name this file calls (`web.New`,
   * `HubClient`, `new Auth(…)`, an imported `list_repos`), found by the module rules and
   * lowered once per content: the forward direction, where the callee's body builds the
   * request from what this file passes. Optional: a lookup without it knows no callees.
   */
  functionOf?(query: ForeignQuery): ForeignFunction | undefined;
  /** The methods called `name` of what `owner` makes: its class's, or (Go) its package's. */
  methodsOf?(owner: ForeignFunction, name: string): ForeignFunction[];
  /**
   * A string literal of the files this file imports (Go, Java…: its package's other files)
   * that matches `pattern`; only files whose text matches `needle` are lowered to look.
   */
  mentions?(query: Omit<ForeignQuery, 'name'>, pattern: RegExp, needle?: RegExp): string | undefined;
  /**
   * The values a member of a type is given anywhere in the project (resolve/members.ts): Go's
   * struct field `domain` of `Remote` as composite literals, tables of them and assignments in
   * the module's files set it, a constructor's or option function's parameter read at its
   * callers. Optional: a lookup without it knows only the asking file's.
   */
  memberValues?(query: MemberQuery): ForeignValue[];
}

/** A member (struct field) of a type, asked of the project. */
export interface MemberQuery {
  file: string;
  language: string;
  /** The type (`Remote`), as the asking file's method receiver names it. */
  owner: string;
  /** The member (`domain`). */
  member: string;
}

/** A function (or a class, with its constructor when it has one) of another file, in that file's program. */
export interface ForeignFunction {
  program: Program;
  fn?: Scope;
  cls?: Scope;
  /** An inherited method: the classes from the one asked (first) up to the one below `cls`, each extending the next. */
  via?: Array<{ program: Program; cls: Scope }>;
}

/** A parameter of a function `file` exports, asked of the files that call it. */
export interface CallerQuery {
  file: string;
  language: string;
  /** The exported name of the function or class. */
  name: string;
  /** The parameter's position. */
  index: number;
  /** The parameter's name, for languages whose calls may name it (Kotlin's `HubAccessor(base = ...)`). */
  param?: string;
  /**
   * `name` is a method of this class or (Go) receiver type: its calls are `x.name(…)` on any
   * receiver, in the files that reach `owner` as they would reach a function of that name.
   */
  owner?: string;
}

export interface AdapterContext {
  project: ProjectLookup;
}

/** One language: text in, candidate URLs out. Pure; may throw (the caller contains it). */
export interface Adapter {
  name: string;
  extract(path: string, text: string, ctx: AdapterContext): Candidate[];
}

export const NO_PROJECT: ProjectLookup = { value: () => undefined };

/** The text of a foreign value, or undefined unless all of it is literal. */
export function foreignText(project: ProjectLookup, query: ForeignQuery): string | undefined {
  return project.value(query)?.text;
}
