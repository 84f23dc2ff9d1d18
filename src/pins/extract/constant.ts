import { LineIndex } from '../../core/position.js';
import type { PinCandidate } from '../types.js';
import { allMatches, pinAt, type PinExtractor } from './match.js';

// `const API = 'v1.41'`, `API_VERSION = "1.41"`, `apiVersion := "1.41"`, PHP
// `private $api = 'v1.41';`, `define('API', 'v1.41')`, `static final String API = "v1.41";`;
// not a keyword argument (`f(version="1.2")`), which is a call's business.
//
// The version literal is found first (LITERAL: a quote, then a digit or `v`, so V8 skips
// ahead fast) and ASSIGNMENT is then tried only over the few characters before it. The
// assertions come after the `\b`/`$` test, so at a position where no name can start they
// cost nothing (as the first item, the lookbehind ran at every position of the file).
const LITERAL = /(["'`])v?\d+\.\d+(?=\1)/g;
// A name starts only where no name character precedes it (`$name` at its `$`), so a run of
// name characters is not rescanned from each of its letters.
const ASSIGNMENT = /(?=[A-Za-z_$])(?<![\w$])(?<![(,]\s*)\$?([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]]+\s*)?(?::=|=)\s*(["'`])(v?\d+\.\d+)\2/dg;
const DEFINE = /\bdefine\(\s*["']([A-Za-z_]\w*)["']\s*,\s*(["'])(v?\d+\.\d+)\2/gd;

/** Where the constant goes into an Engine URL or a client's version argument. */
const ENGINE_ROUTES = 'containers|images|version|_ping|info|networks|volumes|exec|system|events|build|commit|swarm|services|nodes|tasks|secrets|configs|plugins';
// A path segment: not a closing tag (`</version>`) nor a host (`https://services.example.org`).
const ENGINE_USE = [new RegExp(String.raw`(?<![</])\/(?:${ENGINE_ROUTES})(?![\w.-])`), /--unix-socket|unix:\/\/|docker\.sock|:237[56](?!\d)/];

/** Every character an assignment can hold between the start of its name and its literal. */
function inAssignment(code: number): boolean {
  if (code < 128) return IN_ASSIGNMENT[code] === 1;
  return WHITESPACE.test(String.fromCharCode(code));
}
const WHITESPACE = /\s/;
const IN_ASSIGNMENT = new Uint8Array(128);
for (let c = 0; c < 128; c++) IN_ASSIGNMENT[c] = /[\w$\s:<>[\]=]/.test(String.fromCharCode(c)) ? 1 : 0;

/**
 * The assignments (ASSIGNMENT matches) in the text, the same matches as
 * `text.matchAll(ASSIGNMENT)`. A match ends at a version literal; between the start of the
 * match and the literal there are only name, type, whitespace and `=`/`:=` characters, so
 * the search for the match of a literal starts where those characters start (no quote: a
 * match never spans another literal, and matches never overlap).
 */
export function assignments(text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  LITERAL.lastIndex = 0;
  for (let lit = LITERAL.exec(text); lit !== null; lit = LITERAL.exec(text)) {
    const quote = lit.index;
    let from = quote;
    while (from > 0 && inAssignment(text.charCodeAt(from - 1))) from--;
    if (from === quote) continue;
    // The literal closes right after the lookahead; the slice ends there, so the search
    // cannot run on into the rest of the file. Offsets stay those of the whole text.
    const end = LITERAL.lastIndex + 1;
    ASSIGNMENT.lastIndex = from;
    const m = ASSIGNMENT.exec(text.slice(0, end));
    if (m) out.push(m);
  }
  return out;
}

function escape(name: string): string {
  return name.replace(/[$]/g, '\\$');
}

/**
 * The lines where a name is used for the Engine: in an Engine URL, or as a client's
 * version. Per line as `text.split('\n')` gives them; 0-based.
 */
function engineUseLines(text: string, lines: LineIndex, name: string): number[] {
  const bare = name.replace(/^\$/, '');
  // A client call taking the name anywhere in its arguments, or a `version` key whose value
  // is the name itself (`{ version: API }`, `version=API`): not any line that merely
  // mentions a variable called `version` (XML builders' `version = '1.0'`).
  const call = new RegExp(String.raw`(?:(?:WithVersion|WithAPIVersion|withApiVersion|NewVersioned\w*Client\w*)\s*\(?[^)\n]*?|\bversion\s*[:=]\s*["'\`]?\$?\{?)(?<![\w$])\$?${escape(bare)}(?![\w$])`);
  const out: number[] = [];
  if (bare === '') {
    // A name of `$` alone (`$$ = "1.2"`): no text to look for; test every line.
    const word = /(?<![\w$])\$?(?![\w$])/;
    text.split('\n').forEach((l, i) => {
      if (word.test(l) && (call.test(l) || ENGINE_USE.some((re) => re.test(l)))) out.push(i);
    });
    return out;
  }
  let last = -1;
  // The occurrences of `(?<![\w$])\$?NAME(?![\w$])`, found with indexOf.
  for (let i = text.indexOf(bare); i !== -1; i = text.indexOf(bare, i + 1)) {
    if (isNameChar(text.charCodeAt(i + bare.length))) continue;
    const before = text.charCodeAt(i - 1);
    if (isNameChar(before) && !(before === 0x24 && !isNameChar(text.charCodeAt(i - 2)))) continue;
    const line = lines.position(i).line - 1;
    if (line === last) continue;
    last = line;
    const lineText = lineAt(text, i);
    if (inExpectedObject(text, i)) continue;
    if (call.test(lineText) || ENGINE_USE.some((re) => re.test(lineText)) || socketBaseUrl(text, i, lineText)) out.push(line);
  }
  return out;
}

/**
 * The name goes into an HTTP client's base URL whose requests the same statement sends over
 * the daemon's socket: `Http::baseUrl('http://' . self::API)->withOptions([… CURLOPT_UNIX_SOCKET_PATH …])`.
 */
const BASE_URL = /https?:|base_?url/i;
const SOCKET_OPTION = /CURLOPT_UNIX_SOCKET_PATH|socketPath|unix_socket|docker\.sock/;

function socketBaseUrl(text: string, offset: number, lineText: string): boolean {
  if (!BASE_URL.test(lineText)) return false;
  const next = text.indexOf('\n', offset);
  return SOCKET_OPTION.test(lineText) || (next !== -1 && SOCKET_OPTION.test(lineAt(text, next + 1)));
}

/**
 * Inside the object literal a test states as the expected value (`const expectedOptions = {
 * version: API, … }` compared with what a mocked modem got): what the test expects to have
 * been sent, not a client's setting.
 */
const EXPECTED_OPEN = /\b(?:want|expect(?:ed)?)\w*\s*(?::=|=)\s*(?:[\w.]+\s*)?$/i;

function inExpectedObject(text: string, offset: number): boolean {
  let depth = 0;
  for (let i = offset - 1; i >= 0 && i >= offset - 800; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x7d) depth++;
    else if (c === 0x7b && depth-- === 0) return EXPECTED_OPEN.test(text.slice(Math.max(0, i - 80), i));
  }
  return false;
}

/** [\w$]; NaN (outside the text) is not. */
function isNameChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x24;
}

/** The line around an offset, cut at '\n' only (a '\r' stays, as with split('\n')). */
function lineAt(text: string, offset: number): string {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  const to = text.indexOf('\n', offset);
  return text.slice(from, to === -1 ? undefined : to);
}

const MARKUP = /\.(?:xml|pom|xsd|xsl|xslt|html?|svg|plist|csproj|props|targets|nuspec|jelly)$/i;

/** Markup's `version="1.0"` is an attribute (the XML declaration, a POM), never a constant. */
export function isMarkup(path: string): boolean {
  return MARKUP.test(path);
}

/**
 * A version string held in a named constant counts only where the constant is used to
 * build an Engine URL (`/${API}/containers/json`) or passed as a client's version on
 * another line; a bare `VERSION = "1.2"` elsewhere is somebody else's version.
 */
export const extractConstant: PinExtractor = (path, text) => {
  if (isMarkup(path)) return [];
  const matches = assignments(text);
  if (text.includes('define(')) matches.push(...allMatches(DEFINE, text));
  if (matches.length === 0) return [];
  const lines = new LineIndex(text);
  const uses = new Map<string, number[]>();
  const out: PinCandidate[] = [];
  for (const m of matches) {
    const name = m[1];
    let used = uses.get(name);
    if (!used) uses.set(name, (used = engineUseLines(text, lines, name)));
    const line = lines.position(m.index).line - 1;
    if (!used.some((l) => l !== line)) continue;
    const pin = pinAt(m, 3, 'constant', `constant ${name}`);
    if (pin) out.push(pin);
  }
  return out;
};
