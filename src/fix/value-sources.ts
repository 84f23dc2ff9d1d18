import { enclosingHeader, lineAt, lineStarts, lineText } from './in-step.js';

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

/** The names a header declares as parameters, in order (`(self, ns: str = "x")` → self, ns). */
function parameters(line: string, name: string): string[] | null {
  const open = line.indexOf('(', line.indexOf(name) + name.length);
  const args = open < 0 ? null : callArgs(line, open);
  if (!args) return null;
  return args.map((a) => /^\s*(?:\.\.\.|\*{1,2}|&)?\$?([A-Za-z_]\w*)/.exec(a)?.[1] ?? '');
}

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

/** Every call of `fn` in the text but its own header passes, at `index`, a literal of one segment. */
function callersSource(text: string, fn: string, index: number, headerAt: number, name: string): string | null {
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
    if (lit === null || lit === '' || lit.includes('/')) return null;
    calls++;
  }
  return calls ? `every call of \`${fn}\` in this file (${calls}) passes \`${name}\` a literal of one segment` : null;
}

/** Why the value `holeName`, used at `at`, fills one segment by where it comes from, or null. */
export function valueSource(text: string, at: number, holeName: string): string | null {
  const name = bare(holeName);
  if (!name) return null;
  const header = enclosingHeader(text, at);
  // The pieces of a split, on a line of the same function before the use.
  const starts = lineStarts(text);
  for (let i = lineAt(starts, at); i >= 0 && (header === null || starts[i] >= header.at); i--) {
    const why = splitSource(lineText(text, starts, i), name);
    if (why) return why;
  }
  if (!header) return null;
  const params = parameters(header.line, header.name);
  const index = params?.filter((p) => p !== 'self' && p !== 'cls').indexOf(name) ?? -1;
  return index < 0 ? null : callersSource(text, header.name, index, header.at, name);
}
