import { Mapped, MappedBuilder } from '../../shell/mapped.js';

export type JsonToken =
  | { t: 'punct'; c: '{' | '}' | '[' | ']' | ':' | ','; at: number }
  | { t: 'string'; value: Mapped; at: number; end: number }
  | { t: 'other'; at: number; end: number };

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * JSON/JSONC tokens with exact offsets; strings come decoded, mapped back to the source
 * (a `\/` maps to its two characters). Comments and JSON5's single quotes are accepted.
 * A generator, so a 100 000-level document costs no stack.
 */
export function* jsonTokens(text: string, from = 0, to = text.length, comments?: Array<{ start: number; end: number }>): Generator<JsonToken> {
  let p = from;
  while (p < to) {
    const c = text[p];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') {
      p++;
    } else if (c === '/' && text[p + 1] === '/') {
      const nl = text.indexOf('\n', p);
      comments?.push({ start: p, end: nl === -1 ? to : nl });
      p = nl === -1 ? to : nl;
    } else if (c === '/' && text[p + 1] === '*') {
      const close = text.indexOf('*/', p + 2);
      comments?.push({ start: p, end: close === -1 ? to : close + 2 });
      p = close === -1 ? to : close + 2;
    } else if ('{}[]:,'.includes(c)) {
      yield { t: 'punct', c: c as '{', at: p };
      p++;
    } else if (c === '"' || c === "'") {
      const s = readString(text, p, to);
      yield { t: 'string', value: s.value, at: p, end: s.end };
      p = s.end;
    } else {
      const at = p;
      while (p < to && !/[\s{}[\]:,"'/]/.test(text[p])) p++;
      if (p === at) p++;
      yield { t: 'other', at, end: p };
    }
  }
}

function readString(text: string, at: number, to: number): { value: Mapped; end: number } {
  const quote = text[at];
  const b = new MappedBuilder();
  let p = at + 1;
  while (p < to && text[p] !== quote && text[p] !== '\n') {
    if (text[p] !== '\\') {
      b.push(text[p], p, p + 1, true);
      p++;
      continue;
    }
    const e = text[p + 1] ?? '';
    const hex = e === 'u' ? /^[0-9a-fA-F]{4}/.exec(text.slice(p + 2, p + 6)) : null;
    if (hex) {
      b.push(String.fromCharCode(parseInt(hex[0], 16)), p, p + 6, false);
      p += 6;
    } else {
      b.push(ESCAPES[e] ?? e, p, p + 2, false);
      p += 2;
    }
  }
  return { value: b.build(), end: Math.min(p + 1, to) };
}

/** Where the comments of a JSONC document are. */
export function jsonComments(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const tok of jsonTokens(text, 0, text.length, out)) void tok;
  return out;
}

/** The strings of a JSON array of strings (a Dockerfile exec form); null when it is not one. */
export function jsonStringArray(text: string, from: number, to: number): Mapped[] | null {
  const out: Mapped[] = [];
  let state: 'open' | 'item' | 'sep' | 'done' = 'open';
  for (const tok of jsonTokens(text, from, to)) {
    if (state === 'open' && tok.t === 'punct' && tok.c === '[') state = 'item';
    else if (state === 'item' && tok.t === 'string') {
      out.push(tok.value);
      state = 'sep';
    } else if (state === 'item' && tok.t === 'punct' && tok.c === ']' && out.length === 0) state = 'done';
    else if (state === 'sep' && tok.t === 'punct' && tok.c === ',') state = 'item';
    else if (state === 'sep' && tok.t === 'punct' && tok.c === ']') state = 'done';
    else return null;
  }
  return state === 'done' ? out : null;
}

export { Mapped };
