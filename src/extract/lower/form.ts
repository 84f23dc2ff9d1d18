import type { ImportRef } from '../types.js';
import type { TextCut } from './text-cut.js';

/**
 * The lowered form: what every language's syntax tree is reduced to before one resolver
 * reads it. It keeps only string values and how they flow — literals with their exact
 * source ranges, the ways strings are built (concatenation, interpolation, format calls,
 * joins), where values go (assignments, parameters, returns, call arguments) and the calls
 * themselves (callee, receiver, positional and keyword arguments). Nothing here is specific
 * to URLs or to one language; the Hub resolver and the Engine pin search both read it.
 */

export interface Span {
  start: number;
  end: number;
}

/** Literal text of a string (decoded), with the source range it came from. */
export interface TextPart {
  text: string;
  start: number;
  end: number;
}

export type StrPart = TextPart | { expr: Expr };

export type FormatStyle = 'printf' | 'brace';

/** Where a value goes; set by the builder on every expression it lowers. */
export type Use =
  | { kind: 'part'; of: Expr }
  | { kind: 'arg'; call: Call; index: number; keyword?: string }
  | { kind: 'receiver'; call: Call }
  | { kind: 'def'; def: Def }
  | { kind: 'return'; scope: Scope }
  | { kind: 'other' };

interface ExprBase extends Span {
  id: number;
  scope: Scope;
  use: Use;
}

export type Expr = ExprBase &
  (
    /** `chain`: a route a REST wrapper spells as members after its client (`api.v2.users.login.post()`, path-chain.ts). */
    | { kind: 'str'; parts: StrPart[]; chain?: boolean }
    | { kind: 'concat'; items: Expr[] }
    /** `"%s/x" % a`, `"{}/x".format(a)`, `fmt.Sprintf`, `String.format`, PowerShell `-f`. */
    | { kind: 'format'; style: FormatStyle; template: Expr; args: Expr[]; named: Map<string, Expr> }
    /** `path.Join`, `os.path.join` ('path'); `urljoin`, `new URL(p, base)` ('url'); `sep.join([...])` ('sep'). */
    | { kind: 'join'; style: 'path' | 'url' | 'sep'; items: Expr[]; sep?: string }
    /** A variable or a dotted name (`base`, `self.base`, `config.HUB_API`). */
    | { kind: 'name'; name: string }
    /** An environment variable; `fallback` is the default the code gives. */
    | { kind: 'env'; name: string; fallback?: Expr }
    /**
     * An object literal (JS `{ url, method: 'POST' }`): its fields by key, and the values spread
     * into it (`{ ...init, headers }`: a key written is kept, any other may come from a spread).
     * An options object passed to a call is read by the method resolver; it is not a string.
     */
    | { kind: 'object'; fields: Map<string, Expr>; spreads: Expr[] }
    /**
     * One of several values, chosen by a condition (`c ? a : b`, `a if c else b`): the resolver
     * reads the one that reaches the Hub, else the first (evaluate.ts, Evaluator.either).
     */
    | { kind: 'either'; options: Expr[] }
    /** The result of a call (see `call`). */
    | { kind: 'call'; call: Call }
    /** One element of a split string: exactly one segment when split on '/'. */
    | { kind: 'segment'; of: Expr; name: string; /** An escape keeps the value in one segment (`encodeURIComponent(x)`): its text stays when known. */ escaped?: boolean }
    /** A string cut at its end or start (`base.rstrip("/")`, `BASE.slice(0, -1)`, `${BASE%/}`, text-cut.ts). */
    | { kind: 'cut'; of: Expr; cut: TextCut }
    /** Anything else: a value the resolver cannot follow. */
    | { kind: 'opaque'; text: string }
  );

export interface Call extends Span {
  /** Dotted callee as written (`requests.get`, `c.http.Post`, `self._send`). */
  callee: string;
  /** The last name of the callee (`get`, `Post`, `_send`). */
  name: string;
  receiver?: Expr;
  args: Expr[];
  keywords: Map<string, Expr>;
  scope: Scope;
  /** The call as a value. */
  result: Expr;
  /**
   * The method a command line states for the URL at an argument index (curl's `-X`, `-d`,
   * `-I`; wget's `--method`; HTTPie's `http POST url`): its options decide, not a callee name.
   */
  methods?: Map<number, { method: string | null; source: 'explicit' | 'implied' | 'default' | 'unknown' }>;
}

export interface Param {
  name: string;
  index: number;
  fallback?: Expr;
  /** Go: the struct type the parameter is declared with (`Options` of `o Options` or `o *pkg.Options`): whose fields `o.X` reads. */
  type?: string;
}

/** A function (or the module, or a class body): where names are looked up. */
export interface Scope extends Span {
  id: number;
  name: string | null;
  kind: 'module' | 'function' | 'class';
  params: Param[];
  parent: Scope | null;
  /** A class's base class as written (`RestResource`, `rest.Resource`), when it extends one. */
  base?: string;
  /**
   * A function value a plain variable holds (`const build = (p) => …`, `route = lambda p: …`):
   * named by the variable, so only a call of that name runs it, never `x.build(…)` on a receiver.
   */
  variable?: boolean;
  /** Go: the type of a method's receiver (`Remote` of `func (r *Remote)`). */
  receiver?: string;
}

/** An assignment, constant, field or parameter default: `name` holds `value` from `at` on. */
export interface Def {
  name: string;
  value: Expr;
  scope: Scope;
  at: number;
  /** Declared constant (Go `const`, upper-case module names are not marked). */
  constant?: boolean;
  /**
   * Go: the struct type a keyed field of a composite literal belongs to (`Remote` of
   * `&registry.Remote{Domain: …}`, or of an element of a `map[string]*Remote{…}` table), so a
   * method's `r.Domain` finds the values its type is given in any file (resolve/members.ts).
   */
  owner?: string;
}

/** One import (see ImportRef). */
export type Import = ImportRef;


/** A name this file gives other files: `export const X`, `export { a as b }`, `export * from 'm'`. */
export interface Export {
  /** The name other files import (`default` for a default export, `*` for `export * from`). */
  exported: string;
  /** The name in this file that holds the value; null for a re-export. */
  local: string | null;
  /** Re-exported from another module (`export { a } from './m'`). */
  module?: string;
  /** The name in `module` a re-export gives on (`a` of `export { a as b } from './m'`); absent for `export * as ns`. */
  imported?: string;
}

export interface Lowered {
  language: string;
  text: string;
  module: Scope;
  scopes: Scope[];
  exprs: Expr[];
  defs: Def[];
  calls: Call[];
  imports: Import[];
  exports: Export[];
  /** `from m import *` and the like: any name may come from elsewhere. */
  wildcardImport: boolean;
  comments: Span[];
  /** The syntax tree had errors (tree-sitter recovered): a file's own lint may parse it again another way. */
  syntaxErrors?: boolean;
}
