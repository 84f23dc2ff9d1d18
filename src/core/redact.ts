/**
 * Masks secrets in any text hublint prints or writes: URL credentials, Authorization and
 * X-Registry-Auth values, bearer tokens, JWTs and Base64 JSON, vendor tokens with a known
 * prefix (Docker Hub, GitHub, GitLab, Slack, AWS, in the shapes gitleaks uses), key=value
 * secrets (config keys, env names, query parameters, netrc) and passwords on command lines
 * (`curl -u`, `docker login -p`, `--password`, `echo … | docker login`).
 *
 * This module imports nothing, so the Engine client (src/engine) and the CLI edge share it.
 *
 * Every pattern runs in time linear in its input, whatever the input (test/reliability/
 * redos.test.ts runs the `recheck` ReDoS checker over each): a pattern's first characters are
 * a literal, its runs exclude the characters that could start another match inside them or
 * its start is pinned by a lookbehind, and no run is followed by a character it also
 * matches and must give back. On top of that, a pattern never sees more than MAX_PIECE
 * characters at once (overlapping windows, see redactLine), so a 4 MB one-line file costs
 * the same per byte as a short one.
 */

export const MASK = '***';

/** The longest piece of text one pattern sees. */
export const MAX_PIECE = 4096;
/**
 * The longest secret masked whole wherever it stands in a long line: windows of MAX_PIECE
 * characters overlap by this much (JWTs and Base64 `auth` blobs seen in real configs are
 * well under it).
 */
export const LONGEST_SECRET = 2048;

export interface RedactionPattern {
  /** What the pattern masks (also the test table's key). */
  name: string;
  re: RegExp;
  /** Runs only on text this matches (a cheap literal test). */
  when?: RegExp;
  to: string | ((match: string, ...groups: string[]) => string);
}

// A value after `key=` / `key:`: quoted (to the closing quote, or the end when there is
// none: an open quote must not make the pattern look ahead for one) or a bare word.
const VALUE = String.raw`(?:"[^"]*|'[^']*|\x60[^\x60]*|[^\s"'\x60&;,)}\]<>]+)`;
// Names whose value is a secret, as keys (`"password":`), env names (`HUB_TOKEN=`) and query
// parameters (`?access_token=`). The lookbehind lets `DOCKER_PASSWORD` match at `PASSWORD`.
const SECRET_KEYS = [
  'password', 'passwd', 'pwd', 'pass', 'secret', 'client_secret', 'token', 'access_token', 'refresh_token',
  'auth_token', 'id_token', 'identitytoken', 'registrytoken', 'api_key', 'apikey', 'private_key', 'secret_access_key',
  'secret_key',
].join('|');

// What an OCI runtime says after `exec: "PATH":` or `stat PATH:`: no secret value.
const DAEMON_WORDS = String.raw`(?:executable file not found|no such file or directory|permission denied|is a directory|stat /)`;
// The same words as they end a camelCase name (`hubPassword`, `dockerHubToken`, `npmAuthToken`).
const CAMEL_SECRET_WORDS = ['Password', 'Passwd', 'Pwd', 'Secret', 'Token', 'ApiKey', 'PrivateKey', 'SecretKey'].join('|');
// Values a secret-named key holds when it names no secret (`token: null`, `"password": False`):
// kept whole, quoted or not. Look-alikes found later go in this list.
const PLAIN_VALUES = String.raw`(?:["']?(?:true|false|null|none|undefined|True|False|None)["']?(?![^\s,;)}\]]))`;
// A shell's backtick command substitution (`TOKEN=\`curl -s …\``, `PASS=\`cat /run/…\``): a command
// word, blanks, then a flag, a quote, a variable or a path. A template literal holding a secret
// (`\`Bearer …\``, `\`abc123\``) does not start so, and stays masked.
const BACKTICK_COMMAND = String.raw`\x60[a-z][\w.-]*[ \t]+[-"'$/]`;
// How a name is given its value, in every language's form: `=`, `:`, Go's and Pascal's `:=`,
// Make's `?=`, Ruby's `||=`, a PHP or Ruby hash's `=>` (before a quoted value only: `token =>`
// is also a JS arrow's parameter), and a typed declaration (`hubPassword: String = "…"`).
const ASSIGN = String.raw`(?:\s*:\s*[A-Za-z_][\w.]*\??(?=\s*=[^=>]))?\s*(?:=>(?=\s*["'\x60])|:=|\?=|\|\|=|[:=])\s*`;

/** Keeps the part of a quoted value after its opening quote masked, the quote itself shown. */
function maskValue(prefix: string, value: string): string {
  const quote = /^["'\x60]/.test(value) ? value[0] : '';
  return `${prefix}${quote}${MASK}`;
}

export const REDACTION_PATTERNS: readonly RedactionPattern[] = [
  {
    // scheme://user:pass@host, scheme://:pass@host, JSON's https:\/\/u:p@ (the user is kept).
    // The password runs to the LAST `@` before a `/` or whitespace, as a URL parser reads it
    // (`https://bob:p@ss@hub…`): quotes, backticks and raw `@` included.
    name: 'url-userinfo',
    re: /(\/\\?\/[^\s/@:\\]*:)[^\s/]+@/g,
    to: `$1${MASK}@`,
  },
  {
    // A password holding spaces, in a quoted URL: "https://bob:p w@hub…" (only inside quotes,
    // where the host after `@` runs to the closing quote; elsewhere a space ends the URL).
    name: 'url-userinfo-spaced',
    re: /(["'\x60][a-z][a-z0-9+.-]*:\/\/[^\s/@:"'\x60]*:)[^\s/@"'\x60]+(?: [^\s/@"'\x60]+){1,4}@(?=[^\s"'\x60]*["'\x60])/gi,
    to: `$1${MASK}@`,
  },
  {
    // A URL split over a concatenation: "https://bob:" + "PASS@hub…" (`+`, PHP's `.`, Lua's
    // `..`, VB's `&`, or adjacent literals as in Python and shell).
    name: 'url-userinfo-split',
    re: /(\/\/[^\s/@:"'\x60\\]*:["'\x60](?:[ \t]*(?:\+|\.\.?|&))?[ \t]*["'\x60])[^\s/@"'\x60]+@/g,
    to: `$1${MASK}@`,
  },
  {
    // scheme://TOKEN@host: a long user name alone is a token (GitHub, GitLab, Bitbucket).
    name: 'url-token-user',
    re: /(\/\\?\/)[A-Za-z0-9_~+-]{20,}@/g,
    to: `$1${MASK}@`,
  },
  {
    // tcp://TOKEN@host (a DOCKER_HOST): a daemon address has no user, so any is a credential.
    name: 'tcp-userinfo',
    re: /(\btcp:\/\/)[^\s/@:]+@/gi,
    to: `$1${MASK}@`,
  },
  { name: 'npm-token', re: /\bnpm_[A-Za-z0-9]{36,}/g, to: `npm_${MASK}` },
  { name: 'docker-hub-token', re: /\bdckr_(pat|oat)_[A-Za-z0-9_-]+/g, to: `dckr_$1_${MASK}` },
  { name: 'github-token', re: /\b(gh[pousr])_[A-Za-z0-9]{20,}/g, to: `$1_${MASK}` },
  { name: 'github-fine-grained-token', re: /\bgithub_pat_[A-Za-z0-9_]+/g, to: `github_pat_${MASK}` },
  { name: 'gitlab-token', re: /\b(gl(?:pat|ptt|rt|dt|oas|cbt)-)[A-Za-z0-9_-]{20,}/g, to: `$1${MASK}` },
  { name: 'slack-token', re: /\b(xox[abprs]-)[A-Za-z0-9-]+/g, to: `$1${MASK}` },
  // gitleaks' aws-access-token: a key id is 20 characters, the prefix names its kind.
  { name: 'aws-access-key-id', re: /\b(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g, to: `$1${MASK}` },
  {
    // JWTs and Base64 JSON (`eyJ` is `{"`): X-Registry-Auth values, config `auth` blobs.
    name: 'jwt-or-base64-json',
    re: /(?<![A-Za-z0-9+/=_.-])eyJ[A-Za-z0-9+/=_.-]{12,}/g,
    to: MASK,
  },
  {
    name: 'authorization-header',
    // `Authorization: <scheme> <value>` or `Authorization: <value>` (Proxy-Authorization too).
    // The value stops at a backslash too: in a JSON report the header's closing quote is `\"`.
    // A scheme word alone is no value (`Authorization: 'JWT ' + jwt`): kept, so that a diff that
    // changes the scheme to Bearer shows the change (masked on both sides it would read as none).
    re: /(\bauthorization["']?[ \t]*[:=][ \t]*(?:["'\x60][ \t]*)?(?:[a-z]+[ \t]+["'\x60]?)?)(?!(?:bearer|jwt|basic|digest|token)(?![^\s"'\x60,;}\\]))[^\s"'\x60,;}\\]+/gi,
    to: `$1${MASK}`,
  },
  { name: 'bearer-token', re: /(\bbearer\s+["'\x60]?)[A-Za-z0-9._~+/=-]{6,}/gi, to: `$1${MASK}` },
  {
    name: 'x-registry-auth',
    re: /(\bx-registry-(?:auth|config)["']?\s*[:=]\s*(?:["'\x60]\s*)?)[^\s"'\x60,;}\\]+/gi,
    to: `$1${MASK}`,
  },
  {
    // API keys and session cookies sent as headers: `X-Api-Key: k`, `"Cookie": "a=b; c=d"`
    // (a cookie's value runs to the closing quote or the line's end: it holds spaces and `;`).
    name: 'api-key-header',
    re: /(\b(?:x-api-key|x-auth-token|api-key)["']?[ \t]*[:=][ \t]*(?:["'\x60][ \t]*)?)[^\s"'\x60,;}\\]+/gi,
    to: `$1${MASK}`,
  },
  { name: 'cookie-header', re: /(\b(?:set-)?cookie["']?[ \t]*:[ \t]*(?:["'\x60][ \t]*)?)[^"'\x60\\\r\n]+/gi, to: `$1${MASK}` },
  {
    // Python's basic auth: requests' `auth=("u", "p")`, `HTTPBasicAuth("u", "p")`, aiohttp's and
    // httpx's `BasicAuth("u", "p")`: the second argument, when it is a literal.
    name: 'basic-auth-pair',
    re: /(\b(?:auth\s*=\s*|HTTP(?:Basic|Digest|Proxy)Auth\s*|(?:Basic|Digest)Auth\s*)\(\s*(?:"[^"]*"|'[^']*'|[\w.]+)\s*,\s*)("[^"]*|'[^']*)/g,
    to: (_m, prefix: string, value: string) => maskValue(prefix, value),
  },
  { name: 'docker-config-auth', re: /(["']auth["']\s*:\s*["'])[^"']+/gi, to: `$1${MASK}` },
  {
    // `echo PASS | docker login --password-stdin`: the password goes over a pipe, also after
    // echo's flags (`echo -n`), after a printf format (`printf '%s' PASS`), into `sudo docker
    // login`, `docker --config D login`, `podman login`.
    name: 'echo-into-docker-login',
    re: /(\b(?:echo(?:[ \t]+-[neE]+)*|printf(?:[ \t]+(?:'[^'%\n]*%[^'\n]*'|"[^"%\n]*%[^"\n]*"))?)\s+)(?!["']?\$[{(A-Za-z_])("[^"]*"|'[^']*'|[^\s|]+)(?=\s*\|[^|\n]*\blogin\b)/g,
    to: `$1${MASK}`,
  },
  {
    // `docker login --password-stdin <<< "PASS"`: a here-string is the password on such a line.
    name: 'here-string-password',
    when: /--password-stdin/,
    re: /(<<<[ \t]*)(?!["']?\$[{(A-Za-z_])("[^"]*|'[^']*|[^\s"';|&)]+)/g,
    to: (_m, prefix: string, value: string) => maskValue(prefix, value),
  },
  {
    // --password X, --password=X (`--password-stdin` takes no value and stays).
    name: 'password-option',
    re: new RegExp(String.raw`(?<![^\s'"=])(--password|--passwd|--pass)(=|\s+)(?![-\s])(${VALUE})`, 'g'),
    to: (_m, flag: string, sep: string, value: string) => maskValue(`${flag}${sep}`, value),
  },
  {
    // docker login -p X / -pX, mysql -pX. Only on a login line: elsewhere `-p` is a port
    // (docker run -p 8080:80, ssh -p 22) or takes no value (mkdir -p DIR).
    name: 'login-password-flag',
    when: /login|mysql/i,
    re: new RegExp(String.raw`(?<![^\s'"=])(-p)(=|\s*)(?![-\s])(${VALUE})`, 'g'),
    to: (_m, flag: string, sep: string, value: string) => maskValue(`${flag}${sep}`, value),
  },
  {
    // -u user:pass, -uuser:pass, --user=user:pass, -u 'u:p w' (curl, wget, httpie).
    name: 'user-flag',
    re: /(?<![^\s'"])(-u\s*|(?:--user|--proxy-user|--http-user)(?:=|\s+))('[^':]*:|"[^":]*:|[^\s:'"]*:)(?:'[^']*|"[^"]*|[^\s'"]+)?/g,
    to: (_m, flag: string, user: string) => `${flag}${user}${MASK}`,
  },
  {
    // httpie's `http -a user:pass URL` / `--auth user:pass` (elsewhere `-a` is no credential).
    name: 'httpie-auth',
    when: /(?:^|[\s;&|(])https?\s/,
    re: /(?<![^\s'"])(-a\s*|--auth(?:=|\s+))('[^':]*:|"[^":]*:|[^\s:'"]*:)(?:'[^']*|"[^"]*|[^\s'"]+)?/g,
    to: (_m, flag: string, user: string) => `${flag}${user}${MASK}`,
  },
  {
    name: 'secret-key-value',
    // A value that is a variable or a command's output (`TOKEN=$(curl …)`, `$HUB_TOKEN`, and in
    // double quotes, where a shell expands them, `"$(curl …)"`, `"${HUB_TOKEN}"`) names no secret:
    // kept, so the snippet still shows the call. A quoted `$name` may be a literal: masked.
    // Nor is the daemon's own wording after a path that ends in such a name (`exec: "pwd":
    // executable file not found`, `stat /bin/token: no such file or directory`).
    re: new RegExp(String.raw`(?<![A-Za-z0-9])((?:${SECRET_KEYS})["']?${ASSIGN})(?!\$[{(A-Z_]|["\x60]\$[{(]|${BACKTICK_COMMAND}|${PLAIN_VALUES}|${DAEMON_WORDS})(${VALUE})`, 'gi'),
    to: (_m, prefix: string, value: string) => maskValue(prefix, value),
  },
  {
    // camelCase names (`hubPassword = "…"`, `dockerHubToken: "…"`): a capital after a lower-case
    // letter or digit starts the secret word (case-sensitive, so `bypass` stays).
    name: 'camel-secret-key-value',
    re: new RegExp(String.raw`(?<=[a-z0-9])((?:${CAMEL_SECRET_WORDS})["']?${ASSIGN})(?!\$[{(A-Z_]|["\x60]\$[{(]|${BACKTICK_COMMAND}|${PLAIN_VALUES}|${DAEMON_WORDS})(${VALUE})`, 'g'),
    to: (_m, prefix: string, value: string) => maskValue(prefix, value),
  },
  {
    // netrc: `machine h login u password p`, or `password p` on a line of its own.
    name: 'netrc-password',
    re: /((?:\blogin[ \t]+[^\s]+[ \t]+|^[ \t]*)(?:password|passwd)[ \t]+)[^\s]+/gim,
    to: `$1${MASK}`,
  },
];

/**
 * A character or word every pattern above needs (`@` of a URL's user part, `_`/`-` of token
 * prefixes and flags, `:`/`=` of key-value pairs, `|` of a pipe into docker login, `eyJ`,
 * `bearer`, `pass`, an AWS key's prefix): a piece without any holds no secret, and most
 * lines a clean run prints ("no problems (10 files scanned)") skip the patterns' first
 * compilation and run.
 */
const MAY_HOLD_SECRET = /[@:=|_-]|eyJ|bearer|pass|A3T|AKIA|ASIA|ABIA|ACCA/i;

/** Runs every pattern over one piece (at most MAX_PIECE characters). */
function redactPiece(piece: string): string {
  if (!MAY_HOLD_SECRET.test(piece)) return piece;
  let out = piece;
  for (const p of REDACTION_PATTERNS) {
    if (p.when && !p.when.test(out)) continue;
    p.re.lastIndex = 0;
    out = out.replace(p.re, p.to as (m: string, ...g: string[]) => string);
  }
  return out;
}

/**
 * A long line, pattern by pattern as redactPiece runs them, in windows of MAX_PIECE characters
 * that overlap by LONGEST_SECRET: a window keeps the matches that start in its first
 * MAX_PIECE - LONGEST_SECRET characters and end before its end; the next window starts at the
 * first match it did not keep (or where the overlap starts), so a secret of up to
 * LONGEST_SECRET characters lying across any cut is seen whole by one window, and a token up
 * to MAX_PIECE characters long is masked whole. Each window also sees the one character before
 * it, so a lookbehind or `^` answers as it would on the whole line.
 */
function redactLine(line: string): string {
  if (line.length <= MAX_PIECE) return redactPiece(line);
  let text = line;
  for (const p of REDACTION_PATTERNS) {
    if (p.when && !p.when.test(text)) continue;
    text = replaceWindowed(text, p);
  }
  return text;
}

function replaceWindowed(text: string, p: RedactionPattern): string {
  let out = '';
  for (let start = 0; start < text.length; ) {
    const before = start > 0 ? 1 : 0;
    const end = Math.min(start + MAX_PIECE, text.length);
    const window = text.slice(start - before, end);
    const last = end === text.length;
    const owned = last ? window.length : before + MAX_PIECE - LONGEST_SECRET;
    let done = before;
    let next = -1;
    p.re.lastIndex = before;
    for (let m = p.re.exec(window); m !== null; m = p.re.exec(window)) {
      const at = m.index;
      if (!last && at > before && (at >= owned || at + m[0].length === window.length)) {
        next = Math.max(done, Math.min(at, owned));
        break;
      }
      out += window.slice(done, at) + replacement(p, m);
      done = at + m[0].length;
      if (m[0].length === 0) p.re.lastIndex++;
    }
    if (next < 0) next = Math.max(done, owned);
    out += window.slice(done, next);
    start += next - before;
  }
  return out;
}

/** What `String.prototype.replace` would put for one match of `p`. */
function replacement(p: RedactionPattern, m: RegExpExecArray): string {
  if (typeof p.to === 'function') return p.to(m[0], ...m.slice(1));
  return p.to.replace(/\$(\d)/g, (_s, d: string) => m[Number(d)] ?? '');
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
}

/** Masks every secret in `text` (any length, any number of lines). */
export function redact(text: string): string {
  if (text.length <= MAX_PIECE && !text.includes('\n')) return redactPiece(text);
  const out: string[] = [];
  let block: string[] = [];
  let size = 0;
  const flush = () => {
    if (block.length > 0) out.push(redactBlock(block));
    block = [];
    size = 0;
  };
  for (const line of text.split('\n')) {
    if (line.length > MAX_PIECE) {
      flush();
      out.push(redactLine(line));
      continue;
    }
    if (size + line.length + 1 > MAX_PIECE) flush();
    block.push(line);
    size += line.length + 1;
  }
  flush();
  return out.join('\n');
}

/**
 * Short lines, each redacted as by redactPiece, with each pattern first tested on the lines
 * joined (at most MAX_PIECE characters): a report of many short lines (a JSON document) then
 * runs most patterns once per block instead of once per line. Exact: a line's match is also
 * one in the block (its neighbours are separated by a newline, which every pattern treats as
 * the start or end of input would be), and the patterns run in the same order on each line.
 */
function redactBlock(lines: string[]): string {
  let joined = lines.join('\n');
  if (!MAY_HOLD_SECRET.test(joined)) return joined;
  const may = lines.map((line) => MAY_HOLD_SECRET.test(line));
  for (const p of REDACTION_PATTERNS) {
    p.re.lastIndex = 0;
    const found = p.re.test(joined);
    p.re.lastIndex = 0;
    if (!found) continue;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!may[i] || (p.when && !p.when.test(line))) continue;
      p.re.lastIndex = 0;
      lines[i] = line.replace(p.re, p.to as (m: string, ...g: string[]) => string);
    }
    joined = lines.join('\n');
  }
  return joined;
}

/**
 * A finding's snippet: its line redacted whole, then trimmed and cut to `max` characters.
 * Redacting before the cut matters: a mask shortens the text, so what lands in the first
 * `max` characters may have stood past them (a password at column 1,320 after a long token).
 * Callers with many findings on one line keep the answer (LineIndex.snippet).
 */
export function redactSnippet(line: string, max = 300): string {
  return redactLine(line).trim().slice(0, max);
}

/**
 * A finding's URL: redacted, and whatever stands before the last `@` of its authority masked
 * too, whether or not the extractor saw the scheme (`https://bob:p@ss@hub…` may come out as
 * `ss@hub…`, a shell word split on `@`). The user name before a `:` is kept.
 */
export function redactUrl(url: string): string {
  const scheme = url.indexOf('://');
  const from = scheme >= 0 && !url.slice(0, scheme).includes('/') ? scheme + 3 : url.startsWith('//') ? 2 : 0;
  let end = from;
  while (end < url.length && !'/?#'.includes(url[end])) end++;
  const at = url.lastIndexOf('@', end - 1);
  if (at < from) return redact(url);
  const userinfo = url.slice(from, at);
  const colon = userinfo.indexOf(':');
  const masked = userinfo === MASK || userinfo.endsWith(`:${MASK}`) ? userinfo : colon >= 0 ? `${userinfo.slice(0, colon + 1)}${MASK}` : MASK;
  return redact(`${url.slice(0, from)}${masked}${url.slice(at)}`);
}

/** A stand-in value for asking whether a key makes its value a secret. */
const PROBE = 'q1w2e3r4t5';

/**
 * redact() for a JSON text, which stays valid JSON. Masking the text as a whole can take the
 * backslash of an escaped quote for a secret's first character (`"TOKEN=\"$(curl …"` became
 * `"TOKEN=***"…`, no longer JSON). When it would, each string literal is masked as the text it
 * holds and written back as a literal, and a value whose key makes it a secret
 * (`"password": …`, as redact() reads it) is masked whole. A JSON text: one document, or one
 * per line. One pass over the text, without a regular expression (a string literal never
 * closed would make one scan to the end from every quote).
 */
export function redactJson(text: string): string {
  const masked = redact(text);
  if (masked === text || !isJsonText(text) || isJsonText(masked)) return masked;
  let out = '';
  let done = 0;
  let key: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 34) {
      // Between a key and its value only `:` and white space.
      if (c !== 58 && !isSpace(c) && c !== 10) key = undefined;
      continue;
    }
    let j = i + 1;
    while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
    const lit = text.slice(i, j + 1);
    let k = j + 1;
    while (k < text.length && (isSpace(text.charCodeAt(k)) || text.charCodeAt(k) === 10)) k++;
    if (text.charCodeAt(k) === 58) {
      key = lit;
    } else {
      const value = JSON.parse(lit) as string;
      const hidden = key !== undefined && redact(`${key}: "${PROBE}"`).indexOf(PROBE) < 0 ? MASK : redact(value);
      if (hidden !== value) {
        out += text.slice(done, i) + literal(hidden);
        done = j + 1;
      }
      key = undefined;
    }
    i = j;
  }
  return out + text.slice(done);
}

function literal(value: string): string {
  return JSON.stringify(value);
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length < 2) return false;
    try {
      for (const l of lines) JSON.parse(l);
      return true;
    } catch {
      return false;
    }
  }
}
