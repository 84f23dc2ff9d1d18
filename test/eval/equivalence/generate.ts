/**
 * The equivalence generator (issue 30, "coverage by construction"): one seed program per
 * language that calls a deprecated Hub route (GET /v2/repositories/{ns}/{name}/), rewritten
 * into programs that mean the same, one transformation at a time. Every variant must give the
 * seed's finding: hub-get-repository, method GET, on the line of the literal that holds the
 * route (or the line where the URL reaches the request, the accepted alternative), and nothing
 * else. A language writes the pieces (dialects.ts); the program's shape is decided here, once.
 */

/** The axes of the rewrite; the seed is the first value of each (its `build` is the dialect's `seedBuild`). */
export type Callable = 'inline' | 'function' | 'lambda' | 'method' | 'static' | 'property';
/**
 * `either2`: the language's other either spelling; `eitherConst`: the either's default is a module
 * constant; `ctorDefault`: a constructor's optional parameter or the default sets an instance field.
 */
export type Base = 'module' | 'inline' | 'local' | 'instance' | 'classField' | 'otherFile' | 'either' | 'either2' | 'eitherConst' | 'ctorDefault' | 'param';
/** `positional`: numbered holes (`%3$s`, `{2}`) with the values in another order; `format2`: the other format spelling; `concat`: joined without a separator. */
export type Build = 'plus' | 'template' | 'format' | 'positional' | 'format2' | 'join' | 'concat';
export type CallForm = 'direct' | 'wrapper' | 'otherFileWrapper';
/**
 * `byCaller`: the request's method is an argument the caller gives a helper; `alsoDeleted`: the
 * builder's result is also sent, by another function written first, with DELETE (no rule).
 */
export type MethodForm = 'atCall' | 'byCaller' | 'alsoDeleted';

export interface Variant {
  callable: Callable;
  base: Base;
  build: Build;
  call: CallForm;
  method: MethodForm;
}

/** One cell of the matrix: a transformation of the seed (`seed` is the seed itself). */
export const TRANSFORMATIONS: ReadonlyArray<{ id: string; change: Partial<Variant> }> = [
  { id: 'seed', change: {} },
  { id: 'callable: function', change: { callable: 'function' } },
  { id: 'callable: arrow/lambda/closure', change: { callable: 'lambda' } },
  { id: 'callable: method', change: { callable: 'method' } },
  { id: 'callable: static method', change: { callable: 'static' } },
  { id: 'callable: property', change: { callable: 'property' } },
  { id: 'base: inline', change: { base: 'inline' } },
  { id: 'base: local', change: { base: 'local' } },
  { id: 'base: instance field', change: { base: 'instance', callable: 'method' } },
  { id: 'base: class field', change: { base: 'classField' } },
  { id: 'base: constant in another file', change: { base: 'otherFile' } },
  { id: 'base: parameter the caller gives', change: { base: 'param', callable: 'function' } },
  { id: 'build: +', change: { build: 'plus' } },
  { id: 'build: template', change: { build: 'template' } },
  { id: 'build: format', change: { build: 'format' } },
  { id: 'build: positional format', change: { build: 'positional' } },
  { id: 'build: format, other spelling', change: { build: 'format2' } },
  { id: 'build: join', change: { build: 'join' } },
  { id: 'build: join without separator', change: { build: 'concat' } },
  { id: 'build: or-default', change: { base: 'either' } },
  { id: 'build: or-default, other spelling', change: { base: 'either2' } },
  { id: 'build: or-default to a constant', change: { base: 'eitherConst' } },
  { id: 'base: constructor sets given or default', change: { base: 'ctorDefault', callable: 'method' } },
  { id: 'base: class field, static method', change: { base: 'classField', callable: 'static' } },
  { id: 'base: local, closure', change: { base: 'local', callable: 'lambda' } },
  { id: 'call: wrapper', change: { call: 'wrapper' } },
  { id: 'call: wrapper in another file', change: { call: 'otherFileWrapper' } },
  { id: 'method: decided by the caller', change: { method: 'byCaller' } },
  { id: 'method: decided by the caller, wrapper in another file', change: { method: 'byCaller', call: 'otherFileWrapper' } },
  { id: 'method: another caller deletes it', change: { method: 'alsoDeleted', callable: 'function' } },
];

export const HOST = 'https://hub.docker.com';
export const ROUTE = '/v2/repositories/';

/** A piece of the URL: a literal, or a value the code holds (a name, a field). */
export type Part = { lit: string } | { ref: string };

/** What a language says about itself; a hook left out means the language cannot express that cell. */
export interface Dialect {
  /** The corpus's language key (eval/cases `language:`). */
  lang: string;
  /** Main and other file paths (the other file holds a moved constant or wrapper). */
  main: string;
  other: string;
  /** The either value is a local of the builder (Rust: no runtime module constants). */
  eitherLocal?: boolean;
  /** The build the language writes most naturally: the seed's. */
  seedBuild: Build;
  /** Lines at the top of the main file (imports). */
  prelude: (v: Variant) => string[];
  /** The other file: its text from the lines it must hold (a constant `BASE`, a wrapper). */
  otherFile?: (lines: string[]) => string;
  /** A line of the main file that brings in the other file's `name` (null: nothing to write). */
  importOther?: (name: string) => string | null;
  /** How the other file's constant is named where it is used (Go: `Base` of the package). */
  otherBase?: string;
  lit: (s: string) => string;
  plus?: (items: string[]) => string;
  template?: (parts: Part[]) => string;
  format?: (parts: Part[]) => string;
  /** Numbered holes, the values given last first (`sprintf('%3$s…%1$s', name, ns, BASE)`). */
  positional?: (parts: Part[]) => string;
  /** The language's other format spelling (`'%s' % (…)`, `sprintf`, `vsprintf`, `[string]::Format`). */
  format2?: (parts: Part[]) => string;
  /** The pieces joined without a separator (`"".join`, `string.Concat`, shell's adjacent words). */
  concat?: (items: string[]) => string;
  join?: (sep: string, items: string[]) => string;
  /** `env("HUB_URL") or "https://..."`, the language's either value. */
  either?: (env: string, fallback: string) => string;
  /** The language's other either spelling (`??`, `os.getenv(k, d)`, `ENV.fetch`, `//`). */
  either2?: (env: string, fallback: string) => string;
  /** `given or fallback` of a value the code holds (a constructor's parameter). */
  orElse?: (given: string, fallback: string) => string;
  /** What a caller passes for a parameter it leaves out, where the language has no defaults (Java `null`). */
  absent?: string;
  /** A module-level constant (`BASE = "..."`). */
  constant: (name: string, value: string) => string[];
  /** A local variable in a function body. */
  local: (name: string, value: string) => string;
  /** A top-level function returning `ret` (params are strings). */
  fn: (name: string, params: string[], ret: string, body?: string[]) => string[];
  /** A top-level function whose body is `body` and that returns nothing in particular (the entry, wrappers). */
  proc: (name: string, params: string[], body: string[]) => string[];
  /** A callable value bound to `name` inside a body (lambda, arrow, closure). */
  lambda?: (name: string, params: string[], ret: string) => string;
  /** The lambda is bound at module level (a static field), not in the body. */
  lambdaAtModule?: boolean;
  /** Calling a lambda bound by `lambda`. */
  callLambda?: (name: string, args: string[]) => string;
  /** A class: constant fields, a constructor setting fields from its parameters, methods. */
  cls?: (name: string, spec: ClassSpec) => string[];
  /** `self`/`this` reading a field. */
  self?: (field: string) => string;
  /** A class's constant read from outside (`Hub.BASE`). */
  classConst?: (cls: string, name: string) => string;
  newObj?: (cls: string, args: string[]) => string;
  callMethod?: (obj: string, m: string, args: string[]) => string;
  callStatic?: (cls: string, m: string, args: string[]) => string;
  readProperty?: (obj: string, p: string) => string;
  call: (fn: string, args: string[]) => string;
  /** The request, with its method at the call (GET). */
  get: (url: string) => string;
  /** The request with the method in a variable `method`. */
  request?: (method: string, url: string) => string;
  /** A statement of an expression (`;` where the language wants one). */
  stmt: (e: string) => string;
  /** Wraps the main file's module-level lines (Java/C#: in a class). */
  file?: (prelude: string[], classes: string[], module: string[]) => string;
}

export interface ClassSpec {
  consts?: Array<[string, string]>;
  /** Fields the constructor sets: to the value given, or (null) to its parameter of the same name. */
  ctor?: Array<[string, string | null]>;
  /** Constructor parameters a caller may leave out (the value given sets its field through `orElse`). */
  optional?: string[];
  methods?: Array<{ name: string; params: string[]; ret: string; isStatic?: boolean; property?: boolean }>;
}

export interface Generated {
  files: Record<string, string>;
  /** The file and the accepted lines of the finding. */
  file: string;
  lines: number[];
}

/** Not expressible in this language: the cell is left out of the matrix. */
export class NotExpressible extends Error {}

function need<T>(x: T | undefined, what: string): T {
  if (x === undefined) throw new NotExpressible(what);
  return x;
}

/** The URL from its parts in one build style. */
function buildUrl(d: Dialect, build: Build, parts: Part[]): string {
  // Adjacent literals are one literal: `"https://hub.docker.com/v2/repositories/"` when the base is inline.
  const merged: Part[] = [];
  for (const p of parts) {
    const last = merged[merged.length - 1];
    if ('lit' in p && last && 'lit' in last) merged[merged.length - 1] = { lit: last.lit + p.lit };
    else merged.push(p);
  }
  const item = (p: Part) => ('lit' in p ? d.lit(p.lit) : p.ref);
  switch (build) {
    case 'plus':
      return need(d.plus, '+')(merged.map(item));
    case 'template':
      return need(d.template, 'template')(merged);
    case 'format':
      return need(d.format, 'format')(merged);
    case 'positional':
      return need(d.positional, 'positional format')(merged);
    case 'format2':
      return need(d.format2, 'other format')(merged);
    case 'concat':
      return need(d.concat, 'concat')(merged.map(item));
    case 'join': {
      // "/".join([base, "v2/repositories", ns, name, ""]): the same URL, trailing slash kept.
      const items: string[] = [];
      for (const p of parts) {
        if ('ref' in p) items.push(p.ref);
        else {
          const t = p.lit.replace(/^\/+|\/+$/g, '');
          if (t) items.push(d.lit(t));
        }
      }
      items.push(d.lit(''));
      return need(d.join, 'join')('/', items);
    }
  }
}

/** One variant of the seed in one language. */
export function generate(d: Dialect, change: Partial<Variant>): Generated {
  const v: Variant = { callable: 'inline', base: 'module', build: d.seedBuild, call: 'direct', method: 'atCall', ...change };
  const classes: string[] = [];
  /** Module constants, then (module) functions: constants come first in the file. */
  const constants: string[] = [];
  const module: string[] = [];
  const other: string[] = [];
  const prelude = [...d.prelude(v)];
  const body: string[] = [];

  // Where the base lives, and how the URL reads it.
  let base: Part;
  const builderLocals: string[] = [];
  switch (v.base) {
    case 'module':
      constants.push(...d.constant('BASE', d.lit(HOST)));
      base = { ref: 'BASE' };
      break;
    case 'inline':
      base = { lit: HOST };
      break;
    case 'param':
      // The builder takes the base as its first parameter; the caller in this file gives the literal.
      base = { ref: 'host' };
      break;
    case 'local':
      builderLocals.push(d.local('host', d.lit(HOST)));
      base = { ref: 'host' };
      break;
    case 'instance':
      base = { ref: need(d.self, 'self')('host') };
      break;
    case 'classField':
      classes.push(...need(d.cls, 'class')('Settings', { consts: [['BASE', d.lit(HOST)]] }));
      base = { ref: need(d.classConst, 'class constant')('Settings', 'BASE') };
      break;
    case 'otherFile': {
      need(d.otherFile, 'other file');
      other.push(...d.constant('BASE', d.lit(HOST)));
      const line = need(d.importOther, 'import')('BASE');
      if (line) prelude.push(line);
      base = { ref: d.otherBase ?? 'BASE' };
      break;
    }
    case 'ctorDefault':
      base = { ref: need(d.self, 'self')('host') };
      break;
    case 'either':
    case 'either2':
    case 'eitherConst': {
      if (v.base === 'eitherConst') constants.push(...d.constant('DEFAULT_HUB', d.lit(HOST)));
      const value = need(v.base === 'either2' ? d.either2 : d.either, 'either')('HUB_URL', v.base === 'eitherConst' ? 'DEFAULT_HUB' : d.lit(HOST));
      if (d.eitherLocal) builderLocals.push(d.local('host', value));
      else constants.push(...d.constant('BASE', value));
      base = { ref: d.eitherLocal ? 'host' : 'BASE' };
      break;
    }
  }

  // The callable that builds the URL, and the expression that gives it at the request.
  const isProperty = v.callable === 'property';
  const ns = isProperty ? need(d.self, 'self')('ns') : 'ns';
  const name = isProperty ? need(d.self, 'self')('name') : 'name';
  const url = buildUrl(d, v.build, [base, { lit: ROUTE }, { ref: ns }, { lit: '/' }, { ref: name }, { lit: '/' }]);
  let urlAtRequest: string;
  const bodyLambda = v.callable === 'lambda' && !d.lambdaAtModule;
  if (builderLocals.length > 0 && v.callable !== 'inline' && v.callable !== 'function' && !bodyLambda) throw new NotExpressible('local base with a class builder');
  switch (v.callable) {
    case 'inline':
      body.push(...builderLocals);
      urlAtRequest = url;
      break;
    case 'function': {
      const given = v.base === 'param';
      module.push(...d.fn('urlFor', given ? ['host', 'ns', 'name'] : ['ns', 'name'], url, builderLocals));
      urlAtRequest = d.call('urlFor', given ? [d.lit(HOST), 'ns', 'name'] : ['ns', 'name']);
      break;
    }
    case 'lambda':
      // A closure over the body's local: the local is written before it.
      body.push(...builderLocals);
      (d.lambdaAtModule ? module : body).push(need(d.lambda, 'lambda')('urlFor', ['ns', 'name'], url));
      urlAtRequest = need(d.callLambda, 'lambda call')('urlFor', ['ns', 'name']);
      break;
    case 'method': {
      const given = v.base === 'ctorDefault';
      const ctor: Array<[string, string | null]> = v.base === 'instance' ? [['host', d.lit(HOST)]] : given ? [['host', need(d.orElse, 'or')('host', d.lit(HOST))]] : [];
      classes.push(...need(d.cls, 'class')('Hub', { ctor, optional: given ? ['host'] : [], methods: [{ name: 'urlFor', params: ['ns', 'name'], ret: url }] }));
      const made = need(d.newObj, 'new')('Hub', given && d.absent ? [d.absent] : []);
      urlAtRequest = need(d.callMethod, 'method call')(made, 'urlFor', ['ns', 'name']);
      break;
    }
    case 'static':
      classes.push(...need(d.cls, 'class')('Hub', { methods: [{ name: 'urlFor', params: ['ns', 'name'], ret: url, isStatic: true }] }));
      urlAtRequest = need(d.callStatic, 'static call')('Hub', 'urlFor', ['ns', 'name']);
      break;
    case 'property':
      classes.push(...need(d.cls, 'class')('Repo', { ctor: [['ns', null], ['name', null]], methods: [{ name: 'url', params: [], ret: url, property: true }] }));
      urlAtRequest = need(d.readProperty, 'property')(need(d.newObj, 'new')('Repo', ['ns', 'name']), 'url');
      break;
  }

  // The request: at the entry, or in a wrapper (here or in the other file); the method at the call or the caller's.
  const byCaller = v.method === 'byCaller';
  const requestOf = (u: string) => (byCaller ? need(d.request, 'request with a method')('method', u) : d.get(u));
  const wrapperParams = byCaller ? ['method', 'u'] : ['u'];
  const wrapperArgs = (u: string) => (byCaller ? [d.lit('GET'), u] : [u]);
  if (v.method === 'alsoDeleted') {
    // Written before the GET's caller: the first caller met must not decide for the others.
    module.push(...d.proc('sendWith', ['method', 'u'], [d.stmt(need(d.request, 'request with a method')('method', 'u'))]));
    module.push(...d.proc('drop', ['ns', 'name'], [d.stmt(d.call('sendWith', [d.lit('DELETE'), urlAtRequest]))]));
  }
  let requestLine: string;
  if (v.call === 'direct' && !byCaller) {
    requestLine = d.stmt(requestOf(urlAtRequest));
  } else {
    const wrapper = d.proc(v.call === 'direct' ? 'send' : 'fetchUrl', wrapperParams, [d.stmt(requestOf('u'))]);
    if (v.call === 'otherFileWrapper') {
      need(d.otherFile, 'other file');
      other.push(...wrapper);
      const line = need(d.importOther, 'import')('fetchUrl');
      if (line) prelude.push(line);
    } else module.push(...wrapper);
    requestLine = d.stmt(d.call(v.call === 'direct' ? 'send' : 'fetchUrl', wrapperArgs(urlAtRequest)));
  }
  body.push(requestLine);
  module.push(...d.proc('check', ['ns', 'name'], body));

  const mainText = d.file ? d.file(prelude, classes, [...constants, ...module]) : [...prelude, '', ...constants, ...classes, ...module].join('\n') + '\n';
  const files: Record<string, string> = { [d.main]: mainText };
  if (other.length > 0) files[d.other] = need(d.otherFile, 'other file')(other);
  const lines = mainText.split('\n');
  const route = lines.findIndex((l) => l.includes('repositories')) + 1;
  const request = lines.findIndex((l) => l.includes(requestLine.trim())) + 1;
  return { files, file: d.main, lines: [...new Set([route, request].filter((n) => n > 0))] };
}
