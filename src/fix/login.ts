import type { Lexed, Lexeme } from '../core/lexeme.js';
import { escapeRegExp } from '../core/escape-regexp.js';
import type { TextEdit } from './plan.js';
import { relexSplice, type Lex } from './splices.js';

export type { Lex };

/**
 * The login migration (issue 31, FACTS.md): `POST /v2/users/login` with `{username, password}`
 * answering `{token}`, sent as `JWT <token>`, becomes `POST /v2/auth/token` with
 * `{identifier, secret}` answering `{access_token}`, sent as `Bearer <access_token>`. The URL is
 * planned by fix/plan.ts; this finds the other pieces around the call, each as an edit of a
 * listed kind (fix/edit-kinds.ts):
 *  - body keys, in the function that makes the call: a key literal (`"username": u`,
 *    `'username' => $u`, `Map.of("username", u)`), a code key (`username: u`, `username = u` in
 *    `dict(…)`/`new { … }`, `:username =>`), a shorthand property (`{ username }` →
 *    `{ identifier: username }`), a key inside a JSON string or a jq program;
 *  - the response key read in the same function or pipeline: `["token"]`, `.get("token")`,
 *    `.token`, `jq -r .token`, `const { token }` → `const { access_token: token }`, and a struct
 *    tag or serializer name (`json:"token"`, `@SerializedName("token")`) anywhere in the file;
 *  - the scheme string `JWT ` → `Bearer ` anywhere in the file (where the token is sent).
 * What it cannot find is listed in `missing`: such a migration is shown, never written.
 * It reads the lexed form only (strings, comments, code), never a language's parser, so each
 * rule below is a textual shape inside one kind of lexeme; a person reviews the result (it is
 * always a suggestion: the new token expires after 10 minutes).
 */

export interface LoginMigration {
  edits: TextEdit[];
  /** What was found, for the finding's evidence. */
  found: string[];
  /** Pieces not found: the migration is partial. */
  missing: string[];
}

const BODY: Record<string, string> = { username: 'identifier', password: 'secret' };

/** A line that starts a function or method, by language family (the region's bounds). */
const DEFINITION =
  /^\s*(?:(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b|def\s|func\s|fun\s|sub\s|(?:public|private|protected|internal|static|final|async|override|virtual|suspend|synchronized|abstract)\s[^(=]*\(|(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*=\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>|(?:async\s+)?[\w$]+\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$|[\w-]+\s*\(\s*\)\s*\{|function\s+[\w-]+)/;

const indentOf = (line: string) => /^\s*/.exec(line)![0].replace(/\t/g, '    ').length;

/**
 * The function around `at`: from the last definition line before it to the next definition at
 * the same or a lower indentation (or the file's end). Shell scripts without functions are one
 * region: a login pipeline there is one command.
 */
export function regionAround(text: string, at: number, table: LineTable = lineTable(text)): { start: number; end: number } {
  const { lines, offsets } = table;
  const line = lineAt(offsets, at);
  let first = -1;
  for (let i = line; i >= 0; i--) {
    if (DEFINITION.test(lines[i]) && indentOf(lines[i]) <= indentOf(lines[line])) {
      first = i;
      break;
    }
  }
  if (first < 0) return { start: 0, end: text.length };
  const base = indentOf(lines[first]);
  let last = lines.length;
  for (let i = Math.max(first, line) + 1; i < lines.length; i++) {
    if (DEFINITION.test(lines[i]) && indentOf(lines[i]) <= base) {
      last = i;
      break;
    }
  }
  return { start: offsets[first], end: last < lines.length ? offsets[last] : text.length };
}

/** The last line that starts at or before `at` (the first line when none does). */
function lineAt(offsets: number[], at: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A URL written in a top-level constant (`const loginEndpoint = "…"`, a Go const block, a class
 * constant) is sent where the constant is used: the region is that function, when every use of
 * the name is in one function. Null when it is used in several or at the top level (the region
 * stays the file). Only for a short definition line: a bundle's one line is never read so.
 */
function constantUse(text: string, at: number, table: LineTable): Bounds | null {
  const line = lineAt(table.offsets, at);
  const lineText = table.lines[line];
  if (lineText.length > 400) return null;
  // `at` may be inside the literal (the verifier reads back from the edited path).
  const m = /(?<![\w$])([A-Za-z_$][\w$]*)[ \t]*:?=[ \t]*(?:["'`][^"'`]*)?$/.exec(lineText.slice(0, at - table.offsets[line]));
  if (!m) return null;
  const own = { start: table.offsets[line], end: table.offsets[line] + lineText.length };
  let found: Bounds | null = null;
  for (const u of text.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(m[1])}(?![\\w$])`, 'g'))) {
    if (u.index >= own.start && u.index < own.end) continue;
    const r = regionAround(text, u.index, table);
    if ((r.start === 0 && r.end === text.length) || (found && (found.start !== r.start || found.end !== r.end))) return null;
    found = r;
  }
  return found;
}

interface LineTable {
  lines: string[];
  offsets: number[];
}

function lineTable(text: string): LineTable {
  const lines = text.split('\n');
  const offsets: number[] = [];
  let o = 0;
  for (const l of lines) {
    offsets.push(o);
    o += l.length + 1;
  }
  return { lines, offsets };
}

/**
 * What planLogin reads of a whole file or of one function, worked out once per lexed file: a
 * bundle with a login call in each of its hundred modules is one region (one line), and reading
 * the file again for each call was quadratic (issue 34, row 1).
 */
const perFile = new WeakMap<Lexed, Map<string, unknown>>();

function once<T>(lexed: Lexed, key: string, work: () => T): T {
  let known = perFile.get(lexed);
  if (!known) perFile.set(lexed, (known = new Map()));
  if (!known.has(key)) known.set(key, work());
  return known.get(key) as T;
}

/** A code block of a document: a login there is read in that block only. */
export interface Bounds {
  start: number;
  end: number;
}

export function regionWithin(text: string, at: number, within?: Bounds, table: LineTable = lineTable(text)): Bounds {
  let r = regionAround(text, at, table);
  if (r.start === 0 && r.end === text.length) r = constantUse(text, at, table) ?? r;
  return within ? { start: Math.max(r.start, within.start), end: Math.min(r.end, within.end) } : r;
}

/** The non-blank code right before/after an offset, skipping blanks (not lexemes). */
const prevChars = (text: string, at: number, n = 40) => text.slice(Math.max(0, at - n), at).trimEnd();
const nextChars = (text: string, at: number, n = 40) => text.slice(at, at + n).trimStart();

/** Calls whose string argument names a key being read (`.get("token")`, `getString("token")`). */
const READ_CALL = /(?:^|[^\w$])(?:get|getString|optString|getAsString|GetProperty|GetValue|Value<\w+>|fetch|dig|path|get_string|SerializedName|JsonProperty|JsonPropertyName|JsonAlias|Json|json_name)\s*\(\s*$/;
/** Calls that test whether the response has a key (`data.has("token")`, `hasOwnProperty('token')`, `key?("token")`). */
const HAS_CALL = /(?:^|[^\w$])(?:has|hasOwnProperty(?:\.call)?|hasOwn|containsKey|has_key|key\?|include\?|array_key_exists|ContainsKey|TryGetProperty|isset)\s*\(\s*(?:[\w$.]+\s*,\s*)?$/;

/**
 * Where the quoted word token is a key inside a shell pipeline's program (offsets of the word):
 * an index (`["token"]`, `['token']`, `\"token\"]`) or a JSON key pattern (`"token":`), as a
 * filter reads the reply. A plain scan: the program is as long as the line.
 */
function quotedTokenKeys(s: string): number[] {
  const out: number[] = [];
  for (let at = s.indexOf('token'); at >= 0; at = s.indexOf('token', at + 5)) {
    const q = s[at - 1];
    if (q !== '"' && q !== "'") continue;
    // Inside a double-quoted shell word the program's quotes are escaped (`\"token\"`).
    const escaped = s[at - 2] === '\\';
    const close = escaped ? at + 6 : at + 5;
    if (s[close] !== q || (escaped && s[at + 5] !== '\\')) continue;
    const before = s.slice(Math.max(0, at - (escaped ? 6 : 5)), escaped ? at - 2 : at - 1);
    const next = s.slice(close + 1).trimStart()[0];
    if ((before.endsWith('[') && next === ']') || next === ':' || before.endsWith('get(')) out.push(at);
  }
  return out;
}

/** Calls whose first string argument is a body key (`Map.of("username", u)`, `put("username", u)`). */
const PUT_CALL = /(?:^|[^\w$])(?:of|put|add|Add|append|entry|Pair|pair|set|field|addProperty|put_entry|add_field|form)\s*\(\s*$/;

/**
 * The lexemes of [from, to) in order, with the code between them as `code` lexemes: most
 * lexers list only strings and comments, and the keys of a body are code too.
 */
export function withCode(text: string, lexed: Lexed, from: number, to: number, lex?: Lex, depth = 0): Lexeme[] {
  const out: Lexeme[] = [];
  let at = from;
  for (const l of lexed.lexemes) {
    if (l.end <= from || l.start >= to) continue;
    if (l.start > at) out.push({ kind: 'code', start: at, end: l.start });
    if (l.kind === 'code') out.push({ kind: 'code', start: Math.max(l.start, from), end: Math.min(l.end, to) });
    else out.push(l);
    if (l.kind === 'str' && lex && depth < 3) out.push(...inSplices(text, l, from, to, lex, depth));
    at = Math.max(at, l.end);
  }
  if (at < to) out.push({ kind: 'code', start: at, end: to });
  return out;
}

/**
 * The code inside a string's splices, lexed again: a shell `jwt=$(curl … -d '{"username": …}')`
 * is one word to the lexer, and a template's `${JSON.stringify({ username })}` is one splice.
 */
function inSplices(text: string, l: Lexeme, from: number, to: number, lex: Lex, depth: number): Lexeme[] {
  if (l.kind !== 'str') return [];
  const out: Lexeme[] = [];
  for (const p of l.parts) {
    if (p.kind !== 'splice' || p.end <= from || p.start >= to) continue;
    const sub = relexSplice(text, p, lex);
    if (sub) out.push(...withCode(text, sub.lexed, Math.max(sub.start, from), Math.min(sub.end, to), lex, depth + 1));
  }
  return out;
}

function textParts(l: Lexeme): Array<{ start: number; end: number }> {
  return l.kind === 'str' ? l.parts.filter((p) => p.kind === 'text') : [];
}

/** The content of a string lexeme when it is one text part, no splice. */
function whole(text: string, l: Lexeme): { start: number; end: number; value: string } | null {
  if (l.kind !== 'str' || l.parts.length !== 1 || l.parts[0].kind !== 'text') return null;
  const p = l.parts[0];
  return { start: p.start, end: p.end, value: text.slice(p.start, p.end) };
}

function edit(start: number, end: number, text: string, kind: TextEdit['kind']): TextEdit {
  return { start, end, text, kind };
}

/** The keys of a JSON document or a jq program written in `s` (at `base`): `"username":`, `{username: $u}`. */
function jsonBodyKeys(s: string, base: number): TextEdit[] {
  const out: TextEdit[] = [];
  // No look-behind over blanks (quadratic); the key's own place comes from the match indices.
  for (const m of s.matchAll(/[{,]\s*\\?["']?(username|password)\\?["']?\s*:/dg)) {
    const at = base + m.indices![1][0];
    out.push(edit(at, at + m[1].length, BODY[m[1]], 'body-key'));
  }
  return out;
}

/** Body-key edits in [from, to). */
function bodyKeys(text: string, lexed: Lexed, from: number, to: number, language: string, lex?: Lex): TextEdit[] {
  const out: TextEdit[] = [];
  for (const l of withCode(text, lexed, from, to, lex)) {
    if (l.kind === 'comment') continue;
    if (l.kind === 'str') {
      const w = whole(text, l);
      if (w && BODY[w.value] !== undefined) {
        const after = nextChars(text, l.end);
        const before = prevChars(text, l.start);
        const isKey =
          /^(?::(?!:)|=>|\bto\b)/.test(after) ||
          (/^\]\s*=(?![=>])/.test(after) && /\[$/.test(before)) ||
          (/^,/.test(after) && (PUT_CALL.test(before) || /[{,]$/.test(before)) && !READ_CALL.test(before));
        if (isKey) out.push(edit(w.start, w.end, BODY[w.value], 'body-key'));
        continue;
      }
      // A JSON document or a jq program inside the string: `"username":`, `{username: $u}`.
      // A shell word of several parts is read whole: a heredoc's `{"username": "$U"}` is words of quoted parts to the lexer.
      if (language === 'shell' && l.parts.length > 1) out.push(...jsonBodyKeys(text.slice(l.start, l.end), l.start));
      for (const p of textParts(l)) {
        const s = text.slice(p.start, p.end);
        out.push(...jsonBodyKeys(s, p.start));
        // A Go struct tag of a body built in the function (`struct { User string \`json:"username"\` }{…}`).
        if (language === 'go') {
          for (const m of s.matchAll(/\bjson:"(username|password)(?=[",])/g)) {
            const at = p.start + (m.index ?? 0) + 6;
            out.push(edit(at, at + m[1].length, BODY[m[1]], 'body-key'));
          }
        }
      }
      continue;
    }
    const code = text.slice(l.start, l.end);
    for (const m of code.matchAll(/(?<![\w$.:@>-])(:?)(username|password)\b/g)) {
      const at = l.start + (m.index ?? 0) + m[1].length;
      const key = m[2];
      const after = nextChars(text, at + key.length);
      const before = prevChars(text, at - m[1].length);
      if (m[1] === ':') {
        // Ruby's `:username => u`.
        if (/^=>/.test(after)) out.push(edit(at, at + key.length, BODY[key], 'body-key'));
        continue;
      }
      // `username: u` (a JS object, a Ruby hash); not a typed parameter (`username: string`).
      const lineStart = language === 'yaml' && /^\s*(?:-\s+)?$/.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
      if (/^:(?!:)/.test(after) && !/^:\s*(?:string|str|String|number|int|any|Optional|&?str|\[\])\b/.test(after) && (/[{,(]$/.test(before) || lineStart)) {
        if (language !== 'python' || /\{$|,$/.test(before)) out.push(edit(at, at + key.length, BODY[key], 'body-key'));
        continue;
      }
      // `dict(username=u)`, C#'s `new { username = u }`, PHP/Ruby named arguments are not bodies.
      // A nested spec (`username=dict(required=True)`, an Ansible argument spec) names a parameter.
      if (/^=(?![=>])/.test(after) && !/^=\s*dict\(/.test(after) && /[({,]$/.test(before) && (language === 'python' || language === 'csharp')) {
        out.push(edit(at, at + key.length, BODY[key], 'body-key'));
        continue;
      }
      // A shorthand property of an object literal: `{ username, password }`, not a destructuring.
      if (language === 'js' && /^[,}]/.test(after) && /[{,]$/.test(before)) {
        const close = text.indexOf('}', at);
        if (close > 0 && !/^\s*(?:=(?![=>])|\)\s*(?:=>|:|\{)|:)/.test(text.slice(close + 1, close + 40))) {
          out.push(edit(at, at + key.length, `${BODY[key]}: ${key}`, 'body-key'));
        }
      }
    }
  }
  return out;
}

/**
 * The named type open at the offset: Go `type loginReply struct {`, Java/C#/Kotlin/TS
 * `class LoginReply {`, a `record`, `struct` or `interface`, a TS `type LoginReply = {`; in
 * Python the `class LoginReply:` the offset's line is indented under. The innermost one counts.
 */
function enclosingType(text: string, at: number, language: string): string | undefined {
  if (language === 'python') return pythonClassAround(text, at);
  let name: string | undefined;
  const head = text.slice(0, at);
  // The type's head only (a linear pattern); its own brace is the next `{`, with no `;` or `}` before it.
  for (const m of head.matchAll(/\b(?:type[ \t]+(\w+)[ \t]+struct\b|(?:class|record|struct|interface)[ \t]+(\w+)|type[ \t]+(\w+)[ \t]*=)/g)) {
    const brace = head.indexOf('{', m.index + m[0].length);
    if (brace < 0 || /[;}]/.test(head.slice(m.index + m[0].length, brace))) continue;
    // Still open at the offset: more `{` than `}` after the type's own brace.
    const body = head.slice(brace + 1);
    if ((body.match(/\{/g)?.length ?? 0) >= (body.match(/\}/g)?.length ?? 0)) name = m[1] ?? m[2] ?? m[3];
  }
  return name;
}

/** The Python class whose body holds the offset's line: the nearest line above indented less, when it is a `class`. */
function pythonClassAround(text: string, at: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const own = indentOf(text.slice(lineStart, at));
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    if (!line.trim() || line.trimStart().startsWith('#') || line.trimStart().startsWith('@')) continue;
    if (indentOf(line) >= own) continue;
    const head = line.trimStart();
    if (!head.startsWith('class ')) return undefined;
    const name = head.slice(6).trimStart();
    let n = 0;
    while (n < name.length && /\w/.test(name[n])) n++;
    return n ? name.slice(0, n) : undefined;
  }
  return undefined;
}

/** Whether the offset is inside a named type whose name the code of [from, to) mentions (`var out loginReply`, `LoginReply.class`, `as LoginReply`). */
function typeUsedIn(text: string, at: number, from: number, to: number, language = ''): boolean {
  const name = enclosingType(text, at, language);
  return name !== undefined && new RegExp(`\\b${name}\\b`).test(text.slice(from, to));
}

/** Response-key reads in [from, to); struct tags of the structs it decodes into and serializer names anywhere in the file. */
function responseKeys(text: string, lexed: Lexed, from: number, to: number, language: string, lex?: Lex): TextEdit[] {
  const out: TextEdit[] = [];
  for (const l of withCode(text, lexed, 0, text.length, lex)) {
    if (l.kind === 'comment') continue;
    const inRegion = l.end > from && l.start < to;
    if (l.kind === 'str') {
      const w = whole(text, l);
      const before = prevChars(text, l.start);
      if (w && w.value === 'token') {
        const after = nextChars(text, l.end);
        const index = /\[$/.test(before) && /^\]/.test(after) && !/^\]\s*=(?![=>])/.test(after);
        const tagLike = /(?:SerializedName|JsonProperty|JsonPropertyName|JsonAlias|json_name)\s*\(\s*$/.test(before);
        // A membership test reads the key too (`"token" in data`, `data.has("token")`).
        const member = /^(?:not\s+)?in\b/.test(after) || HAS_CALL.test(before);
        if ((inRegion && (index || member || READ_CALL.test(before))) || (tagLike && (inRegion || typeUsedIn(text, l.start, from, to)))) out.push(edit(w.start, w.end, 'access_token', 'response-key'));
        continue;
      }
      for (const p of textParts(l)) {
        const s = text.slice(p.start, p.end);
        // A Go struct tag of a struct the login's reply is decoded into: the JSON name changes, the
        // field keeps its name. Another struct's `json:"token"` (a reply of /v2/access-tokens) stays;
        // so does a serializer name (`@SerializedName("token")`) on a class the function does not use.
        for (const m of s.matchAll(/\bjson:"(token)(?=[",])/g)) {
          const at = p.start + (m.index ?? 0) + 6;
          if (inRegion || typeUsedIn(text, at, from, to)) out.push(edit(at, at + 5, 'access_token', 'response-key'));
        }
        // A member read in a template (`{{ login.json.token }}` in YAML).
        if (inRegion && language === 'yaml') {
          for (const m of s.matchAll(/(?<=[\w\])])\.(token)\b(?![\w-])/g)) {
            const at = p.start + (m.index ?? 0) + 1;
            out.push(edit(at, at + 5, 'access_token', 'response-key'));
          }
        }
        // A one-line program or filter of a shell pipeline: `python -c '…["token"]'`, `grep -o '"token":"[^"]*"'`.
        if (inRegion && language === 'shell') for (const at of quotedTokenKeys(s)) out.push(edit(p.start + at, p.start + at + 5, 'access_token', 'response-key'));
        // A jq path inside a quoted program: `'.token'`, `".token // empty"`.
        if (inRegion && (language === 'shell' || /\bjq\b/.test(prevChars(text, l.start, 80)))) {
          for (const m of s.matchAll(/(?<![\w$])\.(token)\b(?![\w-])/g)) {
            const at = p.start + (m.index ?? 0) + 1;
            out.push(edit(at, at + 5, 'access_token', 'response-key'));
          }
        }
      }
      continue;
    }
    if (!inRegion) continue;
    const code = text.slice(Math.max(l.start, from), Math.min(l.end, to));
    const base = Math.max(l.start, from);
    // A member read: `resp.data.token`, `$data->token`, `res&.token`; in shell a bare jq path (`jq -r .token`).
    const member = /(?<=[\w$)\]])(?:\?\.|\.|->|&\.)(token)\b(?![\w$(])/g;
    const jqPath = /(?<=\s)\.(token)\b(?![\w$(-])/g;
    for (const m of [...code.matchAll(member), ...(language === 'shell' ? code.matchAll(jqPath) : [])]) {
      const at = base + (m.index ?? 0) + m[0].length - 5;
      if (/^=(?![=>])/.test(nextChars(text, at + 5))) continue;
      out.push(edit(at, at + 5, 'access_token', 'response-key'));
    }
    // A destructuring: `const { token } = …` → `const { access_token: token } = …`; `{ token: t }`.
    if (language === 'js') {
      for (const m of code.matchAll(/[{,]\s*(token)\b(?=\s*(:\s*[\w$]+\s*)?[,}])/dg)) {
        const at = base + m.indices![1][0];
        const close = text.indexOf('}', at);
        if (close < 0 || !/^\s*=(?![=>])/.test(text.slice(close + 1, close + 10))) continue;
        out.push(edit(at, at + 5, m[2] ? 'access_token' : 'access_token: token', 'response-key'));
      }
    }
  }
  return out;
}

/**
 * A typed response with a field named token, used for the login's reply: a type the function
 * names (`as LoginReply`, `LoginReply(**reply.json())`) or a type literal written in it
 * (`as { token: string }`). A TS or Python field changes with the reply (`token: string` →
 * `access_token: string`); a Java/C# field (`String token;`) would rename the class's member,
 * so it refuses the migration unless a serializer name or tag carries the JSON name. A type the
 * login does not use (an options bag with a token) is no part of it.
 */
function typedFields(text: string, lexed: Lexed, from: number, to: number, language: string): { edits: TextEdit[]; refusal: string | null } {
  const edits: TextEdit[] = [];
  let refusal: string | null = null;
  for (const l of withCode(text, lexed, 0, text.length)) {
    if (l.kind !== 'code') continue;
    const code = text.slice(l.start, l.end);
    for (const m of code.matchAll(/(?<![\w$.])token\??\s*:\s*(?:string|str)\b/g)) {
      const at = l.start + m.index;
      const inline = at >= from && at < to && /[{;]$/.test(prevChars(text, at));
      if (!inline && !typeUsedIn(text, at, from, to, language)) continue;
      // The function also writes a value of the type (`return { token: reply.token }`): renaming the field alone breaks it.
      const written = builtWithToken(text, lexed, from, to);
      if (written >= 0) refusal ??= `a typed response declares a field named token (line ${text.slice(0, at).split('\n').length}), which must become access_token with it; the function also builds one with the key token (line ${text.slice(0, written).split('\n').length})`;
      else edits.push(edit(at, at + 5, 'access_token', 'response-key'));
    }
    const java = /\b(?:public\s+)?(?:String|string)\s+token\s*[;{=]/.exec(code);
    if (java && !refusal && typeUsedIn(text, l.start + java.index, from, to, language)) {
      // Said without the declaration itself: `String token` reads as a secret to the redactor.
      refusal = `a typed response declares a field named token (line ${text.slice(0, l.start + java.index).split('\n').length}), which must become access_token with it`;
    }
  }
  return { edits, refusal };
}

/** The offset of an object literal's key token in the code of [from, to) (`{ token: x }`, not a type's `token: string` nor a destructuring), or -1. */
function builtWithToken(text: string, lexed: Lexed, from: number, to: number): number {
  for (const l of withCode(text, lexed, from, to)) {
    if (l.kind !== 'code') continue;
    const code = text.slice(l.start, l.end);
    for (let i = code.indexOf('token'); i >= 0; i = code.indexOf('token', i + 5)) {
      const at = l.start + i;
      if (/[\w$.]/.test(text[at - 1] ?? '') || /[\w$]/.test(text[at + 5] ?? '')) continue;
      const after = nextChars(text, at + 5);
      if (!after.startsWith(':') || /^:\s*(?:string|str)\b/.test(after) || !/[{,]$/.test(prevChars(text, at))) continue;
      const close = text.indexOf('}', at);
      if (close >= 0 && /^\s*=(?![=>])/.test(text.slice(close + 1, close + 10))) continue;
      return at;
    }
  }
  return -1;
}

/** `JWT ` in string literals anywhere in the file: where the token is sent. */
function schemes(text: string, lexed: Lexed, lex?: Lex): TextEdit[] {
  const out: TextEdit[] = [];
  for (const l of withCode(text, lexed, 0, text.length, lex)) {
    for (const p of textParts(l)) {
      const s = text.slice(p.start, p.end);
      // The scheme right before the token: the end of the text (a splice or a concatenation follows) or a placeholder.
      for (const m of s.matchAll(/(?<![\w-])JWT(?= ?$| [$%{#])/g)) {
        const at = p.start + (m.index ?? 0);
        out.push(edit(at, at + 3, 'Bearer', 'scheme'));
      }
    }
  }
  return out;
}

/**
 * The pieces of the login migration around the call at `at` (an offset of the call's URL).
 * Edits never overlap the URL's own [urlStart, urlEnd).
 */
export function planLogin(text: string, lexed: Lexed, at: number, language: string, url: { start: number; end: number }, lex?: Lex, within?: Bounds): LoginMigration {
  const region = regionWithin(text, at, within, once(lexed, 'lines', () => lineTable(text)));
  const outside = (e: TextEdit) => e.end <= url.start || e.start >= url.end;
  const key = `${language}:${region.start}:${region.end}`;
  const body = once(lexed, `body:${key}`, () => bodyKeys(text, lexed, region.start, region.end, language, lex)).filter(outside);
  const reads = once(lexed, `reads:${key}`, () => responseKeys(text, lexed, region.start, region.end, language, lex)).filter(outside);
  const scheme = once(lexed, `schemes:${language}`, () => schemes(text, lexed, lex)).filter(outside);
  const found: string[] = [];
  const missing: string[] = [];
  const keys = new Set(body.map((e) => text.slice(e.start, e.end)));
  if (keys.has('username') && keys.has('password')) found.push('the body keys username and password in the function');
  else missing.push('the request body with username and password (built outside the function, or in a form hublint does not read)');
  const typed = once(lexed, `typed:${key}`, () => typedFields(text, lexed, region.start, region.end, language));
  // A typed field the reply is read into (a dataclass built from it) is where the key is read.
  if (reads.length || typed.edits.length) found.push('the response key token read in the function');
  else missing.push('where the response key token is read (outside the function, or not read)');
  if (typed.refusal && !reads.some((e) => /json:|Serialized|JsonProp/.test(text.slice(e.start - 20, e.start)))) missing.push(typed.refusal);
  if (scheme.length) found.push('the Authorization scheme JWT in the file');
  const seen = new Set<number>();
  const edits = [...body, ...reads, ...typed.edits.filter(outside), ...scheme].filter((e) => !seen.has(e.start) && seen.add(e.start));
  return { edits, found, missing };
}

/** The new names back to the old (FACTS.md), so the readers above find the new body and read. */
const BACK: Record<string, string> = { identifier: 'username', secret: 'password', access_token: 'token' };

/**
 * The text with each whole word identifier/secret/access_token named by its old name, and where
 * `at` lands in it: reading that text with the same readers says whether the new keys sit where
 * a body key and a response read are read (a plain scan, word by word).
 */
function namedBack(text: string, at: number): { text: string; at: number } {
  let out = '';
  let moved = at;
  let i = 0;
  const word = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);
  while (i < text.length) {
    let j = i;
    while (j < text.length && word(text[j])) j++;
    if (j === i) {
      out += text[i++];
      continue;
    }
    const w = text.slice(i, j);
    const back = BACK[w];
    out += back ?? w;
    if (back && j <= at) moved += back.length - w.length;
    i = j;
  }
  return { text: out, at: moved };
}

/**
 * What the login checks read back after the edit, from the lexed form: nothing of the old body or
 * response is left, and the new keys are read where the old ones were (a body with identifier
 * and secret, a read of access_token), not only present somewhere in the function.
 */
export function loginLeftovers(text: string, lexed: Lexed, at: number, language: string, lex?: Lex, within?: Bounds): string | null {
  const region = regionWithin(text, at, within);
  const body = bodyKeys(text, lexed, region.start, region.end, language, lex);
  if (body.length) return `the request body still has the key ${text.slice(body[0].start, body[0].end)}`;
  const reads = responseKeys(text, lexed, region.start, region.end, language, lex);
  if (reads.length) return 'the response is still read as token';
  const inRegion = text.slice(region.start, region.end);
  if (!/\bidentifier\b/.test(inRegion) || !/\bsecret\b/.test(inRegion)) return 'the request body has no identifier and secret';
  if (!lex) return null;
  const back = namedBack(text, at);
  const backLexed = lex(back.text);
  const backWithin = within && { start: namedBack(text, within.start).at, end: namedBack(text, within.end).at };
  const r = regionWithin(back.text, back.at, backWithin);
  const keys = new Set(bodyKeys(back.text, backLexed, r.start, r.end, language, lex).map((e) => back.text.slice(e.start, e.end)));
  if (!keys.has('username') || !keys.has('password')) return 'the request body, read back, has no keys identifier and secret';
  const typed = typedFields(back.text, backLexed, r.start, r.end, language).edits;
  if (!responseKeys(back.text, backLexed, r.start, r.end, language, lex).length && !typed.length) return 'the response, read back, is not read as access_token';
  return null;
}
