import type { Candidate } from '../../../core/types.js';
import { scanString } from '../../shell/embedded.js';
import type { Mapped } from '../../shell/mapped.js';
import { explicitMethod } from '../../shell/request.js';
import type { Adapter } from '../../types.js';
import { jsonTokens } from './tokenize.js';
import { isPageLink } from '../../langs/page-links.js';
import { BASE_KEYS, METHOD_KEYS, PATH_KEYS, configReading, hostlessHubPath, hubOriginOf, isAbsoluteUrl, joinBase } from '../../config-url.js';

interface Frame {
  object: boolean;
  /** Object: `key` waits for its value after `:`. */
  key: string | null;
  expectKey: boolean;
  /** String members in order; scanned when the object closes, once its `method` is known. */
  strings: Array<{ key: string; value: Mapped }>;
  /** Every key of the object (langs/page-links.ts: a list answer's links are known by their siblings). */
  keys: string[];
  /** The nearest base URL written in this object or an enclosing one. */
  base: string | null;
}

function frame(object: boolean, base: string | null): Frame {
  return { object, key: null, expectKey: object, strings: [], keys: [], base };
}

/** An object's strings: its own base+path pair joined, its `method` applied to its URLs. */
function closeObject(f: Frame, out: Candidate[], origin: string | null): void {
  const get = (keys: Set<string>) => f.strings.find((s) => keys.has(s.key.toLowerCase()));
  const m = get(METHOD_KEYS);
  const method = m ? explicitMethod(m.value.text.trim()) : undefined;
  const path = get(PATH_KEYS);
  const ownBase = f.strings.find((s) => BASE_KEYS.has(s.key.toLowerCase()) && s !== path && isAbsoluteUrl(s.value.text));
  const base = ownBase?.value.text ?? f.base;
  const joined = path && base && !isAbsoluteUrl(path.value.text);
  if (joined) out.push(...scanString(joinBase(base, path.value), method).map((c) => ({ ...c, routeMethod: !method })));
  for (const s of f.strings) {
    if (s === m || (joined && (s === path || s === ownBase)) || isPageLink(s.key, f.keys)) continue;
    out.push(...scanString(s.value, method), ...hostlessHubPath(s.value, origin, method));
  }
}

/**
 * JSON and JSONC: every string value, base+path split over keys, `method` keys. Walks the
 * tokens with an explicit stack, so nesting depth costs heap, not call stack.
 */
export function extractJson(text: string, from = 0, to = text.length, origin: string | null = null): Candidate[] {
  const out: Candidate[] = [];
  const stack: Frame[] = [frame(false, null)];
  for (const tok of jsonTokens(text, from, to)) {
    const top = stack[stack.length - 1];
    if (tok.t === 'punct') {
      if (tok.c === '{' || tok.c === '[') {
        stack.push(frame(tok.c === '{', top.base));
        top.key = null;
      } else if (tok.c === '}' || tok.c === ']') {
        if (stack.length > 1) stack.pop();
        if (top.object) closeObject(top, out, origin);
      } else if (tok.c === ',') {
        top.expectKey = top.object;
        top.key = null;
      } else {
        top.expectKey = false;
      }
    } else if (tok.t === 'string') {
      if (top.object && top.expectKey) {
        top.key = tok.value.text;
        top.keys.push(tok.value.text);
      } else if (top.object) {
        const key = top.key ?? '';
        top.strings.push({ key, value: tok.value });
        if (BASE_KEYS.has(key.toLowerCase()) && isAbsoluteUrl(tok.value.text)) top.base = tok.value.text;
        top.key = null;
      } else {
        out.push(...scanString(tok.value), ...hostlessHubPath(tok.value, origin));
      }
    } else {
      top.key = null;
    }
  }
  // An unclosed document still reports what it holds.
  for (let f = stack.pop(); f; f = stack.pop()) if (f.object) closeObject(f, out, origin);
  return out;
}

export const jsonAdapter: Adapter = {
  name: 'json',
  extract(_path, text) {
    return extractJson(text, 0, text.length, hubOriginOf(text)).map(configReading);
  },
};
