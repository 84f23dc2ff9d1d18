import { HUB_API_HOST, oldHubHostIn } from '../core/hub-hosts.js';
import type { Lexed, SourceLexer, StringLexeme } from '../core/lexeme.js';
import { redactUrl } from '../core/redact.js';
import type { Candidate } from '../core/types.js';
import { regionWithin, withCode, type Bounds } from './login.js';
import type { TextEdit } from './plan.js';
import { unwrapped } from './edit-kinds.js';

/**
 * The create migration (issue 31, FACTS.md): `POST /v2/repositories/` with a body holding
 * `namespace` becomes `POST /v2/namespaces/{namespace}/repositories`, the namespace's expression
 * moved into the path (the body keeps it; the new route reads the path). The body is looked for
 * where the login's is: in the function that makes the call (or the document's code block). The
 * URL must be one whole string literal; the namespace's value is a literal (written into the
 * URL's text) or a plain name or member chain (joined in, or spliced where the string splices).
 * The edit is of kind `path-move`; the verifier reads the expression back (`createLeftovers`).
 */

export type CreatePlan = { edits: TextEdit[]; target: string; evidence: string[] } | { refusal: string };

/** A name or member chain: `ns`, `self.namespace`, `$ns`, `@org`, `cfg.Namespace`, `$this->ns`. */
const NAME = /^(?:\$this->|\$|@)?[A-Za-z_][\w]*(?:(?:\.|->)[A-Za-z_]\w*){0,4}/;

/** The value written after a body's `namespace` key: a string's text, or a name. */
type Value = { kind: 'lit'; text: string } | { kind: 'name'; text: string } | { kind: 'var'; text: string };

/** The value that follows `at` (after the key's separator): the next string lexeme or a name. */
function valueAt(text: string, lexed: Lexed, at: number): Value | null {
  const rest = text.slice(at, at + 200);
  const skip = /^\s*/.exec(rest)![0].length;
  const start = at + skip;
  const str = lexed.lexemes.find((l): l is StringLexeme => l.kind === 'str' && l.start === start);
  if (str) {
    if (str.parts.length === 1 && str.parts[0].kind === 'text') {
      const value = text.slice(str.parts[0].start, str.parts[0].end);
      return /^[a-z0-9][a-z0-9_.-]{0,254}$/i.test(value) ? { kind: 'lit', text: value } : null;
    }
    return null;
  }
  const name = NAME.exec(text.slice(start, start + 120));
  if (!name) return null;
  // A call or an index is more than a name: its value may change between two reads.
  if (/^\s*[([]/.test(text.slice(start + name[0].length, start + name[0].length + 3))) return null;
  return { kind: 'name', text: name[0] };
}

/** A JSON document inside a string (`-d '{"namespace": "acme"}'`, `"{\"namespace\": \"$NS\"}"`). */
const JSON_NAMESPACE = /[{,]\s*\\?"namespace\\?"\s*:\s*\\?"([^"\\]{1,255})\\?"/;

/** The same key at the end of a text part, its value's opening quote written, the value spliced next. */
const JSON_KEY_AT_END = /[{,]\s*\\?"namespace\\?"\s*:\s*\\?"$/;

/** The body's `namespace` value in [from, to), and where its key is. */
export function namespaceValue(text: string, lexed: Lexed, region: Bounds, lex?: (t: string) => Lexed): { value: Value; at: number } | null {
  for (const l of withCode(text, lexed, region.start, region.end, lex)) {
    if (l.kind === 'comment') continue;
    if (l.kind === 'str') {
      const whole = l.parts.length === 1 && l.parts[0].kind === 'text' ? text.slice(l.parts[0].start, l.parts[0].end) : null;
      if (whole === 'namespace') {
        const sep = /^\s*(?::(?!:)|=>|,)/.exec(text.slice(l.end, l.end + 10));
        const v = sep && valueAt(text, lexed, l.end + sep[0].length);
        if (v) return { value: v, at: l.start };
        continue;
      }
      for (const [i, p] of l.parts.entries()) {
        if (p.kind !== 'text') continue;
        // `"{\"namespace\": \"$TEAM\"…"`: the key ends this text part, the shell variable is the next splice.
        const open = JSON_KEY_AT_END.exec(text.slice(p.start, p.end));
        const next = l.parts[i + 1];
        if (open && next?.kind === 'splice') {
          const v = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(text.slice(next.start, next.end));
          if (v) return { value: { kind: 'var', text: v[1] }, at: p.start + open.index };
        }
        const m = JSON_NAMESPACE.exec(text.slice(p.start, p.end));
        if (!m) continue;
        const shellVar = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(m[1]);
        if (shellVar) return { value: { kind: 'var', text: shellVar[1] }, at: p.start + m.index };
        if (/^[a-z0-9][a-z0-9_.-]*$/i.test(m[1])) return { value: { kind: 'lit', text: m[1] }, at: p.start + m.index };
      }
      continue;
    }
    const code = text.slice(l.start, l.end);
    // `namespace: ns` (JS, Ruby), `namespace=ns` (Python's dict(), C#'s `@namespace =`), a JS shorthand `{ namespace }`.
    for (const m of code.matchAll(/(?<![\w$.])@?namespace\b(\s*(?::(?!:)|=(?![=>]))|(?=\s*[,}]))/g)) {
      const key = l.start + (m.index ?? 0);
      if (!/[{,(]\s*$/.test(text.slice(Math.max(0, key - 20), key))) continue;
      if (m[1] === '') return { value: { kind: 'name', text: 'namespace' }, at: key };
      const v = valueAt(text, lexed, key + m[0].length);
      if (v) return { value: v, at: key };
    }
  }
  return null;
}

/** The one string literal that is the whole URL, or null. */
function urlLiteral(text: string, lexed: Lexed, c: Candidate): StringLexeme | null {
  const inside = lexed.lexemes.filter((l): l is StringLexeme => l.kind === 'str' && l.end > c.start && l.start < c.end);
  if (inside.length !== 1) return null;
  const s = inside[0];
  if (s.parts.length !== 1 || s.parts[0].kind !== 'text') return null;
  // Nothing but the literal (and blanks) between the construction's ends.
  if (text.slice(c.start, s.start).trim() || text.slice(s.end, c.end).trim()) return null;
  return s;
}

/** How a name goes into the literal: a splice where the string form splices, else a join. */
function moved(value: Value, s: StringLexeme, before: string, after: string, language: string, join: string | undefined): string | null {
  const q = s.quote;
  if (value.kind === 'lit') return `${before}${value.text}${after}`;
  if (value.kind === 'var' || language === 'shell') {
    if (q === "'") return null;
    const name = value.kind === 'var' ? value.text : value.text.replace(/^\$/, '');
    return /^[A-Za-z_]\w*$/.test(name) ? `${before}\${${name}}${after}` : null;
  }
  if (q === '`') return `${before}\${${value.text}}${after}`;
  if (!join) return null;
  return `${before}${q} ${join} ${value.text} ${join} ${q}${after}`;
}

/**
 * Plans the create's edit: the URL literal's path `/v2/repositories` becomes
 * `/v2/namespaces/<namespace>/repositories`, the namespace taken from the body.
 */
export function planCreate(text: string, lexed: Lexed, c: Candidate, lexer: SourceLexer, within?: Bounds): CreatePlan {
  const s = urlLiteral(text, lexed, c);
  if (!s) return { refusal: 'the create\'s URL is not one whole string literal, so the namespace has no place to go' };
  const region = regionWithin(text, c.at ?? c.start, within);
  const found = namespaceValue(text, lexed, region, (t) => lexer.lex(t));
  if (!found) return { refusal: 'the request body\'s namespace is not found in the function (or its value is not a literal or a plain name), so it cannot move into the path' };
  const part = s.parts[0];
  const content = text.slice(part.start, part.end);
  const m = /\/v2\/repositories(?=\/?(?:[?#]|$))/.exec(content);
  if (!m) return { refusal: 'the create\'s URL does not end in /v2/repositories' };
  // The replacement lives on HUB_API_HOST only: an old host is a second change a person makes.
  if (oldHubHostIn(content) !== undefined) return { refusal: `the create goes to an old host; the replacement lives on ${HUB_API_HOST}` };
  const before = content.slice(0, m.index) + '/v2/namespaces/';
  const after = '/repositories' + content.slice(m.index + m[0].length);
  const inner = moved(found.value, s, before, after, lexer.language, lexer.join);
  if (inner === null) return { refusal: 'the namespace\'s value cannot be written into this string form' };
  // The value as the scan names a hole: a member chain by its last name (`this.owner` is `{owner}`).
  const holed = found.value.kind === 'lit' ? found.value.text : `{${found.value.text.replace(/^[$@]/, '').split(/\.|->/).pop()}}`;
  const target = redactUrl(`${before}${holed}${after}`);
  const edit: TextEdit = { start: part.start, end: part.end, text: inner, ...(found.value.kind === 'lit' ? {} : { kind: 'path-move' as const }) };
  return { edits: [edit], target, evidence: [`the request body's namespace (${found.value.kind === 'lit' ? JSON.stringify(found.value.text) : `\`${found.value.text}\``}) moves into the path`] };
}

/** What the create's check reads back after the edit: the new path holds the body's namespace expression. */
export function createLeftovers(text: string, lexed: Lexed, at: number, lexer: SourceLexer, within?: Bounds): string | null {
  const region = regionWithin(text, at, within);
  const found = namespaceValue(text, lexed, region, (t) => lexer.lex(t));
  if (!found) return 'the request body no longer names the namespace';
  // Between `/v2/namespaces/` and `/repositories` of the edited URL: the expression alone, with
  // the quotes and join operators or the splice around it.
  const from = text.indexOf('/v2/namespaces/', at);
  const to = from < 0 ? -1 : text.indexOf('/repositories', from);
  if (from < 0 || to < 0 || to - from > 300) return 'the URL has no /v2/namespaces/…/repositories path';
  const mid = text.slice(from + '/v2/namespaces/'.length, to);
  if (unwrapped(mid) !== found.value.text) return `the URL does not carry the body's namespace (${found.value.text})`;
  return null;
}
