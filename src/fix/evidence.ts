import { holeName } from '../core/hole.js';
import { ESCAPE_NAMES, ONE_SEGMENT_NAMES, TWO_SEGMENT_NAMES } from '../core/segment-words.js';

/**
 * The evidence that lets a URL built from values the code computes be rewritten as a
 * suggestion (issue 31): how many path segments each value fills, read from the code's own
 * words. A name (`owner` is one segment, `image` is namespace/repository), an escape that keeps
 * a value in one segment (`encodeURIComponent`, `url.PathEscape`, `quote(x, safe='')`,
 * `URI.encode_www_form_component`). Nothing here is proof: a person glances at what the
 * finding states, so a rewrite resting on it is never applied by plain `--fix`.
 */

const ONE_SEGMENT = ONE_SEGMENT_NAMES;
const TWO_SEGMENTS = TWO_SEGMENT_NAMES;
/** Names of the segments after the namespace, where the rule's reading already fixes the namespace. */
const LATER_SEGMENT: Record<string, Set<string>> = {
  repository: new Set(['name', 'repository', 'repo', 'reponame', 'repositoryname', 'image', 'imagename']),
  tag: new Set(['tag', 'version', 'tagname', 'ref']),
};

/** Escapes that turn a `/` into `%2F`, so the value cannot spill into a second segment. */
const ESCAPE = new RegExp(`^(?:${ESCAPE_NAMES})\\s*\\(([\\s\\S]*)\\)$`);

/** `quote(x)` keeps `/` by default: only `quote(x, safe='')` escapes it. */
function escaped(name: string): { inner: string; call: string } | null {
  const m = ESCAPE.exec(name.trim());
  if (!m) return null;
  const call = name.trim().slice(0, name.trim().indexOf('('));
  if (/quote$/.test(call) && !/safe\s*=\s*(?:''|"")/.test(m[1])) return null;
  return { inner: m[1].split(',')[0].trim(), call };
}

/** The last identifier of an expression (`registry.namespace` → `namespace`), its words joined lower-case. */
function words(expr: string): { whole: string; last: string } | null {
  const ids = expr.match(/[A-Za-z_$][\w$]*/g);
  if (!ids) return null;
  const id = ids[ids.length - 1].replace(/^\$/, '');
  const parts = id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
  if (parts.length === 0) return null;
  return { whole: parts.join(''), last: parts[parts.length - 1] };
}

/** An expression with unbalanced closing parentheses at its end removed (`f(x))` → `f(x)`). */
function balanced(expr: string): string {
  let depth = 0;
  let out = '';
  for (const ch of expr) {
    if (ch === '(') depth++;
    if (ch === ')') {
      if (depth === 0) break;
      depth--;
    }
    out += ch;
  }
  return out.trim();
}

/** A splice's expression without its delimiters: `${encodeURIComponent(x)}`, `#{x}`, `{quote(x, safe='')}` → the call. */
function unspliced(raw: string): string {
  const t = raw.trim();
  const open = t.startsWith('${') || t.startsWith('#{') ? 2 : t.startsWith('{') ? 1 : 0;
  return open && t.endsWith('}') ? t.slice(open, -1) : t;
}

const slotOf = (t: string) => /^\{(\w+)\}$/.exec(t)?.[1] ?? null;

/**
 * For each path segment that is a value: the evidence of how many segments it fills, or why
 * there is none (the finding's refusal). `segments` are the URL's path segments (holes kept),
 * `template` the rule's, of the same length.
 */
export function holeEvidence(
  segments: string[],
  template: string[],
  exprOf: (segment: number) => string | undefined = () => undefined,
  sourceOf: (name: string, want: 1 | 2) => string | null = () => null,
): string[] | string {
  const out: string[] = [];
  const unknown = (name: string) => `the value of {${name}} is not known: it may hold namespace/repository (several path segments), and neither its name nor an escape says otherwise`;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (!seg.includes('\uE000')) continue;
    const name = holeName(seg);
    // The hole markers come in pairs: dropping each one alone is linear, where /\uE000([^\uE001]*)\uE001/g
    // rescans from every unclosed opener.
    if (name === null) return unknown(seg.replace(/[\uE000\uE001]/g, ''));
    const slot = slotOf(template[i]);
    if (!slot) return unknown(name);
    // The matcher's reading of one value as two segments: `{image:namespace}/{image:repository}`.
    const split = /^([\s\S]*):(\w+)$/.exec(name);
    if (split && split[2] === slot) {
      const next = i + 1 < segments.length ? holeName(segments[i + 1]) : null;
      const w = words(split[1]);
      if (slot !== 'namespace' || next !== `${split[1]}:repository` || !w) return unknown(split[1]);
      // The name (`image`), else where the value comes from (a default `"library/nginx"`).
      const two = TWO_SEGMENTS.has(w.whole) || TWO_SEGMENTS.has(w.last) ? `the name \`${split[1]}\` holds namespace/repository (two segments)` : sourceOf(split[1], 2);
      if (!two) return unknown(split[1]);
      out.push(two);
      i++;
      continue;
    }
    // The source's own expression: hole names drop the call around a value.
    const raw = exprOf(i);
    const expr = raw === undefined ? undefined : trimJoiners(balanced(unspliced(raw).replace(/^[\s+.,&|(]*/, '')));
    const esc = (expr && escaped(expr)) || escaped(name);
    if (esc) {
      out.push(`\`${esc.call}(…)\` keeps the value of \`${esc.inner}\` in one segment`);
      continue;
    }
    const w = words(name);
    const names = slot === 'namespace' ? ONE_SEGMENT : LATER_SEGMENT[slot];
    // A namespace named like `image` contradicts the reading: the value may hold two segments.
    if (w && names && (names.has(w.whole) || names.has(w.last)) && !(slot === 'namespace' && (TWO_SEGMENTS.has(w.whole) || TWO_SEGMENTS.has(w.last)))) {
      out.push(`the name \`${name}\` holds one segment (the ${slot})`);
      continue;
    }
    // Where the value comes from: a split on `/`, or callers that all pass a literal (fix/value-sources.ts).
    const source = sourceOf(name, 1);
    if (!source) return unknown(name);
    out.push(source);
  }
  return out;
}

const JOINERS = new Set([' ', '\t', '\n', '\r', '\f', '\v', '+', '.', ',', '&', '|']);

/** The expression without the joiners after it (`x + ` → `x`); a loop, since an unanchored /[…]*$/ is quadratic. */
function trimJoiners(text: string): string {
  let end = text.length;
  while (end > 0 && (JOINERS.has(text[end - 1]) || /\s/.test(text[end - 1]))) end--;
  return text.slice(0, end);
}
