import type { Interp } from './spec.js';

export interface Splice {
  expr: string;
  /** Offset just past the splice in the source text. */
  end: number;
}

type Reader = (text: string, at: number, lines: number) => Splice | null;

const IDENT = /[A-Za-z_]\w*/y;
const GROOVY_PATH = /[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/y;
const PERL_NAME = /[A-Za-z_]\w*(?:::\w+)*/y;

function identAt(re: RegExp, text: string, at: number): string | null {
  re.lastIndex = at;
  const m = re.exec(text);
  return m ? m[0] : null;
}

/**
 * Offset of the `}` that closes the `{` at `open` (or the `)` of a `(`), skipping nested
 * brackets and quoted text. A splice spans at most `lines` line breaks (none in most
 * languages), so a stray brace cannot reach far past its string.
 */
export function closingBrace(text: string, open: number, lines = 0): number {
  const [o, shut] = text[open] === '(' ? ['(', ')'] : ['{', '}'];
  let depth = 0;
  let breaks = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' && ++breaks > lines) return -1;
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end !== -1 && !text.slice(i, end).includes('\n')) i = end;
    } else if (c === o) depth++;
    else if (c === shut && --depth === 0) return i;
  }
  return -1;
}

/** Python's `{x!r:>10}`, C#'s `{x,10:N}`: only the expression before the conversion names a value. */
function stripFormatSpec(expr: string): string {
  let depth = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0) {
      if (c === '!' && expr[i + 1] !== '=') return expr.slice(0, i);
      if (c === ':' && expr[i + 1] !== ':' && expr[i - 1] !== ':') return expr.slice(0, i);
      if (c === ',') return expr.slice(0, i);
      if (c === '=' && i === expr.length - 1) return expr.slice(0, i);
    }
  }
  return expr;
}

function braced(text: string, open: number, prefix = '', lines = 0): Splice | null {
  const close = closingBrace(text, open, lines);
  return close === -1 ? null : { expr: prefix + text.slice(open + 1, close), end: close + 1 };
}

/** Perl and PHP let `$x` carry `->{key}`, `->prop`, `[i]` or `{key}` along. */
function withSubscripts(text: string, at: number, name: string, arrow: RegExp): Splice {
  let end = at;
  for (;;) {
    arrow.lastIndex = end;
    const m = arrow.exec(text);
    if (!m || m[0].length === 0) break;
    end += m[0].length;
  }
  return { expr: text.slice(at - name.length, end), end };
}

const READERS: Record<Interp, Reader> = {
  brace(text, at) {
    if (text[at] !== '{' || text[at + 1] === '{') return null;
    const s = braced(text, at);
    return s && { ...s, expr: stripFormatSpec(s.expr) };
  },
  dollar(text, at, lines) {
    if (text[at] !== '$') return null;
    if (text[at + 1] === '{') return braced(text, at + 1, '', lines);
    const name = identAt(IDENT, text, at + 1);
    return name ? { expr: name, end: at + 1 + name.length } : null;
  },
  // A Groovy GString's `$a.b.c` reads the dotted property path (`"$env.BRANCH_NAME"`); a dot
  // not followed by a name ends it (`"$host."`).
  groovy(text, at) {
    if (text[at] !== '$') return null;
    if (text[at + 1] === '{') return braced(text, at + 1);
    GROOVY_PATH.lastIndex = at + 1;
    const m = GROOVY_PATH.exec(text);
    return m ? { expr: m[0], end: at + 1 + m[0].length } : null;
  },
  // Swift's `\(expr)`.
  swift(text, at) {
    return text[at] === '\\' && text[at + 1] === '(' ? braced(text, at + 1) : null;
  },
  hash(text, at) {
    return text[at] === '#' && text[at + 1] === '{' ? braced(text, at + 1) : null;
  },
  php(text, at) {
    if (text[at] === '{' && text[at + 1] === '$') return braced(text, at);
    if (text[at] !== '$') return null;
    if (text[at + 1] === '{') return braced(text, at + 1, '$');
    const name = identAt(IDENT, text, at + 1);
    return name ? withSubscripts(text, at + 1 + name.length, `$${name}`, /->[A-Za-z_]\w*|\[[^\]\n]*\]/y) : null;
  },
  perl(text, at) {
    if (text[at] === '@' && text[at + 1] === '{') return braced(text, at + 1);
    if (text[at] !== '$') return null;
    if (text[at + 1] === '{') return braced(text, at + 1, '$');
    const name = identAt(PERL_NAME, text, at + 1);
    return name ? withSubscripts(text, at + 1 + name.length, `$${name}`, /(?:->)?(?:\{[^}\n]*\}|\[[^\]\n]*\])/y) : null;
  },
};

/**
 * Reads a splice at `at` in a string of the given style, or null when the text there is literal;
 * a `${…}` block may span `lines` line breaks (StringForm.spliceLines).
 */
export function readSplice(style: Interp, text: string, at: number, lines = 0): Splice | null {
  return READERS[style](text, at, lines);
}

/** `{{` and `}}` are literal braces in brace-style strings. */
export function isDoubledBrace(style: Interp, text: string, at: number): boolean {
  return style === 'brace' && (text[at] === '{' || text[at] === '}') && text[at + 1] === text[at];
}
