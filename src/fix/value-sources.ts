import { enclosingHeader, lineAt, lineIndex, lineText } from './in-step.js';

/**
 * Evidence of a value's arity read from where the value comes from (issue 31, row 1), beside
 * the names and escapes of fix/evidence.ts: a piece of a split on `/`
 * (`const [ns, name] = image.split('/')`, `ns, name = image.split("/")`), or a parameter every
 * caller in the file fills with a literal of one segment (`one('acme', 'api')`). A suggestion
 * rests on it; a person glances at what it states.
 */

/** A name as a hole shows it: an identifier, maybe behind `$`, `@`, `self.`, `this.`. */
const bare = (name: string): string | null => /^(?:\$|@|self\.|this\.)?([A-Za-z_]\w*)$/.exec(name.trim())?.[1] ?? null;

/** The quoted text of a literal argument (`'acme'`, `"acme"`), or null for anything else. */
function literalText(arg: string): string | null {
  const t = arg.trim();
  const q = t[0];
  if ((q !== '"' && q !== "'" && q !== '`') || t.length < 2 || t[t.length - 1] !== q) return null;
  const inner = t.slice(1, -1);
  return inner.includes(q) || inner.includes('\\') || (q === '`' && inner.includes('${')) ? null : inner;
}

/** The arguments of a call whose `(` is at `open`: split at top-level commas, quotes and brackets respected. */
function callArgs(text: string, open: number): string[] | null {
  const args: string[] = [];
  let depth = 0;
  let quote = '';
  let from = open + 1;
  for (let i = open + 1; i < text.length && i < open + 2000; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) {
        args.push(text.slice(from, i));
        return args.length === 1 && args[0].trim() === '' ? [] : args;
      }
      depth--;
    } else if (ch === ',' && depth === 0) {
      args.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return null;
}

/** One declared parameter: its name and the literal text of its default, if it has one. */
type Param = { name: string; fallback: string | null };

/**
 * One parameter's declaration: `ns`, `ns="x"`, `ns: str = "x"` (Python, TS, Kotlin), `string ns = "x"`
 * (C#), `string $ns = 'x'` (PHP), `ns = "x"`, `ns: "x"` (Ruby keywords), `...ns`, `*args`.
 */
function param(decl: string): Param {
  const t = decl.trim().replace(/^(?:\.\.\.|\*{1,2}|&)/, '');
  const eq = /(?<![=!<>:])=(?![=>])/.exec(t);
  const left = eq ? t.slice(0, eq.index) : t;
  let fallback = eq ? literalText(t.slice(eq.index + 1)) : null;
  const colon = /(?<!:):(?!:)/.exec(left);
  // `name: type` puts the name first; `type name` (C#, Java, PHP) puts it last.
  const ids = (colon ? left.slice(0, colon.index) : left).match(/\$?[A-Za-z_]\w*/g) ?? [];
  const id = (colon ? ids[0] : ids[ids.length - 1]) ?? '';
  // A Ruby keyword's default follows its colon (`ns: "library"`); a type there is no literal.
  if (!eq && colon) fallback = literalText(left.slice(colon.index + 1));
  return { name: id.replace(/^\$/, ''), fallback };
}

/** The parameters a header declares, in order (`(self, ns: str = "x")` → self, ns), read from the header's own text on. */
function parameters(text: string, headerAt: number, name: string): Param[] | null {
  const open = text.indexOf('(', text.indexOf(name, headerAt) + name.length);
  const args = open < 0 ? null : callArgs(text, open);
  return args ? args.map(param) : null;
}

/** How many segments a literal holds: `library` one, `library/nginx` two, anything else none. */
function arity(lit: string): 1 | 2 | null {
  const parts = lit.split('/');
  return parts.length <= 2 && parts.every((p) => /^[A-Za-z0-9][\w.-]*$/.test(p)) ? (parts.length as 1 | 2) : null;
}

const SEGMENTS = { 1: 'one segment', 2: 'namespace/repository (two segments)' } as const;

/**
 * `name` as one of the names a line destructures from a split on `/`: the pieces hold no `/`,
 * but with a limit (`split('/', 1)`, `SplitN(x, "/", 2)`) the last one holds the rest.
 */
function splitSource(line: string, name: string): string | null {
  const at = line.indexOf('.split(');
  if (at < 0) return null;
  const args = callArgs(line, at + '.split'.length);
  if (!args || args.length === 0 || literalText(args[0]) !== '/') return null;
  const eq = /(?<![=!<>:])(?::=|=)(?![=>])/.exec(line.slice(0, at));
  if (!eq) return null;
  const names = line
    .slice(0, eq.index)
    .replace(/^\s*(?:const|let|var|local|val|my)\s+/, '')
    .replace(/[[\]()]/g, '')
    .split(',')
    .map((n) => n.trim());
  const k = names.indexOf(name);
  if (k < 0 || (args.length > 1 && k === names.length - 1)) return null;
  const source = line.slice(eq.index + eq[0].length, at).trim();
  return `\`${name}\` is a piece of \`${source}.split('/')\`, which holds no \`/\` (one segment)`;
}

/** Every call of `fn` in the text but its own header passes, at `index`, a literal of `want` segments. */
function callersSource(text: string, fn: string, index: number, headerAt: number, name: string, want: 1 | 2): string | null {
  let calls = 0;
  for (let at = text.indexOf(fn); at !== -1; at = text.indexOf(fn, at + fn.length)) {
    if (/[\w$]/.test(text[at - 1] ?? '') || at === headerAt + text.slice(headerAt).indexOf(fn)) continue;
    let open = at + fn.length;
    while (text[open] === ' ' || text[open] === '\t') open++;
    if (text[open] !== '(') {
      // A mention that is no call (passed as a callback, exported by name): its callers are unknown.
      if (!/[\w$]/.test(text[at + fn.length] ?? '')) return null;
      continue;
    }
    const args = callArgs(text, open);
    const arg = args?.[index];
    const lit = arg === undefined ? null : literalText(arg);
    if (lit === null || arity(lit) !== want) return null;
    calls++;
  }
  return calls ? `every call of \`${fn}\` in this file (${calls}) passes \`${name}\` a literal of ${SEGMENTS[want]}` : null;
}

/**
 * Why the value `holeName`, used at `at`, fills `want` segments (one; or namespace/repository) by
 * where it comes from, or null: a split, the parameter's default (`namespace="library"`,
 * `image = 'library/nginx'`), or every caller in the file passing a literal. A default is what the
 * code expects when nobody says otherwise: a person glances at it, callers may pass more.
 */
export function valueSource(text: string, at: number, holeName: string, want: 1 | 2 = 1): string | null {
  const name = bare(holeName);
  if (!name) return null;
  const header = enclosingHeader(text, at);
  // The pieces of a split, on a line of the same function before the use.
  const { starts } = lineIndex(text);
  if (want === 1) {
    for (let i = lineAt(starts, at); i >= 0 && (header === null || starts[i] >= header.at); i--) {
      const why = splitSource(lineText(text, starts, i), name);
      if (why) return why;
    }
  }
  if (!header) return null;
  const params = parameters(text, header.at, header.name)?.filter((p) => p.name !== 'self' && p.name !== 'cls');
  const index = params?.findIndex((p) => p.name === name) ?? -1;
  if (index < 0) return null;
  const fallback = params![index].fallback;
  // A default of the other arity contradicts the reading: no caller's literal outweighs it.
  if (fallback !== null) return arity(fallback) === want ? `the default of \`${name}\` is ${JSON.stringify(fallback)}, ${SEGMENTS[want]}` : null;
  return callersSource(text, header.name, index, header.at, name, want);
}
